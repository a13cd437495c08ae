/**
 * The staff API's refund answers (routes/staff/refunds.ts; docs/decisions/032-refunds.md, 055-one-contract.md): the
 * one source of their shapes, the domain (domain/refund/service.ts) returns the `Static` types.
 */
import { Type, type Static } from 'typebox'
import { Num, Str, strEnum, Yuan } from './common'

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
