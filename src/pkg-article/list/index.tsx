/** Articles of one category (docs/product §2 Articles, route list). Query: categoryId, style (1-6), title, from, websiteId. */
import { useMemo } from 'react'
import PageShell from '@/components/page-shell'
import { ArticleListScreen, parseArticleQuery } from '@/features/article'
import { platform } from '@/platform'
import './index.scss'

export default function ArticleListPage() {
  const query = useMemo(() => parseArticleQuery(platform.nav.currentQuery()), [])
  return (
    <PageShell route='list' title={query.title || undefined}>
      <ArticleListScreen query={query} />
    </PageShell>
  )
}
