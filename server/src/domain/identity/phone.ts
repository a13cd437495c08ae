/**
 * "86-13800138000" (docs/product §7 mobile as area-number). A bare number means the default code 86; "+86-…" is accepted.
 * Mainland numbers (code 86) have 11 digits (docs/product §5, §9); other codes 4 to 15 digits.
 */
import { DONATE_LIMITS } from '../../../../types'

export interface AreaMobile {
  area: string
  number: string
  /** "86-13800138000": the stored and compared form */
  key: string
}

const AREA = /^\+?(\d{1,4})$/
const DIGITS = /^\d{4,15}$/

/**
 * Parses a mobile, with the dialling code either inside ("86-138…") or given apart (`area`, the certificate form's
 * field). `strict` (sign-in) also requires a mainland number to start with 1; contact numbers only need 11 digits.
 */
export function parseAreaMobile(input: string, opts: { area?: string | null; strict?: boolean } = {}): AreaMobile | null {
  const raw = input.trim()
  if (!raw) return null
  const dash = raw.indexOf('-')
  let area = (opts.area ?? '').trim()
  let number = raw
  if (dash >= 0) {
    const inside = raw.slice(0, dash)
    number = raw.slice(dash + 1)
    if (!area) area = inside
    else if (inside.replace(/^\+/, '') !== area.replace(/^\+/, '')) return null
  }
  if (!area) area = DONATE_LIMITS.DEFAULT_AREA_CODE
  const a = AREA.exec(area)
  if (!a || !DIGITS.test(number)) return null
  area = a[1]
  if (area === DONATE_LIMITS.DEFAULT_AREA_CODE) {
    if (number.length !== DONATE_LIMITS.MAINLAND_MOBILE_LENGTH) return null
    if (opts.strict && !number.startsWith('1')) return null
  }
  return { area, number, key: `${area}-${number}` }
}

/** "86-13800138000" -> "+86-13800138000", the form app_user.mobile holds (baseInfo strips the prefix). */
export const profileMobile = (m: AreaMobile) => `+${m.area}-${m.number}`
