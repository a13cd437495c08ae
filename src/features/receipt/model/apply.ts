/**
 * The receipt application (docs/product §5 Receipt submit, §4 receipt defaults): donor type personal (name, ID number) or
 * enterprise (unit name, credit code), each code 18 characters and required when isCreditCode is 1; receipt type
 * paper (ways 1 self pickup, 2 express: address, contact, mobile) or electronic (3 e-mail, 4 SMS mobile). Changing
 * the type selects the first way of the other list; a single type is preselected; the previous application
 * (lastUserInfo) prefills. Pure: the screen holds the state.
 */
import {
  CREDIT_CODE_LENGTH,
  DonorType,
  ReceiptType,
  ReceiptWay,
  type ReceiptConfig,
  type ReceiptInsertBody,
  type ReceiptLastUserInfo
} from '@contract'
import { DEFAULT_AREA, isValidContactMobile, splitAreaMobile, toAreaMobile } from '@/lib/mobile'
import type { Problem } from '@/lib/validation'

export interface ReceiptApplyState {
  donorType: number
  donorName: string
  creditCode: string
  receiptType: number | null
  receiptWay: number | null
  address: string
  contact: string
  mobile: string
  mobileArea: string
  email: string
  sms: string
  smsArea: string
}

type TypeConfig = Pick<ReceiptConfig, 'receiptTypeList' | 'receiptWayPaperList' | 'receiptWayElectronicList'>

/** The offered types in the order every screen shows them: electronic first, then paper. */
export const receiptTypes = (c: TypeConfig): number[] =>
  [ReceiptType.ELECTRONIC, ReceiptType.PAPER].filter((x) => (c.receiptTypeList || []).includes(x))

export function receiptWays(c: TypeConfig, type: number | null): number[] {
  if (type === ReceiptType.PAPER) return (c.receiptWayPaperList || []).filter((w) => w === ReceiptWay.PICK_UP || w === ReceiptWay.EXPRESS)
  if (type === ReceiptType.ELECTRONIC)
    return (c.receiptWayElectronicList || []).filter((w) => w === ReceiptWay.EMAIL || w === ReceiptWay.SMS)
  return []
}

/**
 * Defaults that fit an individual donor (as the donation form's receipt section): the donor's last choice,
 * else issued to a person, electronic where the school offers it, the type's first way.
 */
export function initialReceiptApply(c: TypeConfig, last: ReceiptLastUserInfo): ReceiptApplyState {
  const types = receiptTypes(c)
  const type = last && types.includes(last.receiptType) ? last.receiptType : (types[0] ?? null)
  const ways = receiptWays(c, type)
  const way = last && ways.includes(last.receiptWay) ? last.receiptWay : (ways[0] ?? null)
  const postal = splitAreaMobile(last?.postalMobile)
  const sms = splitAreaMobile(last?.postalMobileSms)
  return {
    donorType: last?.donorType === DonorType.PERSONAL || last?.donorType === DonorType.ENTERPRISE ? last.donorType : DonorType.PERSONAL,
    donorName: last?.donorName || '',
    creditCode: last?.creditCode || '',
    receiptType: type,
    receiptWay: way,
    address: last?.postalAddress || '',
    contact: last?.postalContact || '',
    mobile: postal.mobile,
    mobileArea: postal.area || DEFAULT_AREA,
    email: last?.postalEmail || '',
    sms: sms.mobile,
    smsArea: sms.area || DEFAULT_AREA
  }
}

/** A new receipt type selects the first way of its list. */
export function setReceiptType(s: ReceiptApplyState, type: number, c: TypeConfig): ReceiptApplyState {
  if (s.receiptType === type) return s
  return { ...s, receiptType: type, receiptWay: receiptWays(c, type)[0] ?? null }
}

const isEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)

export function validateReceiptApply(
  s: ReceiptApplyState,
  c: TypeConfig & Pick<ReceiptConfig, 'isCreditCode'>,
  donateIds: number[]
): Problem | null {
  if (!donateIds.length) return { key: 'receipt.pick.none' }
  const enterprise = s.donorType === DonorType.ENTERPRISE
  if (!s.donorName.trim()) return { key: enterprise ? 'receipt.need.unitName' : 'receipt.need.personName', field: 'donorName' }
  const code = s.creditCode.trim()
  if (!code && c.isCreditCode === 1) return { key: enterprise ? 'receipt.need.creditCode' : 'receipt.need.idNumber', field: 'creditCode' }
  if (code && code.length !== CREDIT_CODE_LENGTH)
    return { key: enterprise ? 'receipt.invalid.creditCode' : 'receipt.invalid.idNumber', field: 'creditCode' }
  if (s.receiptType === null || !receiptTypes(c).includes(s.receiptType)) return { key: 'receipt.typeRequired', field: 'receiptType' }
  if (s.receiptWay === null || !receiptWays(c, s.receiptType).includes(s.receiptWay))
    return { key: 'receipt.wayRequired', field: 'receiptWay' }
  if (s.receiptWay === ReceiptWay.EXPRESS) {
    if (!s.address.trim()) return { key: 'receipt.need.address', field: 'postalAddress' }
    if (!s.contact.trim()) return { key: 'receipt.need.contact', field: 'postalContact' }
    if (!s.mobile.trim()) return { key: 'receipt.need.mobile', field: 'postalMobile' }
    if (!isValidContactMobile(s.mobileArea, s.mobile)) return { key: 'receipt.invalid.mobile', field: 'postalMobile' }
  }
  if (s.receiptWay === ReceiptWay.EMAIL) {
    if (!s.email.trim()) return { key: 'receipt.need.email', field: 'postalEmail' }
    if (!isEmail(s.email.trim())) return { key: 'receipt.invalid.email', field: 'postalEmail' }
  }
  if (s.receiptWay === ReceiptWay.SMS) {
    if (!s.sms.trim()) return { key: 'receipt.need.sms', field: 'postalMobileSms' }
    if (!isValidContactMobile(s.smsArea, s.sms)) return { key: 'receipt.invalid.mobile', field: 'postalMobileSms' }
  }
  return null
}

/** The insert body: the donor, type and way, and only the delivery fields that way uses. */
export function buildReceiptInsert(s: ReceiptApplyState, donateIds: number[]): ReceiptInsertBody {
  const body: ReceiptInsertBody = {
    donorType: s.donorType,
    donorName: s.donorName.trim(),
    receiptType: s.receiptType as number,
    receiptWay: s.receiptWay as number,
    donateRecordIds: [...donateIds]
  }
  const code = s.creditCode.trim().toUpperCase()
  if (code) body.creditCode = code
  if (s.receiptWay === ReceiptWay.EXPRESS) {
    body.postalAddress = s.address.trim()
    body.postalContact = s.contact.trim()
    body.postalMobile = toAreaMobile(s.mobileArea, s.mobile)
  } else if (s.receiptWay === ReceiptWay.EMAIL) {
    body.postalEmail = s.email.trim()
  } else if (s.receiptWay === ReceiptWay.SMS) {
    body.postalMobileSms = toAreaMobile(s.smsArea, s.sms)
  }
  return body
}
