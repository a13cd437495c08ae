/**
 * The staff API's money requests and answers (routes/staff/money.ts; docs/decisions/055-one-contract.md,
 * 067-staff-requests-once.md): the ledger, exports, offline gifts, the review queue, reconciliation and the dashboard.
 * Each schema is the one source of its shape: the server validates or serialises with it, the domain
 * (domain/ledger/*, domain/order/review.ts, domain/staff/dashboard.ts) returns its `Static` type and the console reads
 * the same type.
 */
import { Type, type Static } from 'typebox'
import { intEnum, Num, Str, strEnum, Yuan } from './common'
import { body, optInt, optString, pageProps, reqInt, reqString } from './wire-int'

/** The ledger's filter values: an order's status, and the channel it came through (domain/ledger/repository.ts). */
export const LEDGER_STATUSES = ['pending', 'paid', 'cancelled', 'expired', 'reconciling', 'refunded'] as const
export const OFFLINE_CHANNELS = ['bank', 'cash', 'cheque', 'other'] as const
export const LEDGER_CHANNELS = ['weapp', 'alipay', 'wechat-h5', 'h5', ...OFFLINE_CHANNELS] as const
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]
/** An offline gift's note and a correction's or void's reason, in characters (domain/ledger/offline.ts). */
export const OFFLINE_NOTE_MAX = 500
export const OFFLINE_REASON_MAX = 500

/** '' means "any" for the enumerated filters, as the console's cleared selects send it */
const optChoice = <const T extends readonly string[]>(values: T) => Type.Optional(strEnum(['', ...values] as const))
/** The ledger's filter (GET /ledger, and the filters of a ledger export): min and max are yuan text. */
export const StaffLedgerFilters = Type.Object({
  projectId: optInt(),
  from: optString(10),
  to: optString(10),
  channel: optChoice(LEDGER_CHANNELS),
  status: optChoice(LEDGER_STATUSES),
  min: optString(20),
  max: optString(20),
  keyword: optString(64)
})
export type LedgerFilters = Static<typeof StaffLedgerFilters>
/** GET /ledger */
export const StaffLedgerQuery = Type.Object({ ...StaffLedgerFilters.properties, ...pageProps })
export type LedgerQuery = Static<typeof StaffLedgerQuery>
/** POST /exports */
export const StaffExportBody = body({
  kind: strEnum(['ledger']),
  format: strEnum(EXPORT_FORMATS),
  filters: Type.Optional(StaffLedgerFilters)
})
export type ExportBody = Static<typeof StaffExportBody>
/** GET /exports/:id/file: the file itself, streamed (never serialised nor checked against a schema); a refusal is
 *  the usual -1 envelope, written by the error handler */
export const StaffExportFile = Type.Unknown()
/** GET /offline-gifts/projects: the offline-gift form's project picker */
export const StaffProjectChoicesQuery = Type.Object({ keyword: optString(100), ...pageProps })
export type ProjectChoicesQuery = Static<typeof StaffProjectChoicesQuery>
/** POST /offline-gifts: amount is yuan text, donatedOn a Beijing day (YYYY-MM-DD) */
export const OfflineGiftBody = body({
  projectId: reqInt(),
  amount: reqString(20),
  donorName: reqString(200),
  donatedOn: reqString(10),
  channel: strEnum(OFFLINE_CHANNELS),
  note: optString(OFFLINE_NOTE_MAX * 4),
  showName: Type.Optional(Type.Boolean())
})
export type OfflineGiftBody = Static<typeof OfflineGiftBody>
/** POST /offline-gifts/:id: the keys sent change, with the reason for the audit log */
export const OfflineGiftCorrectionBody = body({
  amount: optString(20),
  donorName: optString(200),
  donatedOn: optString(10),
  channel: Type.Optional(strEnum(OFFLINE_CHANNELS)),
  note: optString(OFFLINE_NOTE_MAX * 4),
  showName: Type.Optional(Type.Boolean()),
  reason: reqString(OFFLINE_REASON_MAX * 4)
})
export type OfflineGiftCorrectionBody = Static<typeof OfflineGiftCorrectionBody>
/** POST /offline-gifts/:id/void */
export const OfflineGiftVoidBody = body({ reason: reqString(OFFLINE_REASON_MAX * 4) })
export type OfflineGiftVoidBody = Static<typeof OfflineGiftVoidBody>
/** POST /review/:id/resolve */
export const ReviewResolveBody = body({ resolution: strEnum(['paid', 'closed']), reason: reqString(500) })
export type ReviewResolveBody = Static<typeof ReviewResolveBody>
/** GET /reconciliation: Beijing days, the last 30 by default (domain/ledger/reconciliation.ts) */
export const ReconciliationQuery = Type.Object({ from: optString(10), to: optString(10) })
export type ReconciliationQuery = Static<typeof ReconciliationQuery>

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
  /** what giving days' sponsors' matches give this gift (decision 075): a sponsor's promise over the gift, shown apart
   *  and never part of amount; the sponsor's own money arrives as a gift row of its own (offline or online) */
  matched: Yuan,
  matchedFen: Num,
  channel: Str,
  payType: Num,
  status: Str,
  offline: intEnum([0, 1]),
  /** ISO; '' when never paid */
  paidAt: Str,
  createdAt: Str,
  /** only in the answer to an offline gift's entry or correction: the titles of the giving days it counts in
   *  (docs/decisions/088-offline-gifts-in-giving-days.md) */
  givingDays: Type.Optional(Type.Array(Str))
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
  refundedFen: Num,
  /** matched money over the same rows (decision 075), apart from amount */
  matched: Yuan,
  matchedFen: Num
})
export type LedgerTotals = Static<typeof StaffLedgerTotals>

/**
 * GET /ledger/:id: one gift in full for the console's detail drawer
 * (docs/decisions/083-console-gift-drawer-and-bulk-actions.md): the ledger row plus where the money came from, what the
 * donor asked for, the refunds and the certificate and receipt requests of the gift.
 */
export const StaffGiftDetail = Type.Object({
  row: StaffLedgerRow,
  subProjectName: Str,
  anonymous: intEnum([0, 1]),
  /** the provider that took the money and its trade number ('' offline or never paid) */
  provider: Str,
  providerTradeNo: Str,
  /** why a pending order ended ('' while open or paid) and when (ISO or '') */
  closeReason: Str,
  closedAt: Str,
  togetherId: Num,
  /** what the donor filled in on the giving form ('' when the order had no form) */
  certificateName: Str,
  needPaper: intEnum([0, 1]),
  needReceipt: intEnum([0, 1]),
  receiptName: Str,
  email: Str,
  /** an offline gift's channel, day and note, and the staff member who entered it */
  offline: Type.Union([Type.Null(), Type.Object({ channel: Str, donatedOn: Str, note: Str, staffName: Str })]),
  certificateNo: Str,
  certificateVoid: Str,
  refunds: Type.Array(
    Type.Object({ id: Num, amount: Yuan, amountFen: Num, state: Str, reason: Str, origin: Str, createdAt: Str, settledAt: Str })
  ),
  requests: Type.Array(
    Type.Object({
      kind: strEnum(['certificate', 'receipt']),
      id: Num,
      status: Num,
      way: Num,
      expressCompany: Str,
      expressNo: Str,
      refundState: Str,
      createdAt: Str
    })
  )
})
export type GiftDetail = Static<typeof StaffGiftDetail>

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
export type Reconciliation = Static<typeof StaffReconciliation>

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
