/**
 * Refunds asked for by finance in the staff console (docs/decisions/032-refunds.md, docs/product §4 Refund, §7 staff
 * refunds). One path for every provider:
 *
 *   request (amount, reason)  -> hold the amount on the gift, audited
 *     above the school's refund_approval_fen -> pending_approval: another member of staff (finance or admin) approves
 *     (-> requested) or rejects (-> closed, the hold released), audited
 *   requested -> processing (one conditional UPDATE: one caller asks the provider) -> the provider's answer, its
 *     notification or the reconciliation job's query settles it (settle.ts). A provider without a refund call (the
 *     school's third-party platform, offline gifts) is refunded outside: staff record it and it succeeds at once.
 *
 * The hold (donation.refund_held_fen) is taken by one conditional UPDATE that keeps refunded + held + this refund
 * within what was paid: two finance staff refunding the same gift at the same moment cannot give back more than it.
 * out_refund_no is the idempotency key: a request repeated with the same number answers the first refund.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import { beijingStamp } from '../../lib/dates'
import { fenToYuan } from '../../lib/money'
import { randomSerial } from '../../lib/random'
import { isConfigError, type PaymentRegistry } from '../../providers/payment/registry'
import { ProviderError, type PaymentProvider, type RefundAnswer } from '../../providers/payment/types'
import { storedChannel } from '../channel/credentials'
import { applyNotification } from '../order/notifications'
import * as orders from '../order/repository'
import * as repo from './repository'
import { recordAudit } from '../staff/audit'
import { findRefund, RefundOverflow, settleRefund, type RefundRow } from './settle'
import type { RefundState } from './tables'
import type { RefundNamingDecision, RefundView } from '../../../../types/schema/staff-refunds'

type Log = Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>

export interface RefundDeps {
  db: Kysely<DB>
  payments: PaymentRegistry
  /** PUBLIC_BASE_URL: the provider's refund notifications come to /notify/{school}/{provider} under it */
  publicBaseUrl: string
  log: Log
  now: () => Date
  /** after money moved (public read caches are cleared) */
  onPaid?: (donationId: number) => void
}

export interface StaffActor {
  schoolId: number
  schoolCode: string
  staffId: number
}

export const REFUND_REASON_MAX = 200
const OUT_REFUND_NO = /^[A-Za-z0-9_\-|*@]{1,64}$/
/** providers whose money staff give back outside the system and record here */
const REFUNDED_OUTSIDE = new Set(['thirdparty', 'offline', ''])

/** "R" + Beijing time + 10 random characters: within WeChat's out_refund_no (64 of [A-Za-z0-9_-|*@]) and Alipay's. */
export const newOutRefundNo = (now = new Date()) => `R${beijingStamp(now)}${randomSerial(10)}`

export type { RefundView }

const iso = (v: string | Date | null | undefined) => (v ? new Date(v).toISOString() : '')

type ViewRow = Awaited<ReturnType<ReturnType<typeof repo.viewQuery>['executeTakeFirstOrThrow']>>

const toView = (r: ViewRow): RefundView => ({
  id: Number(r.id),
  donationId: Number(r.donation_id),
  billNo: r.bill_no,
  projectName: r.project_name,
  donorName: r.donor_name,
  outRefundNo: r.out_refund_no,
  amount: fenToYuan(Number(r.amount_fen)),
  amountFen: Number(r.amount_fen),
  reason: r.reason,
  state: r.state,
  provider: r.provider,
  providerRefundNo: r.provider_refund_no,
  origin: r.origin,
  requestedBy: r.requested_by === null ? null : Number(r.requested_by),
  approvedBy: r.approved_by === null ? null : Number(r.approved_by),
  failReason: r.fail_reason,
  createdAt: iso(r.created_at),
  settledAt: iso(r.settled_at)
})

