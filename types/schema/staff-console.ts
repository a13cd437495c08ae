/**
 * Request and answer schemas of the console's core staff routes (routes/staff/core.ts): /me, staff accounts, audit
 * log, settings, channels, content, naming inventory and moderation. The one source of these shapes
 * (docs/decisions/055-one-contract.md, 067-staff-requests-once.md): the server validates and serialises with them,
 * the console reads their `Static` types.
 */
import { Type, type Static } from 'typebox'
import { DIRECTORY_ORDER_CYCLE } from '../config'
import { Bool, intEnum, Num, NumOrNull, Nullable, Page, Str, strEnum } from './common'
import { body, INT_RANGE, optInt, optString, pageProps, reqInt, reqString } from './wire-int'

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

const Roles = Type.Array(Role, { minItems: 1, maxItems: STAFF_ROLES.length })
/** POST /staff: a new account */
export const StaffAccountBody = body({ username: reqString(64, 1), password: reqString(200, 1), displayName: optString(64), roles: Roles })
export type StaffAccountBody = Static<typeof StaffAccountBody>
/** POST /staff/:id: only the keys sent change; an admin cannot drop their own admin role (domain/staff/admin.ts) */
export const StaffAccountUpdateBody = body({
  displayName: optString(64),
  roles: Type.Optional(Roles),
  enabled: Type.Optional(Type.Boolean()),
  password: optString(200, 1)
})
export type StaffAccountUpdateBody = Static<typeof StaffAccountUpdateBody>

/** GET /audit: '' or absent means any */
export const AuditQuery = Type.Object({
  entity: optString(32),
  entityId: optString(64),
  action: optString(64),
  staffId: optInt(),
  ...pageProps
})
export type AuditQuery = Static<typeof AuditQuery>

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

/** A donor message's moderation state (domain/message/staff.ts). */
export const MESSAGE_STATUSES = ['pending', 'visible', 'hidden'] as const
/** GET /messages */
export const StaffMessageQuery = Type.Object({ status: Type.Optional(strEnum(MESSAGE_STATUSES)), itemsId: optInt(), ...pageProps })
export type StaffMessageQuery = Static<typeof StaffMessageQuery>
/** POST /messages/:id/reply (sanitised on save) */
export const StaffMessageReplyBody = body({ text: reqString(5000, 1) })
export type StaffMessageReplyBody = Static<typeof StaffMessageReplyBody>

export const StaffArticle = Type.Object({
  id: Num,
  categoryId: Num,
  categoryName: Str,
  source: Str,
  websiteId: Num,
  title: Str,
  /** English beside the Chinese (decision 086); '' = none, the donor reads the Chinese */
  titleEn: Str,
  thumbnailImage: Str,
  content: Str,
  contentEn: Str,
  publishDate: Str,
  readCount: Num
})
export const StaffArticlePage = Page(StaffArticle)
/** GET /articles */
export const StaffArticleQuery = Type.Object({ categoryId: optInt(), keyword: optString(100), ...pageProps })
export type StaffArticleQuery = Static<typeof StaffArticleQuery>
/** POST /articles and /articles/:id: the whole article (content is sanitised on save, domain/article/staff.ts) */
export const StaffArticleBody = body({
  categoryId: reqInt(),
  title: reqString(200, 1),
  thumbnailImage: optString(500),
  content: optString(200_000),
  /** absent = unchanged, '' = none; held to the Chinese field's limit, the body sanitised like the Chinese one */
  titleEn: optString(1000),
  contentEn: optString(400_000),
  publishDate: optString(40),
  websiteId: optInt(0, INT_RANGE.int4)
})
export type StaffArticleBody = Static<typeof StaffArticleBody>
export const StaffArticleCategory = Type.Object({ id: Num, source: Str, name: Str, sortNo: Num, articles: Num })
export const StaffArticleCategoryPage = Page(StaffArticleCategory)
/** POST /article-categories: a new one without id, a change with it */
export const StaffArticleCategoryBody = body({
  id: optInt(),
  name: reqString(64, 1),
  source: Type.Optional(strEnum(['index', 'web'])),
  sortNo: optInt(0, INT_RANGE.int4)
})
export type StaffArticleCategoryBody = Static<typeof StaffArticleCategoryBody>
/**
 * a text the school has not entered in English: the Chinese is shown instead (domain/form/texts.ts missingTexts);
 * `projectId` is the project whose editor holds it (a project's, sub-project's or form's text)
 */
export const MissingTextPage = Page(Type.Object({ table: Str, id: Num, key: Str, zh: Str, projectId: Type.Optional(Num) }))

