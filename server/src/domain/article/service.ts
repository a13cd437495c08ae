import type { Kysely } from 'kysely'
import { PAGE_SIZE, type Article, type Lang, type Page } from '../../../../types'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import { toWireDate } from '../../lib/dates'
import { pageWindow } from '../../lib/sql'
import { localized, parseTexts } from '../form/texts'
import * as repo from './repository'

export async function listArticles(
  db: Kysely<DB>,
  schoolId: number,
  f: repo.ArticleFilter,
  q: { limit?: number | null; offset?: number | null },
  lang: Lang = 'zh_CN'
): Promise<Page<Article>> {
  const { limit, offset } = pageWindow(q, PAGE_SIZE.ARTICLES, PAGE_SIZE.MAX)
  const { total, rows } = await repo.articlePage(db, schoolId, f, limit, offset)
  return {
    total,
    rows: rows.map((r) => {
      const title = localized(r.title, parseTexts(r.texts), lang, 'title')
      return {
        id: r.id,
        title,
        articleTitle: title,
        thumbnailImage: r.thumbnail_image,
        publishDate: toWireDate(r.publish_date),
        readCount: r.read_count
      }
    })
  }
}

/**
 * The article with its HTML as stored (cleaned when staff saved it, domain/article/staff.ts; the app sanitises again
 * before rendering, types/entities.ts Article.content). In English (`lang` en) the title and the body are the English
 * ones where entered (decision 086), each falling back to the Chinese on its own.
 */
export async function readArticle(
  db: Kysely<DB>,
  schoolId: number,
  source: 'index' | 'web',
  id: number,
  lang: Lang = 'zh_CN'
): Promise<Article> {
  const r = await repo.readArticle(db, schoolId, source, id)
  if (!r) throw bizError('articleNotFound')
  const texts = parseTexts(r.texts)
  const title = localized(r.title, texts, lang, 'title')
  return {
    id: r.id,
    title,
    articleTitle: title,
    thumbnailImage: r.thumbnail_image,
    publishDate: toWireDate(r.publish_date),
    readCount: r.read_count,
    content: localized(r.content, texts, lang, 'content')
  }
}
