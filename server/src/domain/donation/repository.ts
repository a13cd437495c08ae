/**
 * Reads over donation orders. Only status = 'paid' rows appear in directories, naming lists and totals; pending
 * and cancelled orders (the payment flow's) never do, nor fully refunded ones ('refunded'); a partly refunded gift
 * counts what remains, amount_fen - refunded_fen (docs/decisions/032-refunds.md). Every query is scoped by school_id.
 */
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool, type Transaction } from 'kysely'
import type { DirectoryOrder } from '../../../../types'
import type { DB } from '../../db/schema'
import { readFen } from '../../lib/money'
import { containsText, countedFen, countedNetFen } from '../../lib/sql'
import { prepared, type Slots } from '../../db/prepared'

type Db = Kysely<DB> | Transaction<DB>
type DirectoryDb = DB & { d: DB['donation']; p: DB['project'] }

export interface DirectoryFilter {
  itemsId?: number | null
  togetherId?: number | null
  s?: string
  /** the school masks donor names: the search sees only the mask (first character + "**"), never the name */
  maskNames?: boolean
  /** totals only: count the gifts whose donor asked not to be listed too (they count in every total) */
  includeUnlisted?: boolean
}

/**
 * The donor-name condition of a search on a masked school. What is shown is the first character plus "**"
 * (lib/names.ts), so a search matches a donor only when it is a substring of that: the first character with up to
 * two asterisks after it ("张", "张*", "张**"), or asterisks alone (every named donor). Anything longer ("张三")
 * would only match by peeking at the hidden part of the name, so it matches no donor.
 */