export async function refundView(db: Kysely<DB>, schoolId: number, id: number): Promise<RefundView> {
  const r = await repo.refundViewRow(db, schoolId, id)
  if (!r) throw bizError('refundNotFound')
  return toView(r)
}

export async function listRefunds(
  db: Kysely<DB>,
  schoolId: number,
  q: { state?: string; donationId?: number | null; limit?: number | null; offset?: number | null }
): Promise<{ total: number; rows: RefundView[] }> {
  const filter = { state: (q.state || null) as RefundState | null, donationId: q.donationId || null }
  const n = await repo.countRefunds(db, schoolId, filter)
  const list = await repo.refundViewPage(db, schoolId, filter, Math.min(q.limit ?? 20, 100), q.offset ?? 0)
  return { total: n, rows: list.map(toView) }
}

/** The school's approval threshold in fen (school_setting.refund_approval_fen, default ¥5,000). */
export async function approvalThreshold(db: Kysely<DB>, schoolId: number): Promise<number> {
  const s = await repo.approvalSetting(db, schoolId)
  return Number(s?.refund_approval_fen ?? 500_000)
}

export interface RefundRequest {
  donationId: number
  amountFen: number
  reason: string
  outRefundNo?: string
}

export async function requestRefund(deps: RefundDeps, actor: StaffActor, input: RefundRequest): Promise<RefundView> {
  const { db } = deps
  const sid = actor.schoolId
  const reason = input.reason.trim()
  if (!reason || [...reason].length > REFUND_REASON_MAX) throw bizError('refundReasonEmpty')
  if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0) throw bizError('moneyAmountInvalid')
  if (input.outRefundNo !== undefined && input.outRefundNo !== '' && !OUT_REFUND_NO.test(input.outRefundNo))
    throw bizError('refundNoInvalid')
  const order = await orders.getOrderById(db, sid, input.donationId)
  if (!order) throw bizError('staffRecordNotFound')

  const given = input.outRefundNo || ''
  if (given) {
    const existing = await findRefund(db, sid, given)
    if (existing) {
      // the same request again (a double click, a retried network call): the first refund answers
      if (Number(existing.donation_id) === order.id && Number(existing.amount_fen) === input.amountFen)
        return refundView(db, sid, Number(existing.id))
      throw bizError('refundNoTaken')
    }
  }
  if (order.status !== 'paid') throw bizError('refundOrderNotPaid')
  const outRefundNo = given || newOutRefundNo(deps.now())
  const threshold = await approvalThreshold(db, sid)
  const state: RefundState = input.amountFen > threshold ? 'pending_approval' : 'requested'
  const now = deps.now().toISOString()

  const id = await db.transaction().execute(async (trx) => {
    const held = await repo.holdForRefund(trx, sid, order.id, input.amountFen)
    if (Number(held.numUpdatedRows) !== 1) {
      const d = await repo.refundableOf(trx, order.id)
      if (d.status !== 'paid') throw bizError('refundOrderNotPaid')
      const max = Math.max(0, Number(d.amount_fen) - Number(d.refunded_fen) - Number(d.refund_held_fen))
      throw bizError('refundTooMuch', { max: fenToYuan(max) })
    }
    const ins = await repo.insertRefund(trx, {
      school_id: sid,
      donation_id: order.id,
      out_refund_no: outRefundNo,
      amount_fen: input.amountFen,
      reason,
      state,
      provider: order.provider || 'offline',
      origin: 'console',
      held: 1,
      requested_by: actor.staffId,
      created_at: now,
      updated_at: now
    })
    // the same number asked at the same moment by a second request: the hold above rolls back, the first answers
    if (!ins) throw bizError('refundNoTaken')
    await recordAudit(trx, {
      schoolId: sid,
      staffId: actor.staffId,
      action: 'refund.request',
      entity: 'donation',
      entityId: order.id,
      before: { refundedFen: Number(order.refunded_fen), status: order.status },
      after: { refundId: Number(ins.id), outRefundNo, amountFen: input.amountFen, reason, state }
    })
    return Number(ins.id)
  })
  if (state === 'requested') await executeRefund(deps, actor, id)
  return refundView(db, sid, id)
}

