/**
 * list-page (docs/product §2 Articles). With `id` it is the article itself (title from the article); without, a list in
 * `style` 1-6 titled by `title`. from=web reads the web-source calls (websiteId default 1).
 */
import { useMemo, useState } from 'react'
import PageShell from '@/components/page-shell'
import { ArticleDetailScreen, ArticleListScreen, parseArticleQuery } from '@/features/article'
import { platform } from '@/platform'
import './index.scss'

export default function ArticleListPagePage() {
  const query = useMemo(() => parseArticleQuery(platform.nav.currentQuery()), [])
  const [articleTitle, setArticleTitle] = useState('')
  const title = (query.id ? articleTitle : '') || query.title || undefined
  return (
    <PageShell route='list-page' title={title}>
      {query.id ? (
        <ArticleDetailScreen source={query.source} id={query.id} onTitle={setArticleTitle} />
      ) : (
        <ArticleListScreen query={query} />
      )}
    </PageShell>
  )
}
