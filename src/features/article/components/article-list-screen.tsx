/** An infinite list of articles in one of the six styles; tapping one opens it in list-page (docs/product §2 Articles). */
import { useCallback, useMemo } from 'react'
import { View } from '@tarojs/components'
import { useReachBottom } from '@tarojs/taro'
import { PAGE_SIZE } from '@contract'
import ListFooter from '@/components/list-footer'
import { usePagedList } from '@/lib/hooks/use-paged-list'
import { routeUrl } from '@/lib/routes'
import { platform } from '@/platform'
import { useSession } from '@/store/session'
import { DEFAULT_WEBSITE_ID, fetchArticlePage } from '../api/articles'
import { toArticleView, type ArticleQuery, type ArticleView } from '../model/article'
import ArticleItem from './article-item'
import './article-list-screen.scss'

export default function ArticleListScreen({ query }: { query: ArticleQuery }) {
  const lang = useSession((s) => s.lang)
  const { source, categoryId, websiteId, style, from } = query
  const fetchPage = useCallback(
    (offset: number, limit: number) => fetchArticlePage({ source, offset, limit, categoryId, websiteId }),
    [source, categoryId, websiteId]
  )
  const list = usePagedList(fetchPage, PAGE_SIZE.ARTICLES, JSON.stringify([source, categoryId, websiteId, lang]))
  useReachBottom(() => list.loadMore())

  const items = useMemo(() => list.rows.map((r) => toArticleView(r, platform.assetUrl)), [list.rows])

  const open = (a: ArticleView) =>
    platform.nav.to(
      routeUrl('list-page', {
        id: a.id,
        from: from || undefined,
        websiteId: source === 'web' ? websiteId || DEFAULT_WEBSITE_ID : undefined
      })
    )

  return (
    <View className={`article-list article-list--s${style}`} data-testid='article-list' data-style={style}>
      {items.length ? (
        <View className='article-list__items'>
          {items.map((a) => (
            <ArticleItem key={a.id} article={a} styleNo={style} onTap={open} />
          ))}
        </View>
      ) : null}
      <ListFooter status={list.status} count={items.length} loaded={list.loaded} emptyKey='article.empty' onRetry={list.reload} />
    </View>
  )
}
