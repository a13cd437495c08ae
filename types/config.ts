/** Runtime configuration served next to the app (docs/product §1, §7 Bootstrap). */
import type { NoticeTemplates } from './center'

/** GET /config/index.json */
export interface RootConfig {
  /** the default school's code */
  school: string
}

/** GET /config/{school}/index.json */
export interface SchoolConfig {
  /** API base for this school, e.g. "/api/demo" (the mini-programs prefix it with their build-time origin) */
  api: string
  moduleName: string
  theme: string
  /** CSS colour, e.g. "#c8102e" */
  themeColor: string
  /** 16 ASCII characters: the AES-128 key of the request signature */
  signKey: string
  /** the subscribe-message template ids per channel and kind of news (docs/decisions/049-subscribe-messages.md);
   *  absent from a server older than it */
  noticeTemplates?: NoticeTemplates
}

/** Directory orders of docs/product §7 Index donateRecordPage: '' time desc, '1' money desc. */
export type DirectoryOrder = '' | 'donate_time_asc' | '1' | 'donate_money_asc'
/** The sort cycle of docs/product §4: time-desc, time-asc, money-desc, money-asc. */
export const DIRECTORY_ORDER_CYCLE: readonly DirectoryOrder[] = ['', 'donate_time_asc', '1', 'donate_money_asc']

/**
 * Per-school settings held in the database and sent with baseConfig (`data.settings`).
 * Page logic reads these; no school code is ever compared in page code.
 */
export interface SchoolSettings {
  /** hide totals and statistics (project detail, directory totals) */
  hideStatistics: boolean
  /** online donation disabled: donate buttons show `offlineContactInfo` instead */
  disableOnlineDonation: boolean
  offlineContactInfo: string
  /** donor names are masked by the server to first character + "**" (anonymous label excepted) */
  maskDonorNames: boolean
  /** hide the search box of the donation directory (jzml) */
  hideDirectorySearch: boolean
  /** hide the donation-directory tab of project detail */
  hideProjectDirectory: boolean
  /** the directory's initial order */
  defaultDirectoryOrder: DirectoryOrder
  /** project list variant: 'tabs' (subject) or 'dropdown' (subject-cpu) */
  projectListVariant: 'tabs' | 'dropdown'
  /** campaign key -> item id, e.g. {"treeNaming": 4, "hhuSeat": 9} */
  campaignItems: Record<string, number>
}

/** Keys of S/api/v1/setting/base/list and P/index/getSettingValue (values are strings). */
export const SettingKey = {
  /** URL of the school logo (BaseSetting list) */
  SCHOOL_LOGO: 'school_logo',
  /** JSON string {"appid","path","originalId"}: the alumni mini-program launched to skip alumni authentication */
  ALUMNI_AUTH_SKIP: 'alumni_auth_skip'
} as const

/** Keys of SchoolSettings.campaignItems (docs/product §2 Naming, §9 campaign item ids); values are the school's real item ids. */
export const CampaignKey = {
  TREE_NAMING: 'treeNaming',
  TREE_NAMING_CPU: 'treeNamingCpu',
  TREE_NAMING_XZIT: 'treeNamingXzit',
  HHU_SEAT: 'hhuSeat',
  /** tree-naming-hhu/form default (docs/product: id 7) */
  HHU_TREE_DEFAULT: 'hhuTreeDefault',
  /** from=map (yc) (docs/product: id 8) */
  HHU_TREE_YC: 'hhuTreeYc',
  /** from=mapJn (docs/product: id 10) */
  HHU_TREE_JN: 'hhuTreeJn',
  JNU_SEAT: 'jnuSeat',
  BUILD_NAMING: 'buildNaming',
  SEAT_NAMING: 'seatNaming',
  WALL_NAMING: 'wallNaming',
  ARTWORK_NAMING: 'artworkNaming',
  /** tree-naming-map-gmu (docs/product §2; no item id given there) */
  TREE_NAMING_GMU: 'treeNamingGmu',
  /** the hall '一楼' seat map (docs/product §2 Seat map; external form 16) */
  HALL_NAMING: 'hallNaming'
} as const
