/**
 * One article (list-page with id): title, date, reads and the server's HTML, sanitised (scripts and event
 * handlers dropped, /files/ images resolved) and rendered through RichText on every target.
 */
import { useEffect } from 'react'
import { RichText, Text, View } from '@tarojs/components'
import { useData } from '@/lib/hooks/use-data'
import { ApiError } from '@/lib/request'
import { useT } from '@/store/session'
import { platform } from '@/platform'
import type { ArticleSource } from '../api/articles'
import { fetchArticle } from '../api/articles'
import { toArticleDetail } from '../model/article'
import './article-detail-screen.scss'
import { pressable } from '@/lib/a11y'

interface Props {
  source: ArticleSource
  id: number
  /** the page title follows the article's title */
  onTitle(title: string): void
}

/** The server's own words for a business error (e.g. the article was withdrawn); '' for the generic text. */
const businessMessage = (e: unknown): string => (e instanceof ApiError && !e.network && !e.permissionCode ? e.message : '')

export default function ArticleDetailScreen({ source, id, onTitle }: Props) {
  const t = useT()
  // null: the server has no such article
  const article = useData(async () => {
    const row = await fetchArticle(source, id)
    return row ? toArticleDetail(row, platform.assetUrl) : null
  }, [source, id])
  const title = article.data?.title

  useEffect(() => {
    if (title) onTitle(title)
  }, [title, onTitle])

  if (article.data === undefined && article.status !== 'error') {
    return (
      <View className='article-detail article-detail--state'>
        <Text className='article-detail__state-msg'>{t('common.loading')}</Text>
      </View>
    )
  }
  if (!article.data) {
    return (
      <View className='article-detail article-detail--state' data-testid='article-error'>
        <Text className='article-detail__state-msg'>
          {article.data === null ? t('article.notFound') : businessMessage(article.error) || t('article.loadFailed')}
        </Text>
        <View className='article-detail__retry' {...pressable(article.reload)}>
          {t('common.retry')}
        </View>
      </View>
    )
  }
  const a = article.data
  return (
    <View className='article-detail' data-testid='article-detail'>
      {/* the article's title and page come in the reader's language where the school entered it (decision 086) */}
      <Text className='article-detail__title' data-testid='article-detail-title'>
        {a.title}
      </Text>
      <View className='article-detail__meta'>
        <Text data-testid='article-date'>{a.date}</Text>
        <Text className='article-detail__reads' data-testid='article-reads'>
          {t('article.reads', { count: a.readCount })}
        </Text>
      </View>
      <View className='article-detail__divider' />
      <RichText className='article-detail__content' data-testid='article-content' nodes={a.html} />
    </View>
  )
}
