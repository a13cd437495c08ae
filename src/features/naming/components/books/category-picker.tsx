/** Every category of the shelf (docs/product §2 book-list: category picker), loaded 10 at a time until the last page. */
import { Text, View } from '@tarojs/components'
import type { BookCategory } from '@contract'
import { useData } from '@/lib/hooks/use-data'
import { useT } from '@/store/session'
import { fetchBookCategories } from '../../api/naming'
import { CATEGORY_PAGE } from '../../hooks/use-book-shelf'
import Sheet from '../kit/sheet'
import './books.scss'

async function allCategories(itemsId: number): Promise<BookCategory[]> {
  const out: BookCategory[] = []
  // a bound on the pages: a shelf with more than 500 categories is a data error, not a reason to loop forever
  for (let offset = 0; offset < 500; offset += CATEGORY_PAGE) {
    const page = await fetchBookCategories(itemsId, offset, CATEGORY_PAGE)
    out.push(...page)
    if (page.length < CATEGORY_PAGE) break
  }
  return out
}

export default function CategoryPicker({
  open,
  itemsId,
  current,
  onPick,
  onClose
}: {
  open: boolean
  itemsId: number
  current: number | null
  onPick(id: number | null): void
  onClose(): void
}) {
  const t = useT()
  const list = useData(() => allCategories(itemsId), [itemsId], { enabled: open })
  const pick = (id: number | null) => {
    onPick(id)
    onClose()
  }
  return (
    <Sheet open={open} title={t('naming.book.categories')} onClose={onClose} testId='category-picker'>
      <View className='nm-cats'>
        <Text
          className={`nm-cats__item${current === null ? ' nm-cats__item--on' : ''}`}
          data-testid='category-pick-all'
          onClick={() => pick(null)}
        >
          {t('naming.book.allCategories')}
        </Text>
        {(list.data || []).map((c) => (
          <Text
            key={c.id}
            className={`nm-cats__item${current === c.id ? ' nm-cats__item--on' : ''}`}
            data-testid={`category-pick-${c.id}`}
            onClick={() => pick(c.id)}
          >
            {c.title}
          </Text>
        ))}
      </View>
      {list.status === 'loading' ? <Text className='nm-note nm-cats__state'>{t('common.loading')}</Text> : null}
    </Sheet>
  )
}
