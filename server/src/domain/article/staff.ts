/**
 * Articles and their categories as the console's editors look after them (donor messages are
 * domain/message/staff.ts). Article content is sanitised on save with the same allow-list as project content
 * (domain/project/html.ts, the app's own src/lib/sanitize.ts rules); the donor API serves what is stored. Every change is
 * one transaction with its audit row; every query is filtered by the school, so another school's id is "not found".
 */
import type { Kysely, Transaction } from 'kysely'
import { PAGE_SIZE, type Lang } from '../../../../types'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import { recordAudit } from '../staff/audit'
import { sanitizeProjectHtml } from '../project/html'
import { parseTexts } from '../form/texts'
import { chars, LIMITS, refuse } from '../project/fields'

type Db = Kysely<DB> | Transaction<DB>
const page = (f: { limit?: number | null; offset?: number | null }) => ({
  limit: Math.min(f.limit ?? 50, PAGE_SIZE.MAX),
  offset: f.offset ?? 0
})
const iso = (v: string | null | undefined) => (v ? new Date(v).toISOString() : '')

export type ArticleSource = 'index' | 'web'

export interface StaffArticle {
  id: number
  categoryId: number
  categoryName: string
  source: ArticleSource
  websiteId: number
  title: string
  /** English beside the Chinese (article.texts.en, decision 086); '' = none, the donor reads the Chinese */
  titleEn: string
  thumbnailImage: string
  content: string
  contentEn: string
  publishDate: string
  readCount: number
}

export interface ArticleInput {
  categoryId: number
  title: string
  thumbnailImage?: string
  content?: string
  /** absent = unchanged; '' removes the English (the donor then reads the Chinese) */
  titleEn?: string
  /** HTML, sanitised exactly like `content` */
  contentEn?: string
  /** ISO time or YYYY-MM-DD; absent = now on create, unchanged on update */
  publishDate?: string
  websiteId?: number
}

const ARTICLE_COLUMNS = [
  'a.id',
  'a.category_id',
  'c.name as category_name',
  'a.source',
  'a.website_id',
  'a.title',
  'a.thumbnail_image',
  'a.content',
  'a.publish_date',
  'a.read_count',
  'a.texts'
] as const

function articleQuery(db: Db, schoolId: number) {
  return db
    .selectFrom('article as a')
    .innerJoin('article_category as c', (j) => j.onRef('c.id', '=', 'a.category_id').on('c.school_id', '=', schoolId))
    .where('a.school_id', '=', schoolId)
}

type ArticleRow = {
  id: number
  category_id: number
  category_name: string
  source: string
  website_id: number
  title: string
  thumbnail_image: string
  content: string
  publish_date: string
  read_count: number
  texts: string
}
const toArticle = (r: ArticleRow): StaffArticle => {
  const en = parseTexts(r.texts).en ?? {}
  return {
    id: Number(r.id),
    categoryId: Number(r.category_id),
    categoryName: r.category_name,
    source: r.source === 'web' ? 'web' : 'index',
    websiteId: Number(r.website_id),
    title: r.title,
    titleEn: en.title ?? '',
    thumbnailImage: r.thumbnail_image,
    content: r.content,
    contentEn: en.content ?? '',
    publishDate: iso(r.publish_date),
    readCount: Number(r.read_count)
  }
}

export async function listStaffArticles(
  db: Kysely<DB>,
  schoolId: number,
  f: { categoryId?: number | null; keyword?: string; limit?: number | null; offset?: number | null }
): Promise<{ total: number; rows: StaffArticle[] }> {
  let q = articleQuery(db, schoolId)
  if (f.categoryId) q = q.where('a.category_id', '=', f.categoryId)
  if (f.keyword) q = q.where('a.title', 'like', `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
  const { limit, offset } = page(f)
  const [rows, total] = await Promise.all([
    q.select(ARTICLE_COLUMNS).orderBy('a.publish_date', 'desc').orderBy('a.id', 'desc').limit(limit).offset(offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  ])
  return { total: Number(total.n), rows: rows.map(toArticle) }
}

export async function staffArticle(db: Db, schoolId: number, id: number): Promise<StaffArticle> {
  const r = await articleQuery(db, schoolId).select(ARTICLE_COLUMNS).where('a.id', '=', id).executeTakeFirst()
  if (!r) throw bizError('staffRecordNotFound')
  return toArticle(r)
}

function publishDate(v: string | undefined): string | undefined {
  if (v === undefined) return undefined
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00+08:00` : v)
  if (Number.isNaN(d.getTime())) throw bizError('settingsInvalid', { field: 'publishDate' })
  return d.toISOString()
}

