/** Wire articles -> views, and the list-page query (docs/product §2 Articles). Pages never read wire rows directly. */
import type { Article } from '@contract'
import { cutDay } from '@/lib/dates'
import { sanitizeHtml } from '@/lib/sanitize'
import type { ArticleSource } from '../api/articles'

export type ArticleStyle = 1 | 2 | 3 | 4 | 5 | 6
export const ARTICLE_STYLES: readonly ArticleStyle[] = [1, 2, 3, 4, 5, 6]

export interface ArticleView {
  id: number
  title: string
  /** resolved image URL, '' when the article has none */
  thumbUrl: string
  date: string
  readCount: number
}

export interface ArticleDetailView extends ArticleView {
  /** sanitised HTML, image URLs resolved */
  html: string
}

/** Web-source rows may carry the title as articleTitle, and loose numbers as strings. */
export function toArticleView(row: Article, assetUrl: (url: string) => string): ArticleView {
  const anyRow = row as Article & { articleId?: number }
  const reads = Number(row.readCount)
  return {
    id: Number(row.id ?? anyRow.articleId),
    title: (row.title || row.articleTitle || '').trim(),
    thumbUrl: row.thumbnailImage ? assetUrl(row.thumbnailImage) : '',
    date: cutDay(row.publishDate),
    readCount: Number.isFinite(reads) && reads > 0 ? Math.floor(reads) : 0
  }
}

export function toArticleDetail(row: Article, assetUrl: (url: string) => string): ArticleDetailView {
  return { ...toArticleView(row, assetUrl), html: sanitizeHtml(row.content, assetUrl) }
}

export function parseStyle(v: unknown): ArticleStyle {
  const n = Number(v)
  return (ARTICLE_STYLES as readonly number[]).includes(n) ? (n as ArticleStyle) : 1
}

function positiveInt(v: unknown): number | undefined {
  const n = Number(v)
  return Number.isInteger(n) && n > 0 ? n : undefined
}

export interface ArticleQuery {
  style: ArticleStyle
  /** present: show that article; absent: show the list */
  id?: number
  title: string
  /** the raw `from` query, passed on to the detail */
  from: string
  source: ArticleSource
  websiteId?: number
  categoryId?: number
}

export function parseArticleQuery(q: Record<string, string | undefined>): ArticleQuery {
  const from = q.from || ''
  return {
    style: parseStyle(q.style),
    id: positiveInt(q.id),
    title: (q.title || '').trim(),
    from,
    source: from === 'web' ? 'web' : 'app',
    websiteId: positiveInt(q.websiteId),
    categoryId: positiveInt(q.categoryId)
  }
}
