/**
 * Donor sign-in answers (docs/product §7 Login, §4 SMS countdown and login state; docs/decisions/056-donor-contract.md):
 * each schema is the one source of its shape, the type of the same name is `Static<>` of it. Tokens are the AuthToken
 * of types/schema/entities.ts, sent back as `Authorization`. The request shapes and limits stay in types/identity.ts.
 */
import { Type, type Static, type TSchema } from 'typebox'
import { LOGIN_PLATFORMS } from '../pay-codes'
import { Flag, Num, Opt, strEnum } from './common'
import { AuthToken } from './entities'
import { body, optInt, optString, query, reqString } from './wire-int'

/** getSmsCode answer: seconds until another code may be asked for (the countdown) and until this one expires. */
export const SmsCodeAnswer = Type.Object({ resendAfter: Num, expiresIn: Num })
export type SmsCodeAnswer = Static<typeof SmsCodeAnswer>

export const MobileLoginAnswer = Type.Object({
  ...AuthToken.properties,
  /** 1 when this login created the account */
  isNewUser: Flag,
  /** 1 when the mobile was bound to the signed-in user by this call */
  isBind: Flag
})
export type MobileLoginAnswer = Static<typeof MobileLoginAnswer>

/** Unknown account: code 0, isRegister 0, no token (the app shows 账号不存在, docs/product §8). Wrong password: code -1. */
export const PassLoginAnswer = Type.Union([
  Type.Object({ isRegister: Type.Literal(0) }),
  Type.Object({ isRegister: Type.Literal(1), ...AuthToken.properties })
])
export type PassLoginAnswer = Static<typeof PassLoginAnswer>

// ---------------------------------------------------------------- requests (docs/decisions/066-donor-requests.md)

/** Every sign-in body may carry the caller's token (mobileLogin binds the mobile to that user) and the privacy policy
 *  version the login page's checkbox agreed to (recorded for the signed-in user: decision 041). */
const signInBody = <P extends Record<string, TSchema>>(properties: P) =>
  body({ ...properties, token: optString(200), privacyVersion: optInt(1, 1_000_000) })

/** POST S/app/v1/user/getSmsCode; `mobile` is an AreaMobile ("86-13800138000", or 11 bare digits for code 86). */
export const SmsCodeBody = signInBody({ mobile: reqString(32) })
export type SmsCodeBody = Static<typeof SmsCodeBody>
/**
 * POST S/app/v1/user/mobileLogin. Without a token it signs in the user who owns the mobile (created on first
 * use); with a valid token it binds the mobile to that user ('bind mobile', docs/product §6) and signs them in again.
 */
export const MobileLoginBody = signInBody({ mobile: reqString(32), code: reqString(16) })
export type MobileLoginBody = Static<typeof MobileLoginBody>
/** POST S/app/v1/user/passLogin. `password` is the lowercase hex SHA-256 of what the user typed (64 characters). */
export const PassLoginBody = signInBody({ username: reqString(64, 1), password: reqString(128) })
export type PassLoginBody = Static<typeof PassLoginBody>

/** GET getAuthToken: the platform's `code` (types/pay-codes.ts LoginPlatform; '' or absent means h5). */
export const AuthTokenQuery = query({
  code: reqString(128, 1),
  billType: optString(8),
  platform: Opt(strEnum([...LOGIN_PLATFORMS, ''] as const))
})
export type AuthTokenQuery = Static<typeof AuthTokenQuery>
/** GET getAuthUrl and getWechatShare: the page URL to come back to, or to sign the JS-SDK for. */
export const AuthUrlQuery = query({ url: reqString(2000, 1), billType: optString(8) })
export type AuthUrlQuery = Static<typeof AuthUrlQuery>

/**
 * POST S/app/v1/user/middle/auth: the middle-school hand-off a mini-program passes to its web-view as
 * `?openId=…&timestamp=…&signature=…`. `signature` = lowercase hex HMAC-SHA256(school secret, `${openId}.${timestamp}`),
 * `timestamp` in Unix seconds; both may be absent only where the school runs the sandbox identity (server/README.md).
 */
export const MiddleAuthBody = body({
  openId: reqString(128, 1),
  timestamp: Opt(Type.Integer({ minimum: 0, maximum: 99_999_999_999 })),
  signature: optString(128)
})
export type MiddleAuthBody = Static<typeof MiddleAuthBody>
