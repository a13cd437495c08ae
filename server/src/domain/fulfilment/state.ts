/**
 * Fulfilment transitions (docs/product §4 statuses; the transitions are the foundation's, the spec does not show them).
 * Only forward moves that match the application's way are allowed:
 *   certificate: 1 -> 2 (way 2, mail) | 3 (way 1, pick up);  2 -> 4 mailed (courier company + number);  3 -> 5 picked up
 *   receipt:     1 -> 2 (way 2, express) | 3 (way 1, pick up) | 6 (ways 3/4, electronic);  2 -> 4 mailed (courier);
 *                3 -> 5 picked up;  6 -> 7 sent (the receipt file must be attached)
 * Each move is a conditional UPDATE (… AND status = from) plus a history row with the staff id and time, in one
 * transaction: of two staff moving the same application, one wins and the other is told to reload.
 */
import { recordAudit } from '../staff/audit'
import { enqueueNotice } from '../notify/enqueue'
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'

type Db = Kysely<DB> | Transaction<DB>
export type FulfilmentKind = 'certificate' | 'receipt'

/** Statuses that end the application: no move leaves them. */
export const FINAL: Record<FulfilmentKind, readonly number[]> = { certificate: [4, 5], receipt: [4, 5, 7] }
/** Arrivals that need the courier company and number. */
const MAILED: Record<FulfilmentKind, number> = { certificate: 4, receipt: 4 }

/** The statuses an application may move to next, given its current status and way. */
export function nextStatuses(kind: FulfilmentKind, status: number, way: number): number[] {
  if (kind === 'certificate') {
    if (status === 1) return way === 2 ? [2] : way === 1 ? [3] : []
    return ({ 2: [4], 3: [5] } as Record<number, number[]>)[status] ?? []
  }
  if (status === 1) return way === 2 ? [2] : way === 1 ? [3] : way === 3 || way === 4 ? [6] : []
  return ({ 2: [4], 3: [5], 6: [7] } as Record<number, number[]>)[status] ?? []
}

export interface AdvanceInput {
  schoolId: number
  kind: FulfilmentKind
  id: number
  to: number
  staffId: number
  expressCompany?: string
  expressNo?: string
  now?: Date
}

async function load(db: Db, kind: FulfilmentKind, schoolId: number, id: number) {
  if (kind === 'certificate') {
    const r = await db
      .selectFrom('certificate_request')
      .selectAll()
      .where('school_id', '=', schoolId)
      .where('id', '=', id)
      .executeTakeFirst()
    return r && { status: r.status, way: r.certificate_way, fileUrl: '', refundState: r.refund_state }
  }
  const r = await db.selectFrom('receipt_request').selectAll().where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst()
  return r && { status: r.status, way: r.receipt_way, fileUrl: r.file_url, refundState: r.refund_state }
}

export async function advance(db: Kysely<DB>, a: AdvanceInput): Promise<{ from: number; to: number }> {
  const row = await load(db, a.kind, a.schoolId, a.id)
  if (!row) throw bizError('applicationNotFound')
  // the gift was refunded in full before this was sent: nothing more is sent (docs/decisions/032-refunds.md)
  if (row.refundState === 'cancelled') throw bizError('transitionNotAllowed', { from: row.status, to: a.to })
  if (!nextStatuses(a.kind, row.status, row.way).includes(a.to)) throw bizError('transitionNotAllowed', { from: row.status, to: a.to })
  const company = (a.expressCompany ?? '').trim().slice(0, 64)
  const number = (a.expressNo ?? '').trim().slice(0, 64)
  const mailed = a.to === MAILED[a.kind]
  if (mailed && (!company || !number)) throw bizError('courierRequired')
  if (a.kind === 'receipt' && a.to === 7 && !row.fileUrl) throw bizError('receiptFileRequired')
  const now = (a.now ?? new Date()).toISOString()

  await db.transaction().execute(async (trx) => {
    const set = { status: a.to, updated_at: now, ...(mailed ? { express_company: company, express_no: number } : {}) }
    let r
    if (a.kind === 'certificate') {
      r = await trx
        .updateTable('certificate_request')
        .set(set)
        .where('school_id', '=', a.schoolId)
        .where('id', '=', a.id)
        .where('status', '=', row.status)
        .executeTakeFirst()
    } else {
      let q = trx
        .updateTable('receipt_request')
        .set(set)
        .where('school_id', '=', a.schoolId)
        .where('id', '=', a.id)
        .where('status', '=', row.status)
      // the file checked above must still be there
      if (a.to === 7) q = q.where('file_url', '!=', '')
      r = await q.executeTakeFirst()
    }
    if (Number(r.numUpdatedRows) !== 1) throw bizError('statusChanged')
    await trx
      .insertInto('fulfilment_history')
      .values({
        school_id: a.schoolId,
        kind: a.kind,
        request_id: a.id,
        action: 'advance',
        from_status: row.status,
        to_status: a.to,
        staff_id: a.staffId,
        detail: JSON.stringify(mailed ? { expressCompany: company, expressNo: number } : {}),
        created_at: now
      })
      .execute()
    // the staff audit log: the API and the CLI alike, in the move's own transaction
    await recordAudit(trx, {
      schoolId: a.schoolId,
      staffId: a.staffId,
      action: `${a.kind}.advance`,
      entity: a.kind,
      entityId: a.id,
      before: { status: row.status },
      after: { status: a.to, ...(mailed ? { expressCompany: company, expressNo: number } : {}) }
    })
  })
  return { from: row.status, to: a.to }
}

