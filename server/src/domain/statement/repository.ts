/**
 * Reads of yearly statements (docs/decisions/050-yearly-statement.md). Every read of gifts filters by school AND user:
 * there is no way to put another donor's gift on a statement. A gift counts in the Beijing calendar year it was paid
 * in (docs/product §5: dates are Beijing time), whatever the server's time zone.
 */
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely'
import type { DB, NotifyContactTable, StatementBatchTable, StatementSendTable } from '../../db/schema'
import { BEIJING_OFFSET_MS, beijingYear } from '../../lib/dates'

type Db = Kysely<DB> | Transaction<DB>

export interface StatementGift {
  id: number
  billNo: string
  projectName: string
  paidAt: string
  amountFen: number
  refundedFen: number
}

/** [from, to) of a Beijing calendar year, as the ISO UTC instants timestamps are stored as */
export function beijingYearRange(year: number): [string, string] {
  const start = (y: number) => new Date(Date.UTC(y, 0, 1) - BEIJING_OFFSET_MS).toISOString()
  return [start(year), start(year + 1)]
}

/** paid gifts stay 'paid' when partly refunded and become 'refunded' when refunded in full: both were given */
const GIVEN = ['paid', 'refunded'] as const

/** The caller's gifts paid in `year` (Beijing time), oldest first. */
export async function giftsOfYear(db: Db, schoolId: number, userId: number, year: number): Promise<StatementGift[]> {
  const [from, to] = beijingYearRange(year)
  const rows = await db
    .selectFrom('donation as d')
    .innerJoin('project as p', 'p.id', 'd.items_id')
    .select(['d.id', 'd.bill_no', 'p.name as project', 'd.paid_at', 'd.amount_fen', 'd.refunded_fen'])
    .where('d.school_id', '=', schoolId)
    .where('d.user_id', '=', userId)
    .where('d.status', 'in', GIVEN)
    .where('d.paid_at', '>=', from)
    .where('d.paid_at', '<', to)
    .orderBy('d.paid_at')
    .orderBy('d.id')
    .execute()
  return rows.map((r) => ({
    id: Number(r.id),
    billNo: r.bill_no,
    projectName: r.project,
    paidAt: String(r.paid_at),
    amountFen: Number(r.amount_fen),
    refundedFen: Number(r.refunded_fen)
  }))
}

export interface YearSum {
  year: number
  giftCount: number
  paidFen: number
  refundedFen: number
}

/** Every year the caller gave in, newest first, with its sums in integer fen. */
export async function yearsOf(db: Db, schoolId: number, userId: number): Promise<YearSum[]> {
  const rows = await db
    .selectFrom('donation')
    .select(['paid_at', 'amount_fen', 'refunded_fen'])
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('status', 'in', GIVEN)
    .where('paid_at', 'is not', null)
    .execute()
  const byYear = new Map<number, YearSum>()
  for (const r of rows) {
    const year = beijingYear(new Date(String(r.paid_at)))
    const s = byYear.get(year) ?? { year, giftCount: 0, paidFen: 0, refundedFen: 0 }
    s.giftCount++
    s.paidFen += Number(r.amount_fen)
    s.refundedFen += Number(r.refunded_fen)
    byYear.set(year, s)
  }
  return [...byYear.values()].sort((a, b) => b.year - a.year)
}

/** Donors of the school who asked for the statement each year and gave in `year`, by user id. */
export async function donorsWhoAsked(db: Db, schoolId: number, year: number): Promise<number[]> {
  const [from, to] = beijingYearRange(year)
  const rows = await db
    .selectFrom('notify_preference as np')
    .select('np.user_id')
    .where('np.school_id', '=', schoolId)
    .where('np.kind', '=', 'statement')
    .where('np.enabled', '=', 1)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('donation as d')
          .select('d.id')
          .whereRef('d.user_id', '=', 'np.user_id')
          .where('d.school_id', '=', schoolId)
          .where('d.status', 'in', GIVEN)
          .where('d.paid_at', '>=', from)
          .where('d.paid_at', '<', to)
      )
    )
    .groupBy('np.user_id')
    .orderBy('np.user_id')
    .execute()
  return rows.map((r) => Number(r.user_id))
}

/** The foundation's name and the donor's names, as a statement prints them. */
export const foundationAndDonor = (db: Db, schoolId: number, userId: number) =>
  Promise.all([
    db.selectFrom('school').select('name').where('id', '=', schoolId).executeTakeFirstOrThrow(),
    db.selectFrom('app_user').select(['name', 'nickname']).where('id', '=', userId).where('school_id', '=', schoolId).executeTakeFirst()
  ])

/** The address a donor typed for a statement becomes their news address (kept language on an existing row). */
export async function saveContactEmail(db: Db, row: Insertable<NotifyContactTable> & { email: string; updated_at: string }): Promise<void> {
  await db
    .insertInto('notify_contact')
    .values(row)
    .onConflict((oc) => oc.columns(['school_id', 'user_id']).doUpdateSet({ email: row.email, updated_at: row.updated_at }))
    .execute()
}

export async function insertSend(db: Db, row: Insertable<StatementSendTable>): Promise<number> {
  const r = await db.insertInto('statement_send').values(row).returning('id').executeTakeFirstOrThrow()
  return Number(r.id)
}

export const findSend = (db: Db, schoolId: number, userId: number, id: number) =>
  db
    .selectFrom('statement_send')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()

/** Whether a batch already wrote this donor's statement (a batch run again after a crash sends none twice). */
export const batchSentTo = (db: Db, batchId: number, userId: number) =>
  db.selectFrom('statement_send').select('id').where('batch_id', '=', batchId).where('user_id', '=', userId).executeTakeFirst()

export async function insertBatch(db: Db, row: Insertable<StatementBatchTable>): Promise<number> {
  const r = await db.insertInto('statement_batch').values(row).returning('id').executeTakeFirstOrThrow()
  return Number(r.id)
}

export const findBatch = (db: Db, schoolId: number, batchId: number) =>
  db.selectFrom('statement_batch').selectAll().where('school_id', '=', schoolId).where('id', '=', batchId).executeTakeFirst()

export async function updateBatch(db: Db, schoolId: number, batchId: number, set: Updateable<StatementBatchTable>): Promise<void> {
  await db.updateTable('statement_batch').set(set).where('school_id', '=', schoolId).where('id', '=', batchId).execute()
}

export const latestBatchIds = (db: Db, schoolId: number, limit: number) =>
  db.selectFrom('statement_batch').select('id').where('school_id', '=', schoolId).orderBy('id', 'desc').limit(limit).execute()

/** How many of a batch's notifications are in each state. */
export const batchNotificationStates = (db: Db, schoolId: number, batchId: number) =>
  db
    .selectFrom('statement_send as s')
    .innerJoin('notification as n', (j) =>
      j.onRef('n.ref_id', '=', 's.id').on('n.kind', '=', 'statement').onRef('n.school_id', '=', 's.school_id')
    )
    .select(['n.state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('s.school_id', '=', schoolId)
    .where('s.batch_id', '=', batchId)
    .groupBy('n.state')
    .execute()