/** One period of a naming price: termMoney is yuan text, termFen the same in fen. */
export const StaffNamingPrice = Type.Object({ termName: Str, termYear: Num, termMoney: Str, termFen: Num })
const Price = StaffNamingPrice
/** One naming item's stock (GET /naming/summary) */
export const NamingSummaryRow = Type.Object({
  itemId: Num,
  name: Str,
  namingType: Num,
  free: Num,
  held: Num,
  named: Num,
  unavailable: Num,
  books: Nullable(Type.Object({ stock: Num, held: Num, named: Num }))
})
export const NamingSummary = Type.Array(NamingSummaryRow)
export const StaffArea = Type.Object({ id: Num, itemId: Num, title: Str, imgUrl: Str, type: Num, prices: Type.Array(Price), seats: Num })
export const StaffAreaPage = Page(StaffArea)
/** GET /naming/areas */
export const NamingAreasQuery = Type.Object({ itemId: optInt() })
export type NamingAreasQuery = Static<typeof NamingAreasQuery>
/** GET /naming/books */
export const NamingBooksQuery = Type.Object({ itemId: optInt(), ...pageProps })
export type NamingBooksQuery = Static<typeof NamingBooksQuery>
/** POST /naming/seats/:id: price [] returns the seat to its area's prices; termMoney is yuan text ("200.00") */
export const NamingSeatBody = body({
  price: Type.Optional(
    Type.Array(
      Type.Object({
        termName: Type.String({ minLength: 1, maxLength: 32 }),
        termYear: Type.Integer({ minimum: 0, maximum: 100 }),
        termMoney: Type.String({ maxLength: 20 })
      }),
      { maxItems: 20 }
    )
  ),
  show: Type.Optional(Type.Boolean())
})
export type NamingSeatBody = Static<typeof NamingSeatBody>
/** POST /naming/books/:id: never below the copies held (domain/naming/inventory.ts) */
export const NamingBookBody = body({ stock: reqInt(0, INT_RANGE.int4) })
export type NamingBookBody = Static<typeof NamingBookBody>

const N = Type.Number({ minimum: -1_000_000, maximum: 1_000_000 })
const MapId = Type.String({ minLength: 1, maxLength: 64 })
const Url = Type.String({ maxLength: 500 })
const SeatId = Type.Integer({ minimum: 0, maximum: INT_RANGE.id })
/** A map's config as the donor map reads it (types/schema/naming-map.ts MapConfig), bounded so a hostile one is a 400. */
export const NamingMapConfigBody = Type.Object(
  {
    width: Type.Integer({ minimum: 1, maximum: 100_000 }),
    height: Type.Integer({ minimum: 1, maximum: 100_000 }),
    scale: Type.Number({ exclusiveMinimum: 0, maximum: 100 }),
    minScale: Type.Number({ exclusiveMinimum: 0, maximum: 100 }),
    maxScale: Type.Number({ exclusiveMinimum: 0, maximum: 100 }),
    top: N,
    left: N,
    map: Url,
    areaList: Type.Array(
      Type.Object(
        {
          id: MapId,
          x: N,
          y: N,
          title: Type.String({ maxLength: 100 }),
          hot: Type.Array(Type.Array(N, { minItems: 2, maxItems: 2 }), { maxItems: 500 }),
          next: Type.String({ maxLength: 64 }),
          map: Type.Optional(Url)
        },
        { additionalProperties: false }
      ),
      { maxItems: 500 }
    ),
    treeList: Type.Array(
      Type.Object(
        { id: MapId, x: N, y: N, seatId: SeatId, show: Type.Integer({ enum: [0, 1] }), selected: Type.Integer({ enum: [0, 1] }) },
        { additionalProperties: false }
      ),
      { maxItems: 20_000 }
    ),
    buildingList: Type.Array(
      Type.Object({ id: MapId, x: N, y: N, seatId: SeatId, isHide: Type.Integer({ enum: [0, 1] }) }, { additionalProperties: false }),
      { maxItems: 1000 }
    ),
    areaIdList: Type.Array(Type.Integer({ minimum: 1, maximum: INT_RANGE.id }), { maxItems: 1000 }),
    vrUrl: Url
  },
  { additionalProperties: false }
)
/** POST /naming/maps/:id */
export const NamingMapBody = body({ config: NamingMapConfigBody })
export type NamingMapBody = Static<typeof NamingMapBody>
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
/** What the queue holds and where it stands (domain/moderation/queue.ts; db/schema.ts ContentKind, ContentState). */
export const MODERATION_KINDS = ['message', 'nickname', 'avatar', 'together'] as const
export const MODERATION_STATES = ['held', 'checking', 'approved', 'rejected'] as const
/** GET /moderation */
export const ModerationQuery = Type.Object({
  state: Type.Optional(strEnum(MODERATION_STATES)),
  kind: Type.Optional(strEnum(MODERATION_KINDS)),
  ...pageProps
})
export type ModerationQuery = Static<typeof ModerationQuery>
/** POST /moderation/:id/approve | reject: the body itself may be absent */
export const ModerationDecisionBody = Type.Optional(body({ reason: optString(120) }))
export type ModerationDecisionBody = Static<typeof ModerationDecisionBody>

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
export type NamingSummaryRow = Static<typeof NamingSummaryRow>
export type StaffNamingPrice = Static<typeof StaffNamingPrice>
export type StaffArea = Static<typeof StaffArea>
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
