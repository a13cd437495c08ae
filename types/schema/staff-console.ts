/**
 * Answer schemas of the console's core staff routes (routes/staff/core.ts): /me, staff accounts, audit log, settings,
 * channels, content and naming inventory. The one source of these shapes (docs/decisions/055-one-contract.md): the
 * server serialises with them, the console reads their `Static` types.
 */
import { Type, type Static } from 'typebox'
import { DIRECTORY_ORDER_CYCLE } from '../config'
import { Bool, intEnum, Num, NumOrNull, Nullable, Page, Str, strEnum } from './common'
import { body, reqString } from './wire-int'

/** Staff roles (docs/decisions/021); `admin` passes every role check (domain/staff/roles.ts). */
export const STAFF_ROLES = ['admin', 'finance', 'fulfilment', 'editor'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

const Role = strEnum(STAFF_ROLES)
const StrMap = Type.Record(Type.String(), Type.String())

/** POST /login: the answer's token goes in `Authorization: Staff <token>` until expiresAt. */
export const StaffLoginBody = body({ username: reqString(64), password: reqString(200) })
export type StaffLoginBody = Static<typeof StaffLoginBody>
export const StaffToken = Type.Object({ token: Str, expiresAt: Str })
export type StaffToken = Static<typeof StaffToken>

export const StaffMe = Type.Object({
  id: Num,
  username: Str,
  displayName: Str,
  roles: Type.Array(Role),
  school: Type.Object({ code: Str, name: Str })
})

export const StaffAccount = Type.Object({
  id: Num,
  username: Str,
  displayName: Str,
  roles: Type.Array(Role),
  enabled: Bool,
  createdAt: Str
})
export const StaffAccountPage = Page(StaffAccount)

export const AuditRow = Type.Object({
  id: Num,
  at: Str,
  staffId: Num,
  staffName: Str,
  action: Str,
  entity: Str,
  entityId: Str,
  before: Type.Unknown(),
  after: Type.Unknown()
})
export const AuditPage = Page(AuditRow)

const Ways = Type.Array(Num)
const Pickup = Type.Object({ address: Str, name: Str, mobile: Str })
export const FulfilmentConfig = Type.Object({
  isOpenPaper: Bool,
  certificateWays: Ways,
  certificatePickup: Pickup,
  isOpenReceipt: Bool,
  /** 0 none, 1 always, 2 from the start of the current Beijing year (domain/fulfilment/config.ts) */
  validType: intEnum([0, 1, 2]),
  isCreditCode: Bool,
  receiptTypes: Ways,
  receiptWaysPaper: Ways,
  receiptWaysElectronic: Ways,
  receiptPickup: Pickup
})
export const Switches = Type.Object({
  hideStatistics: Bool,
  disableOnlineDonation: Bool,
  offlineContactInfo: Str,
  maskDonorNames: Bool,
  hideDirectorySearch: Bool,
  hideProjectDirectory: Bool,
  defaultDirectoryOrder: strEnum(DIRECTORY_ORDER_CYCLE),
  projectListVariant: strEnum(['tabs', 'dropdown'])
})
export const StaffSettings = Type.Object({
  code: Str,
  name: Str,
  moduleName: Str,
  themeColor: Str,
  logoUrl: Str,
  isProduction: Bool,
  switches: Switches,
  fulfilment: FulfilmentConfig,
  login: Type.Object({ isOpenLogin: Bool, loginNotes: Str, sandboxLogin: Bool })
})

export const ChannelView = Type.Object({
  channel: Str,
  configured: Bool,
  appId: Str,
  secret: Str,
  credentials: StrMap,
  payCredentials: StrMap,
  apiBase: Str,
  enabled: Bool,
  updatedAt: Str
})
export const ChannelList = Type.Object({ isProduction: Bool, rows: Type.Array(ChannelView) })

export const StaffMessage = Type.Object({
  id: Num,
  itemsId: Num,
  itemsName: Str,
  userId: Num,
  nickname: Str,
  content: Str,
  status: Str,
  replyContent: Str,
  createdAt: Str
})
export const StaffMessagePage = Page(StaffMessage)

export const StaffArticle = Type.Object({
  id: Num,
  categoryId: Num,
  categoryName: Str,
  source: Str,
  websiteId: Num,
  title: Str,
  thumbnailImage: Str,
  content: Str,
  publishDate: Str,
  readCount: Num
})
export const StaffArticlePage = Page(StaffArticle)
export const StaffArticleCategory = Type.Object({ id: Num, source: Str, name: Str, sortNo: Num, articles: Num })
export const StaffArticleCategoryPage = Page(StaffArticleCategory)
/** a text the school has not entered in English: the Chinese is shown instead (domain/form/texts.ts missingTexts) */
export const MissingTextPage = Page(Type.Object({ table: Str, id: Num, key: Str, zh: Str }))

const Price = Type.Object({ termName: Str, termYear: Num, termMoney: Str, termFen: Num })
export const NamingSummary = Type.Array(
  Type.Object({
    itemId: Num,
    name: Str,
    namingType: Num,
    free: Num,
    held: Num,
    named: Num,
    unavailable: Num,
    books: Nullable(Type.Object({ stock: Num, held: Num, named: Num }))
  })
)
export const StaffAreaPage = Page(
  Type.Object({ id: Num, itemId: Num, title: Str, imgUrl: Str, type: Num, prices: Type.Array(Price), seats: Num })
)
export const StaffSeat = Type.Object({
  id: Num,
  areaId: Num,
  itemId: Num,
  label: Str,
  rowNo: Num,
  colNo: Num,
  state: Str,
  prices: Type.Array(Price),
  effectivePrices: Type.Array(Price),
  show: Bool
})
export const StaffSeatPage = Page(StaffSeat)
export const StaffBook = Type.Object({
  id: Num,
  itemId: Num,
  categoryId: NumOrNull,
  title: Str,
  author: Str,
  press: Str,
  bookNo: Str,
  unitPrice: Str,
  unitFen: Num,
  stock: Num,
  held: Num,
  available: Num
})
export const StaffBookPage = Page(StaffBook)
export const StaffMap = Type.Object({
  id: Num,
  mapKey: Str,
  itemId: Num,
  level: Num,
  title: Str,
  config: Type.Record(Type.String(), Type.Unknown()),
  updatedAt: Str
})
export const StaffMapPage = Page(StaffMap)
export const Done = Type.Object({ done: Bool })

/** The moderation queue (docs/decisions/042-content-security.md) */
export const ModerationItem = Type.Object({
  id: Num,
  kind: Str,
  state: Str,
  content: Str,
  checker: Str,
  reason: Str,
  userId: Num,
  nickname: Str,
  itemsName: Str,
  createdAt: Str,
  decidedAt: Str
})
export const ModerationPage = Page(ModerationItem)

export type StaffMe = Static<typeof StaffMe>
export type StaffAccount = Static<typeof StaffAccount>
export type StaffAccountPage = Static<typeof StaffAccountPage>
export type AuditRow = Static<typeof AuditRow>
export type AuditPage = Static<typeof AuditPage>
export type FulfilmentConfig = Static<typeof FulfilmentConfig>
export type Switches = Static<typeof Switches>
export type StaffSettings = Static<typeof StaffSettings>
export type ChannelView = Static<typeof ChannelView>
export type ChannelList = Static<typeof ChannelList>
export type StaffMessage = Static<typeof StaffMessage>
export type StaffMessagePage = Static<typeof StaffMessagePage>
export type StaffArticle = Static<typeof StaffArticle>
export type StaffArticlePage = Static<typeof StaffArticlePage>
export type StaffArticleCategory = Static<typeof StaffArticleCategory>
export type StaffArticleCategoryPage = Static<typeof StaffArticleCategoryPage>
export type MissingTextPage = Static<typeof MissingTextPage>
export type NamingSummary = Static<typeof NamingSummary>
export type StaffAreaPage = Static<typeof StaffAreaPage>
export type StaffSeat = Static<typeof StaffSeat>
export type StaffSeatPage = Static<typeof StaffSeatPage>
export type StaffBook = Static<typeof StaffBook>
export type StaffBookPage = Static<typeof StaffBookPage>
export type StaffMap = Static<typeof StaffMap>
export type StaffMapPage = Static<typeof StaffMapPage>
export type Done = Static<typeof Done>
export type ModerationItem = Static<typeof ModerationItem>
export type ModerationPage = Static<typeof ModerationPage>