/** The second member of staff's decision on a refund above the threshold. */
export async function decideApproval(
  deps: RefundDeps,
  actor: StaffActor,
  refundId: number,
  decision: 'approve' | 'reject',
  note = ''
): Promise<RefundView> {
  const { db } = deps
  const sid = actor.schoolId
  const row = await repo.findRefundById(db, sid, refundId)
  if (!row) throw bizError('refundNotFound')
  if (row.state !== 'pending_approval') throw bizError('refundNotAwaitingApproval')
  if (Number(row.requested_by) === actor.staffId) throw bizError('refundSelfApproval')
  const now = deps.now().toISOString()
  await db.transaction().execute(async (trx) => {
    const moved = await repo.decidePending(
      trx,
      sid,
      refundId,
      actor.staffId,
      decision === 'approve'
        ? { state: 'requested', approved_by: actor.staffId, updated_at: now }
        : {
            state: 'closed',
            approved_by: actor.staffId,
            held: 0,
            fail_reason: `rejected: ${note}`.slice(0, 200),
            settled_at: now,
            updated_at: now
          }
    )
    if (Number(moved.numUpdatedRows) !== 1) throw bizError('refundNotAwaitingApproval')
    if (decision === 'reject') await repo.releaseHold(trx, sid, row.donation_id, Number(row.amount_fen))
    await recordAudit(trx, {
      schoolId: sid,
      staffId: actor.staffId,
      action: decision === 'approve' ? 'refund.approve' : 'refund.reject',
      entity: 'refund',
      entityId: refundId,
      before: { state: 'pending_approval' },
      after: { state: decision === 'approve' ? 'requested' : 'closed', note: note.slice(0, 200) }
    })
  })
  if (decision === 'approve') await executeRefund(deps, actor, refundId)
  return refundView(db, sid, refundId)
}

/** The order's provider (null: refunded outside; undefined: not configured any more) and, when a channel's own
 *  credentials shaped it, that channel: its notify URL names pay type and channel as the order's did. */
async function providerOf(deps: RefundDeps, schoolId: number, order: { provider: string; pay_type: number; id: number }) {
  if (REFUNDED_OUTSIDE.has(order.provider)) return null
  const submission = await orders.getSubmission(deps.db, schoolId, order.id)
  const channel = storedChannel(submission?.pay_channel) ?? undefined
  try {
    const resolved = await deps.payments.forPayType(schoolId, order.pay_type, channel)
    if (resolved.configured && resolved.name === order.provider) return { provider: resolved.provider, channel: resolved.channel }
    const provider = await deps.payments.byName(schoolId, order.provider, order.pay_type, channel)
    return provider ? { provider, channel: undefined } : undefined
  } catch (err) {
    if (isConfigError(err)) return undefined
    throw err
  }
}

function notifyUrl(deps: RefundDeps, schoolCode: string, provider: string, payType: number, channel?: string) {
  if (!deps.publicBaseUrl) return ''
  const base = `${deps.publicBaseUrl}/notify/${schoolCode}/${provider}`
  return channel ? `${base}/${payType}/${channel}` : base
}

/** Runs settleRefund in its own transaction; a provider's word that contradicts the gift is logged, not applied. */
async function settle(
  deps: RefundDeps,
  schoolId: number,
  row: RefundRow,
  outcome: 'succeeded' | 'failed' | 'closed',
  info: { providerRefundNo?: string; raw?: string; failReason?: string }
) {
  try {
    const won = await deps.db.transaction().execute((trx) => settleRefund(trx, schoolId, row, outcome, { ...info, now: deps.now() }))
    if (won && outcome === 'succeeded') deps.onPaid?.(Number(row.donation_id))
    return won
  } catch (err) {
    if (!(err instanceof RefundOverflow)) throw err
    deps.log.error({ schoolId, refundId: row.id }, 'refund would exceed what the gift was paid: left processing for staff')
    return false
  }
}

