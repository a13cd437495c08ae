/** Project reads (Kysely). Every function takes the school id first: no query without its tenant. */
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely'
import type { DB, ProjectTable, SubProjectTable } from '../../db/schema'
import { prepared } from '../../db/prepared'
import { readFen } from '../../lib/money'
import { containsText, countedNetFen } from '../../lib/sql'
import type { ProjectStatus } from '../../../../types/schema/staff-projects'
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

// ---------------------------------------------------------------- the console's project editor (rules: editor.ts)

export const typeNameRows = (db: Db, schoolId: number) =>
  db.selectFrom('project_type').select(['id', 'name']).where('school_id', '=', schoolId).execute()

export interface StaffProjectFilter {
  keyword?: string
  /** complete / open / paused over the is_complete and is_donate flags (editor.ts statusOf) */
  status?: ProjectStatus
  typeId?: number | null
}

/** One page of the school's projects for the console, newest first, and how many the filter matches. */
export async function pageStaffProjects(db: Db, schoolId: number, f: StaffProjectFilter, limit: number, offset: number) {
  let base = db.selectFrom('project').where('project.school_id', '=', schoolId)
  const kw = f.keyword?.trim()
  if (kw) base = base.where((eb) => eb.or([containsText('project.name', kw), containsText('project.intro', kw)]))
  if (f.typeId) base = base.where('project.type_id', '=', f.typeId)
  if (f.status === 'complete') base = base.where('project.is_complete', '=', 1)
  else if (f.status) base = base.where('project.is_complete', '=', 0).where('project.is_donate', '=', f.status === 'open' ? 1 : 0)
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base.selectAll('project').orderBy('project.id', 'desc').limit(limit).offset(offset).execute()
  ])
  return { total: Number(n), rows }
}

/** A project's sub-items as the editor edits them (with their fixed amounts and texts). */
export const editableSubProjects = (db: Db, schoolId: number, itemsId: number) =>
  db
    .selectFrom('sub_project')
    .select(['id', 'name', 'fix_money', 'texts'])
    .where('school_id', '=', schoolId)
    .where('items_id', '=', itemsId)
    .orderBy('sort_no')
    .orderBy('id')
    .execute()

export const hasProjectType = async (db: Db, schoolId: number, id: number) =>
  !!(await db.selectFrom('project_type').select('id').where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst())

/** How many of these label ids are the school's labels. */
export async function countSchoolLabels(db: Db, schoolId: number, ids: number[]): Promise<number> {
  const rows = await db.selectFrom('project_label').select('id').where('school_id', '=', schoolId).where('id', 'in', ids).execute()
  return rows.length
}

/** The lowest sort_no of the school's projects (null with none). */
export async function minProjectSortNo(db: Db, schoolId: number): Promise<number | null> {
  const { m } = await db
    .selectFrom('project')
    .select((eb) => eb.fn.min<number>('sort_no').as('m'))
    .where('school_id', '=', schoolId)
    .executeTakeFirstOrThrow()
  return m === null || m === undefined ? null : Number(m)
}

export async function insertProject(db: Db, row: Insertable<ProjectTable>): Promise<number> {
  const { id } = await db.insertInto('project').values(row).returning('id').executeTakeFirstOrThrow()
  return id
}

export const updateProjectRow = (db: Db, schoolId: number, id: number, set: Updateable<ProjectTable>) =>
  db.updateTable('project').set(set).where('school_id', '=', schoolId).where('id', '=', id).execute()

/** The project's covers become these, in this order. */
export async function replaceCovers(db: Db, schoolId: number, itemsId: number, fileUrls: string[]) {
  await db.deleteFrom('project_cover').where('school_id', '=', schoolId).where('items_id', '=', itemsId).execute()
  if (fileUrls.length)
    await db
      .insertInto('project_cover')
      .values(fileUrls.map((file_url, sort_no) => ({ school_id: schoolId, items_id: itemsId, file_url, sort_no })))
      .execute()
}

/** The project's labels become these. */
export async function replaceLabelLinks(db: Db, schoolId: number, itemsId: number, labelIds: number[]) {
  await db.deleteFrom('project_label_link').where('school_id', '=', schoolId).where('items_id', '=', itemsId).execute()
  if (labelIds.length)
    await db
      .insertInto('project_label_link')
      .values(labelIds.map((label_id) => ({ school_id: schoolId, items_id: itemsId, label_id })))
      .execute()
}

/** Whether any order (any status) names this sub-item. */
export const subProjectHasGifts = async (db: Db, schoolId: number, subId: number) =>
  !!(await db
    .selectFrom('donation')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('sub_items_id', '=', subId)
    .limit(1)
    .executeTakeFirst())

export const deleteSubProject = (db: Db, schoolId: number, id: number) =>
  db.deleteFrom('sub_project').where('school_id', '=', schoolId).where('id', '=', id).execute()

export const updateSubProject = (db: Db, schoolId: number, id: number, set: Updateable<SubProjectTable>) =>
  db.updateTable('sub_project').set(set).where('school_id', '=', schoolId).where('id', '=', id).execute()

export async function insertSubProject(db: Db, row: Insertable<SubProjectTable>): Promise<number> {
  const { id } = await db.insertInto('sub_project').values(row).returning('id').executeTakeFirstOrThrow()
  return id
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
      'form_id',
      'texts'
    ])
    .where('school_id', '=', schoolId)
    .orderBy('id')
    .execute()
