/** Refunds (refund, migration 027) and the rows a refund holds or frees. Every tenant query filters by school. */
import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely'
import type { DB, NamingRecordTable, RefundState, RefundTable } from '../../db/schema'
import { SEAT_DONATED, SEAT_FREE } from '../naming/tables'

type Db = Kysely<DB> | Transaction<DB>

export function viewQuery(db: Db, schoolId: number) {
  return db
    .selectFrom('refund as r')
    .innerJoin('donation as d', (j) => j.onRef('d.id', '=', 'r.donation_id').on('d.school_id', '=', schoolId))
    .innerJoin('project as p', (j) => j.onRef('p.id', '=', 'd.items_id').on('p.school_id', '=', schoolId))
    .where('r.school_id', '=', schoolId)
    .select([
      'r.id',
      'r.donation_id',
      'd.bill_no',
      'p.name as project_name',
      'd.donor_name',
      'r.out_refund_no',
      'r.amount_fen',
      'r.reason',
      'r.state',
      'r.provider',
      'r.provider_refund_no',
      'r.origin',
      'r.requested_by',
      'r.approved_by',
      'r.fail_reason',
      'r.created_at',
      'r.settled_at'
    ])
}

export const refundViewRow = (db: Db, schoolId: number, id: number) => viewQuery(db, schoolId).where('r.id', '=', id).executeTakeFirst()

type RefundFilter = { state: RefundState | null; donationId: number | null }

export async function countRefunds(db: Db, schoolId: number, f: RefundFilter): Promise<number> {
  let base = db.selectFrom('refund').where('school_id', '=', schoolId)
  if (f.state) base = base.where('state', '=', f.state)
  if (f.donationId) base = base.where('donation_id', '=', f.donationId)
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  return Number(n)
}

/** A page of the school's refunds, newest first. */
export function refundViewPage(db: Db, schoolId: number, f: RefundFilter, limit: number, offset: number) {
  let rows = viewQuery(db, schoolId)
  if (f.state) rows = rows.where('r.state', '=', f.state)
  if (f.donationId) rows = rows.where('r.donation_id', '=', f.donationId)
  return rows.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(limit).offset(offset).execute()
}

export const approvalSetting = (db: Db, schoolId: number) =>
  db.selectFrom('school_setting').select('refund_approval_fen').where('school_id', '=', schoolId).executeTakeFirst()

/** Holds the amount against a paid gift, only while what is refunded and held stays within what was paid. */
export const holdForRefund = (db: Db, schoolId: number, donationId: number, amountFen: number) =>
  db
    .updateTable('donation')
    .set((eb) => ({ refund_held_fen: eb('refund_held_fen', '+', amountFen) }))
    .where('id', '=', donationId)
    .where('school_id', '=', schoolId)
    .where('status', '=', 'paid')
    .where(sql<boolean>`refunded_fen + refund_held_fen + ${amountFen} <= amount_fen`)
    .executeTakeFirst()

/** What a gift still has to refund (why a hold was refused). */
export const refundableOf = (db: Db, donationId: number) =>
  db
    .selectFrom('donation')
    .select(['amount_fen', 'refunded_fen', 'refund_held_fen', 'status'])
    .where('id', '=', donationId)
    .executeTakeFirstOrThrow()

/** Gives a rejected refund's hold back. */
export async function releaseHold(db: Db, schoolId: number, donationId: number, amountFen: number): Promise<void> {
  await db
    .updateTable('donation')
    .set((eb) => ({ refund_held_fen: eb('refund_held_fen', '-', amountFen) }))
    .where('id', '=', donationId)
    .where('school_id', '=', schoolId)
    .where('refund_held_fen', '>=', amountFen)
    .execute()
}

/** undefined when the school already has this out_refund_no (a concurrent request took it). */
export const insertRefund = (db: Db, row: Insertable<RefundTable>) =>
  db
    .insertInto('refund')
    .values(row)
    .onConflict((oc) => oc.columns(['school_id', 'out_refund_no']).doNothing())
    .returning('id')
    .executeTakeFirst()

