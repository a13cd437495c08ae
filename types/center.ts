/**
 * The personal centre, awards, certificates and receipts on the wire (docs/product §2 Personal centre, Certificates,
 * Receipts; §3 User center, Award, Certificate record/config, Receipt record/config; §4 statuses; §5 rules;
 * §7 User centre, Certificates, Receipts, file upload). Everything here is the caller's own data: the server
 * filters by the token's user and school, and answers -1 for another user's ids.
 */
import type { Flag, TogetherDonation } from './entities'
import type { AccountTypeValue, AreaMobile } from './identity'
import type { Yuan } from './money'
import type { NamedObjectState } from './naming'

/** The WeChat default nickname: the app shows 'loving person' / 爱心人士 instead (docs/product §5). */
export const WECHAT_DEFAULT_NICKNAME = '微信用户'

/** GET P/user/center/my */
export interface UserCenter {
  userId: number
  /** as stored; see isDefaultNickname */
  nickname: string
  /** 1 when nickname is the WeChat placeholder (微信用户) or empty: display 爱心人士 / 'loving person' */
  isDefaultNickname: Flag
  avatar: string
  /** sum of the caller's paid gifts */
  donateMoney: Yuan
  /** projects the caller gave to (distinct, paid gifts) */
  donateCountItems: number
  /** joint donations the caller launched */
  launchCount: number
  /** friends who joined: other donors with a paid gift in a joint donation the caller launched (distinct) */
  togetherLaunchCount: number
  /** the school offers mobile/password login (and so the 'bind mobile' prompt) */
  isOpenLogin: Flag
  accountType: AccountTypeValue
  /** shown with the 'bind mobile' prompt */
  loginNotes: string
  /** the caller is a certified alumnus of this school (foundation data, see checkPermission 0201) */
  isAlumni: Flag
}

/** POST P/user/center/updateUser: nickname (1 to 20 characters) and/or avatar (a fileUrl this server issued to the caller). */
export interface UpdateUserBody {
  nickname?: string
  avatar?: string
}
export const NICKNAME_MAX = 20

/** awardList rows and awardDetail (docs/product §3 Award). */
export interface Award {
  id: number
  name: string
  picture: string
  description: string
  /** what earns it, in the request language, from the foundation's rule */
  condition: string
  /** 1 when the caller holds it, else 0 (the award page says 'not yet obtained') */
  recordCount: number
  /** the caller's place among the school's holders, in the order they earned it; 0 when not held */
  ranking: number
  /** when the caller earned it ('' when not held) */
  awardTime: string
  /** holders at this school */
  holderCount: number
}

/** One of the caller's paid gifts (donateRecordList, itemsDonateGroup rows). */
export interface PersonalDonation {
  /** the donation id: what certificate and receipt applications send as donateIds / donateRecordIds */
  id: number
  itemsId: number
  itemsName: string
  thumbnailImg: string
  subItemsName: string
  donateMoney: Yuan
  donateMaterialNumber: number
  materialUnit: string
  crowdType: 1 | 2
  donateTime: string
  /** the order's bill number */
  donatePlatOrder: string
  isAnonymous: Flag
  /** money given back by refunds so far ('0.00' when none); donateMoney is what was paid */
  refundMoney: Yuan
  /** 0 not refunded, 1 partly refunded, 2 refunded in full */
  refundState: 0 | 1 | 2
  /** why the e-certificate no longer stands, in the request's language ('' when it stands or there is none) */
  certificateVoidReason: string
}

/** itemsDonateGroup: the caller's paid gifts grouped by project, newest project activity first. */
export interface ProjectDonateGroup {
  itemsId: number
  itemsName: string
  thumbnailImg: string
  donateMoney: Yuan
  donateCount: number
  /** the latest gift's time */
  donateTime: string
  donateRecordList: PersonalDonation[]
}

/** togetherStatistics */
export interface TogetherStatistics {
  launchCount: number
  joinCount: number
  totalCount: number
}

/** launchList / joinList rows: the joint donation and the project it raises for (the card names it). */
export interface MyTogetherDonation extends TogetherDonation {
  itemsName: string
}

/** namingList (docs/product §3 naming record). Each named seat or book carries its nameplate state (types/naming.ts). */
export interface NamingSeat extends NamedObjectState {
  seat: string
  termName: string
  termMoney: Yuan
  expireDate: string
}
export interface PersonalNamingRecord {
  id: number
  itemsId: number
  itemsName: string
  donateTime: string
  donateMoney: Yuan
  /** 1 seats, 2 books */
  namingType: 1 | 2
  donateSeatList: NamingSeat[]
}

