import type { Kysely } from 'kysely'
import { PAGE_SIZE, type Article, type Page } from '../../../../types'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import { toWireDate } from '../../lib/dates'
import { pageWindow } from '../../lib/sql'
import * as repo from './repository'

export async function listArticles(
  db: Kysely<DB>,
  schoolId: number,
  f: repo.ArticleFilter,
  q: { limit?: number | null; offset?: number | null }
): Promise<Page<Article>> {
  const { limit, offset } = pageWindow(q, PAGE_SIZE.ARTICLES, PAGE_SIZE.MAX)
  const { total, rows } = await repo.articlePage(db, schoolId, f, limit, offset)
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      title: r.title,
      articleTitle: r.title,
      thumbnailImage: r.thumbnail_image,
      publishDate: toWireDate(r.publish_date),
      readCount: r.read_count
    }))
  }
}

/**
 * The article with its HTML exactly as the foundation wrote it: the app sanitises before rendering
 * (types/entities.ts Article.content), so the server does not silently rewrite stored content.
 */
export async function readArticle(db: Kysely<DB>, schoolId: number, source: 'index' | 'web', id: number): Promise<Article> {
  const r = await repo.readArticle(db, schoolId, source, id)
  if (!r) throw bizError('articleNotFound')
  return {
    id: r.id,
    title: r.title,
    articleTitle: r.title,
    thumbnailImage: r.thumbnail_image,
    publishDate: toWireDate(r.publish_date),
    readCount: r.read_count,
    content: r.content
  }
}