export const findRefundById = (db: Db, schoolId: number, id: number) =>
  db.selectFrom('refund').selectAll().where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst()

export const refundByIdOrThrow = (db: Db, id: number) => db.selectFrom('refund').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

/** The second member of staff's decision: only a refund awaiting approval, never by the one who asked for it. */
export const decidePending = (db: Db, schoolId: number, id: number, staffId: number, set: Updateable<RefundTable>) =>
  db
    .updateTable('refund')
    .set(set)
    .where('id', '=', id)
    .where('school_id', '=', schoolId)
    .where('state', '=', 'pending_approval')
    .where('requested_by', '!=', staffId)
    .executeTakeFirst()

/** requested -> processing: one caller wins. */
export const startProcessing = (db: Db, schoolId: number, id: number, at: string) =>
  db
    .updateTable('refund')
    .set({ state: 'processing', updated_at: at })
    .where('id', '=', id)
    .where('school_id', '=', schoolId)
    .where('state', '=', 'requested')
    .executeTakeFirst()

export async function updateRefund(db: Db, id: number, set: Updateable<RefundTable>): Promise<void> {
  await db.updateTable('refund').set(set).where('id', '=', id).execute()
}

/** Refunds of every school left requested or processing since before `cutoff`, oldest first, with their school code. */
export const openRefundsBefore = (db: Db, cutoff: string, limit: number) =>
  db
    .selectFrom('refund')
    .innerJoin('school', 'school.id', 'refund.school_id')
    .selectAll('refund')
    .select('school.code as school_code')
    .where('refund.state', 'in', ['requested', 'processing'])
    .where('refund.updated_at', '<', cutoff)
    .orderBy('refund.updated_at')
    .limit(limit)
    .execute()

export const namingRecord = (db: Db, schoolId: number, id: number) =>
  db.selectFrom('naming_record').selectAll().where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst()

/** Staff's keep-or-release of a refunded gift's naming: only a record waiting for it. */
export const decideNamingReview = (db: Db, schoolId: number, id: number, set: Updateable<NamingRecordTable>) =>
  db
    .updateTable('naming_record')
    .set(set)
    .where('id', '=', id)
    .where('school_id', '=', schoolId)
    .where('refund_state', '=', 'review')
    .executeTakeFirst()

/** A released seat is free again, only while this record still holds it as donated. */
export async function freeNamedSeat(db: Db, schoolId: number, seatId: number, recordId: number, at: string): Promise<void> {
  await db
    .updateTable('naming_seat')
    .set({ status: SEAT_FREE, record_id: null, updated_at: at })
    .where('id', '=', seatId)
    .where('school_id', '=', schoolId)
    .where('record_id', '=', recordId)
    .where('status', '=', SEAT_DONATED)
    .execute()
}

/** Released book copies go back into stock. */
export async function restock(db: Db, schoolId: number, bookId: number, quantity: number): Promise<void> {
  await db
    .updateTable('naming_book')
    .set((eb) => ({ stock: eb('stock', '+', quantity) }))
    .where('id', '=', bookId)
    .where('school_id', '=', schoolId)
    .execute()
}

/** Named seats and book lines of refunded gifts waiting for staff. */
export const namingInReview = (db: Db, schoolId: number, limit: number) =>
  db
    .selectFrom('naming_record as n')
    .innerJoin('donation as d', (j) => j.onRef('d.id', '=', 'n.donation_id').on('d.school_id', '=', schoolId))
    .select(['n.id', 'n.kind', 'n.label', 'n.quantity', 'n.donation_id', 'd.bill_no', 'n.donor_name'])
    .where('n.school_id', '=', schoolId)
    .where('n.refund_state', '=', 'review')
    .orderBy('n.id')
    .limit(limit)
    .execute()
