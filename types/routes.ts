/**
 * API paths, relative to a school's API base (`/api/{school}`). docs/product §7.
 * P = /uplus-foundation/app/v1/donateu, S = /uplus-system.
 */
export const P = '/uplus-foundation/app/v1/donateu'
export const S = '/uplus-system'
export const OPERATE = '/uplus-operateu/api/v1/web/mobile/index'

export const Api = {
  // Bootstrap
  tokenRefresh: `${S}/api/v1/token/refresh`,
  getAuthToken: `${S}/app/v1/user/getAuthToken`,
  getAuthUrl: `${S}/app/v1/user/getAuthUrl`,
  middleAuth: `${S}/app/v1/user/middle/auth`,
  getWechatShare: `${S}/app/v1/user/getWechatShare`,
  baseInfo: `${S}/app/v1/user/baseInfo`,
  areaList4sort: `${S}/api/v1/area/getAreaList4sort`,
  areaGroupList: `${S}/api/v1/area/groupList`,
  areaDictionary: `${S}/api/v1/dictionary/area/getAreaDictionaryByParentId`,
  settingBaseList: `${S}/api/v1/setting/base/list`,
  // Projects
  typeList: `${P}/items/typeList`,
  labelList: `${P}/items/labelList`,
  itemsList: `${P}/items/itemsList`,
  itemsDetail: `${P}/items/itemsDetail`,
  subItemsStatistics: `${P}/items/subItemsStatistics`,
  donateSeatList: `${P}/items/donateSeatList`,
  donateBookList: `${P}/items/donateBookList`,
  togetherList: `${P}/items/togetherList`,
  progressList: `${P}/items/progressList`,
  leavewordList: `${P}/items/leavewordList`,
  instructionList: `${P}/items/instructionList`,
  insertLeaveword: `${P}/items/insertLeaveword`,
  // Naming seats and books (types/naming.ts)
  areaList: `${P}/items/areaList`,
  seatList: `${P}/items/seatList`,
  getSeatShowData: `${P}/items/getSeatShowData`,
  getBookShowData: `${P}/items/getBookShowData`,
  nameplateExample: `${P}/items/nameplateExample`,
  getNameplateDetailConfig: `${P}/items/getNameplateDetailConfig`,
  bookList: `${P}/items/bookList`,
  bookCategoryList: `${P}/items/bookCategoryList`,
  // Naming maps (types/naming-map.ts; docs/decisions/016-naming-maps.md)
  namingMap: `${P}/naming/activity/map`,
  getSeatDetail: `${P}/naming/activity/getSeatDetail`,
  getSeatStatusList: `${P}/naming/activity/getSeatStatusList`,
  /** the owner corrects a nameplate (nameplate review, decision 013; not in the product docs' call list) */
  nameplateUpdate: `${P}/user/center/nameplateUpdate`,
  // Donation flow (types/donate.ts)
  formDetail: `${P}/items/formDetail`,
  checkPermission: `${P}/items/checkPermission`,
  itemsSubPrice: `${P}/items/itemsSubPrice`,
  getCardBlance: `${P}/items/getCardBlance`,
  donate: `${P}/items/donate`,
  cancel: `${P}/items/cancel`,
  success: `${P}/items/success`,
  payback: `${P}/items/payback`,
  donate4ali: `${P}/items/donate4ali`,
  /** the sandbox cashier's confirm (refused unless the school has the sandbox enabled) */
  sandboxNotify: '/sandbox/notify',
  // Index
  baseConfig: `${P}/index/baseConfig`,
  getSettingValue: `${P}/index/getSettingValue`,
  donateRecordPage: `${P}/index/donateRecordPage`,
  total: `${P}/index/total`,
  articleList: `${P}/index/articleList`,
  articleDetail: `${P}/index/articleDetail`,
  // Web-source articles
  webArticleList: `${OPERATE}/article/list/mobile`,
  webArticleDetail: `${OPERATE}/get/article/details`,
  // Login (types/identity.ts)
  getSmsCode: `${S}/app/v1/user/getSmsCode`,
  mobileLogin: `${S}/app/v1/user/mobileLogin`,
  passLogin: `${S}/app/v1/user/passLogin`,
  // User centre (types/center.ts)
  centerMy: `${P}/user/center/my`,
  awardList: `${P}/user/center/awardList`,
  awardDetail: `${P}/user/center/awardDetail`,
  updateUser: `${P}/user/center/updateUser`,
  itemsDonateGroup: `${P}/user/center/itemsDonateGroup`,
  donateRecordList: `${P}/user/center/donateRecordList`,
  togetherStatistics: `${P}/user/center/togetherStatistics`,
  launchList: `${P}/user/center/launchList`,
  joinList: `${P}/user/center/joinList`,
  namingList: `${P}/user/center/namingList`,
  // Joint donations (types/together.ts)
  insertTogether: `${P}/together/insertTogether`,
  launchDetail: `${P}/together/launchDetail`,
  togetherDetail: `${P}/together/togetherDetail`,
  togetherDelete: `${P}/together/delete`,
  /** the invite poster, a PNG (docs/decisions/084-joint-invite-poster-and-link.md) */
  togetherPoster: `${P}/together/poster`,
  fileUpload: `${S}/api/v1/file/upload`,
  // Certificates
  certificatePage: `${P}/certificate/page`,
  certificateConfig: `${P}/certificate/config/detail`,
  certificateStayPage: `${P}/certificate/stay/page`,
  certificateInsert: `${P}/certificate/insert`,
  certificateDetail: `${P}/certificate/detail`,
  // Receipts
  receiptPage: `${P}/receipt/page`,
  receiptStayPage: `${P}/receipt/stay/page`,
  receiptLastUserInfo: `${P}/receipt/lastUserInfo`,
  receiptConfig: `${P}/receipt/config/detail`,
  receiptInsert: `${P}/receipt/insert`,
  receiptDetail: `${P}/receipt/detail`,
  // Notification choices (types/center.ts NoticePreferences; docs/decisions/044-notifications.md)
  noticePreferences: `${P}/notice/preferences`,
  noticePreferencesSave: `${P}/notice/preferences/save`,
  noticeSubscribe: `${P}/notice/subscribe`,
  // Yearly giving statements (types/statement.ts; docs/decisions/050-yearly-statement.md)
  statementYears: `${P}/statement/years`,
  statementFile: `${P}/statement/file`,
  statementEmail: `${P}/statement/email`,
  statementYearly: `${P}/statement/yearly`,
  // Monthly giving (types/monthly.ts; docs/decisions/071-monthly-giving.md)
  monthlyCreate: `${P}/monthly/create`,
  monthlyPlans: `${P}/monthly/plans`,
  monthlyStop: `${P}/monthly/stop`,
  monthlyOffer: `${P}/monthly/offer`,
  monthlyResume: `${P}/monthly/resume`,
  monthlyPayTypes: `${P}/monthly/pay-types`,
  monthlySign: `${P}/monthly/sign`,
  // Giving days: public totals (types/giving-day.ts; docs/decisions/070-giving-days.md)
  givingDayDetail: `${P}/givingDay/detail`,
  /** the caller's own ambassador code for a day (docs/decisions/075-giving-day-ambassadors-boards.md) */
  givingDayAmbassador: `${P}/givingDay/ambassador`,
  /** what the matches added to the caller's own gift: the thank-you page's line (docs/decisions/074-giving-day-screens.md) */
  givingDayMatched: `${P}/givingDay/matched`,
  /** an ambassador's poster for the day, a PNG (docs/decisions/084-joint-invite-poster-and-link.md, addendum) */
  givingDayPoster: `${P}/givingDay/poster`,
  // Agreements (types/agreement.ts; docs/decisions/017-agreements.md)
  hhuAgreementGeneration: `${P}/hhu/sign/agreement/generation`,
  hhuAgreementSignature: `${P}/hhu/sign/agreement/signature`,
  cpuAgreementProjects: `/uplus-foundation/app/v1/cpu/sign/agreement/project/getList`,
  cpuAgreementGeneration: `/uplus-foundation/app/v1/cpu/sign/agreement/generation`,
  cpuAgreementSignature: `/uplus-foundation/app/v1/cpu/sign/agreement/signature`,
  cpuAgreementMine: `/uplus-foundation/app/v1/cpu/sign/agreement/getMySign`,
  agreementPages: `${P}/sign/agreement/pages`,
  agreementDetail: `${P}/sign/agreement/detail`,
  agreementRetry: `${P}/sign/agreement/retry`,
  // Privacy (types/privacy.ts; docs/decisions/041-privacy-and-account-deletion.md)
  privacyPolicy: `${P}/privacy/policy`,
  privacyStatus: `${P}/privacy/status`,
  privacyConsent: `${P}/privacy/consent`,
  privacyExport: `${P}/privacy/export`,
  deleteAccount: `${P}/privacy/deleteAccount`
} as const
export type ApiPath = (typeof Api)[keyof typeof Api]

