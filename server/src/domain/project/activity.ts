/** Progress reports and use-of-funds publicity of a project (detail tabs). */
import type { Kysely } from 'kysely'
import { PAGE_SIZE, type Page, type ProgressEntry, type UsePublicity } from '../../../../types'
import type { DB } from '../../db/schema'
import { toWireDate } from '../../lib/dates'
import { fenToYuan } from '../../lib/money'
import { pageWindow } from '../../lib/sql'
import { requireProject } from './service'

type PageQ = { itemsId: number; limit?: number | null; offset?: number | null }

export async function progressList(db: Kysely<DB>, schoolId: number, q: PageQ): Promise<Page<ProgressEntry>> {
  await requireProject(db, schoolId, q.itemsId)
  const { limit, offset } = pageWindow(q, PAGE_SIZE.LIST, PAGE_SIZE.MAX)
  const base = db.selectFrom('progress').where('school_id', '=', schoolId).where('items_id', '=', q.itemsId)
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()
  const rows = await base
    .select(['id', 'progress_date', 'content'])
    .orderBy('progress_date', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
  const ids = rows.map((r) => r.id)
  const files = ids.length
    ? await db
        .selectFrom('progress_attachment')
        .select(['progress_id', 'file_url'])
        .where('school_id', '=', schoolId)
        .where('progress_id', 'in', ids)
        .orderBy('sort_no')
        .orderBy('id')
        .execute()
    : []
  return {
    total: Number(total),
    rows: rows.map((r) => ({
      id: r.id,
      progressDate: toWireDate(r.progress_date),
      content: r.content,
      attachmentList: files.filter((f) => f.progress_id === r.id).map((f) => ({ fileUrl: f.file_url }))
    }))
  }
}

export async function instructionList(db: Kysely<DB>, schoolId: number, q: PageQ): Promise<Page<UsePublicity>> {
  await requireProject(db, schoolId, q.itemsId)
  const { limit, offset } = pageWindow(q, PAGE_SIZE.LIST, PAGE_SIZE.MAX)
  const base = db.selectFrom('use_publicity').where('school_id', '=', schoolId).where('items_id', '=', q.itemsId)
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()
  const rows = await base
    .select(['id', 'use_date', 'use_title', 'use_fen'])
    .orderBy('use_date', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
  return {
    total: Number(total),
    rows: rows.map((r) => ({ id: r.id, useDate: toWireDate(r.use_date), useTitle: r.use_title, useMoney: fenToYuan(r.use_fen) }))
  }
}
