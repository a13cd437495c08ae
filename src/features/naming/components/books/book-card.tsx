/** A book on the shelf (docs/product §2 book-list): cover, title cut to 24 + …, author and press, price, stock, and the tick. */
import { Image, Text, View } from '@tarojs/components'
import type { Book } from '@contract'
import { platform } from '@/platform'
import { formatMoney } from '@/lib/money'
import { useT } from '@/store/session'
import { cutTitle } from '../../model/books'
import './books.scss'
import { imageAlt } from '@/lib/a11y'

export default function BookCard({ book, chosen, onOpen, onToggle }: { book: Book; chosen: boolean; onOpen(): void; onToggle(): void }) {
  const t = useT()
  const out = book.stock < 1
  return (
    <View className={`nm-book${out ? ' nm-book--out' : ''}`} data-testid={`book-${book.id}`}>
      <View className='nm-book__open' onClick={onOpen}>
        {book.imgUrl ? (
          <Image {...imageAlt('')} className='nm-book__cover' src={platform.assetUrl(book.imgUrl)} mode='aspectFill' lazyLoad />
        ) : (
          <View className='nm-book__cover' />
        )}
        <View className='nm-book__main'>
          {/* the library's own catalogue (decision 073: content, not the app's words) */}
          <Text className='nm-book__title' data-testid={`book-title-${book.id}`} data-content=''>
            {cutTitle(book.title)}
          </Text>
          <Text className='nm-book__meta' data-content=''>
            {[book.author, book.press].filter(Boolean).join(' · ')}
          </Text>
          <View className='nm-book__foot'>
            <Text className='nm-book__price'>¥{formatMoney(book.unitPrice)}</Text>
            <Text className='nm-book__stock' data-testid={`book-stock-${book.id}`}>
              {out ? t('naming.book.soldOut') : t('naming.book.stock', { n: book.stock })}
            </Text>
          </View>
        </View>
      </View>
      <View
        className={`nm-book__tick${chosen ? ' nm-book__tick--on' : ''}`}
        data-testid={`book-pick-${book.id}`}
        data-selected={chosen ? '1' : '0'}
        onClick={onToggle}
      >
        {chosen ? <Text className='nm-book__tick-mark'>✓</Text> : <Text className='nm-book__tick-plus'>+</Text>}
      </View>
    </View>
  )
}
