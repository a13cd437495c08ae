/**
 * Orders in review. The order domain already marks the two cases a person must settle:
 * - 'reconciling' (migration 007, order/state.ts): a campus-card debit whose answer was lost. Resolved 'paid', it
 *   goes through applyNotification exactly as the card system's own "paid" would (pending|reconciling -> paid,
 *   certificate job, paper requests, awards, naming, joint gift), recorded as a notification from the order's own
 *   provider with the staff member and reason in its raw payload; resolved 'closed', it moves reconciling ->
 *   cancelled (close_reason 'staff_review') through order/state.ts's transition.
 * - refund_review = 1 (migration 005, order/notifications.ts): money arrived after the order was cancelled or had
 *   expired. The order domain never reopens a closed order (the donor was told it ended and may have paid again),
 *   so such an order can only be resolved 'closed' (refunded by hand, the flag cleared); 'paid' is refused with a
 *   message saying so. Honouring the money is entering it as an offline gift.
 * Every resolution writes an order_review row and an audit row in the transaction of the change.
 */
import type { Kysely } from 'kysely'
import { PAGE_SIZE } from '../../../../types'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import { fenToYuan } from '../../lib/money'
import type { ProviderName } from '../../providers/payment/types'
import { applyNotification } from './notifications'
import * as orders from './repository'
import { transition } from './state'
import { recordAudit } from '../staff/audit'
import type { ReviewKind, ReviewRow } from '../../../../types/schema/staff-money'

export type { ReviewKind, ReviewRow }

const iso = (v: string | null | undefined) => (v ? new Date(v).toISOString() : '')

function inReview(db: Kysely<DB>, schoolId: number) {
  return db
    .selectFrom('donation as d')
    .innerJoin('project as p', (j) => j.onRef('p.id', '=', 'd.items_id').on('p.school_id', '=', schoolId))
    .where('d.school_id', '=', schoolId)
    .where((eb) => eb.or([eb('d.status', '=', 'reconciling'), eb('d.refund_review', '=', 1)]))
}

export async function reviewPage(db: Kysely<DB>, schoolId: number, page: { limit?: number | null; offset?: number | null }) {
  const limit = Math.min(page.limit ?? 20, PAGE_SIZE.MAX)
  const offset = page.offset ?? 0
  const [rows, total] = await Promise.all([
    inReview(db, schoolId)
      .leftJoin('payment_notification as pn', (j) =>
        j.onRef('pn.bill_no', '=', 'd.bill_no').onRef('pn.provider', '=', 'd.provider').on('pn.school_id', '=', schoolId)
      )
      .select([
        'd.id',
        'd.bill_no',
        'd.status',
        'd.items_id',
        'p.name as project_name',
        'd.donor_name',
        'd.amount_fen',
        'd.provider',
        'd.created_at',
        'd.closed_at',
        'pn.amount_fen as notified_fen',
        'pn.created_at as notified_at'
      ])
      .orderBy('d.created_at', 'asc')
      .orderBy('d.id', 'asc')
      .limit(limit)
      .offset(offset)
      .execute(),
    inReview(db, schoolId)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ])
  return {
    total: Number(total.n),
    rows: rows.map((r): ReviewRow => ({
      id: Number(r.id),
      billNo: r.bill_no,
      kind: r.status === 'reconciling' ? 'reconciling' : 'late',
      status: r.status,
      projectId: Number(r.items_id),
      projectName: r.project_name,
      donorName: r.donor_name,
      amount: fenToYuan(Number(r.amount_fen)),
      amountFen: Number(r.amount_fen),
      provider: r.provider,
      notifiedAt: iso(r.notified_at),
      notifiedFen: Number(r.notified_fen ?? 0),
      createdAt: iso(r.created_at),
      closedAt: iso(r.closed_at)
    }))
  }
}

export interface Resolution {
  resolution: 'paid' | 'closed'
  reason: string
}

export async function resolveReview(
  db: Kysely<DB>,
  a: { schoolId: number; staffId: number; now: Date; onPaid?: (donationId: number) => void },
  id: number,
  r: Resolution
): Promise<{ id: number; status: string; resolution: 'paid' | 'closed' }> {
  const reason = r.reason.trim()
  if (!reason) throw bizError('reviewReasonEmpty')
  const order = await orders.getOrderById(db, a.schoolId, id)
  if (!order) throw bizError('staffRecordNotFound')
  const kind: ReviewKind | null = order.status === 'reconciling' ? 'reconciling' : order.refund_review === 1 ? 'late' : null
  if (!kind) throw bizError('reviewNotOpen')
  const nowIso = a.now.toISOString()
  const before = { status: order.status, refundReview: order.refund_review }
  const record = async (trx: Parameters<typeof recordAudit>[0], after: Record<string, unknown>) => {
    await trx
      .insertInto('order_review')
      .values({
        school_id: a.schoolId,
        donation_id: order.id,
        kind,
        resolution: r.resolution,
        reason,
        staff_id: a.staffId,
        created_at: nowIso
      })
      .execute()
    await recordAudit(trx, {
      schoolId: a.schoolId,
      staffId: a.staffId,
      action: `review.resolve.${r.resolution}`,
      entity: 'donation',
      entityId: order.id,
      before,
      after: { ...after, kind, reason, billNo: order.bill_no }
    })
  }

  if (kind === 'reconciling' && r.resolution === 'paid') {
    const result = await applyNotification(
      db,
      a.schoolId,
      {
        provider: order.provider as ProviderName,
        billNo: order.bill_no,
        providerTradeNo: `staff-review-${a.staffId}`,
        amountFen: order.amount_fen,
        outcome: 'paid',
        raw: JSON.stringify({ via: 'staff-review', staffId: a.staffId, reason })
      },
      { now: a.now, onPaid: a.onPaid, inTransaction: (trx) => record(trx, { status: 'paid' }) }
    )
    if (result.status !== 'applied') throw bizError('reviewNotOpen')
    return { id: order.id, status: 'paid', resolution: 'paid' }
  }
  if (kind === 'late' && r.resolution === 'paid') throw bizError('reviewLateNotPayable')

  await db.transaction().execute(async (trx) => {
    if (kind === 'reconciling') {
      const won = await transition(trx, a.schoolId, order.id, 'reconciling', 'cancelled', {
        closed_at: nowIso,
        close_reason: 'staff_review'
      })
      if (!won) throw bizError('reviewNotOpen')
      await record(trx, { status: 'cancelled' })
      return
    }
    const u = await trx
      .updateTable('donation')
      .set({ refund_review: 0 })
      .where('id', '=', order.id)
      .where('school_id', '=', a.schoolId)
      .where('refund_review', '=', 1)
      .executeTakeFirst()
    if (Number(u.numUpdatedRows) !== 1) throw bizError('reviewNotOpen')
    await record(trx, { status: order.status, refundReview: 0 })
  })
  const after = await orders.getOrderById(db, a.schoolId, order.id)
  return { id: order.id, status: after?.status ?? order.status, resolution: 'closed' }
}
