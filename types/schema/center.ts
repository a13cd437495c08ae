/**
 * The personal centre, awards, certificates and receipts on the wire (docs/product §3 User center, Award, Certificate
 * record/config, Receipt record/config; §7 User centre, Certificates, Receipts, file upload;
 * docs/decisions/056-donor-contract.md): each schema is the one source of its shape, the type of the same name is
 * `Static<>` of it. Everything here is the caller's own data. The run-time constants (statuses, limits) and the
 * request shapes stay in types/center.ts, TypeBox-free.
 */
import { Type, type Static } from 'typebox'
import { Flag, intEnum, Nullable, Num, NumOrNull, Opt, Page, Str, Yuan } from './common'
import { TogetherDonation } from './entities'
import { NamedObjectState } from './naming'
import { body, idList, optEnum, optInt, optNullableString, optString, pageProps, query, reqCode, reqInt } from './wire-int'

/** GET P/user/center/my */
export const UserCenter = Type.Object({
  userId: Num,
  /** as stored; see isDefaultNickname */
  nickname: Str,
  /** 1 when nickname is the WeChat placeholder (微信用户) or empty: display 爱心校友 / 'A caring alumnus' */
  isDefaultNickname: Flag,
  avatar: Str,
  /** sum of the caller's paid gifts */
  donateMoney: Yuan,
  /** projects the caller gave to (distinct, paid gifts) */
  donateCountItems: Num,
  /** joint donations the caller launched */
  launchCount: Num,
  /** friends who joined: other donors with a paid gift in a joint donation the caller launched (distinct) */
  togetherLaunchCount: Num,
  /** the school offers mobile/password login (and so the 'bind mobile' prompt) */
  isOpenLogin: Flag,
  /** types/identity.ts AccountType: 1 unbound, 2 mobile */
  accountType: intEnum([1, 2]),
  /** shown with the 'bind mobile' prompt */
  loginNotes: Str,
  /** the caller is a certified alumnus of this school (foundation data, see checkPermission 0201) */
  isAlumni: Flag
})
export type UserCenter = Static<typeof UserCenter>

/** awardList rows and awardDetail (docs/product §3 Award). */
export const Award = Type.Object({
  id: Num,
  name: Str,
  picture: Str,
  description: Str,
  /** what earns it, in the request language, from the foundation's rule */
  condition: Str,
  /** 1 when the caller holds it, else 0 (the award page says 'not yet obtained') */
  recordCount: Num,
  /** the caller's place among the school's holders, in the order they earned it; 0 when not held */
  ranking: Num,
  /** when the caller earned it ('' when not held) */
  awardTime: Str,
  /** holders at this school */
  holderCount: Num
})
export type Award = Static<typeof Award>
export const Awards = Type.Array(Award)

/** One of the caller's paid gifts (donateRecordList, itemsDonateGroup rows). */
export const PersonalDonation = Type.Object({
  /** the donation id: what certificate and receipt applications send as donateIds / donateRecordIds */
  id: Num,
  itemsId: Num,
  itemsName: Str,
  thumbnailImg: Str,
  subItemsName: Str,
  donateMoney: Yuan,
  donateMaterialNumber: Num,
  materialUnit: Str,
  crowdType: intEnum([1, 2]),
  donateTime: Str,
  /** the order's bill number */
  donatePlatOrder: Str,
  isAnonymous: Flag,
  /** money given back by refunds so far ('0.00' when none); donateMoney is what was paid */
  refundMoney: Yuan,
  /** 0 not refunded, 1 partly refunded, 2 refunded in full */
  refundState: intEnum([0, 1, 2]),
  /** why the e-certificate no longer stands, in the request's language ('' when it stands or there is none) */
  certificateVoidReason: Str
})
export type PersonalDonation = Static<typeof PersonalDonation>
export const PersonalDonationPage = Page(PersonalDonation)
/** certificate/stay/page and receipt/stay/page rows: the caller's paid gifts that can still be applied for. */
export const StayDonation = PersonalDonation
export type StayDonation = PersonalDonation
export const StayPage = Page(StayDonation)

/** itemsDonateGroup: the caller's paid gifts grouped by project, newest project activity first. */
export const ProjectDonateGroup = Type.Object({
  itemsId: Num,
  itemsName: Str,
  thumbnailImg: Str,
  donateMoney: Yuan,
  donateCount: Num,
  /** the latest gift's time */
  donateTime: Str,
  donateRecordList: Type.Array(PersonalDonation)
})
export type ProjectDonateGroup = Static<typeof ProjectDonateGroup>
export const ProjectDonateGroups = Type.Array(ProjectDonateGroup)

