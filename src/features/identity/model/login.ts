/**
 * The login form as plain data and its rules (docs/product §5 Login, §9): the agreement first, then in mobile mode the
 * mobile and the code, in account mode the username and the password. Rules return an i18n key or null.
 */
import { DONATE_LIMITS, SMS_LIMITS, type AreaMobile } from '@contract'
import type { MessageKey } from '@/lib/i18n'

export type LoginMode = 'mobile' | 'account'

export interface LoginForm {
  mode: LoginMode
  /** dialling code without '+', default 86 */
  areaCode: string
  mobile: string
  code: string
  username: string
  password: string
  agreed: boolean
}

export const initialLoginForm = (): LoginForm => ({
  mode: 'mobile',
  areaCode: DONATE_LIMITS.DEFAULT_AREA_CODE,
  mobile: '',
  code: '',
  username: '',
  password: '',
  agreed: false
})

/** "+86" / " 86 " -> "86"; anything unusable -> the default code. */
export function normaliseAreaCode(v: string | null | undefined): string {
  const m = /^\+?(\d{1,4})$/.exec(String(v ?? '').trim())
  return m ? m[1] : DONATE_LIMITS.DEFAULT_AREA_CODE
}

/** docs/product §7: "mobile as area-number", e.g. "86-13800138000". */
export const toAreaMobile = (areaCode: string, mobile: string): AreaMobile => `${normaliseAreaCode(areaCode)}-${mobile.trim()}`

/** 11 digits starting with 1 for code 86 (docs/product §5, §9); 4 to 15 digits elsewhere. */
export function isValidMobile(areaCode: string, mobile: string): boolean {
  const m = mobile.trim()
  if (normaliseAreaCode(areaCode) === DONATE_LIMITS.DEFAULT_AREA_CODE) {
    return m.length === DONATE_LIMITS.MAINLAND_MOBILE_LENGTH && /^1\d+$/.test(m)
  }
  return /^\d{4,15}$/.test(m)
}

function mobileProblem(f: LoginForm): MessageKey | null {
  if (!f.mobile.trim()) return 'identity.mobile.required'
  if (!isValidMobile(f.areaCode, f.mobile)) return 'identity.mobile.invalid'
  return null
}

/** Asking for an SMS code needs a valid mobile (the countdown is checked by the caller). */
export const smsRequestProblem = (f: LoginForm): MessageKey | null => mobileProblem(f)

/**
 * The input a problem is shown under (decision 081), named as the request bodies name them; the agreement has no input
 * of its own (toasted, as on the donation form).
 */
export function loginFieldOf(key: MessageKey): 'mobile' | 'code' | 'username' | 'password' | undefined {
  if (key.startsWith('identity.mobile.')) return 'mobile'
  if (key.startsWith('identity.code.')) return 'code'
  if (key.startsWith('identity.username.')) return 'username'
  if (key.startsWith('identity.password.')) return 'password'
  return undefined
}

export function loginProblem(f: LoginForm): MessageKey | null {
  if (!f.agreed) return 'identity.agree.required'
  if (f.mode === 'mobile') {
    const m = mobileProblem(f)
    if (m) return m
    if (!f.code.trim()) return 'identity.code.required'
    if (!new RegExp(`^\\d{${SMS_LIMITS.CODE_LENGTH}}$`).test(f.code.trim())) return 'identity.code.invalid'
    return null
  }
  if (!f.username.trim()) return 'identity.username.required'
  if (!f.password) return 'identity.password.required'
  return null
}
