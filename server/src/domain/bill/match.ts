/**
 * Matching a day's bill against our books (docs/decisions/038-bill-reconciliation.md). Every bill line is looked up
 * by its bill number (payments) or refund number (refunds), whatever day we recorded it, and every payment or refund
 * we recorded that day for this provider is looked up in the bill. What does not match becomes a finding
 * (tables.ts FINDING_KINDS); nothing here changes an order or a refund: applying a finding is a person's decision
 * (findings.ts), through the ordinary notification and refund paths.
 *
 * A payment on our day that is not in the provider's bill may sit in the neighbouring day's bill (the provider's
 * clock said 23:59:59, our notification arrived at 00:00:01): the provider's own order query (or refund query) is
 * asked before it is flagged, and a paid answer for the same amount is a match.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { BillRow, PaymentProvider } from '../../providers/payment/types'
import type { FindingKind } from './tables'

export interface NewFinding {
  kind: FindingKind
  billNo: string
  outRefundNo?: string
  providerTradeNo?: string
  providerRefundNo?: string
  billFen?: number | null
  ourFen?: number | null
  donationId?: number | null
  billAt?: string
}

export interface MatchResult {
  matched: number
  findings: NewFinding[]
}

export interface MatchDeps {
  db: Kysely<DB>
  log: Pick<FastifyBaseLogger, 'warn'>
  /** the provider that answers order and refund queries for an order's pay type (null: none to ask) */
  providerFor: (payType: number) => Promise<PaymentProvider | null>
}

const PAID = ['paid', 'refunded'] as const

