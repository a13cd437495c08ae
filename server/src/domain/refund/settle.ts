/**
 * Where a refund ends (docs/decisions/032-refunds.md, docs/product §4 Refund), whoever reports it: the provider's
 * answer to our refund request, its refund notification (also for a refund made in the merchant console), the
 * reconciliation job's query, or staff recording a refund made outside (the third-party platform, offline gifts).
 *
 * - The refund row moves requested|processing -> succeeded|failed|closed by one conditional UPDATE: of fifty
 *   concurrent replays of one notification exactly one wins, on SQLite and PostgreSQL alike, and only the winner
 *   changes anything else.
 * - A success moves the money in the same transaction: donation.refunded_fen grows by a conditional UPDATE that
 *   keeps it at most amount_fen (so totals, which count amount_fen - refunded_fen over paid gifts, never go below
 *   zero), and a gift refunded to the last fen becomes 'refunded', which every paid-gift read stops counting. Then,
 *   still in that transaction: the joint donation's gift counter, the awards the money had earned, the e-certificate
 *   (voided with a reason the donor sees, or re-issued for what remains), the paper certificate and receipt
 *   applications (cancelled before they are sent, flagged for staff after) and named seats or book copies (back to
 *   staff to keep or release).
 */
import type { FastifyBaseLogger } from 'fastify'
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import { enqueue } from '../../jobs/queue'
import type { RefundReport, VerifiedNotification } from '../../providers/payment/types'
import { reviewAwardsAfterRefund } from '../award/service'
import { certificateDue, resolveForm } from '../form/service'
import { FINAL } from '../fulfilment/state'
import * as orders from '../order/repository'
import { transition } from '../order/state'
import type { RefundState, RefundTable } from '../../db/schema'
import { enqueueNotice } from '../notify/enqueue'
import { giveBackMatchesOnRefund } from '../giving-day/service'

type Log = Pick<FastifyBaseLogger, 'warn' | 'info'>
export type RefundRow = Selectable<RefundTable>
type OrderRow = NonNullable<Awaited<ReturnType<typeof orders.findOrder>>>

/** Why a certificate was voided, as stored (void_reason) and shown to the donor in their language (center). */
export const VOID_REASONS = {
  refunded: { zh_CN: '捐赠已全额退款，证书作废', en: 'The gift was refunded in full; the certificate is void' },
  below: { zh_CN: '部分退款后金额低于证书标准，证书作废', en: 'After a partial refund the gift is below the certificate amount; void' }
} as const

/** A success that would give back more than was paid: the provider's word contradicts ours; nothing is written. */
export class RefundOverflow extends Error {
  constructor(readonly donationId: number) {
    super(`refund would exceed what donation ${donationId} was paid`)
    this.name = 'RefundOverflow'
  }
}

export const findRefund = (db: Kysely<DB> | Transaction<DB>, schoolId: number, outRefundNo: string) =>
  db.selectFrom('refund').selectAll().where('school_id', '=', schoolId).where('out_refund_no', '=', outRefundNo).executeTakeFirst()

export interface SettleInfo {
  providerRefundNo?: string
  raw?: string
  failReason?: string
  now: Date
}

/**
 * Moves an open refund to its final state; true when this call did it (and, for a success, moved the money and
 * everything that follows it). Must run in a transaction: a RefundOverflow rolls the whole of it back.
 */
export async function settleRefund(
  trx: Transaction<DB>,
  schoolId: number,
  row: RefundRow,
  outcome: Extract<RefundState, 'succeeded' | 'failed' | 'closed'>,
  info: SettleInfo
): Promise<boolean> {
  const now = info.now.toISOString()
  const moved = await trx
    .updateTable('refund')
    .set({
      state: outcome,
      held: 0,
      settled_at: now,
      updated_at: now,
      ...(info.providerRefundNo ? { provider_refund_no: info.providerRefundNo.slice(0, 64) } : {}),
      ...(info.raw ? { raw: info.raw.slice(0, 20_000) } : {}),
      ...(info.failReason ? { fail_reason: info.failReason.slice(0, 200) } : {})
    })
    .where('id', '=', row.id)
    .where('school_id', '=', schoolId)
    .where('state', 'in', ['requested', 'processing'])
    .executeTakeFirst()
  if (Number(moved.numUpdatedRows) !== 1) return false
  const amount = Number(row.amount_fen)
  const held = row.held ? amount : 0

  if (outcome !== 'succeeded') {
    if (held) {
      await trx
        .updateTable('donation')
        .set((eb) => ({ refund_held_fen: eb('refund_held_fen', '-', held) }))
        .where('id', '=', row.donation_id)
        .where('school_id', '=', schoolId)
        .where('refund_held_fen', '>=', held)
        .execute()
    }
    return true
  }

  const money = await trx
    .updateTable('donation')
    .set((eb) => ({ refunded_fen: eb('refunded_fen', '+', amount), refund_held_fen: eb('refund_held_fen', '-', held) }))
    .where('id', '=', row.donation_id)
    .where('school_id', '=', schoolId)
    .where('status', '=', 'paid')
    .where('refund_held_fen', '>=', held)
    .where(sql<boolean>`refunded_fen + ${amount} <= amount_fen`)
    .executeTakeFirst()
  if (Number(money.numUpdatedRows) !== 1) throw new RefundOverflow(row.donation_id)
  await afterRefundSucceeded(trx, schoolId, row.donation_id, amount, info.now)
  return true
}

