/**
 * docs/product §3 entities as they travel on the wire: the shapes are the schemas of types/schema/entities.ts
 * (docs/decisions/056-donor-contract.md), re-exported here as types; the run-time enums live here, TypeBox-free. Flags are 0/1 numbers as in the spec; money is `Yuan` (string).
 * Dates are strings "YYYY-MM-DD HH:mm:ss" in Beijing time; the app cuts them to 10 or 16 characters (docs/product §9).
 */
export type { Flag } from './schema/common'
export type {
  FixMoneyOption,
  FileRef,
  ProjectSummary,
  Project,
  ProjectType,
  ProjectLabel,
  SubItemStatistic,
  DonationRecord,
  DirectoryTotal,
  NamingRecord,
  TogetherDonation,
  ProgressEntry,
  LeaveMessage,
  LeaveMessageResult,
  UsePublicity,
  Article,
  BaseConfig,
  BaseSetting,
  AreaCode,
  AreaGroup,
  AreaDictionaryNode,
  UserBaseInfo,
  WechatShareSign,
  AuthToken
} from './schema/entities'

/** itemsType: 1 donation, 2 naming. crowdType: 1 money, 2 goods. namingType: 1 seat, 2 book. */
export const ItemsType = { DONATION: 1, NAMING: 2 } as const
export const CrowdType = { MONEY: 1, GOODS: 2 } as const
export const NamingType = { SEAT: 1, BOOK: 2 } as const
