/** Pieces shared by the certificate and receipt applications: batch numbers, unique-violation detection, postal checks. */
import { beijingStamp } from '../../lib/dates'
import { randomSerial } from '../../lib/random'
import { fieldRefusal } from '../../errors'
import { parseAreaMobile } from '../identity/phone'

/** "C20260101120000K7Q2ZP": kind letter, Beijing time, 6 random characters. */
export function newBatchNo(prefix: 'C' | 'R', now: Date): string {
  return `${prefix}${beijingStamp(now)}${randomSerial(6)}`
}

export const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; message?: string }
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '')
}

export const clean = (v: string | null | undefined, max: number) => (v ?? '').trim().slice(0, max)

/**
 * Address, contact and mobile of a mailed application (docs/product §5), in that order; the mobile as "86-…". Each
 * refusal names its input (decision 081).
 */
export function requirePostal(b: {
  postalAddress?: string | null
  postalContact?: string | null
  postalMobile?: string | null
  area?: string | null
}) {
  const address = clean(b.postalAddress, 500)
  const contact = clean(b.postalContact, 64)
  const mobileRaw = clean(b.postalMobile, 32)
  if (!address) throw fieldRefusal('postalAddress', 'enterAddress')
  if (!contact) throw fieldRefusal('postalContact', 'enterContact')
  if (!mobileRaw) throw fieldRefusal('postalMobile', 'enterMobile')
  const m = parseAreaMobile(mobileRaw, { area: b.area })
  if (!m) throw fieldRefusal('postalMobile', 'contactMobileInvalid')
  return { address, contact, mobile: m.key }
}

/** Unique, positive ids; at most `max`. */
export const uniqueIds = (ids: number[]) => [...new Set(ids.filter((i) => Number.isSafeInteger(i) && i > 0))]
