/**
 * The staff API's bill reconciliation requests and answers (routes/staff/bills.ts; docs/decisions/055-one-contract.md,
 * 067-staff-requests-once.md): the one source of their shapes; the server validates and serialises with them, the
 * domain (domain/bill/findings.ts) returns the `Static` types.
 */
import { Type, type Static } from 'typebox'
import { Bool, Num, NumOrNull, Str, strEnum } from './common'
import { body, optString, reqString } from './wire-int'

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

/** A finding's note, in characters (the byte bound of the schemas below is four times it; domain/bill/findings.ts). */
export const BILL_NOTE_MAX = 200
/** GET /bills: Beijing days, the last 30 by default */
export const BillRunsQuery = Type.Object({ from: optString(10), to: optString(10) })
export type BillRunsQuery = Static<typeof BillRunsQuery>
/** POST /bills/run: a day (YYYY-MM-DD) and a provider of the list GET /bills offers */
export const BillRunBody = body({ date: reqString(10), provider: reqString(16) })
export type BillRunBody = Static<typeof BillRunBody>
/** POST /bills/findings/:id/apply */
export const BillFindingApplyBody = body({ note: optString(BILL_NOTE_MAX * 4) })
export type BillFindingApplyBody = Static<typeof BillFindingApplyBody>
/** POST /bills/findings/:id/resolve: closing a finding by hand needs a note */
export const BillFindingResolveBody = body({ note: reqString(BILL_NOTE_MAX * 4) })
export type BillFindingResolveBody = Static<typeof BillFindingResolveBody>
