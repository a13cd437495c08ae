/** Answer schemas of the staff API's bill reconciliation routes (routes/staff/bills.ts; domain/bill/findings.ts shapes). */
import { Type } from 'typebox'
import type { BillFindingView, BillRunView } from '../../domain/bill/findings'
import { FINDING_KINDS } from '../../domain/bill/tables'
import { wireSchema } from '../../lib/schemas'
import { Bool, Num, NumOrNull, Str, strEnum } from './common'

export const StaffBillRun = wireSchema<BillRunView>()(
  Type.Object({
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
)

export const StaffBillFinding = wireSchema<BillFindingView>()(
  Type.Object({
    id: Num,
    runId: Num,
    kind: strEnum(FINDING_KINDS),
    billNo: Str,
    outRefundNo: Str,
    providerTradeNo: Str,
    providerRefundNo: Str,
    billAmount: Str,
    ourAmount: Str,
    donationId: NumOrNull,
    billAt: Str,
    state: Str,
    result: Str,
    note: Str,
    resolvedAt: Str,
    applicable: Bool
  })
)

export const StaffBillRuns = Type.Object({ rows: Type.Array(StaffBillRun), providers: Type.Array(Str) })
export const StaffBillRunDetail = Type.Object({ run: StaffBillRun, findings: Type.Array(StaffBillFinding) })
