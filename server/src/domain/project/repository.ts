/** Project reads (Kysely). Every function takes the school id first: no query without its tenant. */
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import { prepared } from '../../db/prepared'
import { readFen } from '../../lib/money'
import { containsText, countedNetFen } from '../../lib/sql'
import { SUMMARY_COLUMNS } from './columns'

type Db = Kysely<DB> | Transaction<DB>

export interface ProjectFilter {
  typeId?: number | null
  labelId?: number | null
  s?: string
}

export const listTypes = (db: Db, schoolId: number) =>
  db.selectFrom('project_type').select(['id', 'name', 'texts']).where('school_id', '=', schoolId).orderBy('sort_no').orderBy('id').execute()

export const listLabels = (db: Db, schoolId: number) =>
  db.selectFrom('project_label').select(['id', 'label_title']).where('school_id', '=', schoolId).orderBy('sort_no').orderBy('id').execute()

function filtered(db: Db, schoolId: number, f: ProjectFilter) {
  let q = db.selectFrom('project').where('project.school_id', '=', schoolId)
  if (f.typeId) q = q.where('project.type_id', '=', f.typeId)
  if (f.labelId) {
    const labelId = f.labelId
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('project_label_link as l')
          .select('l.items_id')
          .whereRef('l.items_id', '=', 'project.id')
          .where('l.school_id', '=', schoolId)
          .where('l.label_id', '=', labelId)
      )
    )
  }
  const s = f.s?.trim()
  if (s) q = q.where((eb) => eb.or([containsText('project.name', s), containsText('project.intro', s)]))
  return q
}

// The list without a search (what every visitor's home and list pages ask): prepared once per filter shape.
const pageCount = prepared((db, $, shape) =>
  filtered(db, $(0), {
    typeId: shape === 't' || shape === 'tl' ? $(1) : null,
    labelId: shape === 'l' || shape === 'tl' ? $(2) : null
  }).select((eb) => eb.fn.countAll<number>().as('total'))
)
const summaryColumns = SUMMARY_COLUMNS.map((c) => `project.${c}` as const)
const pageRows = prepared((db, $, shape) =>
  filtered(db, $(0), { typeId: shape === 't' || shape === 'tl' ? $(1) : null, labelId: shape === 'l' || shape === 'tl' ? $(2) : null })
    .select(summaryColumns)
    .orderBy('project.is_complete', 'asc')
    .orderBy('project.sort_no', 'asc')
    .orderBy('project.id', 'asc')
    .limit($(3))
    .offset($(4))
)

export async function pageProjects(db: Db, schoolId: number, f: ProjectFilter, limit: number, offset: number) {
  if (!f.s?.trim() && !db.isTransaction) {
    const shape = `${f.typeId ? 't' : ''}${f.labelId ? 'l' : ''}`
    const args = [schoolId, f.typeId, f.labelId, limit, offset]
    const [count, rows] = await Promise.all([pageCount.first(db as Kysely<DB>, args, shape), pageRows.all(db as Kysely<DB>, args, shape)])
    return { total: Number(count?.total ?? 0), rows }
  }
  const { total } = await filtered(db, schoolId, f)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow()
  // In-progress projects first, then the foundation's own order.
  const rows = await filtered(db, schoolId, f)
    .select(summaryColumns)
    .orderBy('project.is_complete', 'asc')
    .orderBy('project.sort_no', 'asc')
    .orderBy('project.id', 'asc')
    .limit(limit)
    .offset(offset)
    .execute()
  return { total: Number(total), rows }
}

const projectById = prepared((db, $) => db.selectFrom('project').selectAll().where('school_id', '=', $(0)).where('id', '=', $(1)))

export const getProject = (db: Db, schoolId: number, id: number) => projectById.first(db, [schoolId, id])

/** `in` over up to n slots $(1)..$(n): one prepared shape per list length */
const inList = (n: number | string, $: (i: number) => unknown) => Array.from({ length: Number(n) }, (_, i) => $(i + 1))

const labelLinks = prepared((db, $, n) =>
  db
    .selectFrom('project_label_link')
    .select(['items_id', 'label_id'])
    .where('school_id', '=', $(0))
    .where('items_id', 'in', inList(n, $) as number[])
    .orderBy('label_id')
)

