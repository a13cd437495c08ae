/**
 * Every path of the staff API, relative to `/staff-api/{school}` (docs/product §8, docs/decisions/055-one-contract.md).
 * The server registers its staff routes from these templates and the console calls through them (`staffPath` fills
 * the `:params`), so a path is written once: test/lint/api-paths.test.js fails on a bare API path anywhere else.
 * A path serves GET, POST or both; the route file says which.
 */
import { fillPath, type ParamsArg } from './routes'

export const STAFF_API_BASE = '/staff-api'
export const STAFF_API_PREFIX = `${STAFF_API_BASE}/:school`

export const StaffApi = {
  // Session and accounts (routes/staff/index.ts, accounts.ts)
  login: '/login',
  me: '/me',
  logout: '/logout',
  staff: '/staff',
  staffMember: '/staff/:id',
  audit: '/audit',
  // Fulfilment: certificates, receipts, nameplates, agreements
  applications: '/applications',
  application: '/applications/:kind/:id',
  applicationAdvance: '/applications/:kind/:id/advance',
  receiptFile: '/receipts/:id/file',
  nameplates: '/nameplates',
  nameplate: '/nameplates/:id',
  nameplateReview: '/nameplates/:id/review',
  agreements: '/agreements',
  agreement: '/agreements/:id',
  agreementCountersign: '/agreements/:id/countersign',
  agreementReceipt: '/agreements/:id/receipt',
  agreementSeal: '/agreement-seal',
  // Money: ledger, exports, offline gifts, review, reconciliation, bills, refunds, dashboard
  dashboard: '/dashboard',
  ledger: '/ledger',
  ledgerGift: '/ledger/:id',
  exports: '/exports',
  exportStatus: '/exports/:id',
  exportFile: '/exports/:id/file',
  offlineGiftProjects: '/offline-gifts/projects',
  offlineGifts: '/offline-gifts',
  offlineGift: '/offline-gifts/:id',
  offlineGiftVoid: '/offline-gifts/:id/void',
  review: '/review',
  reviewResolve: '/review/:id/resolve',
  reconciliation: '/reconciliation',
  bills: '/bills',
  billRun: '/bills/:id',
  billsRun: '/bills/run',
  billFindingApply: '/bills/findings/:id/apply',
  billFindingResolve: '/bills/findings/:id/resolve',
  ledgerRefund: '/ledger/:id/refund',
  refunds: '/refunds',
  refundApprove: '/refunds/:id/approve',
  refundsNaming: '/refunds/naming',
  refundNaming: '/refunds/naming/:id',
  refundSettings: '/refunds/settings',
  // Projects and their parts
  uploads: '/uploads',
  projects: '/projects',
  project: '/projects/:id',
  projectStatus: '/projects/:id/status',
  projectPreview: '/projects/:id/preview',
  projectForm: '/projects/:id/form',
  projectProgress: '/projects/:id/progress',
  projectProgressDelete: '/projects/:id/progress/:pid/delete',
  projectPublicity: '/projects/:id/publicity',
  projectPublicityDelete: '/projects/:id/publicity/:pid/delete',
  categories: '/categories',
  labels: '/labels',
  // Naming inventory
  namingSummary: '/naming/summary',
  namingAreas: '/naming/areas',
  namingAreaSeats: '/naming/areas/:id/seats',
  namingSeat: '/naming/seats/:id',
  namingBooks: '/naming/books',
  namingBook: '/naming/books/:id',
  namingMaps: '/naming/maps',
  namingMap: '/naming/maps/:id',
  // Content: messages, moderation, articles, missing texts
  messages: '/messages',
  messageApprove: '/messages/:id/approve',
  messageHide: '/messages/:id/hide',
  messageReply: '/messages/:id/reply',
  moderation: '/moderation',
  moderationApprove: '/moderation/:id/approve',
  moderationReject: '/moderation/:id/reject',
  articles: '/articles',
  article: '/articles/:id',
  articleDelete: '/articles/:id/delete',
  articleCategories: '/article-categories',
  missingTexts: '/texts/missing',
  // Settings
  settings: '/settings',
  campaigns: '/campaigns',
  privacyPolicy: '/privacy-policy',
  channels: '/channels',
  channel: '/channels/:channel',
  // WeChat and Alipay templates per kind of news (docs/decisions/049-subscribe-messages.md)
  noticeTemplates: '/notice-templates',
  // Yearly statements and failed sends (docs/decisions/050-yearly-statement.md)
  // Monthly giving plans (docs/decisions/071-monthly-giving.md)
  monthlyPlans: '/monthly-plans',
  monthlyCollect: '/monthly-plans/collect',
  monthlyExport: '/monthly-plans/export',
  statements: '/statements',
  statement: '/statements/:id',
  failedNotifications: '/notifications/failed',
  notificationRetry: '/notifications/:id/retry',
  // Giving days, matches and challenges (docs/decisions/070-giving-days.md)
  givingDays: '/giving-days',
  givingDay: '/giving-days/:id',
  givingDayMatches: '/giving-days/:id/matches',
  givingDayMatch: '/giving-days/:id/matches/:matchId',
  givingDayChallenges: '/giving-days/:id/challenges',
  givingDayChallenge: '/giving-days/:id/challenges/:challengeId'
} as const
export type StaffApiPath = (typeof StaffApi)[keyof typeof StaffApi]

/** A staff path with its `:params` filled in: `staffPath(StaffApi.exportStatus, {id: 12})` is '/exports/12'. */
export const staffPath: <P extends StaffApiPath>(path: P, ...params: ParamsArg<P>) => string = fillPath
