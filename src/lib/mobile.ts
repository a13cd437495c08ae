/**
 * Contact mobile numbers (certificate and receipt applications, the area-code pickers): a dialling code ('' or '86'
 * means mainland China) and the number. On the wire they travel as "area-number" (types/identity.ts AreaMobile).
 */
import { DONATE_LIMITS, type AreaMobile } from '@contract'

export const DEFAULT_AREA = DONATE_LIMITS.DEFAULT_AREA_CODE

/** "+86" / " 86" -> "86" */
export const normaliseArea = (code: string | null | undefined): string =>
  String(code ?? '')
    .trim()
    .replace(/^\+/, '')

/**
 * docs/product §5: a number whose length is not 11 with the area code empty or 86 is invalid ('please enter valid contact
 * mobile'). Any number must be digits only.
 */
export function isValidContactMobile(area: string, mobile: string): boolean {
  const a = normaliseArea(area)
  const m = (mobile || '').trim()
  if (!/^\d+$/.test(m)) return false
  if ((a === '' || a === DEFAULT_AREA) && m.length !== DONATE_LIMITS.MAINLAND_MOBILE_LENGTH) return false
  return true
}

export const toAreaMobile = (area: string, mobile: string): AreaMobile => `${normaliseArea(area) || DEFAULT_AREA}-${mobile.trim()}`

// dialling codes never start with 0: '025-83592000' is a landline, not code 025
const AREA_PREFIX = /^\+?([1-9]\d{0,3})-(.+)$/

/** "86-13800138000" -> { area: '86', mobile: '13800138000' }; a bare number means code 86. */
export function splitAreaMobile(v: string | null | undefined): { area: string; mobile: string } {
  const s = String(v ?? '').trim()
  const m = AREA_PREFIX.exec(s)
  return m ? { area: m[1], mobile: m[2] } : { area: DEFAULT_AREA, mobile: s }
}

/** For display: "86-13800138000" -> "+86 13800138000"; a number without a code is shown as it is. */
export function displayMobile(v: string | null | undefined): string {
  const s = String(v ?? '').trim()
  const m = AREA_PREFIX.exec(s)
  return m ? `+${m[1]} ${m[2]}` : s
}
