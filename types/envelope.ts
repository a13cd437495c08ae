/**
 * The response envelope and result codes every API call answers with (docs/product §7, §8).
 * Pinned: other clients and the tests depend on these exact numbers.
 */
export const ResultCode = {
  OK: 0,
  /** business error; `message` is in the request's language */
  ERROR: -1,
  /** token invalid or expired: clear the token and re-authorise */
  TOKEN_INVALID: -997,
  /** user not registered: clear the token and re-authorise (unless data.errorCode is 0201) */
  NOT_REGISTERED: -998
} as const
export type ResultCodeValue = (typeof ResultCode)[keyof typeof ResultCode]

/** Permission error codes carried in `data.errorCode` (checkPermission) and handed to the caller. */
export const PermissionCode = {
  /** certified alumni login required */
  ALUMNI_REQUIRED: '0201',
  /** authorisation required (shows nothing on project detail) */
  AUTH_REQUIRED: '0101'
} as const

/** The data of a -1 refusal naming one input of the form (docs/decisions/061): the schema of types/schema/refusals.ts. */
export type { FieldRefusal } from './schema/refusals'

export interface Envelope<T = unknown> {
  code: ResultCodeValue | number
  message: string
  data: T
}

/** Languages the app and the server speak. zh_CN is the default. */
export type Lang = 'zh_CN' | 'en'
export const LANGS: readonly Lang[] = ['zh_CN', 'en']
export const DEFAULT_LANG: Lang = 'zh_CN'

/** Paged answers: `rows` plus the total row count. */
export interface Page<T> {
  total: number
  rows: T[]
}

/** docs/product §9 page sizes. A larger `limit` is capped to PAGE_SIZE.MAX, never refused. */
export const PAGE_SIZE = {
  LIST: 10,
  DIRECTORY: 20,
  ARTICLES: 20,
  PICKER: 99,
  DETAIL_NAMING: 50,
  NAMING: 999,
  TOGETHER_DONORS: 20,
  TOGETHER_AVATARS: 9999,
  BOOK_CATEGORIES: 10,
  /** the largest page size of §9 */
  MAX: 9999
} as const
