/**
 * The staff API's refund requests and answers (routes/staff/refunds.ts; docs/decisions/032-refunds.md,
 * 055-one-contract.md, 067-staff-requests-once.md): the one source of their shapes; the server validates and
 * serialises with them, the domain (domain/refund/service.ts) returns the `Static` types.
 */
import { Type, type Static } from 'typebox'
import { Num, Str, strEnum, Yuan } from './common'
import { body, optInt, optString, pageProps, reqString } from './wire-int'

/** A refund's life (domain/refund/state.ts moves it). */
export const REFUND_STATES = ['requested', 'pending_approval', 'processing', 'succeeded', 'failed', 'closed'] as const
export type RefundState = (typeof REFUND_STATES)[number]

const NullableNum = Type.Union([Num, Type.Null()])

export const StaffRefund = Type.Object({
  id: Num,
  donationId: Num,
  billNo: Str,
  projectName: Str,
  donorName: Str,
  outRefundNo: Str,
  amount: Yuan,
  amountFen: Num,
  reason: Str,
  state: strEnum(REFUND_STATES),
  provider: Str,
  providerRefundNo: Str,
  origin: Str,
  requestedBy: NullableNum,
  approvedBy: NullableNum,
  failReason: Str,
  createdAt: Str,
  settledAt: Str
})
export type RefundView = Static<typeof StaffRefund>
export const StaffRefundPage = Type.Object({ total: Num, rows: Type.Array(StaffRefund) })
export type RefundPage = Static<typeof StaffRefundPage>

/** GET /refunds/naming: seats and books of refunded gifts waiting for a keep-or-release decision. */
export const StaffRefundNaming = Type.Object({
  rows: Type.Array(
    Type.Object({ id: Num, kind: strEnum(['seat', 'book']), label: Str, quantity: Num, donationId: Num, billNo: Str, donorName: Str })
  )
})
export type RefundNaming = Static<typeof StaffRefundNaming>
export const StaffRefundNamingDecision = Type.Object({ id: Num, refundState: strEnum(['kept', 'released']) })
export const StaffRefundSettings = Type.Object({ approvalAmount: Yuan, approvalAmountFen: Num })
export type RefundSettings = Static<typeof StaffRefundSettings>

/** POST /ledger/:id/refund: amount is yuan text; outRefundNo lets finance retry a refund under the same number */
export const RefundRequestBody = body({ amount: reqString(20), reason: reqString(800), outRefundNo: optString(64) })
export type RefundRequestBody = Static<typeof RefundRequestBody>
/** GET /refunds: state '' means any */
export const RefundQuery = Type.Object({
  state: Type.Optional(strEnum(['', ...REFUND_STATES] as const)),
  donationId: optInt(),
  ...pageProps
})
export type RefundQuery = Static<typeof RefundQuery>
/** POST /refunds/:id/approve: the second approver's decision */
export const RefundApprovalBody = body({ decision: strEnum(['approve', 'reject']), note: optString(800) })
export type RefundApprovalBody = Static<typeof RefundApprovalBody>
/** POST /refunds/naming/:id: keep the refunded gift's seat or copies named, or release them */
export const RefundNamingBody = body({ decision: strEnum(['keep', 'release']) })
export type RefundNamingBody = Static<typeof RefundNamingBody>
export type RefundNamingDecision = Static<typeof StaffRefundNamingDecision>
/** POST /refunds/settings: yuan text; refunds above it need a second approver */
export const RefundSettingsBody = body({ approvalAmount: reqString(20) })
export type RefundSettingsBody = Static<typeof RefundSettingsBody>