async function applyAnswer(deps: RefundDeps, schoolId: number, row: RefundRow, a: RefundAnswer) {
  if (a.notify) {
    await applyNotification(deps.db, schoolId, a.notify, { log: deps.log, now: deps.now(), onPaid: deps.onPaid })
    return
  }
  if (a.outcome === 'processing') {
    if (a.providerRefundNo)
      await repo.updateRefund(deps.db, row.id, {
        provider_refund_no: a.providerRefundNo.slice(0, 64),
        raw: a.raw.slice(0, 20_000),
        updated_at: deps.now().toISOString()
      })
    return
  }
  await settle(deps, schoolId, row, a.outcome, {
    providerRefundNo: a.providerRefundNo,
    raw: a.raw,
    failReason: a.outcome === 'succeeded' ? '' : `provider: ${a.outcome}`
  })
}

/** Sends the provider its refund request (or records a refund made outside); `resend`: the reconciliation job asking
 *  again for a refund still processing that the provider does not know (the same out_refund_no: never twice). */
async function callProvider(deps: RefundDeps, actor: Pick<StaffActor, 'schoolId' | 'schoolCode'>, row: RefundRow) {
  const sid = actor.schoolId
  const order = await orders.getOrderById(deps.db, sid, Number(row.donation_id))
  if (!order) return
  const found = await providerOf(deps, sid, order)
  const provider: PaymentProvider | null | undefined = found === null ? null : found?.provider
  if (provider === null || (provider && !provider.refund)) {
    await settle(deps, sid, row, 'succeeded', { raw: JSON.stringify({ recordedOutside: true }) })
    return
  }
  if (!provider) {
    deps.log.error({ schoolId: sid, refundId: row.id, provider: order.provider }, 'refund waits: the provider is not configured')
    return
  }
  const channel = found?.channel
  let answer: RefundAnswer
  try {
    answer = await provider.refund!({
      billNo: order.bill_no,
      providerTradeNo: order.provider_trade_no,
      outRefundNo: row.out_refund_no,
      amountFen: Number(row.amount_fen),
      totalFen: Number(order.amount_fen),
      reason: row.reason || '退款',
      notifyUrl: notifyUrl(deps, actor.schoolCode, order.provider, order.pay_type, channel)
    })
  } catch (err) {
    // only the provider's explicit refusal ends the refund; a lost answer may hide a refund that went through, so it
    // stays processing and the reconciliation job asks (with the same out_refund_no a repeat never refunds twice)
    if (err instanceof ProviderError && (err.kind === 'declined' || err.kind === 'malformed' || err.kind === 'config')) {
      await settle(deps, sid, row, 'failed', { failReason: err.message })
      return
    }
    deps.log.warn({ err, schoolId: sid, refundId: row.id }, 'refund request unanswered: left processing for the reconciliation job')
    return
  }
  await applyAnswer(deps, sid, row, answer)
}

/** requested -> processing (one caller wins), then the provider. */
export async function executeRefund(deps: RefundDeps, actor: Pick<StaffActor, 'schoolId' | 'schoolCode'>, refundId: number) {
  const now = deps.now().toISOString()
  const won = await repo.startProcessing(deps.db, actor.schoolId, refundId, now)
  if (Number(won.numUpdatedRows) !== 1) return
  const row = await repo.refundByIdOrThrow(deps.db, refundId)
  await callProvider(deps, actor, row)
}

export const REFUND_RECONCILE_AFTER_MS = 2 * 60_000

/**
 * The reconciliation job's part (domain/order/reconcile.ts): refunds left 'requested' (the process stopped before
 * asking the provider) are sent; refunds 'processing' for two minutes are asked about at the provider (queryRefund)
 * and settled by its answer, or sent again with the same out_refund_no when the provider does not know them.
 */
