/** The book's detail popup (docs/product §2 book-list): everything the shelf knows about it, and the tick. */
import { Image, Text, View } from '@tarojs/components'
import { AtButton } from 'taro-ui'
import type { Book } from '@contract'
import { platform } from '@/platform'
import { formatMoney } from '@/lib/money'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import Sheet from '../kit/sheet'
import 'taro-ui/lib/style/components/button.scss'
import './books.scss'
import { imageAlt } from '@/lib/a11y'

export default function BookDetail({
  book,
  chosen,
  onToggle,
  onClose
}: {
  book: Book | null
  chosen: boolean
  onToggle(): void
  onClose(): void
}) {
  const t = useT()
  const theme = useTheme()
  const rows: [string, string][] = book
    ? [
        [t('naming.book.author'), book.author],
        [t('naming.book.press'), book.press],
        [t('naming.book.category'), book.categoryTitle],
        [t('naming.book.bookNo'), book.bookNo],
        [t('naming.book.price'), `¥${formatMoney(book.unitPrice)}`],
        [t('naming.book.stockLabel'), String(book.stock)]
      ]
    : []
  return (
    <Sheet open={!!book} title={t('naming.book.detail')} onClose={onClose} testId='book-detail'>
      {book ? (
        <View className='nm-bdetail'>
          <View className='nm-bdetail__top'>
            {book.imgUrl ? (
              <Image {...imageAlt('')} className='nm-bdetail__cover' src={platform.assetUrl(book.imgUrl)} mode='aspectFill' />
            ) : (
              <View className='nm-bdetail__cover' />
            )}
            <Text className='nm-bdetail__title' data-testid='book-detail-title'>
              {book.title}
            </Text>
          </View>
          {rows
            .filter(([, v]) => v)
            .map(([k, v]) => (
              <View key={k} className='nm-bdetail__row'>
                <Text className='nm-bdetail__label'>{k}</Text>
                <Text className='nm-bdetail__value'>{v}</Text>
              </View>
            ))}
          {book.remarks ? <Text className='nm-bdetail__remarks'>{book.remarks}</Text> : null}
          <View className='nm-bdetail__action' data-testid='book-detail-pick'>
            <AtButton
              type={chosen ? 'secondary' : 'primary'}
              customStyle={chosen ? { color: theme, borderColor: theme } : { background: theme, borderColor: theme }}
              onClick={onToggle}
            >
              {chosen ? t('naming.book.unpick') : t('naming.book.pick')}
            </AtButton>
          </View>
        </View>
      ) : null}
    </Sheet>
  )
}
