/**
 * Donor identity on the wire (docs/product §7 Login, §4 SMS countdown and login state, §5 Login, §6). Tokens are the
 * AuthToken of entities.ts, sent back as `Authorization`.
 */

/** The sign-in answers: the schemas of types/schema/identity.ts (docs/decisions/056-donor-contract.md). */
export type { SmsCodeAnswer, MobileLoginAnswer, PassLoginAnswer } from './schema/identity'

/** "86-13800138000": dialling code, dash, number (docs/product §7 "mobile as area-number"). A bare number means code 86. */
export type AreaMobile = string

/** The sign-in requests: the schemas of types/schema/identity.ts (docs/decisions/066-donor-requests.md). */
export type { SmsCodeBody, MobileLoginBody, PassLoginBody, AuthTokenQuery, AuthUrlQuery, MiddleAuthBody } from './schema/identity'
export { LOGIN_PLATFORMS, type LoginPlatform } from './pay-codes'

/**
 * accountType of `my` (docs/product §6: type 1 with open login shows the 'bind mobile' prompt and loginNotes):
 * 1 no verified mobile bound yet (WeChat, Alipay, sandbox or password sign-in); 2 a verified mobile is bound.
 */
export const AccountType = { UNBOUND: 1, MOBILE: 2 } as const
export type AccountTypeValue = (typeof AccountType)[keyof typeof AccountType]

/** docs/product §4 and §9 SMS limits, enforced by the server (per mobile and per client IP). */
export const SMS_LIMITS = {
  /** one code per 60 s per mobile and per IP (the app's countdown) */
  RESEND_SECONDS: 60,
  /** ten codes per mobile and per IP in any 24 hours */
  PER_DAY: 10,
  /** a code is valid for 5 minutes, once */
  CODE_TTL_SECONDS: 300,
  CODE_LENGTH: 6,
  /** wrong guesses before a code is burnt */
  MAX_ATTEMPTS: 5
} as const

/** The client's password hash: lowercase hex SHA-256. */
export const PASSWORD_HASH_PATTERN = /^[0-9a-f]{64}$/
