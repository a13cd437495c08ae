/**
 * The staff API's bill reconciliation answers (routes/staff/bills.ts; docs/decisions/055-one-contract.md): the one
 * source of their shapes, the domain (domain/bill/findings.ts) returns the `Static` types.
 */
import { Type, type Static } from 'typebox'
import { Bool, Num, NumOrNull, Str, strEnum } from './common'

/**
 * What a comparison of a provider's bill with the books can find (domain/bill/tables.ts says what each means).
 */
export const FINDING_KINDS = [
  'missing_payment',
  'unpaid_at_provider',
  'amount_mismatch',
  'unknown_order',
  'unknown_refund',
  'refund_not_in_bill',
  'refund_mismatch'
] as const
export type FindingKind = (typeof FINDING_KINDS)[number]

export const StaffBillRun = Type.Object({
  id: Num,
  date: Str,
  provider: Str,
  state: Str,
  lines: Num,
  matched: Num,
  openFindings: Num,
  error: Str,
  startedAt: Str,
  finishedAt: Str
})
export type BillRunView = Static<typeof StaffBillRun>

export const StaffBillFinding = Type.Object({
  id: Num,
  runId: Num,
  kind: strEnum(FINDING_KINDS),
  billNo: Str,
  outRefundNo: Str,
  providerTradeNo: Str,
  providerRefundNo: Str,
  /** what the bill says, yuan ('' when the bill has no such line) */
  billAmount: Str,
  /** what our books say, yuan ('' when we have no such record) */
  ourAmount: Str,
  donationId: NumOrNull,
  billAt: Str,
  state: Str,
  result: Str,
  note: Str,
  resolvedAt: Str,
  applicable: Bool
})
export type BillFindingView = Static<typeof StaffBillFinding>

export const StaffBillRuns = Type.Object({ rows: Type.Array(StaffBillRun), providers: Type.Array(Str) })
export const StaffBillRunDetail = Type.Object({ run: StaffBillRun, findings: Type.Array(StaffBillFinding) })
export type BillRuns = Static<typeof StaffBillRuns>
export type BillRunDetail = Static<typeof StaffBillRunDetail>
