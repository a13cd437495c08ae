/**
 * The selection popup (SPEC §2 book-list): each chosen book with its copies stepper (1 .. stock), removal, the
 * total in fixed-point, and Next.
 */
import { Text, View } from '@tarojs/components'
import type { GmBook } from '@/platform/storage-keys'
import { formatMoney } from '@/lib/money'
import { useT } from '@/store/session'
import { cutTitle } from '../../model/books'
import { bookSubtotal } from '../../model/price'
import Sheet from '../kit/sheet'
import Stepper from './stepper'
import './books.scss'

interface Props {
  open: boolean
  books: GmBook[]
  onStep(bookId: number, delta: 1 | -1): void
  onRemove(bookId: number): void
  onClose(): void
}

export default function BookCart({ open, books, onStep, onRemove, onClose }: Props) {
  const t = useT()
  return (
    <Sheet open={open} title={t('naming.book.cartTitle')} onClose={onClose} testId='book-cart'>
      {books.length === 0 ? <Text className='nm-note nm-cart__empty'>{t('naming.err.noBook')}</Text> : null}
      {books.map((b) => (
        <View key={b.bookId} className='nm-cart__row' data-testid={`cart-${b.bookId}`}>
          <View className='nm-cart__main'>
            <Text className='nm-cart__title'>{cutTitle(b.title)}</Text>
            <Text className='nm-cart__sub'>¥{formatMoney(b.unitPrice)} · {t('naming.book.stock', { n: b.stock })}</Text>
            <Text className='nm-cart__subtotal' data-testid={`cart-subtotal-${b.bookId}`}>¥{formatMoney(bookSubtotal(b))}</Text>
          </View>
          <View className='nm-cart__side'>
            <Stepper value={b.namingCount} max={b.stock} onStep={(d) => onStep(b.bookId, d)} testId={`stepper-${b.bookId}`} />
            <Text className='nm-cart__remove' data-testid={`cart-remove-${b.bookId}`} onClick={() => onRemove(b.bookId)}>{t('naming.book.remove')}</Text>
          </View>
        </View>
      ))}
    </Sheet>
  )
}
