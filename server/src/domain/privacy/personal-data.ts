/**
 * Does a donation submission carry personal data (docs/decisions/041)? A gift with none (no form field filled, no
 * certificate, receipt, address or nameplate) needs no consent; anything else does, before it is stored.
 */
import type { DonateSubmission as DonateBody } from '../../../../types/schema/donate'

const filled = (v: unknown) => v !== undefined && v !== null && v !== '' && v !== false
const listed = (v: unknown) => Array.isArray(v) && v.length > 0

const TEXT_KEYS = [
  'certificateDonorName',
  'receiptDonorName',
  'creditCode',
  'postalEmail',
  'postalMobileSms',
  'postalAddress',
  'postalContact',
  'postalMobile',
  'postalZip'
] as const

export function collectsPersonalData(b: DonateBody): boolean {
  if (b.isNeedPaper === 1 || b.isNeedReceipt === 1) return true
  if (TEXT_KEYS.some((k) => filled(typeof b[k] === 'string' ? b[k].trim() : b[k]))) return true
  if (b.formDataMap && Object.values(b.formDataMap).some((v) => filled(typeof v === 'string' ? v.trim() : v))) return true
  return listed(b.seatList) || listed(b.bookList)
}