/** Sets the receipt's file (any status before 7 'sent'), recorded in the history as 'attach'. */
export async function setReceiptFile(
  db: Kysely<DB>,
  a: { schoolId: number; id: number; staffId: number; fileUrl: string; now?: Date }
): Promise<boolean> {
  const now = (a.now ?? new Date()).toISOString()
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('receipt_request')
      .select(['status', 'file_url', 'user_id', 'receipt_way', 'refund_state'])
      .where('school_id', '=', a.schoolId)
      .where('id', '=', a.id)
      .executeTakeFirst()
    if (!row) throw bizError('applicationNotFound')
    if (row.status === 7) throw bizError('receiptFileLocked')
    const r = await trx
      .updateTable('receipt_request')
      .set({ file_url: a.fileUrl, updated_at: now })
      .where('school_id', '=', a.schoolId)
      .where('id', '=', a.id)
      .where('status', '=', row.status)
      .executeTakeFirst()
    if (Number(r.numUpdatedRows) !== 1) throw bizError('statusChanged')
    await trx
      .insertInto('fulfilment_history')
      .values({
        school_id: a.schoolId,
        kind: 'receipt',
        request_id: a.id,
        action: 'attach',
        from_status: row.status,
        to_status: row.status,
        staff_id: a.staffId,
        detail: JSON.stringify({ fileUrl: a.fileUrl }),
        created_at: now
      })
      .execute()
    await recordAudit(trx, {
      schoolId: a.schoolId,
      staffId: a.staffId,
      action: 'receipt.file.attach',
      entity: 'receipt',
      entityId: a.id,
      before: { fileUrl: row.file_url },
      after: { fileUrl: a.fileUrl }
    })
    // an e-mail receipt goes to the donor with the file attached, an SMS receipt (way 4) as a short link to the
    // receipt page; either then moves to 7 by itself (domain/notify/send.ts, docs/decisions/044-notifications.md, 050)
    if ((row.receipt_way === 3 || row.receipt_way === 4) && row.refund_state !== 'cancelled' && row.status !== 2 && row.status !== 3)
      await enqueueNotice(trx, { schoolId: a.schoolId, userId: row.user_id, kind: 'receipt', refId: a.id, now: a.now })
    return true
  })
}

export const historyOf = (db: Db, schoolId: number, kind: FulfilmentKind, id: number) =>
  db
    .selectFrom('fulfilment_history')
    .innerJoin('staff', 'staff.id', 'fulfilment_history.staff_id')
    .select([
      'fulfilment_history.id',
      'action',
      'from_status',
      'to_status',
      'detail',
      'fulfilment_history.created_at',
      'staff.username',
      'staff_id'
    ])
    .where('fulfilment_history.school_id', '=', schoolId)
    .where('kind', '=', kind)
    .where('request_id', '=', id)
    .orderBy('fulfilment_history.id')
    .execute()
