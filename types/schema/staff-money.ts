/**
 * The staff API's money answers (routes/staff/money.ts; docs/decisions/055-one-contract.md): the ledger, exports,
 * the review queue, reconciliation and the dashboard. Each schema is the one source of its shape: the server
 * serialises with it, the domain (domain/staff/{ledger,exports,review,reconciliation,dashboard}.ts) returns its
 * `Static` type and the console reads the same type.
 */
import { Type, type Static } from 'typebox'
import { intEnum, Num, Str, strEnum, Yuan } from './common'

/** The ledger's filter values: an order's status, and the channel it came through (domain/ledger/repository.ts). */
export const LEDGER_STATUSES = ['pending', 'paid', 'cancelled', 'expired', 'reconciling', 'refunded'] as const
export const OFFLINE_CHANNELS = ['bank', 'cash', 'cheque', 'other'] as const
export const LEDGER_CHANNELS = ['weapp', 'alipay', 'wechat-h5', 'h5', ...OFFLINE_CHANNELS] as const
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

export const StaffLedgerRow = Type.Object({
  id: Num,
  billNo: Str,
  projectId: Num,
  projectName: Str,
  donorName: Str,
  amount: Yuan,
  amountFen: Num,
  /** given back by succeeded refunds (docs/decisions/032-refunds.md) */
  refunded: Yuan,
  refundedFen: Num,
  /** refunds asked for and not settled yet (waiting for approval or for the provider) */
  refundPendingFen: Num,
  channel: Str,
  payType: Num,
  status: Str,
  offline: intEnum([0, 1]),
  /** ISO; '' when never paid */
  paidAt: Str,
  createdAt: Str
})
export type LedgerRow = Static<typeof StaffLedgerRow>

export const StaffLedgerTotals = Type.Object({
  count: Num,
  amount: Yuan,
  amountFen: Num,
  offlineAmount: Yuan,
  offlineAmountFen: Num,
  /** refunds given back over the same rows */
  refunded: Yuan,
  refundedFen: Num
})
export type LedgerTotals = Static<typeof StaffLedgerTotals>

/** GET /ledger: a page of orders with the totals over the whole filter. */
export const StaffLedgerPage = Type.Object({ total: Num, totals: StaffLedgerTotals, rows: Type.Array(StaffLedgerRow) })
export type LedgerPage = Static<typeof StaffLedgerPage>

/** POST /exports: the job started. */
export const StaffExportId = Type.Object({ id: Num })
export type ExportId = Static<typeof StaffExportId>
/** the offline-gift form's project picker: id and name only */
export const StaffProjectChoices = Type.Object({ total: Num, rows: Type.Array(Type.Object({ id: Num, name: Str })) })
export type ProjectChoices = Static<typeof StaffProjectChoices>
/** GET /exports/:id: the job's progress. */
export const StaffExportStatus = Type.Object({
  id: Num,
  status: strEnum(['running', 'done', 'failed']),
  done: Num,
  total: Num,
  fileName: Str
})
export type ExportStatus = Static<typeof StaffExportStatus>

export const StaffReviewRow = Type.Object({
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
  /** what the provider reported as received ('' and 0 when nothing was) */
  notifiedAt: Str,
  notifiedFen: Num,
  createdAt: Str,
  closedAt: Str
})
export type ReviewRow = Static<typeof StaffReviewRow>
export type ReviewKind = ReviewRow['kind']
export const StaffReviewPage = Type.Object({ total: Num, rows: Type.Array(StaffReviewRow) })
export const StaffReviewResolved = Type.Object({ id: Num, status: Str, resolution: strEnum(['paid', 'closed']) })
export type ReviewResolved = Static<typeof StaffReviewResolved>

export const StaffReconciliationRow = Type.Object({
  date: Str,
  provider: Str,
  orders: Num,
  paidFen: Num,
  paid: Yuan,
  notifiedFen: Num,
  notified: Yuan,
  mismatches: Num
})
export type ReconciliationRow = Static<typeof StaffReconciliationRow>
export const StaffReconciliation = Type.Object({ rows: Type.Array(StaffReconciliationRow) })

const Figure = Type.Object({ amount: Yuan, amountFen: Num, count: Num, donors: Num })
export type DashboardFigure = Static<typeof Figure>
/** what the operator must fix, shown above the figures (docs/decisions/033-peak-day-order-limits.md) */
export const StaffDeploymentWarning = Type.Object({
  /** proxyNotTrusted: requests come through a proxy that TRUST_PROXY does not name */
  kind: Type.Literal('proxyNotTrusted'),
  /** the connecting address every visitor shares */
  address: Str,
  /** the forwarding header it sent */
  header: Str,
  /** ISO time the warning was last recorded */
  seenAt: Str
})
export const StaffDashboard = Type.Object({
  today: Figure,
  month: Figure,
  topProjects: Type.Array(Type.Object({ id: Num, name: Str, amount: Yuan, amountFen: Num, count: Num })),
  daily: Type.Array(Type.Object({ date: Str, amount: Yuan, amountFen: Num, count: Num })),
  warnings: Type.Array(StaffDeploymentWarning),
  refunds: Type.Object({
    /** succeeded this Beijing month */
    month: Type.Object({ amount: Yuan, amountFen: Num, count: Num }),
    /** waiting for a second approver */
    pendingApproval: Num,
    /** asked and not settled by the provider yet */
    processing: Num
  })
})
export type Dashboard = Static<typeof StaffDashboard>