/** Everything a refund's money changes besides the money, in its transaction (see the file's header). */
async function afterRefundSucceeded(trx: Transaction<DB>, schoolId: number, donationId: number, amountFen: number, at: Date) {
  const now = at.toISOString()
  const d = await trx
    .selectFrom('donation')
    .select(['id', 'amount_fen', 'refunded_fen', 'user_id', 'together_id', 'items_id'])
    .where('id', '=', donationId)
    .where('school_id', '=', schoolId)
    .executeTakeFirstOrThrow()
  const net = Number(d.amount_fen) - Number(d.refunded_fen)
  const full = net === 0
  if (full) {
    await transition(trx, schoolId, donationId, 'paid', 'refunded')
    // the joint donation's counter (what a cancel contends on) counts gifts that still hold money
    if (d.together_id)
      await trx
        .updateTable('together_donation')
        .set((eb) => ({ gift_count: eb('gift_count', '-', 1) }))
        .where('id', '=', d.together_id)
        .where('school_id', '=', schoolId)
        .where('gift_count', '>', 0)
        .execute()
  }

  // giving-day matches give back what the refunded money had earned (giving-day/service.ts, decision 070)
  await giveBackMatchesOnRefund(trx, schoolId, donationId, net)
  await reviewAwardsAfterRefund(trx, { schoolId, userId: d.user_id, donationId, refundedFen: amountFen, fullyRefunded: full })
  // the donor hears of the refund if they asked to (docs/decisions/044-notifications.md)
  if (d.user_id) await enqueueNotice(trx, { schoolId, userId: d.user_id, kind: 'refund', refId: donationId, now: at })

  // the e-certificate: void (the donor sees why), or re-issued for what the gift still is
  const cert = await trx
    .selectFrom('certificate')
    .select(['id', 'void_reason'])
    .where('school_id', '=', schoolId)
    .where('donation_id', '=', donationId)
    .executeTakeFirst()
  if (cert && !cert.void_reason) {
    let due = false
    if (!full) {
      const submission = await orders.getSubmission(trx, schoolId, donationId)
      const project = await trx.selectFrom('project').selectAll().where('id', '=', d.items_id).executeTakeFirstOrThrow()
      due = certificateDue(await resolveForm(trx, schoolId, submission?.form_id ? { form_id: submission.form_id } : project), net)
    }
    if (due) {
      await trx.updateTable('certificate').set({ amount_fen: net, file_url: '' }).where('id', '=', cert.id).execute()
      await enqueue(trx, schoolId, 'certificate', { donationId }, { now: at })
    } else {
      await trx
        .updateTable('certificate')
        .set({ void_reason: full ? 'refunded' : 'below', voided_at: now, file_url: '' })
        .where('id', '=', cert.id)
        .execute()
    }
  }

  // paper certificate and receipt applications: not yet sent -> cancelled (full refund), already sent -> flagged
  for (const table of ['certificate_request', 'receipt_request'] as const) {
    const final = FINAL[table === 'certificate_request' ? 'certificate' : 'receipt']
    await trx
      .updateTable(table)
      .set({ refund_state: 'flagged', updated_at: now })
      .where('school_id', '=', schoolId)
      .where('donation_id', '=', donationId)
      .where('status', 'in', final)
      .where('refund_state', '!=', 'cancelled')
      .execute()
    if (full)
      await trx
        .updateTable(table)
        .set({ refund_state: 'cancelled', updated_at: now })
        .where('school_id', '=', schoolId)
        .where('donation_id', '=', donationId)
        .where('status', 'not in', final)
        .execute()
  }

  // named seats and book copies go back to staff, who keep or release them (refund/service.ts decideNaming)
  await trx
    .updateTable('naming_record')
    .set({ refund_state: 'review', updated_at: now })
    .where('school_id', '=', schoolId)
    .where('donation_id', '=', donationId)
    .where('status', 'in', ['named', 'review'])
    .where('refund_state', '=', '')
    .execute()
}

