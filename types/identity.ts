/**
 * Donor identity on the wire (docs/product §7 Login, §4 SMS countdown and login state, §5 Login, §6). Tokens are the
 * AuthToken of entities.ts, sent back as `Authorization`.
 */

/** The sign-in answers: the schemas of types/schema/identity.ts (docs/decisions/056-donor-contract.md). */
export type { SmsCodeAnswer, MobileLoginAnswer, PassLoginAnswer } from './schema/identity'

/** "86-13800138000": dialling code, dash, number (docs/product §7 "mobile as area-number"). A bare number means code 86. */
export type AreaMobile = string

/** POST S/app/v1/user/getSmsCode */
export interface SmsCodeBody {
  mobile: AreaMobile
}

/**
 * POST S/app/v1/user/mobileLogin. Without a token it signs in the user who owns the mobile (created on first
 * use); with a valid token it binds the mobile to that user ('bind mobile', docs/product §6) and signs them in again.
 */
export interface MobileLoginBody {
  mobile: AreaMobile
  code: string
}

/** POST S/app/v1/user/passLogin. `password` is the lowercase hex SHA-256 of what the user typed (64 characters). */
export interface PassLoginBody {
  username: string
  password: string
}

/**
 * Where getAuthToken's `code` comes from: `weapp` (Taro.login, exchanged with WeChat jscode2session), `alipay`
 * (my.getAuthCode, alipay.system.oauth.token), `h5` (the WeChat official-account OAuth redirect of getAuthUrl).
 * Absent means h5. A platform the school has no credentials for uses the sandbox (the code is the openId).
 */
export type LoginPlatform = 'weapp' | 'alipay' | 'h5'
export const LOGIN_PLATFORMS: readonly LoginPlatform[] = ['weapp', 'alipay', 'h5']
export interface AuthTokenQuery {
  code: string
  billType?: number
  platform?: LoginPlatform
}

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