/** The prefix of a school's API: every path of `Api` follows it (the school's config names it). */
export const API_PREFIX = '/api/:school'

/** Paths outside a school's API base: the app's remote configuration (types/config.ts), served by the API server. */
export const ConfigApi = {
  root: '/config/index.json',
  school: '/config/:school/index.json'
} as const

/** The `:params` of a path template, each a string or a number: `{id: number | string}` for '/exports/:id'. */
export type PathParams<P extends string> = P extends `${string}:${infer K}/${infer Rest}`
  ? { [k in K]: string | number } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer K}`
    ? { [k in K]: string | number }
    : Record<never, never>
/** The params argument of `fillPath`: none for a template without `:params`. */
export type ParamsArg<P extends string> = keyof PathParams<P> extends never ? [] : [PathParams<P>]

/**
 * A path template of the contract with its `:params` filled in, each URI-encoded (docs/decisions/055-one-contract.md):
 * `fillPath(ConfigApi.school, {school: 'cpu'})` is '/config/cpu/index.json'.
 */
export function fillPath<P extends string>(path: P, ...params: ParamsArg<P>): string {
  const values = (params[0] ?? {}) as Record<string, string | number>
  return path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    if (!(key in values)) throw new Error(`${path}: no value for :${key}`)
    return encodeURIComponent(String(values[key]))
  })
}

/** Request signature (docs/decisions/006-request-signature.md). */
export const SIGNATURE = {
  NONCE_LENGTH: 32,
  NONCE_PATTERN: /^[A-Za-z0-9]{32}$/,
  MAX_SKEW_MS: 300_000,
  NONCE_TTL_MS: 600_000
} as const

/** The data of a clock refusal (docs/decisions/040-clock-tolerance.md): the schema of types/schema/refusals.ts. */
export type { ClockRefusal } from './schema/refusals'