async function categoryOf(db: Db, schoolId: number, id: number) {
  const c = await db
    .selectFrom('article_category')
    .select(['id', 'source'])
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .executeTakeFirst()
  if (!c) throw bizError('staffRecordNotFound')
  return c
}

/** The article's limits: the title as the wire's (types/schema/staff-console.ts), the page as a project's. */
export const ARTICLE_LIMITS = { title: 200, content: LIMITS.content } as const

/** The English fields as a refusal names them (a label already in the request's language). */
const EN_LABELS = {
  titleEn: { zh_CN: '英文标题', en: 'Title in English' },
  contentEn: { zh_CN: '英文正文', en: 'Content in English' }
} as const satisfies Record<string, Record<Lang, string>>

/**
 * The English of an article after `a` is applied to the stored `texts`: each English text sent is held to its Chinese
 * field's limit, the body cleaned exactly as the Chinese body is; a text not sent is kept.
 */
function englishTexts(stored: string, a: ArticleInput, lang: Lang): string {
  const en = { ...(parseTexts(stored).en ?? {}) }
  if (a.titleEn !== undefined) {
    const t = a.titleEn.trim()
    if (chars(t) > ARTICLE_LIMITS.title) throw refuse(lang, 'spTooLong', EN_LABELS.titleEn[lang], { max: ARTICLE_LIMITS.title })
    en.title = t
  }
  if (a.contentEn !== undefined) {
    const clean = sanitizeProjectHtml(a.contentEn)
    if (clean.length > ARTICLE_LIMITS.content) throw refuse(lang, 'spTooLong', EN_LABELS.contentEn[lang], { max: ARTICLE_LIMITS.content })
    // a body of only markup (an emptied editor: "<p></p>") is no English
    en.content = clean.replace(/<[^>]*>/g, '').trim() || /<img\b/i.test(clean) ? clean : ''
  }
  const entered = Object.fromEntries(Object.entries(en).filter(([k, v]) => (k === 'title' || k === 'content') && v.trim()))
  return JSON.stringify(Object.keys(entered).length ? { en: entered } : {})
}

/**
 * Creates (id null) or updates an article; the content (Chinese and English) is sanitised; the article takes its
 * category's source. `lang` words a refusal of an English field.
 */
export async function saveArticle(
  db: Kysely<DB>,
  schoolId: number,
  by: number,
  id: number | null,
  a: ArticleInput,
  now = new Date(),
  lang: Lang = 'zh_CN'
) {
  const title = a.title.trim()
  if (!title) throw bizError('contentTextEmpty')
  const date = publishDate(a.publishDate)
  return db.transaction().execute(async (trx) => {
    const category = await categoryOf(trx, schoolId, a.categoryId)
    const stored =
      id === null
        ? undefined
        : await trx.selectFrom('article').select('texts').where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst()
    const values = {
      category_id: Number(category.id),
      source: category.source === 'web' ? 'web' : 'index',
      title,
      ...(a.thumbnailImage !== undefined ? { thumbnail_image: a.thumbnailImage.trim() } : {}),
      ...(a.content !== undefined ? { content: sanitizeProjectHtml(a.content) } : {}),
      ...(a.websiteId !== undefined ? { website_id: a.websiteId } : {}),
      ...(date ? { publish_date: date } : {}),
      texts: englishTexts(stored?.texts ?? '{}', a, lang)
    }
    let before: StaffArticle | null = null
    let articleId: number
    if (id === null) {
      const r = await trx
        .insertInto('article')
        .values({
          school_id: schoolId,
          read_count: 0,
          publish_date: now.toISOString(),
          thumbnail_image: '',
          content: '',
          website_id: 1,
          ...values
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      articleId = Number(r.id)
    } else {
      before = await staffArticle(trx, schoolId, id)
      await trx.updateTable('article').set(values).where('school_id', '=', schoolId).where('id', '=', id).execute()
      articleId = id
    }
    const after = await staffArticle(trx, schoolId, articleId)
    await recordAudit(trx, {
      schoolId,
      staffId: by,
      action: id === null ? 'article.create' : 'article.update',
      entity: 'article',
      entityId: articleId,
      before,
      after
    })
    return after
  })
}

export async function deleteArticle(db: Kysely<DB>, schoolId: number, by: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await staffArticle(trx, schoolId, id)
    await trx.deleteFrom('article').where('school_id', '=', schoolId).where('id', '=', id).execute()
    await recordAudit(trx, { schoolId, staffId: by, action: 'article.delete', entity: 'article', entityId: id, before, after: null })
  })
}

