/**
 * The selection popup (docs/product §2 book-list): each chosen book with its copies stepper (1 .. stock), removal, the
 * total in fixed-point, and Next.
 */
import { Text, View } from '@tarojs/components'
import { AtButton } from 'taro-ui'
import type { GmBook } from '@/platform/storage-keys'
import { formatMoney } from '@/lib/money'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import { cutTitle } from '../../model/books'
import { bookSubtotal, booksTotal } from '../../model/price'
import Sheet from '../kit/sheet'
import 'taro-ui/lib/style/components/button.scss'
import Stepper from './stepper'
import './books.scss'

interface Props {
  open: boolean
  books: GmBook[]
  onStep(bookId: number, delta: 1 | -1): void
  onRemove(bookId: number): void
  onClose(): void
  /** Next from the popup (it covers the page's bar) */
  onNext(): void
}

export default function BookCart({ open, books, onStep, onRemove, onClose, onNext }: Props) {
  const t = useT()
  const theme = useTheme()
  return (
    <Sheet open={open} title={t('naming.book.cartTitle')} onClose={onClose} testId='book-cart'>
      {books.length === 0 ? <Text className='nm-note nm-cart__empty'>{t('naming.err.noBook')}</Text> : null}
      {books.map((b) => (
        <View key={b.bookId} className='nm-cart__row' data-testid={`cart-${b.bookId}`}>
          <View className='nm-cart__main'>
            <Text className='nm-cart__title'>{cutTitle(b.title)}</Text>
            <Text className='nm-cart__sub'>
              ¥{formatMoney(b.unitPrice)} · {t('naming.book.stock', { n: b.stock })}
            </Text>
            <Text className='nm-cart__subtotal' data-testid={`cart-subtotal-${b.bookId}`}>
              ¥{formatMoney(bookSubtotal(b))}
            </Text>
          </View>
          <View className='nm-cart__side'>
            <Stepper value={b.namingCount} max={b.stock} onStep={(d) => onStep(b.bookId, d)} testId={`stepper-${b.bookId}`} />
            <Text className='nm-cart__remove' data-testid={`cart-remove-${b.bookId}`} onClick={() => onRemove(b.bookId)}>
              {t('naming.book.remove')}
            </Text>
          </View>
        </View>
      ))}
      <View className='nm-cart__foot'>
        <Text className='nm-cart__total'>
          {t('naming.total')}{' '}
          <Text className='nm-cart__total-value' data-testid='cart-total'>
            ¥{formatMoney(booksTotal(books))}
          </Text>
        </Text>
        <View className='nm-cart__next' data-testid='cart-next'>
          <AtButton type='primary' customStyle={{ background: theme, borderColor: theme }} onClick={onNext}>
            {t('naming.next')}
          </AtButton>
        </View>
      </View>
    </Sheet>
  )
}