/** POST S/api/v1/file/upload answer (multipart field `file`). */
export interface FileUploadAnswer {
  fileUrl: string
}
export const UPLOAD_LIMITS = {
  MAX_BYTES: 5 * 1024 * 1024,
  /** judged by content, not by the name or the claimed type */
  TYPES: ['gif', 'jpeg', 'jpg', 'png', 'svg']
} as const

// ---------------------------------------------------------------- certificates

/** docs/product §4 paper certificate status. */
export const CertificateStatus = { NOT_MADE: 1, TO_MAIL: 2, TO_PICK_UP: 3, MAILED: 4, PICKED_UP: 5 } as const
export type CertificateStatusValue = (typeof CertificateStatus)[keyof typeof CertificateStatus]
/** certificateWay: 1 pick up at school, 2 mail */
export const CertificateWay = { PICK_UP: 1, MAIL: 2 } as const

/** The `status` filter of certificate/page and receipt/page: 0 all, 1 in making (status 1), 2 produced (the rest). */
export const ApplyFilter = { ALL: 0, MAKING: 1, DONE: 2 } as const

/**
 * certificate/page rows and certificate/detail (docs/product §3 Certificate record). isNeedPaper 0 lists electronic
 * certificates (status 0, certificateImg '' while it is being generated: toast 证书生成中); isNeedPaper 1 lists
 * paper applications (one row per donation).
 */
export interface CertificateRecord {
  id: number
  isNeedPaper: Flag
  itemsName: string
  itemsId: number
  thumbnailImg: string
  donateMoney: Yuan
  donateTime: string
  donateId: number
  donorName: string
  certificateImg: string
  /** paper only ('' for electronic) */
  applyDate: string
  /** paper: 1..5; electronic: 0 */
  status: number
  certificateWay: number | null
  postalContact: string
  postalMobile: string
  postalAddress: string
  expressCompanyTitle: string
  expressOrderNo: string
}

export interface CertificatePageQuery {
  limit?: number
  offset?: number
  isNeedPaper?: Flag
  status?: number
}

/** certificate/config/detail (docs/product §3 Certificate config). */
export interface CertificateConfig {
  isOpenPaper: Flag
  certificateWayPaperList: number[]
  pickUpAddress: string
  pickUpName: string
  pickUpMobile: string
}

/** certificate/stay/page and receipt/stay/page rows: the caller's paid gifts that can still be applied for. */
export type StayDonation = PersonalDonation

/** POST certificate/insert (docs/product §5 paper certificate). One application per donation; all-or-nothing. */
export interface CertificateInsertBody {
  certificateWay: number
  postalAddress?: string
  postalContact?: string
  /** "86-13800138000" */
  postalMobile?: AreaMobile
  /** dialling code of postalMobile when sent separately ('' or '86': 11 digits) */
  area?: string
  donateIds: number[]
}
/** insert answers (certificate and receipt): the ids of the applications created, one per donation */
export interface ApplyAnswer {
  ids: number[]
}

// ---------------------------------------------------------------- receipts

/** docs/product §4 receipt status. */
export const ReceiptStatus = {
  INVOICING: 1,
  TO_MAIL: 2,
  TO_PICK_UP: 3,
  MAILED: 4,
  PICKED_UP: 5,
  TO_SEND: 6,
  SENT: 7
} as const
export type ReceiptStatusValue = (typeof ReceiptStatus)[keyof typeof ReceiptStatus]
/** statuses whose detail carries the invoice information (courier, file) (docs/product §2) */
export const RECEIPT_INVOICE_STATUSES: readonly number[] = [2, 4, 6, 7]
/** receiptType: 1 paper, 2 electronic. receiptWay: 1 pick up, 2 express (paper); 3 e-mail, 4 SMS (electronic). */
export const ReceiptType = { PAPER: 1, ELECTRONIC: 2 } as const
export const ReceiptWay = { PICK_UP: 1, EXPRESS: 2, EMAIL: 3, SMS: 4 } as const
/** donorType: 1 personal (name and ID number), 2 enterprise (unit name and credit code) */
export const DonorType = { PERSONAL: 1, ENTERPRISE: 2 } as const

/**
 * receipt/config/detail (docs/product §3 Receipt config). validType: 0 no applications (no apply button), 1 any paid
 * gift, 2 only gifts paid in the current calendar year (Beijing time). isCreditCode 1: the credit code / ID
 * number (18 characters) is required.
 */
