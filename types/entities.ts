/**
 * docs/product §3 entities as they travel on the wire. Flags are 0/1 numbers as in the spec; money is `Yuan` (string).
 * Dates are strings "YYYY-MM-DD HH:mm:ss" in Beijing time; the app cuts them to 10 or 16 characters (docs/product §9).
 */
import type { Yuan } from './money'
import type { SchoolSettings } from './config'

export type Flag = 0 | 1

export interface FixMoneyOption {
  title: string
  money: Yuan
}
export interface FileRef {
  fileUrl: string
}

/** itemsType: 1 donation, 2 naming. crowdType: 1 money, 2 goods. namingType: 1 seat, 2 book. */
export const ItemsType = { DONATION: 1, NAMING: 2 } as const
export const CrowdType = { MONEY: 1, GOODS: 2 } as const
export const NamingType = { SEAT: 1, BOOK: 2 } as const

/** A row of itemsList. */
export interface ProjectSummary {
  id: number
  name: string
  intro: string
  thumbnailImg: string
  isComplete: Flag
  itemsType: 1 | 2
  crowdType: 1 | 2
  isLimit: Flag
  limitMoney: Yuan
  completeMoney: Yuan
  limitMaterialNumber: number
  completeMaterialNumber: number
  materialName: string
  materialUnit: string
  payCounts: number
  typeId: number | null
  labelIds: number[]
}

/** itemsDetail. */
export interface Project extends ProjectSummary {
  content: string
  coverImg: string
  coverList: FileRef[]
  materialPrice: Yuan
  namingCountAll: number
  namingCountDonate: number
  namingType: 1 | 2 | null
  isDonate: Flag
  noReason: string
  isDonateTogether: Flag
  isRecord: Flag
  isProgress: Flag
  isLeaveMessage: Flag
  isInstruction: Flag
  isAuditMessage: Flag
  isSubRank: Flag
  fixMoney: FixMoneyOption[]
  isFixMoney: Flag
  isHandMoney: Flag
  isSub: Flag
  subItemsList: { id: number; name: string }[]
  formId: number | null
}

export interface ProjectType {
  id: number
  name: string
}
export interface ProjectLabel {
  id: number
  labelTitle: string
}
export interface SubItemStatistic {
  id: number
  name: string
  completeMoney: Yuan
}

/** A donation record (directory rows, project donor tab). `name` is already masked/anonymised by the server. */
export interface DonationRecord {
  id: number
  name: string
  avatar: string
  donateMoney: Yuan
  donateMaterialNumber: number
  materialUnit: string
  crowdType: 1 | 2
  donateTime: string
  itemsName: string
  subItemsName: string
  /** naming projects: seats or books named by this gift */
  seats: string
  /** 1: an offline gift (bank transfer, cash, cheque) the foundation entered; absent for gifts paid online */
  offline?: Flag
}

export interface DirectoryTotal {
  /** gifts under the same filter as the directory's rows (project, joint donation, search) */
  totalCount: number
  /** of those, gifts whose donor asked not to be listed (absent when none; always absent while searching) */
  unlistedCount?: number
  /** money of those gifts (goods gifts are counted, not summed) */
  totalMoney: Yuan
  /** raised outside the platform (project offline amounts); absent when none, or while searching */
  offlineMoney?: Yuan
}

/** donateSeatList / donateBookList rows on project detail. */
export interface NamingRecord {
  id: number
  name: string
  seat: string
  donateTime: string
  donateMoney: Yuan
}

export interface TogetherDonation {
  id: number
  itemsId: number
  avatar: string
  sponsor: string
  slogan: string
  participants: number
  targetMoney: Yuan
  completeMoney: Yuan
  completeMaterialNumber: number
  materialName: string
  materialUnit: string
  createDate: string
  isTarget: Flag
  isDonate: Flag
  noReason: string
}

export interface ProgressEntry {
  id: number
  progressDate: string
  content: string
  attachmentList: FileRef[]
}

export interface LeaveMessage {
  id: number
  avatar: string
  nickname: string
  createDate: string
  content: string
  replyContent: string
}

/** POST insertLeaveword answer: whether the message is visible now or awaits review. */
export interface LeaveMessageResult {
  id: number
  audited: boolean
}

export interface UsePublicity {
  id: number
  useDate: string
  useTitle: string
  useMoney: Yuan
}

export interface Article {
  id: number
  title: string
  articleTitle?: string
  thumbnailImage: string
  publishDate: string
  readCount: number
  /** HTML; the app sanitises before rendering */
  content?: string
}

/** baseConfig. `settings` carries the school's switches (types/config.ts). */
export interface BaseConfig {
  title: string
  isShowTechnicalSupport: Flag
  awardExplain: string
  agreeTitle: string
  agreeContent: string
  shareTitle: string
  shareDesc: string
  shareImg: string
  loginBg: string
  /** the school offers mobile/password sign-in (also in the user centre's `my`); sent before sign-in */
  isOpenLogin?: Flag
  settings: SchoolSettings
}

export interface BaseSetting {
  settingKey: string
  settingValue: string
}
export interface AreaCode {
  area: string
  areaCode: string
}
export interface AreaGroup {
  group: string
  areaList: AreaCode[]
}
export interface AreaDictionaryNode {
  id: string
  title: string
  isLeaf: Flag
  parentId: string
}

export interface UserBaseInfo {
  name: string
  mobile: string
  idNo: string
  nickname: string
  avatar: string
}
export interface WechatShareSign {
  appId: string
  timestamp: number
  nonceStr: string
  signature: string
}

/** getAuthToken, middle/auth and token/refresh answer: an opaque token (sent back as `Authorization`) and its expiry. */
export interface AuthToken {
  token: string
  expiresAt: string
}