export async function reconcileRefunds(deps: RefundDeps, now: Date, limit = 100): Promise<{ checked: number; settled: number }> {
  const cutoff = new Date(now.getTime() - REFUND_RECONCILE_AFTER_MS).toISOString()
  const rows = await repo.openRefundsBefore(deps.db, cutoff, limit)
  let settled = 0
  for (const { school_code, ...row } of rows) {
    const actor = { schoolId: Number(row.school_id), schoolCode: school_code }
    try {
      if (row.state === 'requested') {
        await executeRefund(deps, actor, Number(row.id))
        continue
      }
      const order = await orders.getOrderById(deps.db, actor.schoolId, Number(row.donation_id))
      const provider = order ? (await providerOf(deps, actor.schoolId, order))?.provider : undefined
      // touched first: a provider that keeps failing is asked again in two minutes, not every minute
      await repo.updateRefund(deps.db, row.id, { updated_at: now.toISOString() })
      if (!provider?.queryRefund || !order) continue
      const answer = await provider.queryRefund(row.out_refund_no, order.bill_no)
      if (!answer) {
        await callProvider(deps, actor, row)
        continue
      }
      await applyAnswer(deps, actor.schoolId, row, answer)
      const after = await findRefund(deps.db, actor.schoolId, row.out_refund_no)
      if (after && after.state !== 'processing') settled++
    } catch (err) {
      deps.log.warn({ err, refundId: row.id }, 'refund reconciliation failed')
    }
  }
  return { checked: rows.length, settled }
}

/**
 * Staff's choice for a named seat or book copies of a refunded gift: keep the naming (the foundation honours it) or
 * release it (the seat becomes free, the copies go back into stock). Audited; only a record waiting for it.
 */
export async function decideNaming(
  deps: RefundDeps,
  actor: StaffActor,
  recordId: number,
  decision: 'keep' | 'release'
): Promise<RefundNamingDecision> {
  const { db } = deps
  const sid = actor.schoolId
  const now = deps.now().toISOString()
  return db.transaction().execute(async (trx) => {
    const rec = await repo.namingRecord(trx, sid, recordId)
    if (!rec || rec.refund_state !== 'review') throw bizError('refundNamingNotInReview')
    const moved = await repo.decideNamingReview(
      trx,
      sid,
      recordId,
      decision === 'keep' ? { refund_state: 'kept', updated_at: now } : { refund_state: 'released', status: 'released', updated_at: now }
    )
    if (Number(moved.numUpdatedRows) !== 1) throw bizError('refundNamingNotInReview')
    if (decision === 'release') {
      if (rec.kind === 'seat' && rec.seat_id !== null) await repo.freeNamedSeat(trx, sid, rec.seat_id, rec.id, now)
      if (rec.kind === 'book' && rec.book_id !== null && rec.status === 'named') await repo.restock(trx, sid, rec.book_id, rec.quantity)
    }
    await recordAudit(trx, {
      schoolId: sid,
      staffId: actor.staffId,
      action: decision === 'keep' ? 'refund.naming.keep' : 'refund.naming.release',
      entity: 'naming_record',
      entityId: recordId,
      before: { status: rec.status, refundState: rec.refund_state },
      after: { status: decision === 'keep' ? rec.status : 'released', refundState: decision === 'keep' ? 'kept' : 'released' }
    })
    return { id: recordId, refundState: decision === 'keep' ? 'kept' : 'released' }
  })
}

/** Named seats and book lines of refunded gifts waiting for staff's keep-or-release. */
export async function namingInReview(db: Kysely<DB>, schoolId: number) {
  const rows = await repo.namingInReview(db, schoolId, 200)
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    label: r.label,
    quantity: Number(r.quantity),
    donationId: Number(r.donation_id),
    billNo: r.bill_no,
    donorName: r.donor_name
  }))
}
