/**
 * docs/product §3 entities as they travel on the wire (docs/decisions/056-donor-contract.md): each schema is the one
 * source of its shape, the type of the same name is `Static<>` of it. Flags are 0/1 numbers as in the spec; money is
 * `Yuan` (string). Dates are strings "YYYY-MM-DD HH:mm:ss" in Beijing time; the app cuts them to 10 or 16 characters
 * (docs/product §9). The run-time enums (ItemsType, CrowdType, NamingType) stay in types/entities.ts, TypeBox-free.
 */
import { Type, type Static } from 'typebox'
import { Bool, Flag, intEnum, Num, NumOrNull, Opt, Page, Str, Yuan } from './common'
import { SchoolSettings } from './config'

export const FixMoneyOption = Type.Object({ title: Str, money: Yuan })
export type FixMoneyOption = Static<typeof FixMoneyOption>
export const FileRef = Type.Object({ fileUrl: Str })
export type FileRef = Static<typeof FileRef>

/** itemsType: 1 donation, 2 naming. crowdType: 1 money, 2 goods. */
const summaryFields = {
  id: Num,
  name: Str,
  intro: Str,
  thumbnailImg: Str,
  isComplete: Flag,
  itemsType: intEnum([1, 2]),
  crowdType: intEnum([1, 2]),
  isLimit: Flag,
  limitMoney: Yuan,
  completeMoney: Yuan,
  limitMaterialNumber: Num,
  completeMaterialNumber: Num,
  materialName: Str,
  materialUnit: Str,
  payCounts: Num,
  typeId: NumOrNull,
  labelIds: Type.Array(Num)
}
/** A row of itemsList. */
export const ProjectSummary = Type.Object(summaryFields)
export type ProjectSummary = Static<typeof ProjectSummary>
export const ProjectPage = Page(ProjectSummary)

/** itemsDetail. namingType: 1 seat, 2 book. */
export const Project = Type.Object({
  ...summaryFields,
  content: Str,
  coverImg: Str,
  coverList: Type.Array(FileRef),
  materialPrice: Yuan,
  namingCountAll: Num,
  namingCountDonate: Num,
  namingType: Type.Unsafe<1 | 2 | null>({ type: ['integer', 'null'], enum: [1, 2, null] }),
  isDonate: Flag,
  noReason: Str,
  isDonateTogether: Flag,
  isRecord: Flag,
  isProgress: Flag,
  isLeaveMessage: Flag,
  isInstruction: Flag,
  isAuditMessage: Flag,
  isSubRank: Flag,
  fixMoney: Type.Array(FixMoneyOption),
  isFixMoney: Flag,
  isHandMoney: Flag,
  isSub: Flag,
  subItemsList: Type.Array(Type.Object({ id: Num, name: Str })),
  formId: NumOrNull
})
export type Project = Static<typeof Project>

export const ProjectType = Type.Object({ id: Num, name: Str })
export type ProjectType = Static<typeof ProjectType>
export const ProjectTypes = Type.Array(ProjectType)
export const ProjectLabel = Type.Object({ id: Num, labelTitle: Str })
export type ProjectLabel = Static<typeof ProjectLabel>
export const ProjectLabels = Type.Array(ProjectLabel)
export const SubItemStatistic = Type.Object({ id: Num, name: Str, completeMoney: Yuan })
export type SubItemStatistic = Static<typeof SubItemStatistic>
export const SubItemStatistics = Type.Array(SubItemStatistic)

/** A donation record (directory rows, project donor tab). `name` is already masked/anonymised by the server. */
export const DonationRecord = Type.Object({
  id: Num,
  name: Str,
  avatar: Str,
  donateMoney: Yuan,
  donateMaterialNumber: Num,
  materialUnit: Str,
  crowdType: intEnum([1, 2]),
  donateTime: Str,
  itemsName: Str,
  subItemsName: Str,
  /** naming projects: seats or books named by this gift */
  seats: Str,
  /** 1: an offline gift (bank transfer, cash, cheque) the foundation entered; absent for gifts paid online */
  offline: Opt(Flag)
})
export type DonationRecord = Static<typeof DonationRecord>
export const DonationRecordPage = Page(DonationRecord)

export const DirectoryTotal = Type.Object({
  /** gifts under the same filter as the directory's rows (project, joint donation, search) */
  totalCount: Num,
  /** money of those gifts (goods gifts are counted, not summed) */
  totalMoney: Yuan,
  /** of those, gifts whose donor asked not to be listed (absent when none; always absent while searching) */
  unlistedCount: Opt(Num),
  /** raised outside the platform (project offline amounts); absent when none, or while searching */
  offlineMoney: Opt(Yuan)
})
export type DirectoryTotal = Static<typeof DirectoryTotal>