export type RefundNotificationResult =
  | { status: 'applied' | 'duplicate' | 'ignored'; donationId: number }
  | { status: 'rejected'; reason: 'unknown_order' | 'provider_mismatch' | 'amount_mismatch' }

/**
 * A provider's word about a refund of `order` (its notification, its query answer, or the sandbox's report). The
 * payment itself is the caller's business (applyNotification pays an order still open first: a refund proves the
 * money arrived). A refund we never asked for (the merchant console) becomes a row of origin 'provider'.
 */
export async function applyRefundReport(
  db: Kysely<DB>,
  schoolId: number,
  order: OrderRow,
  n: VerifiedNotification & { refund: RefundReport },
  opts: { log: Log; now: Date }
): Promise<RefundNotificationResult> {
  const r = n.refund
  const now = opts.now.toISOString()
  if (!r.outRefundNo) return { status: 'rejected', reason: 'unknown_order' }
  try {
    return await db.transaction().execute(async (trx): Promise<RefundNotificationResult> => {
      let row = await findRefund(trx, schoolId, r.outRefundNo)
      if (row && Number(row.donation_id) !== order.id) {
        opts.log.warn(
          { security: true, schoolId, outRefundNo: r.outRefundNo, billNo: n.billNo },
          'refund report names another order: refused'
        )
        return { status: 'rejected', reason: 'unknown_order' }
      }
      if (r.outcome === 'processing') {
        if (row && r.providerRefundNo && !row.provider_refund_no)
          await trx
            .updateTable('refund')
            .set({ provider_refund_no: r.providerRefundNo.slice(0, 64), updated_at: now })
            .where('id', '=', row.id)
            .execute()
        return { status: 'ignored', donationId: order.id }
      }
      if (!row) {
        // nothing to undo for a refund we never asked for that did not happen
        if (r.outcome !== 'succeeded') return { status: 'ignored', donationId: order.id }
        const current = await trx.selectFrom('donation').select(['refunded_fen']).where('id', '=', order.id).executeTakeFirstOrThrow()
        const amount = r.refundFen || (r.totalRefundedFen ?? 0) - Number(current.refunded_fen)
        if (amount <= 0) return { status: 'duplicate', donationId: order.id }
        await trx
          .insertInto('refund')
          .values({
            school_id: schoolId,
            donation_id: order.id,
            out_refund_no: r.outRefundNo.slice(0, 64),
            amount_fen: amount,
            reason: '',
            state: 'processing',
            provider: n.provider,
            provider_refund_no: r.providerRefundNo.slice(0, 64),
            origin: 'provider',
            held: 0,
            requested_by: null,
            created_at: now,
            updated_at: now
          })
          .onConflict((oc) => oc.columns(['school_id', 'out_refund_no']).doNothing())
          .execute()
        row = await findRefund(trx, schoolId, r.outRefundNo)
        if (!row) return { status: 'duplicate', donationId: order.id }
      }
      if (r.refundFen && r.refundFen !== Number(row.amount_fen)) {
        opts.log.warn(
          { security: true, schoolId, outRefundNo: r.outRefundNo, notifiedFen: r.refundFen, refundFen: row.amount_fen },
          'refund report amount does not match the refund: refused, nothing changed'
        )
        return { status: 'rejected', reason: 'amount_mismatch' }
      }
      const outcome = r.outcome === 'succeeded' ? 'succeeded' : r.outcome === 'closed' ? 'closed' : 'failed'
      const won = await settleRefund(trx, schoolId, row, outcome, {
        providerRefundNo: r.providerRefundNo,
        raw: n.raw,
        failReason: outcome === 'succeeded' ? '' : `provider: ${r.outcome}`,
        now: opts.now
      })
      return { status: won ? 'applied' : 'duplicate', donationId: order.id }
    })
  } catch (err) {
    if (!(err instanceof RefundOverflow)) throw err
    opts.log.warn(
      { security: true, schoolId, billNo: n.billNo, outRefundNo: r.outRefundNo },
      'refund report exceeds what was paid: refused'
    )
    return { status: 'rejected', reason: 'amount_mismatch' }
  }
}