export interface ReceiptConfig {
  isOpenReceipt: Flag
  validType: 0 | 1 | 2
  isCreditCode: Flag
  receiptTypeList: number[]
  receiptWayPaperList: number[]
  receiptWayElectronicList: number[]
  pickUpAddress: string
  pickUpName: string
  pickUpMobile: string
}

/** receipt/page rows and receipt/detail (docs/product §3 Receipt record). */
export interface ReceiptRecord {
  id: number
  status: number
  createDate: string
  donateId: number
  itemsId: number
  itemsName: string
  thumbnailImg: string
  donateMoney: Yuan
  donateTime: string
  receiptType: number
  receiptWay: number
  donorType: number
  donorName: string
  creditCode: string
  postalContact: string
  postalMobile: string
  postalAddress: string
  postalEmail: string
  postalMobileSms: string
  /** invoice information: filled only for statuses 2, 4, 6, 7 */
  expressCompanyTitle: string
  expressOrderNo: string
  fileUrl: string
}

export interface ReceiptPageQuery {
  limit?: number
  offset?: number
  status?: number
}

/** POST receipt/insert (docs/product §5 receipt). One application per donation; all-or-nothing. */
export interface ReceiptInsertBody {
  donorType: number
  donorName: string
  creditCode?: string
  receiptType: number
  receiptWay: number
  postalContact?: string
  postalMobile?: AreaMobile
  postalAddress?: string
  postalEmail?: string
  postalMobileSms?: AreaMobile
  donateRecordIds: number[]
}

/** receipt/lastUserInfo: the caller's previous application (prefill), null before the first. */
export type ReceiptLastUserInfo = Omit<ReceiptInsertBody, 'donateRecordIds'> | null

/** docs/product §9: tax code / ID number length. */
export const CREDIT_CODE_LENGTH = 18

// ---------------------------------------------------------------- notifications

/** Kinds of news a donor can hear about (docs/decisions/044-notifications.md). 'statement': the yearly giving statement,
 *  sent each year by staff to the donors who turned it on (docs/decisions/050-yearly-statement.md). */
export const NOTICE_KINDS = ['paid', 'certificate', 'receipt', 'nameplate', 'together', 'refund', 'statement'] as const
export type NoticeKind = (typeof NOTICE_KINDS)[number]
/**
 * Channels news goes out on, in the order they are tried (docs/decisions/044-notifications.md, 049): e-mail, WeChat
 * subscribe messages (mini-program donors), Alipay subscription messages (Alipay mini-program donors).
 */
export const NOTICE_CHANNELS = ['email', 'wechat', 'alipay'] as const
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number]
/** The channels whose every message needs the donor's consent in the platform's own dialog (decision 049). */
export const PLATFORM_NOTICE_CHANNELS = ['wechat', 'alipay'] as const
export type PlatformNoticeChannel = (typeof PLATFORM_NOTICE_CHANNELS)[number]
/** What a template field can carry (decision 049): the school maps each field of its template to one of these. */
export const NOTICE_FACTS = ['project', 'amount', 'time', 'school', 'billNo', 'status', 'note'] as const
export type NoticeFact = (typeof NOTICE_FACTS)[number]

/** One template of a school (staff console, settings): the platform's template id and field key -> fact. */
export interface NoticeTemplateSetting {
  channel: PlatformNoticeChannel
  kind: NoticeKind
  templateId: string
  fields: Record<string, NoticeFact>
}
/** The template ids the app asks the donor to subscribe to, per channel and kind (SchoolConfig.noticeTemplates). */
export type NoticeTemplates = Record<PlatformNoticeChannel, Partial<Record<NoticeKind, string>>>

/**
 * notice/subscribe (POST): what the donor answered in the platform's subscribe dialog
 * (wx.requestSubscribeMessage / my.requestSubscribeMessage). Each accepted template id allows one message.
 */
export interface NoticeSubscribeBody {
  channel: PlatformNoticeChannel
  results: { templateId: string; accepted: boolean }[]
}
/** The answer: the grants recorded (accepted ids of the school's templates). */
export interface NoticeSubscribeAnswer {
  granted: number
}

/** notice/preferences (GET) and the answer of notice/preferences/save (POST, with the same shape as its body). */
export interface NoticePreferences {
  /** the address news goes to ('' = none given); an e-mail receipt goes to the address of its application */
  email: string
  /** the language of the news */
  lang: 'zh_CN' | 'en'
  choices: { kind: NoticeKind; channel: NoticeChannel; enabled: boolean }[]
}
