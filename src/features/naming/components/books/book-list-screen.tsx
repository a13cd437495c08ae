/**
 * book-list?id (docs/product §2 Naming): search, category tabs and the picker of all categories, book cards with a detail
 * popup, the selection popup with copies steppers, the total in fixed-point, and Next to form-gm?id&namingType=2.
 * A book without stock cannot be ticked (库存不足); Next with nothing chosen says 至少选择一本书籍.
 */
import { useMemo, useState } from 'react'
import { Input, Text, View } from '@tarojs/components'
import { NamingType, type Book } from '@contract'
import { platform } from '@/platform'
import { toast } from '@/lib/quiet'
import { useT } from '@/store/session'
import { useBookShelf } from '../../hooks/use-book-shelf'
import { useSelection } from '../../hooks/use-selection'
import { canProceed, removeBook, stepCopies, toggleBook, type StepOutcome } from '../../model/books'
import { bookConfirmUrl } from '../../model/links'
import { booksCount, booksTotal } from '../../model/price'
import { prunePlates } from '../../model/selection'
import BottomBar from '../kit/bottom-bar'
import ScrollTabs from '../kit/scroll-tabs'
import BookCard from './book-card'
import BookCart from './book-cart'
import BookDetail from './book-detail'
import CategoryPicker from './category-picker'
import '../kit/kit.scss'
import './books.scss'

const idOf = (v: string | undefined): number => {
  const n = Number(v)
  return Number.isInteger(n) && n > 0 ? n : 0
}

/** docs/product §5/§9 toast durations: 库存不足 1 s. */
const STOCK_TOAST_MS = 1000

export default function BookListScreen() {
  const t = useT()
  const itemsId = useMemo(() => idOf(platform.nav.currentQuery().id), [])
  const [sel, update] = useSelection(itemsId, NamingType.BOOK)
  const shelf = useBookShelf(itemsId, sel.books, update)
  const [draft, setDraft] = useState('')
  const [detail, setDetail] = useState<Book | null>(null)
  const [cartOpen, setCartOpen] = useState(false)
  const [pickerOpen, setPickerOpen] = useState(false)
  const chosenIds = useMemo(() => new Set(sel.books.map((b) => b.bookId)), [sel.books])

  if (!itemsId)
    return (
      <View className='nm-state' data-testid='books-missing'>
        {t('naming.notFound')}
      </View>
    )
  if (!shelf.base) {
    return (
      <View className='nm-state' data-testid='books-loading' onClick={shelf.baseStatus === 'error' ? shelf.reloadBase : undefined}>
        <Text>{shelf.baseStatus === 'error' ? t('common.loadFailed') : t('common.loading')}</Text>
        {shelf.baseStatus === 'error' ? <Text className='nm-state__retry'>{t('common.retry')}</Text> : null}
      </View>
    )
  }
  const { project, categories } = shelf.base

  const apply = (out: StepOutcome) => {
    if (!out.ok && out.reason === 'stock') toast(t('naming.err.stock'), STOCK_TOAST_MS)
    update((s) => prunePlates({ ...s, books: out.books }))
  }
  const toggle = (book: Book) => apply(toggleBook(sel.books, book))
  const next = () => {
    if (!canProceed(sel.books)) return toast(t('naming.err.noBook'), 1000)
    setCartOpen(false)
    platform.nav.to(bookConfirmUrl(itemsId))
  }
  const tabs = [{ key: 0, title: t('naming.book.allCategories') }, ...categories.map((c) => ({ key: c.id, title: c.title, content: true }))]
  const copies = booksCount(sel.books)

  return (
    <View className='nm-shelf' data-testid='book-list'>
      <View className='nm-shelf__head'>
        <Text className='nm-shelf__title'>{project.name}</Text>
        <View className='nm-search'>
          <Input
            className='nm-search__input'
            value={draft}
            placeholder={t('naming.book.search')}
            confirmType='search'
            onInput={(e) => setDraft(e.detail.value)}
            onConfirm={(e) => shelf.setSearch(String(e.detail.value || '').trim())}
            data-testid='book-search'
          />
          <Text className='nm-search__go' data-testid='book-search-go' onClick={() => shelf.setSearch(draft.trim())}>
            {t('naming.book.searchGo')}
          </Text>
        </View>
      </View>
      <ScrollTabs
        tabs={tabs}
        current={shelf.categoryId ?? 0}
        onChange={(k) => shelf.setCategoryId(k === 0 ? null : k)}
        testPrefix='category'
        extra={
          <Text className='nm-shelf__all' data-testid='category-more' onClick={() => setPickerOpen(true)}>
            {t('naming.book.more')}
          </Text>
        }
      />
      <View className='nm-shelf__list'>
        {shelf.booksStatus === 'error' && !shelf.books ? (
          <View className='nm-state' onClick={shelf.reloadBooks}>
            <Text>{t('common.loadFailed')}</Text>
            <Text className='nm-state__retry'>{t('common.retry')}</Text>
          </View>
        ) : !shelf.books ? (
          <View className='nm-state'>{t('common.loading')}</View>
        ) : shelf.books.length === 0 ? (
          <View className='nm-state' data-testid='books-empty'>
            {t('naming.book.empty')}
          </View>
        ) : (
          shelf.books.map((b) => (
            <BookCard key={b.id} book={b} chosen={chosenIds.has(b.id)} onOpen={() => setDetail(b)} onToggle={() => toggle(b)} />
          ))
        )}
      </View>
      <View className='nm-bar-space' />
      <BottomBar
        total={booksTotal(sel.books)}
        summary={t('naming.book.count', { books: sel.books.length, copies })}
        label={t('naming.next')}
        onAction={next}
        testId='book-next'
        lead={
          <View className='nm-shelf__cart' data-testid='cart-open' onClick={() => setCartOpen(true)}>
            <Text className='nm-shelf__cart-icon'>{t('naming.book.chosen')}</Text>
            {copies ? (
              <Text className='nm-shelf__badge' data-testid='cart-badge'>
                {copies}
              </Text>
            ) : null}
          </View>
        }
      />
      <BookDetail
        book={detail}
        chosen={!!detail && chosenIds.has(detail.id)}
        onToggle={() => {
          if (detail) toggle(detail)
          setDetail(null)
        }}
        onClose={() => setDetail(null)}
      />
      <BookCart
        open={cartOpen}
        books={sel.books}
        onStep={(id, d) => apply(stepCopies(sel.books, id, d))}
        onRemove={(id) => update((s) => prunePlates({ ...s, books: removeBook(s.books, id) }))}
        onClose={() => setCartOpen(false)}
        onNext={next}
      />
      <CategoryPicker
        open={pickerOpen}
        itemsId={itemsId}
        current={shelf.categoryId}
        onPick={shelf.setCategoryId}
        onClose={() => setPickerOpen(false)}
      />
    </View>
  )
}
