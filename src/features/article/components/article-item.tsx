/**
 * One article in a list, in one of the six list-page styles (docs/product §2 Articles):
 * 1 text left + thumbnail right, date, reads; 2 title only; 3 title with an arrow; 4 thumbnail left card;
 * 5 large thumbnail on top; 6 date badge and title.
 */
import { Text, View } from '@tarojs/components'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import type { ArticleStyle, ArticleView } from '../model/article'
import ArticleThumb from './article-thumb'
import './article-item.scss'

interface Props {
  article: ArticleView
  styleNo: ArticleStyle
  onTap(a: ArticleView): void
}

function Meta({ a }: { a: ArticleView }) {
  const t = useT()
  return (
    <View className='article-item__meta'>
      <Text data-testid='article-date'>{a.date}</Text>
      <Text className='article-item__reads' data-testid='article-reads'>
        {t('article.reads', { count: a.readCount })}
      </Text>
    </View>
  )
}

export default function ArticleItem({ article: a, styleNo, onTap }: Props) {
  const theme = useTheme()
  const base = `article-item article-item--s${styleNo}`
  const title = (
    // in the reader's language where the school entered it (decision 086)
    <Text className='article-item__title' data-testid='article-title'>
      {a.title}
    </Text>
  )
  const common = { className: base, 'data-testid': 'article-item', 'data-style': styleNo, onClick: () => onTap(a) }
  switch (styleNo) {
    case 2:
      return <View {...common}>{title}</View>
    case 3:
      return (
        <View {...common}>
          {title}
          <View className='article-item__arrow' data-testid='article-arrow' />
        </View>
      )
    case 4:
      return (
        <View {...common}>
          <ArticleThumb url={a.thumbUrl} className='article-item__thumb' />
          <View className='article-item__body'>
            {title}
            <Meta a={a} />
          </View>
        </View>
      )
    case 5:
      return (
        <View {...common}>
          <ArticleThumb url={a.thumbUrl} className='article-item__cover' />
          <View className='article-item__body'>
            {title}
            <Meta a={a} />
          </View>
        </View>
      )
    case 6: {
      const [y, m, d] = a.date.split('-')
      return (
        <View {...common}>
          <View className='article-item__badge' style={{ color: theme }} data-testid='article-date'>
            <Text className='article-item__badge-day'>{d || '--'}</Text>
            <Text className='article-item__badge-ym'>{y && m ? `${y}.${m}` : ''}</Text>
          </View>
          {title}
        </View>
      )
    }
    default:
      return (
        <View {...common}>
          <View className='article-item__body'>
            {title}
            <Meta a={a} />
          </View>
          <ArticleThumb url={a.thumbUrl} className='article-item__thumb' />
        </View>
      )
  }
}
