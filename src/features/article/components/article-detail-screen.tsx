/**
 * One article (list-page with id): title, date, reads and the server's HTML, sanitised (scripts and event
 * handlers dropped, /files/ images resolved) and rendered through RichText on every target.
 */
import { useEffect, useState } from 'react'
import { RichText, Text, View } from '@tarojs/components'
import { ApiError } from '@/lib/request'
import { useSession, useT } from '@/store/session'
import { platform } from '@/platform'
import type { ArticleSource } from '../api/articles'
import { fetchArticle } from '../api/articles'
import { toArticleDetail, type ArticleDetailView } from '../model/article'
import './article-detail-screen.scss'

interface Props {
  source: ArticleSource
  id: number
  /** the page title follows the article's title */
  onTitle(title: string): void
}

type State =
  | { kind: 'loading' }
  /** `message`: the server's own words for a business error (e.g. the article was withdrawn) */
  | { kind: 'error'; message: string }
  | { kind: 'missing' }
  | { kind: 'ready'; article: ArticleDetailView }

export default function ArticleDetailScreen({ source, id, onTitle }: Props) {
  const t = useT()
  const lang = useSession((s) => s.lang)
  const [state, setState] = useState<State>({ kind: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let alive = true
    setState({ kind: 'loading' })
    fetchArticle(source, id)
      .then((row) => {
        if (!alive) return
        if (!row) return setState({ kind: 'missing' })
        const article = toArticleDetail(row, platform.assetUrl)
        setState({ kind: 'ready', article })
        if (article.title) onTitle(article.title)
      })
      .catch((e: unknown) => {
        if (!alive) return
        const business = e instanceof ApiError && !e.network && !e.permissionCode
        setState({ kind: 'error', message: business ? e.message : '' })
      })
    return () => {
      alive = false
    }
    // onTitle is the page's state setter wrapper; re-fetch only for another article, language or a retry
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source, id, lang, attempt])

  if (state.kind === 'loading') {
    return (
      <View className='article-detail article-detail--state'>
        <Text className='article-detail__state-msg'>{t('common.loading')}</Text>
      </View>
    )
  }
  if (state.kind !== 'ready') {
    return (
      <View className='article-detail article-detail--state' data-testid='article-error'>
        <Text className='article-detail__state-msg'>
          {state.kind === 'missing'
            ? t('article.notFound')
            : state.message || t('article.loadFailed')}
        </Text>
        <View className='article-detail__retry' onClick={() => setAttempt((n) => n + 1)}>
          {t('common.retry')}
        </View>
      </View>
    )
  }
  const a = state.article
  return (
    <View className='article-detail' data-testid='article-detail'>
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