export async function labelIdsByProject(db: Db, schoolId: number, ids: number[]) {
  const out = new Map<number, number[]>()
  if (!ids.length) return out
  const rows = await labelLinks.all(db as Kysely<DB>, [schoolId, ...ids], ids.length)
  for (const r of rows) out.set(r.items_id, [...(out.get(r.items_id) ?? []), r.label_id])
  return out
}

/** Paid totals per project: only status 'paid' ever counts (offline amounts are added by the caller). */
const paidStats = prepared((db, $, n) =>
  db
    .selectFrom('donation')
    .select((eb) => [
      'items_id',
      // what remains after partial refunds; fully refunded gifts are no longer 'paid' (docs/decisions/032-refunds.md)
      eb.fn.sum<number>(countedNetFen('amount_fen', 'refunded_fen')).as('fen'),
      eb.fn.sum<number>('material_number').as('material'),
      eb.fn.countAll<number>().as('count')
    ])
    .where('school_id', '=', $(0))
    .where('status', '=', 'paid')
    .where('items_id', 'in', inList(n, $) as number[])
    .groupBy('items_id')
)

export async function paidStatsByProject(db: Db, schoolId: number, ids: number[]) {
  const out = new Map<number, { fen: number; material: number; count: number }>()
  if (!ids.length) return out
  const rows = await paidStats.all(db as Kysely<DB>, [schoolId, ...ids], ids.length)
  for (const r of rows)
    out.set(r.items_id, { fen: readFen(r.fen, 'project total'), material: Number(r.material ?? 0), count: Number(r.count) })
  return out
}

const named = prepared((db, $) =>
  db
    .selectFrom('donation_naming as n')
    .innerJoin('donation as d', 'd.id', 'n.donation_id')
    .select((eb) => eb.fn.sum<number>('n.quantity').as('q'))
    .where('n.school_id', '=', $(0))
    .where('n.items_id', '=', $(1))
    .where('d.status', '=', 'paid')
)

export async function namedCount(db: Db, schoolId: number, itemsId: number): Promise<number> {
  const r = await named.first(db as Kysely<DB>, [schoolId, itemsId])
  return Number(r?.q ?? 0)
}

const covers = prepared((db, $) =>
  db
    .selectFrom('project_cover')
    .select('file_url')
    .where('school_id', '=', $(0))
    .where('items_id', '=', $(1))
    .orderBy('sort_no')
    .orderBy('id')
)

export const listCovers = (db: Db, schoolId: number, itemsId: number) => covers.all(db as Kysely<DB>, [schoolId, itemsId])

export const listSubProjects = (db: Db, schoolId: number, itemsId: number) =>
  db
    .selectFrom('sub_project')
    .select(['id', 'name', 'offline_fen', 'texts'])
    .where('school_id', '=', schoolId)
    .where('items_id', '=', itemsId)
    .orderBy('sort_no')
    .orderBy('id')
    .execute()

export async function paidFenBySubProject(db: Db, schoolId: number, itemsId: number) {
  const rows = await db
    .selectFrom('donation')
    .select((eb) => ['sub_items_id', eb.fn.sum<number>(countedNetFen('amount_fen', 'refunded_fen')).as('fen')])
    .where('school_id', '=', schoolId)
    .where('items_id', '=', itemsId)
    .where('status', '=', 'paid')
    .where('sub_items_id', 'is not', null)
    .groupBy('sub_items_id')
    .execute()
  return new Map(rows.map((r) => [Number(r.sub_items_id), readFen(r.fen, 'sub-project total')]))
}

/**
 * Every project's own words with their stored English (`texts`), for the console's list of texts without English
 * (domain/form/texts.ts missingTexts, decision 073): the goods' words matter for a goods project only, the pause
 * reason for a paused one.
 */
export const listProjectTexts = (db: Db, schoolId: number) =>
  db
    .selectFrom('project')
    .select([
      'id',
      'name',
      'intro',
      'content',
      'crowd_type',
      'material_name',
      'material_unit',
      'is_complete',
      'is_donate',
      'no_reason',
      'fix_money',
      'texts'
    ])
    .where('school_id', '=', schoolId)
    .orderBy('id')
    .execute()