/** donateSeatList / donateBookList rows on project detail. */
export const NamingRecord = Type.Object({ id: Num, name: Str, seat: Str, donateTime: Str, donateMoney: Yuan })
export type NamingRecord = Static<typeof NamingRecord>
export const NamingRecordPage = Page(NamingRecord)

export const TogetherDonation = Type.Object({
  id: Num,
  itemsId: Num,
  avatar: Str,
  sponsor: Str,
  slogan: Str,
  participants: Num,
  targetMoney: Yuan,
  completeMoney: Yuan,
  completeMaterialNumber: Num,
  materialName: Str,
  materialUnit: Str,
  createDate: Str,
  isTarget: Flag,
  isDonate: Flag,
  noReason: Str
})
export type TogetherDonation = Static<typeof TogetherDonation>
export const TogetherPage = Page(TogetherDonation)

export const ProgressEntry = Type.Object({ id: Num, progressDate: Str, content: Str, attachmentList: Type.Array(FileRef) })
export type ProgressEntry = Static<typeof ProgressEntry>
export const ProgressPage = Page(ProgressEntry)

export const LeaveMessage = Type.Object({ id: Num, avatar: Str, nickname: Str, createDate: Str, content: Str, replyContent: Str })
export type LeaveMessage = Static<typeof LeaveMessage>
export const LeaveMessagePage = Page(LeaveMessage)
/** POST insertLeaveword answer: whether the message is visible now or awaits review. */
export const LeaveMessageResult = Type.Object({ id: Num, audited: Bool })
export type LeaveMessageResult = Static<typeof LeaveMessageResult>

export const UsePublicity = Type.Object({ id: Num, useDate: Str, useTitle: Str, useMoney: Yuan })
export type UsePublicity = Static<typeof UsePublicity>
export const UsePublicityPage = Page(UsePublicity)

export const Article = Type.Object({
  id: Num,
  title: Str,
  articleTitle: Opt(Str),
  thumbnailImage: Str,
  publishDate: Str,
  readCount: Num,
  /** HTML; the app sanitises before rendering */
  content: Opt(Str)
})
export type Article = Static<typeof Article>
export const ArticlePage = Page(Article)

/** baseConfig. `settings` carries the school's switches (types/schema/config.ts). */
export const BaseConfig = Type.Object({
  title: Str,
  isShowTechnicalSupport: Flag,
  awardExplain: Str,
  agreeTitle: Str,
  agreeContent: Str,
  shareTitle: Str,
  shareDesc: Str,
  shareImg: Str,
  loginBg: Str,
  /** the school offers mobile/password sign-in (also in the user centre's `my`); sent before sign-in */
  isOpenLogin: Opt(Flag),
  settings: SchoolSettings
})
export type BaseConfig = Static<typeof BaseConfig>

export const BaseSetting = Type.Object({ settingKey: Str, settingValue: Str })
export type BaseSetting = Static<typeof BaseSetting>
export const BaseSettings = Type.Array(BaseSetting)
export const AreaCode = Type.Object({ area: Str, areaCode: Str })
export type AreaCode = Static<typeof AreaCode>
export const AreaCodes = Type.Array(AreaCode)
export const AreaGroup = Type.Object({ group: Str, areaList: Type.Array(AreaCode) })
export type AreaGroup = Static<typeof AreaGroup>
export const AreaGroups = Type.Array(AreaGroup)
export const AreaDictionaryNode = Type.Object({ id: Str, title: Str, isLeaf: Flag, parentId: Str })
export type AreaDictionaryNode = Static<typeof AreaDictionaryNode>
export const AreaDictionary = Type.Array(AreaDictionaryNode)

export const UserBaseInfo = Type.Object({ name: Str, mobile: Str, idNo: Str, nickname: Str, avatar: Str })
export type UserBaseInfo = Static<typeof UserBaseInfo>
export const WechatShareSign = Type.Object({ appId: Str, timestamp: Num, nonceStr: Str, signature: Str })
export type WechatShareSign = Static<typeof WechatShareSign>

/** getAuthToken, middle/auth and token/refresh answer: an opaque token (sent back as `Authorization`) and its expiry. */
export const AuthToken = Type.Object({ token: Str, expiresAt: Str })
export type AuthToken = Static<typeof AuthToken>
