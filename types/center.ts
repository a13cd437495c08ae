/**
 * The personal centre, awards, certificates and receipts on the wire (docs/product §2 Personal centre, Certificates,
 * Receipts; §3 User center, Award, Certificate record/config, Receipt record/config; §4 statuses; §5 rules;
 * §7 User centre, Certificates, Receipts, file upload). Everything here is the caller's own data: the server
 * filters by the token's user and school, and answers -1 for another user's ids.
 */

/** The centre's answers: the schemas of types/schema/center.ts (docs/decisions/056-donor-contract.md). */
export type {
  UserCenter,
  Award,
  PersonalDonation,
  ProjectDonateGroup,
  TogetherStatistics,
  MyTogetherDonation,
  NamingSeat,
  PersonalNamingRecord,
  FileUploadAnswer,
  CertificateRecord,
  CertificateConfig,
  ApplyAnswer,
  ReceiptConfig,
  ReceiptRecord,
  StayDonation,
  ReceiptLastUserInfo
} from './schema/center'

/** The WeChat default nickname: the app shows 爱心校友 / 'A caring alumnus' instead (docs/product §5). */
export const WECHAT_DEFAULT_NICKNAME = '微信用户'

/** The centre's requests: the schemas of types/schema/center.ts (docs/decisions/066-donor-requests.md). */
export type {
  CenterMyQuery,
  AwardDetailQuery,
  NamingListQuery,
  UpdateUserBody,
  CertificatePageQuery,
  CertificateDetailQuery,
  CertificateInsertBody,
  ReceiptPageQuery,
  ReceiptInsertBody
} from './schema/center'

export const NICKNAME_MAX = 20

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

/** docs/product §9: tax code / ID number length. */
export const CREDIT_CODE_LENGTH = 18

// ---------------------------------------------------------------- notifications

export {
  NOTICE_KINDS,
  NOTICE_CHANNELS,
  PLATFORM_NOTICE_CHANNELS,
  NOTICE_FACTS,
  type NoticeKind,
  type NoticeChannel,
  type PlatformNoticeChannel,
  type NoticeFact
} from './notice-kinds'
/** The notification answers: the schemas of types/schema/notice.ts. */
export type {
  NoticeTemplateSetting,
  NoticeTemplates,
  NoticeSubscribeAnswer,
  NoticePreferences,
  NoticePreferencesBody,
  NoticeSubscribeBody
} from './schema/notice'
