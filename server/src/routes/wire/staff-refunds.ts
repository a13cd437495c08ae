/** Answer schemas of the staff API's refund routes (routes/staff/refunds.ts; domain/refund/service.ts shapes). */
import { Type } from 'typebox'
import type { RefundView } from '../../domain/refund/service'
import { wireSchema } from '../../lib/schemas'
import { Num, Str, strEnum, Yuan } from './common'

const NullableNum = Type.Union([Num, Type.Null()])

export const StaffRefund = wireSchema<RefundView>()(
  Type.Object({
    id: Num,
    donationId: Num,
    billNo: Str,
    projectName: Str,
    donorName: Str,
    outRefundNo: Str,
    amount: Yuan,
    amountFen: Num,
    reason: Str,
    state: strEnum(['requested', 'pending_approval', 'processing', 'succeeded', 'failed', 'closed']),
    provider: Str,
    providerRefundNo: Str,
    origin: Str,
    requestedBy: NullableNum,
    approvedBy: NullableNum,
    failReason: Str,
    createdAt: Str,
    settledAt: Str
  })
)
export const StaffRefundPage = wireSchema<{ total: number; rows: RefundView[] }>()(
  Type.Object({ total: Num, rows: Type.Array(StaffRefund) })
)

export const StaffRefundNaming = Type.Object({
  rows: Type.Array(
    Type.Object({ id: Num, kind: strEnum(['seat', 'book']), label: Str, quantity: Num, donationId: Num, billNo: Str, donorName: Str })
  )
})
export const StaffRefundNamingDecision = Type.Object({ id: Num, refundState: strEnum(['kept', 'released']) })
export const StaffRefundSettings = Type.Object({ approvalAmount: Yuan, approvalAmountFen: Num })