// ---------------------------------------------------------------- article categories

export interface StaffArticleCategory {
  id: number
  source: ArticleSource
  name: string
  sortNo: number
  articles: number
}

export async function listArticleCategories(db: Kysely<DB>, schoolId: number): Promise<{ total: number; rows: StaffArticleCategory[] }> {
  const rows = await db
    .selectFrom('article_category as c')
    .leftJoin('article as a', (j) => j.onRef('a.category_id', '=', 'c.id').on('a.school_id', '=', schoolId))
    .select(['c.id', 'c.source', 'c.name', 'c.sort_no', (eb) => eb.fn.count<number>('a.id').as('n')])
    .where('c.school_id', '=', schoolId)
    .groupBy(['c.id', 'c.source', 'c.name', 'c.sort_no'])
    .orderBy('c.sort_no')
    .orderBy('c.id')
    .execute()
  return {
    total: rows.length,
    rows: rows.map((r) => ({
      id: Number(r.id),
      source: r.source === 'web' ? 'web' : 'index',
      name: r.name,
      sortNo: Number(r.sort_no),
      articles: Number(r.n)
    }))
  }
}

/** POST /article-categories: {id?} absent = create, else rename/re-sort that category of this school. */
export async function saveArticleCategory(
  db: Kysely<DB>,
  schoolId: number,
  by: number,
  c: { id?: number | null; name: string; source?: ArticleSource; sortNo?: number | null }
): Promise<StaffArticleCategory> {
  const name = c.name.trim()
  if (!name) throw bizError('contentTextEmpty')
  const id = await db.transaction().execute(async (trx) => {
    let before: unknown = null
    let catId: number
    if (c.id) {
      const old = await trx
        .selectFrom('article_category')
        .selectAll()
        .where('school_id', '=', schoolId)
        .where('id', '=', c.id)
        .executeTakeFirst()
      if (!old) throw bizError('staffRecordNotFound')
      before = { name: old.name, source: old.source, sortNo: old.sort_no }
      await trx
        .updateTable('article_category')
        .set({ name, ...(c.sortNo != null ? { sort_no: c.sortNo } : {}) })
        .where('school_id', '=', schoolId)
        .where('id', '=', c.id)
        .execute()
      catId = c.id
    } else {
      const r = await trx
        .insertInto('article_category')
        .values({ school_id: schoolId, name, source: c.source ?? 'index', sort_no: c.sortNo ?? 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
      catId = Number(r.id)
    }
    const now = await trx.selectFrom('article_category').selectAll().where('id', '=', catId).executeTakeFirstOrThrow()
    await recordAudit(trx, {
      schoolId,
      staffId: by,
      action: c.id ? 'article-category.update' : 'article-category.create',
      entity: 'article-category',
      entityId: catId,
      before,
      after: { name: now.name, source: now.source, sortNo: now.sort_no }
    })
    return catId
  })
  const { rows } = await listArticleCategories(db, schoolId)
  return rows.find((r) => r.id === id)!
}
