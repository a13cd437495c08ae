import { sql, type Kysely, type Transaction } from 'kysely'
import type { DB } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

export interface ArticleFilter {
  source: 'index' | 'web'
  categoryId?: number | null
  websiteId?: number | null
}

function filtered(db: Db, schoolId: number, f: ArticleFilter) {
  let q = db.selectFrom('article').where('school_id', '=', schoolId).where('source', '=', f.source)
  if (f.categoryId) q = q.where('category_id', '=', f.categoryId)
  if (f.websiteId) q = q.where('website_id', '=', f.websiteId)
  return q
}

export async function articlePage(db: Db, schoolId: number, f: ArticleFilter, limit: number, offset: number) {
  const { total } = await filtered(db, schoolId, f)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow()
  const rows = await filtered(db, schoolId, f)
    .select(['id', 'title', 'thumbnail_image', 'publish_date', 'read_count', 'texts'])
    .orderBy('publish_date', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
  return { total: Number(total), rows }
}

/** Counts the read atomically (no read-modify-write race), then returns the row with the new count. */
export async function readArticle(db: Db, schoolId: number, source: 'index' | 'web', id: number) {
  const res = await db
    .updateTable('article')
    .set({ read_count: sql`read_count + 1` })
    .where('school_id', '=', schoolId)
    .where('source', '=', source)
    .where('id', '=', id)
    .executeTakeFirst()
  if (Number(res.numUpdatedRows) === 0) return undefined
  return db.selectFrom('article').selectAll().where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst()
}
