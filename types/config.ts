/** Runtime configuration served next to the app (docs/product §1, §7 Bootstrap). */
import type { SchoolSettings } from './schema/config'

/** Directory orders of docs/product §7 Index donateRecordPage: '' time desc, '1' money desc (the schema's list). */
export type DirectoryOrder = SchoolSettings['defaultDirectoryOrder']
/** The sort cycle of docs/product §4: time-desc, time-asc, money-desc, money-asc. */
export const DIRECTORY_ORDER_CYCLE: readonly DirectoryOrder[] = ['', 'donate_time_asc', '1', 'donate_money_asc']

/** Per-school settings sent with baseConfig: the shape is the schema of types/schema/config.ts. */
export type { SchoolSettings }
/** The configuration files: the schemas of types/schema/config.ts (docs/decisions/056-donor-contract.md). */
export type { RootConfig, SchoolConfig } from './schema/config'

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