function maskedNameMatch(eb: ExpressionBuilder<DirectoryDb, 'd'>, s: string): Expression<SqlBool> | null {
  const [first = '', ...rest] = [...s]
  const tail = rest.join('')
  if (first === '*' && /^\*?$/.test(tail)) return eb('d.is_anonymous', '=', 0)
  if (!/^\*{0,2}$/.test(tail)) return null
  const pattern = `${first.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return eb.and([eb('d.is_anonymous', '=', 0), sql<SqlBool>`lower(trim(${sql.ref('d.donor_name')})) like ${pattern} escape '\\'`])
}

function directoryBase(db: Db, schoolId: number, f: DirectoryFilter) {
  let q = db
    .selectFrom('donation as d')
    .innerJoin('project as p', 'p.id', 'd.items_id')
    .where('d.school_id', '=', schoolId)
    .where('p.school_id', '=', schoolId)
    .where('d.status', '=', 'paid')
  if (f.itemsId) q = q.where('d.items_id', '=', f.itemsId)
  if (f.togetherId) q = q.where('d.together_id', '=', f.togetherId)
  // The donor asked to be left out of the directory (the form's isNoData switch): the gift still counts in every
  // total, it is just not listed.
  if (!f.includeUnlisted)
    q = q.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('donation_submission as ds')
            .select('ds.donation_id')
            .whereRef('ds.donation_id', '=', 'd.id')
            .where('ds.is_no_data', '=', 1)
        )
      )
    )
  const s = f.s?.trim()
  // An anonymous gift must not be findable by the donor's real name, nor a masked one by what the mask hides.
  if (s) {
    q = q.where((eb) => {
      const name = f.maskNames ? maskedNameMatch(eb, s) : eb.and([eb('d.is_anonymous', '=', 0), containsText('d.donor_name', s)])
      return name ? eb.or([name, containsText('p.name', s)]) : containsText('p.name', s)
    })
  }
  return q
}

/** The listed rows of directoryBase in `order`, limit and offset left to the caller. */
function directoryRows(db: Db, schoolId: number, f: DirectoryFilter, order: DirectoryOrder) {
  let q = directoryBase(db, schoolId, f)
    .leftJoin('sub_project as sp', (j) => j.onRef('sp.id', '=', 'd.sub_items_id').on('sp.school_id', '=', schoolId))
    .leftJoin('app_user as u', (j) => j.onRef('u.id', '=', 'd.user_id').on('u.school_id', '=', schoolId))
    .select([
      'd.id',
      'd.donor_name',
      'd.is_anonymous',
      // what the gift still is after partial refunds (docs/decisions/032-refunds.md)
      sql<number>`d.amount_fen - d.refunded_fen`.as('amount_fen'),
      'd.material_number',
      'd.paid_at',
      'd.is_offline',
      'p.name as items_name',
      // the project's and sub-project's words in other languages (decision 073)
      'p.texts as items_texts',
      'p.crowd_type',
      'p.material_unit',
      'sp.name as sub_items_name',
      'sp.texts as sub_items_texts',
      'u.avatar'
    ])
  // Ties broken by id so paging never repeats or skips a row.
  switch (order) {
    case 'donate_time_asc':
      q = q.orderBy('d.paid_at', 'asc').orderBy('d.id', 'asc')
      break
    case '1':
      q = q
        .orderBy(sql`d.amount_fen - d.refunded_fen`, 'desc')
        .orderBy('d.paid_at', 'desc')
        .orderBy('d.id', 'desc')
      break
    case 'donate_money_asc':
      q = q
        .orderBy(sql`d.amount_fen - d.refunded_fen`, 'asc')
        .orderBy('d.paid_at', 'asc')
        .orderBy('d.id', 'asc')
      break
    default:
      q = q.orderBy('d.paid_at', 'desc').orderBy('d.id', 'desc')
  }
  return q
}

// The directory without a search (every visitor's first page): prepared once per order and filter shape
// (db/prepared.ts). Slots: $(0) school, $(1) project, $(2) joint donation, $(3) limit, $(4) offset.
const shapeFilter = ($: Slots, shape: string | number): DirectoryFilter => {
  const [, i, t] = String(shape).split('|')
  return { itemsId: i ? $(1) : null, togetherId: t ? $(2) : null }
}
const directoryCount = prepared((db, $, shape) =>
  directoryBase(db, $(0), shapeFilter($, shape)).select((eb) => eb.fn.countAll<number>().as('total'))
)
const directoryList = prepared((db, $, shape) =>
  directoryRows(db, $(0), shapeFilter($, shape), String(shape).split('|')[0] as DirectoryOrder)
    .limit($(3))
    .offset($(4))
)

export async function directoryPage(db: Db, schoolId: number, f: DirectoryFilter, order: DirectoryOrder, limit: number, offset: number) {
  // a transaction (rare here) takes the builder: its plan would be compiled for that transaction alone
  if (!f.s?.trim() && !f.includeUnlisted && !db.isTransaction) {
    const shape = `${order}|${f.itemsId ? 'i' : ''}|${f.togetherId ? 't' : ''}`
    const args = [schoolId, f.itemsId, f.togetherId, limit, offset]
    const k = db as Kysely<DB>
    const [count, rows] = await Promise.all([directoryCount.first(k, args, shape), directoryList.all(k, args, shape)])
    return { total: Number(count?.total ?? 0), rows }
  }
  const { total } = await directoryBase(db, schoolId, f)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow()
  const rows = await directoryRows(db, schoolId, f, order).limit(limit).offset(offset).execute()
  return { total: Number(total), rows }
}

/**
 * The directory's total over the rows directoryPage lists for the same filter (search included), counting every
 * gift and summing the money of money gifts only (a goods gift is listed as "20 boxes", not yuan); with
 * includeUnlisted also the gifts whose donor asked not to be listed.
 */
export async function totals(db: Db, schoolId: number, f: DirectoryFilter) {
  const r = await directoryBase(db, schoolId, f)
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn
        .sum<number>(eb.case().when('p.crowd_type', '=', 2).then(0).else(countedNetFen('d.amount_fen', 'd.refunded_fen')).end())
        .as('fen')
    ])
    .executeTakeFirstOrThrow()
  return { count: Number(r.count), fen: readFen(r.fen, 'directory total') }
}

/** Money raised outside the platform (project.offline_fen) of the school's money projects, or of one project. */
export async function offlineFen(db: Db, schoolId: number, itemsId?: number | null): Promise<number> {
  let q = db.selectFrom('project').where('school_id', '=', schoolId).where('crowd_type', '!=', 2)
  if (itemsId) q = q.where('id', '=', itemsId)
  const r = await q.select((eb) => eb.fn.sum<number>(countedFen('offline_fen')).as('fen')).executeTakeFirstOrThrow()
  return readFen(r.fen, 'offline_fen total')
}

/** "3排12座、3排13座" per donation: what each naming gift named. */
const namingOf = prepared((db, $, n) =>
  db
    .selectFrom('donation_naming')
    .select(['donation_id', 'label', 'quantity'])
    .where('school_id', '=', $(0))
    .where(
      'donation_id',
      'in',
      Array.from({ length: Number(n) }, (_, i) => $(i + 1))
    )
    .orderBy('id')
)

export async function namingLabels(db: Db, schoolId: number, donationIds: number[]) {
  const out = new Map<number, string>()
  if (!donationIds.length) return out
  const rows = await namingOf.all(db as Kysely<DB>, [schoolId, ...donationIds], donationIds.length)
  for (const r of rows) {
    const text = r.quantity > 1 ? `${r.label}×${r.quantity}` : r.label
    out.set(r.donation_id, out.has(r.donation_id) ? `${out.get(r.donation_id)}、${text}` : text)
  }
  return out
}

/** Paid naming gifts of one project that named a seat (kind 'seat') or books ('book'), newest first. */
export async function namingPage(db: Db, schoolId: number, itemsId: number, kind: 'seat' | 'book', limit: number, offset: number) {
  const base = db
    .selectFrom('donation as d')
    .where('d.school_id', '=', schoolId)
    .where('d.items_id', '=', itemsId)
    .where('d.status', '=', 'paid')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('donation_naming as n')
          .select('n.id')
          .whereRef('n.donation_id', '=', 'd.id')
          .where('n.school_id', '=', schoolId)
          .where('n.kind', '=', kind)
      )
    )
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()
  const rows = await base
    .select(['d.id', 'd.donor_name', 'd.is_anonymous', 'd.amount_fen', 'd.paid_at'])
    .orderBy('d.paid_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
  return { total: Number(total), rows }
}

export async function togetherPage(db: Db, schoolId: number, itemsId: number, limit: number, offset: number) {
  const base = db
    .selectFrom('together_donation')
    .where('school_id', '=', schoolId)
    .where('items_id', '=', itemsId)
    .where('status', '=', 'active')
    // held or rejected by the content check: its sponsor's only (docs/decisions/042)
    .where('content_state', '=', 'visible')
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()
  const rows = await base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute()
  return { total: Number(total), rows }
}

export async function togetherStats(db: Db, schoolId: number, ids: number[]) {
  const out = new Map<number, { fen: number; material: number; count: number }>()
  if (!ids.length) return out
  const rows = await db
    .selectFrom('donation')
    .select((eb) => [
      'together_id',
      eb.fn.sum<number>(countedNetFen('amount_fen', 'refunded_fen')).as('fen'),
      eb.fn.sum<number>('material_number').as('material'),
      eb.fn.countAll<number>().as('count')
    ])
    .where('school_id', '=', schoolId)
    .where('status', '=', 'paid')
    .where('together_id', 'in', ids)
    .groupBy('together_id')
    .execute()
  for (const r of rows)
    out.set(Number(r.together_id), {
      fen: readFen(r.fen, 'joint donation total'),
      material: Number(r.material ?? 0),
      count: Number(r.count)
    })
  return out
}