/** togetherStatistics */
export const TogetherStatistics = Type.Object({ launchCount: Num, joinCount: Num, totalCount: Num })
export type TogetherStatistics = Static<typeof TogetherStatistics>

/** launchList / joinList rows: the joint donation and the project it raises for (the card names it). */
export const MyTogetherDonation = Type.Object({ ...TogetherDonation.properties, itemsName: Str })
export type MyTogetherDonation = Static<typeof MyTogetherDonation>
export const MyTogetherPage = Page(MyTogetherDonation)

/** namingList (docs/product §3 naming record). Each named seat or book carries its nameplate state (NamedObjectState). */
export const NamingSeat = Type.Object({
  ...NamedObjectState.properties,
  seat: Str,
  termName: Str,
  termMoney: Yuan,
  expireDate: Str
})
export type NamingSeat = Static<typeof NamingSeat>
export const PersonalNamingRecord = Type.Object({
  id: Num,
  itemsId: Num,
  itemsName: Str,
  donateTime: Str,
  donateMoney: Yuan,
  /** 1 seats, 2 books */
  namingType: intEnum([1, 2]),
  donateSeatList: Type.Array(NamingSeat)
})
export type PersonalNamingRecord = Static<typeof PersonalNamingRecord>
export const PersonalNamingPage = Page(PersonalNamingRecord)

/** POST S/api/v1/file/upload answer (multipart field `file`). */
export const FileUploadAnswer = Type.Object({ fileUrl: Str })
export type FileUploadAnswer = Static<typeof FileUploadAnswer>

// ---------------------------------------------------------------- certificates

/**
 * certificate/page rows and certificate/detail (docs/product §3 Certificate record). isNeedPaper 0 lists electronic
 * certificates (status 0, certificateImg '' while it is being generated: toast 证书生成中); isNeedPaper 1 lists
 * paper applications (one row per donation).
 */
export const CertificateRecord = Type.Object({
  id: Num,
  isNeedPaper: Flag,
  itemsName: Str,
  itemsId: Num,
  thumbnailImg: Str,
  donateMoney: Yuan,
  donateTime: Str,
  donateId: Num,
  donorName: Str,
  certificateImg: Str,
  /** paper only ('' for electronic) */
  applyDate: Str,
  /** paper: 1..5; electronic: 0 */
  status: Num,
  certificateWay: NumOrNull,
  postalContact: Str,
  postalMobile: Str,
  postalAddress: Str,
  expressCompanyTitle: Str,
  expressOrderNo: Str
})
export type CertificateRecord = Static<typeof CertificateRecord>
export const CertificateDetail = CertificateRecord
export const CertificatePage = Page(CertificateRecord)

/** certificate/config/detail (docs/product §3 Certificate config). */
export const CertificateConfig = Type.Object({
  isOpenPaper: Flag,
  certificateWayPaperList: Type.Array(Num),
  pickUpAddress: Str,
  pickUpName: Str,
  pickUpMobile: Str
})
export type CertificateConfig = Static<typeof CertificateConfig>

/** insert answers (certificate and receipt): the ids of the applications created, one per donation */
export const ApplyAnswer = Type.Object({ ids: Type.Array(Num) })
export type ApplyAnswer = Static<typeof ApplyAnswer>

// ---------------------------------------------------------------- receipts

/**
 * receipt/config/detail (docs/product §3 Receipt config). validType: 0 no applications (no apply button), 1 any paid
 * gift, 2 only gifts paid in the current calendar year (Beijing time). isCreditCode 1: the credit code / ID
 * number (18 characters) is required.
 */
export const ReceiptConfig = Type.Object({
  isOpenReceipt: Flag,
  validType: intEnum([0, 1, 2]),
  isCreditCode: Flag,
  receiptTypeList: Type.Array(Num),
  receiptWayPaperList: Type.Array(Num),
  receiptWayElectronicList: Type.Array(Num),
  pickUpAddress: Str,
  pickUpName: Str,
  pickUpMobile: Str
})
export type ReceiptConfig = Static<typeof ReceiptConfig>