export async function matchBill(
  deps: MatchDeps,
  scope: { schoolId: number; provider: string; fromIso: string; toIso: string },
  rows: BillRow[]
): Promise<MatchResult> {
  const { db } = deps
  const { schoolId, provider } = scope
  const out: MatchResult = { matched: 0, findings: [] }
  const payments = new Map<string, BillRow>()
  const refunds = new Map<string, BillRow>()
  for (const r of rows) {
    if (r.kind === 'payment' && !payments.has(r.billNo)) payments.set(r.billNo, r)
    // refunds still processing at the provider moved no money yet: the day they succeed, they are in that day's bill
    if (r.kind === 'refund' && r.refundOutcome === 'succeeded' && r.outRefundNo && !refunds.has(r.outRefundNo))
      refunds.set(r.outRefundNo, r)
  }

  // ---- the bill's payments, looked up here
  const billNos = [...payments.keys()]
  const orders = new Map<string, { id: number; provider: string; status: string; amount_fen: number }>()
  const late = new Set<string>()
  for (let i = 0; i < billNos.length; i += 500) {
    const chunk = billNos.slice(i, i + 500)
    for (const o of await db
      .selectFrom('donation')
      .select(['id', 'bill_no', 'provider', 'status', 'amount_fen'])
      .where('school_id', '=', schoolId)
      .where('bill_no', 'in', chunk)
      .execute())
      orders.set(o.bill_no, { ...o, amount_fen: Number(o.amount_fen) })
    // money already recorded here for a closed order (late money, in the review queue) is known, not missing
    for (const n of await db
      .selectFrom('payment_notification')
      .select('bill_no')
      .where('school_id', '=', schoolId)
      .where('provider', '=', provider)
      .where('bill_no', 'in', chunk)
      .execute())
      late.add(n.bill_no)
  }
  for (const r of payments.values()) {
    const o = orders.get(r.billNo)
    const base = { billNo: r.billNo, providerTradeNo: r.providerTradeNo, billFen: r.amountFen, billAt: r.at }
    if (!o || o.provider !== provider) out.findings.push({ kind: 'unknown_order', ...base })
    else if (o.amount_fen !== r.amountFen) out.findings.push({ kind: 'amount_mismatch', ...base, ourFen: o.amount_fen, donationId: o.id })
    else if ((PAID as readonly string[]).includes(o.status) || late.has(r.billNo)) out.matched++
    else out.findings.push({ kind: 'missing_payment', ...base, ourFen: o.amount_fen, donationId: o.id })
  }

  // ---- our payments of the day, looked up in the bill
  const ours = await db
    .selectFrom('donation')
    .select(['id', 'bill_no', 'amount_fen', 'pay_type', 'provider_trade_no'])
    .where('school_id', '=', schoolId)
    .where('provider', '=', provider)
    .where('status', 'in', [...PAID])
    .where('is_offline', '=', 0)
    .where('paid_at', '>=', scope.fromIso)
    .where('paid_at', '<', scope.toIso)
    .execute()
  for (const o of ours) {
    if (payments.has(o.bill_no)) continue
    const amount = Number(o.amount_fen)
    const answer = await ask(deps, o.pay_type, (p) => p.query(o.bill_no))
    if (answer && answer.outcome === 'paid' && answer.amountFen === amount) out.matched++
    else
      out.findings.push({
        kind: 'unpaid_at_provider',
        billNo: o.bill_no,
        providerTradeNo: o.provider_trade_no,
        ourFen: amount,
        donationId: o.id
      })
  }

  // ---- the bill's refunds, looked up here
  const outNos = [...refunds.keys()]
  const known = new Map<string, { state: string; amount_fen: number; donation_id: number }>()
  for (let i = 0; i < outNos.length; i += 500) {
    for (const f of await db
      .selectFrom('refund')
      .select(['out_refund_no', 'state', 'amount_fen', 'donation_id'])
      .where('school_id', '=', schoolId)
      .where('out_refund_no', 'in', outNos.slice(i, i + 500))
      .execute())
      known.set(f.out_refund_no, { state: f.state, amount_fen: Number(f.amount_fen), donation_id: Number(f.donation_id) })
  }
  for (const r of refunds.values()) {
    const f = known.get(r.outRefundNo!)
    const base = {
      billNo: r.billNo,
      outRefundNo: r.outRefundNo,
      providerTradeNo: r.providerTradeNo,
      providerRefundNo: r.providerRefundNo,
      billFen: r.amountFen,
      billAt: r.at
    }
    if (!f) out.findings.push({ kind: 'unknown_refund', ...base, donationId: orders.get(r.billNo)?.id ?? null })
    else if (f.amount_fen !== r.amountFen || f.state === 'failed' || f.state === 'closed')
      out.findings.push({ kind: 'refund_mismatch', ...base, ourFen: f.amount_fen, donationId: f.donation_id })
    else if (f.state === 'succeeded') out.matched++
    // asked here and not settled yet: the bill says it went through; applying settles it (findings.ts)
    else out.findings.push({ kind: 'unknown_refund', ...base, ourFen: f.amount_fen, donationId: f.donation_id })
  }

  // ---- our refunds settled that day, looked up in the bill
  const ourRefunds = await db
    .selectFrom('refund')
    .innerJoin('donation', 'donation.id', 'refund.donation_id')
    .select(['refund.out_refund_no', 'refund.amount_fen', 'refund.donation_id', 'donation.bill_no', 'donation.pay_type'])
    .where('refund.school_id', '=', schoolId)
    .where('refund.provider', '=', provider)
    .where('refund.state', '=', 'succeeded')
    .where('refund.settled_at', '>=', scope.fromIso)
    .where('refund.settled_at', '<', scope.toIso)
    .execute()
  for (const f of ourRefunds) {
    if (refunds.has(f.out_refund_no)) continue
    const answer = await ask(deps, f.pay_type, (p) => (p.queryRefund ? p.queryRefund(f.out_refund_no, f.bill_no) : Promise.resolve(null)))
    if (answer?.outcome === 'succeeded') out.matched++
    else
      out.findings.push({
        kind: 'refund_not_in_bill',
        billNo: f.bill_no,
        outRefundNo: f.out_refund_no,
        ourFen: Number(f.amount_fen),
        donationId: Number(f.donation_id)
      })
  }
  return out
}

/** The provider's answer, or null when there is nobody to ask or the question failed (then the line is flagged). */
async function ask<T>(deps: MatchDeps, payType: number, q: (p: PaymentProvider) => Promise<T | null>): Promise<T | null> {
  try {
    const p = await deps.providerFor(payType)
    return p ? await q(p) : null
  } catch (err) {
    deps.log.warn({ err }, 'bill reconciliation: the provider query failed; the line is flagged')
    return null
  }
}
