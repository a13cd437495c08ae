/**
 * Runtime configuration of a school (docs/product §1, §7 Bootstrap; docs/decisions/056-donor-contract.md): the
 * schemas are the source, the types `Static<>` of them. The run-time lists (DIRECTORY_ORDER_CYCLE, SettingKey,
 * CampaignKey) stay in types/config.ts, TypeBox-free (this module imports nothing of it: import/no-cycle).
 */
import { Type, type Static } from 'typebox'
import { Bool, Num, Str, strEnum } from './common'
import { NoticeTemplates } from './notice'

/**
 * Per-school settings held in the database and sent with baseConfig (`data.settings`).
 * Page logic reads these; no school code is ever compared in page code.
 */
export const SchoolSettings = Type.Object({
  /** hide totals and statistics (project detail, directory totals) */
  hideStatistics: Bool,
  /** online donation disabled: donate buttons show `offlineContactInfo` instead */
  disableOnlineDonation: Bool,
  offlineContactInfo: Str,
  /** donor names are masked by the server to first character + "**" (anonymous label excepted) */
  maskDonorNames: Bool,
  /** hide the search box of the donation directory (jzml) */
  hideDirectorySearch: Bool,
  /** hide the donation-directory tab of project detail */
  hideProjectDirectory: Bool,
  /** the directory's initial order (docs/product §7 Index donateRecordPage: '' time desc, '1' money desc) */
  defaultDirectoryOrder: strEnum(['', 'donate_time_asc', '1', 'donate_money_asc']),
  /** project list variant: 'tabs' (subject) or 'dropdown' (subject-cpu) */
  projectListVariant: strEnum(['tabs', 'dropdown']),
  /** campaign key -> item id, e.g. {"treeNaming": 4, "hhuSeat": 9} */
  campaignItems: Type.Record(Type.String(), Num)
})
export type SchoolSettings = Static<typeof SchoolSettings>

/** GET /config/index.json (raw JSON, no envelope) */
export const RootConfig = Type.Object({
  /** the default school's code */
  school: Str
})
export type RootConfig = Static<typeof RootConfig>

/** GET /config/{school}/index.json (raw JSON, no envelope) */
export const SchoolConfig = Type.Object({
  /** API base for this school, e.g. "/api/demo" (the mini-programs prefix it with their build-time origin) */
  api: Str,
  moduleName: Str,
  theme: Str,
  /** CSS colour, e.g. "#c8102e" */
  themeColor: Str,
  /** 16 ASCII characters: the AES-128 key of the request signature */
  signKey: Str,
  /** the subscribe-message template ids per channel and kind of news (docs/decisions/049-subscribe-messages.md);
   *  absent from a server older than it */
  noticeTemplates: Type.Optional(NoticeTemplates)
})
export type SchoolConfig = Static<typeof SchoolConfig>

/** The path parameter of GET /config/{school}/index.json (docs/decisions/066-donor-requests.md). */
export const SchoolParams = Type.Object({ school: Str })
export type SchoolParams = Static<typeof SchoolParams>
