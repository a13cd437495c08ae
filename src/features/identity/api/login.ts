/**
 * Login calls (docs/product §7 Login; wire types in types/identity.ts). Each returns the wire data; code -1 is toasted by
 * request() with the server's message (docs/product §8) and rejects, except a refusal naming an input (the mobile, the
 * code), which the login form shows under it (decision 081).
 */
import { Api, type AreaMobile, type MobileLoginAnswer, type PassLoginAnswer, type SmsCodeAnswer } from '@contract'
import { request } from '@/lib/request'

export function requestSmsCode(mobile: AreaMobile): Promise<SmsCodeAnswer> {
  return request<SmsCodeAnswer>({ path: Api.getSmsCode, method: 'POST', data: { mobile }, auth: false, fieldErrors: true })
}

/**
 * `bind`: the signed-in user binds this mobile (docs/product §6 'bind mobile'): the token goes along. A plain sign-in
 * sends none, so a visitor holding some other session signs in as the owner of the mobile.
 */
export function loginByMobile(
  body: { mobile: AreaMobile; code: string; privacyVersion?: number },
  bind: boolean
): Promise<MobileLoginAnswer> {
  return request<MobileLoginAnswer>({ path: Api.mobileLogin, method: 'POST', data: body, auth: bind, fieldErrors: true })
}

/** `password` is already the lowercase hex SHA-256 (src/lib/sha256.ts). `privacyVersion`: the policy the ticked
 *  checkbox agreed to, recorded with the sign-in (docs/decisions/041). */
export function loginByPassword(body: { username: string; password: string; privacyVersion?: number }): Promise<PassLoginAnswer> {
  return request<PassLoginAnswer>({ path: Api.passLogin, method: 'POST', data: body, auth: false })
}
