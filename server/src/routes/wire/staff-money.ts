/**
 * Answer schemas of the staff API's money routes (routes/staff/money.ts). Their shapes are the domain's own
 * (domain/staff/{ledger,exports,review,reconciliation,dashboard}.ts), checked against them by `wireSchema`.
 */
import { Type } from 'typebox'
import type { Dashboard } from '../../domain/staff/dashboard'
import type { ExportStatus } from '../../domain/staff/exports'
import type { LedgerRow, LedgerTotals } from '../../domain/staff/ledger'
import type { ReconciliationRow } from '../../domain/staff/reconciliation'
import type { ReviewRow } from '../../domain/staff/review'
import { wireSchema } from '../../lib/schemas'
import { intEnum, Num, Str, strEnum, Yuan } from './common'

const ledgerRowFields = {
  id: Num,
  billNo: Str,
  projectId: Num,
  projectName: Str,
  donorName: Str,
  amount: Yuan,
  amountFen: Num,
  refunded: Yuan,
  refundedFen: Num,
  refundPendingFen: Num,
  channel: Str,
  payType: Num,
  status: Str,
  offline: intEnum([0, 1]),
  paidAt: Str,
  createdAt: Str
}
export const StaffLedgerRow = wireSchema<LedgerRow>()(Type.Object(ledgerRowFields))

const Totals = wireSchema<LedgerTotals>()(
  Type.Object({ count: Num, amount: Yuan, amountFen: Num, offlineAmount: Yuan, offlineAmountFen: Num, refunded: Yuan, refundedFen: Num })
)
export const StaffLedgerPage = wireSchema<{ total: number; totals: LedgerTotals; rows: LedgerRow[] }>()(
  Type.Object({ total: Num, totals: Totals, rows: Type.Array(StaffLedgerRow) })
)

export const StaffExportId = wireSchema<{ id: number }>()(Type.Object({ id: Num }))
/** the offline-gift form's project picker: id and name only */
export const StaffProjectChoices = wireSchema<{ total: number; rows: { id: number; name: string }[] }>()(
  Type.Object({ total: Num, rows: Type.Array(Type.Object({ id: Num, name: Str })) })
)
export const StaffExportStatus = wireSchema<ExportStatus>()(
  Type.Object({ id: Num, status: strEnum(['running', 'done', 'failed']), done: Num, total: Num, fileName: Str })
)

export const StaffReviewPage = wireSchema<{ total: number; rows: ReviewRow[] }>()(
  Type.Object({
    total: Num,
    rows: Type.Array(
      Type.Object({
        id: Num,
        billNo: Str,
        kind: strEnum(['reconciling', 'late']),
        status: Str,
        projectId: Num,
        projectName: Str,
        donorName: Str,
        amount: Yuan,
        amountFen: Num,
        provider: Str,
        notifiedAt: Str,
        notifiedFen: Num,
        createdAt: Str,
        closedAt: Str
      })
    )
  })
)
export const StaffReviewResolved = wireSchema<{ id: number; status: string; resolution: 'paid' | 'closed' }>()(
  Type.Object({ id: Num, status: Str, resolution: strEnum(['paid', 'closed']) })
)

export const StaffReconciliation = wireSchema<{ rows: ReconciliationRow[] }>()(
  Type.Object({
    rows: Type.Array(
      Type.Object({
        date: Str,
        provider: Str,
        orders: Num,
        paidFen: Num,
        paid: Yuan,
        notifiedFen: Num,
        notified: Yuan,
        mismatches: Num
      })
    )
  })
)

const Figure = Type.Object({ amount: Yuan, amountFen: Num, count: Num, donors: Num })
export const StaffDashboard = wireSchema<Dashboard>()(
  Type.Object({
    today: Figure,
    month: Figure,
    topProjects: Type.Array(Type.Object({ id: Num, name: Str, amount: Yuan, amountFen: Num, count: Num })),
    daily: Type.Array(Type.Object({ date: Str, amount: Yuan, amountFen: Num, count: Num })),
    warnings: Type.Array(Type.Object({ kind: Type.Literal('proxyNotTrusted'), address: Str, header: Str, seenAt: Str })),
    refunds: Type.Object({
      month: Type.Object({ amount: Yuan, amountFen: Num, count: Num }),
      pendingApproval: Num,
      processing: Num
    })
  })
)