/** receipt/page rows and receipt/detail (docs/product §3 Receipt record). */
export const ReceiptRecord = Type.Object({
  id: Num,
  status: Num,
  createDate: Str,
  donateId: Num,
  itemsId: Num,
  itemsName: Str,
  thumbnailImg: Str,
  donateMoney: Yuan,
  donateTime: Str,
  receiptType: Num,
  receiptWay: Num,
  donorType: Num,
  donorName: Str,
  creditCode: Str,
  postalContact: Str,
  postalMobile: Str,
  postalAddress: Str,
  postalEmail: Str,
  postalMobileSms: Str,
  /** invoice information: filled only for statuses 2, 4, 6, 7 */
  expressCompanyTitle: Str,
  expressOrderNo: Str,
  fileUrl: Str
})
export type ReceiptRecord = Static<typeof ReceiptRecord>
export const ReceiptDetail = ReceiptRecord
export const ReceiptPage = Page(ReceiptRecord)

/** receipt/lastUserInfo: the caller's previous application (prefill: the fields of ReceiptInsertBody), null before the first. */
export const ReceiptLastUserInfo = Nullable(
  Type.Object({
    donorType: Num,
    donorName: Str,
    creditCode: Opt(Str),
    receiptType: Num,
    receiptWay: Num,
    postalContact: Opt(Str),
    postalMobile: Opt(Str),
    postalAddress: Opt(Str),
    postalEmail: Opt(Str),
    postalMobileSms: Opt(Str)
  })
)
export type ReceiptLastUserInfo = Static<typeof ReceiptLastUserInfo>

// ---------------------------------------------------------------- requests (docs/decisions/066-donor-requests.md)

/** GET user/center/my: the caller's own centre; a userId other than the caller's is refused. */
export const CenterMyQuery = query({ userId: optInt(1) })
export type CenterMyQuery = Static<typeof CenterMyQuery>
export const AwardDetailQuery = query({ awardId: reqInt(1) })
export type AwardDetailQuery = Static<typeof AwardDetailQuery>
/** GET namingList: the caller's named seats and books, of one project or all. */
export const NamingListQuery = query({ ...pageProps, itemsId: optInt(1) })
export type NamingListQuery = Static<typeof NamingListQuery>

/** POST P/user/center/updateUser: nickname (1 to NICKNAME_MAX characters) and/or avatar (a fileUrl this server issued
 *  to the caller); the rules are -1 answers. */
export const UpdateUserBody = body({ nickname: optString(200), avatar: optString(500), token: optString(200) })
export type UpdateUserBody = Static<typeof UpdateUserBody>

/** GET certificate/page: status is ApplyFilter (0 all, 1 in making, 2 produced). */
export const CertificatePageQuery = query({ ...pageProps, isNeedPaper: optEnum([0, 1]), status: optEnum([0, 1, 2]) })
export type CertificatePageQuery = Static<typeof CertificatePageQuery>
export const CertificateDetailQuery = query({ id: reqInt(1), tab: optInt(0) })
export type CertificateDetailQuery = Static<typeof CertificateDetailQuery>
/** POST certificate/insert (docs/product §5 paper certificate). One application per donation; all-or-nothing. Shapes
 *  only: the §5 rules are -1 answers from the server. */
export const CertificateInsertBody = body({
  certificateWay: reqCode(),
  postalAddress: optNullableString(500),
  postalContact: optNullableString(64),
  /** "86-13800138000" (AreaMobile) */
  postalMobile: optNullableString(32),
  /** dialling code of postalMobile when sent separately ('' or '86': 11 digits) */
  area: optNullableString(8),
  donateIds: idList(99),
  token: optString(200)
})
export type CertificateInsertBody = Static<typeof CertificateInsertBody>

/** GET receipt/page: status is ApplyFilter (0 all, 1 in making, 2 produced). */
export const ReceiptPageQuery = query({ ...pageProps, status: optEnum([0, 1, 2]) })
export type ReceiptPageQuery = Static<typeof ReceiptPageQuery>
/** POST receipt/insert (docs/product §5 receipt). One application per donation; all-or-nothing. Shapes only. */
export const ReceiptInsertBody = body({
  /** DonorType: 1 personal, 2 enterprise */
  donorType: reqCode(),
  donorName: optNullableString(200),
  creditCode: optNullableString(64),
  receiptType: reqCode(),
  receiptWay: reqCode(),
  postalContact: optNullableString(64),
  postalMobile: optNullableString(32),
  postalAddress: optNullableString(500),
  postalEmail: optNullableString(200),
  postalMobileSms: optNullableString(32),
  donateRecordIds: idList(99),
  token: optString(200)
})
export type ReceiptInsertBody = Static<typeof ReceiptInsertBody>
