/**
 * The fulfilment part of a gift (docs/product §4 Form visibility, §5): certificate, receipt and mailing address, with
 * their state, visibility, first problem and wire fields. The donation form and the naming forms (seat, book,
 * artwork: docs/decisions/048-naming-forms-whole.md) both hold it and send it, so the rules exist once; the server
 * checks the same fields with the same code for both kinds of order (server/src/domain/order/validation.ts).
 */
import { DONATE_LIMITS, type DonateSubmission, type FormConfig } from '@contract'
import type { MessageKey } from '@/lib/i18n'
import { dec } from './amount'
import { charLength, isValidMobile, joinMobile } from './fields'
import { initialReceipt, switchReceiptType, WAY_EMAIL, WAY_EXPRESS, WAY_PICKUP, WAY_SMS } from './receipt'

export interface Region {
  province: string
  city: string
  district: string
}

export interface FulfilmentState {
  /** area codes of mobile inputs, by field name; here 'postalMobile' and 'postalMobileSms' */
  codes: Record<string, string>
  isNeedPaper: boolean
  certificateDonorName: string
  certificateWay: number | null
  isNeedReceipt: boolean
  receiptDonorType: 1 | 2
  receiptDonorName: string
  creditCode: string
  receiptType: number | null
  receiptWay: number | null
  postalEmail: string
  postalMobileSms: string
  region: Region
  postalAddress: string
  postalZip: string
  postalContact: string
  postalMobile: string
}

export type FulfilmentForm = Pick<
  FormConfig,
  | 'certificateWayPaperList'
  | 'isShowCertificate'
  | 'isOpenCertificate'
  | 'minMoneyCertificate'
  | 'isShowReceipt'
  | 'isOpenReceipt'
  | 'minMoneyReceipt'
  | 'receiptTypeList'
  | 'receiptWayPaperList'
  | 'receiptWayElectronicList'
  | 'isCreditCode'
>

/** The fulfilment fields at the start: the donor's name copied where a name goes, the form's single options chosen. */
export function initialFulfilment(
  form: Partial<FulfilmentForm>,
  donorName: string,
  certificateName = donorName
): Omit<FulfilmentState, 'codes'> {
  const certWays = form.certificateWayPaperList || []
  return {
    isNeedPaper: false,
    certificateDonorName: certificateName,
    certificateWay: certWays.length === 1 ? certWays[0] : null,
    isNeedReceipt: false,
    ...initialReceipt(form),
    receiptDonorName: donorName,
    creditCode: '',
    postalEmail: '',
    postalMobileSms: '',
    region: { province: '', city: '', district: '' },
    postalAddress: '',
    postalZip: '',
    postalContact: donorName,
    postalMobile: ''
  }
}

export const initialCodes = (): Record<string, string> => ({
  postalMobile: DONATE_LIMITS.DEFAULT_AREA_CODE,
  postalMobileSms: DONATE_LIMITS.DEFAULT_AREA_CODE
})

/** A copy target follows the donor name while it is empty or still equal to the previous name (not hand-edited). */
const follows = (target: string, previous: string) => target === '' || target === previous

/** The donor name changed from `prev` to `next`: the certificate, receipt and postal contact follow unless edited. */
export function followDonorName<S extends FulfilmentState>(s: S, prev: string, next: string): S {
  const out = { ...s }
  if (follows(s.certificateDonorName, prev)) out.certificateDonorName = next
  if (follows(s.receiptDonorName, prev)) out.receiptDonorName = next
  if (follows(s.postalContact, prev)) out.postalContact = next
  return out
}

export const patchFulfilment = <S extends FulfilmentState>(s: S, p: Partial<Omit<FulfilmentState, 'codes'>>): S => ({ ...s, ...p })

export function setFulfilmentCode<S extends FulfilmentState>(s: S, key: 'postalMobile' | 'postalMobileSms', code: string): S {
  return { ...s, codes: { ...s.codes, [key]: code.replace(/^\+/, '') } }
}

/** Another receipt type: its list's first way is selected. */
export function pickFulfilmentReceiptType<S extends FulfilmentState>(form: FulfilmentForm, s: S, type: number): S {
  if (type === s.receiptType) return s
  return { ...s, ...switchReceiptType(form, type) }
}

export interface FulfilmentVisibility {
  certificate: boolean
  paperOption: boolean
  certificateWay: boolean
  certificatePickup: boolean
  receipt: boolean
  receiptFields: boolean
  receiptPickup: boolean
  receiptEmail: boolean
  receiptSms: boolean
  /** the postal address block: express receipt (way 2) or a mailed paper certificate (way 2) */
  postal: boolean
}

const reaches = (amount: string | null, min: string) => dec(amount).gte(dec(min))

/** docs/product §4: what shows for this amount; an anonymous gift shows (and sends) none of it. */
export function fulfilmentVisibility(
  form: FulfilmentForm,
  amount: string | null,
  anonymous: boolean,
  s: FulfilmentState
): FulfilmentVisibility {
  const named = !anonymous
  const certificate = named && form.isShowCertificate === 1 && reaches(amount, form.minMoneyCertificate)
  const paperOption = certificate && form.isOpenCertificate === 1 && (form.certificateWayPaperList || []).length > 0
  const certificateWay = paperOption && s.isNeedPaper
  const receipt =
    named &&
    form.isShowReceipt === 1 &&
    form.isOpenReceipt === 1 &&
    (form.receiptTypeList || []).length > 0 &&
    reaches(amount, form.minMoneyReceipt)
  const receiptFields = receipt && s.isNeedReceipt
  return {
    certificate,
    paperOption,
    certificateWay,
    certificatePickup: certificateWay && s.certificateWay === WAY_PICKUP,
    receipt,
    receiptFields,
    receiptPickup: receiptFields && s.receiptWay === WAY_PICKUP,
    receiptEmail: receiptFields && s.receiptWay === WAY_EMAIL,
    receiptSms: receiptFields && s.receiptWay === WAY_SMS,
    postal: (certificateWay && s.certificateWay === 2) || (receiptFields && s.receiptWay === WAY_EXPRESS)
  }
}

/** `titleKey`: a key whose text fills {title} (a receipt field's label), translated with the message itself. */
export type ErrorParams = Record<string, string | number> & { titleKey?: MessageKey }

export interface FormError {
  key: MessageKey
  params?: ErrorParams
  /** shown as is instead of key (a field's own placeholder) */
  text?: string
  duration: number
  /** which input it concerns (tests, focus) */
  target?: string
}

export const formError = (key: MessageKey, target?: string, params?: FormError['params'], duration = 1000): FormError => ({
  key,
  params,
  duration,
  target
})
const e = formError
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function postalError(s: FulfilmentState): FormError | null {
  if (!s.region.province) return e('donate.postal.regionRequired', 'region')
  if (!s.postalAddress.trim()) return e('donate.postal.addressRequired', 'postalAddress')
  if (!s.postalContact.trim()) return e('donate.postal.contactRequired', 'postalContact')
  if (!s.postalMobile.trim()) return e('donate.postal.mobileRequired', 'postalMobile')
  if (!isValidMobile(s.codes.postalMobile, s.postalMobile)) return e('donate.postal.mobileInvalid', 'postalMobile')
  return null
}

function receiptError(form: FulfilmentForm, s: FulfilmentState): FormError | null {
  const enterprise = s.receiptDonorType === 2
  const nameTitle = enterprise ? 'donate.receipt.unitName' : 'donate.receipt.personName'
  const codeTitle = enterprise ? 'donate.receipt.creditCode' : 'donate.receipt.idNumber'
  if (s.receiptType === null) return e('donate.receipt.typeRequired', 'receiptType')
  if (s.receiptWay === null) return e('donate.receipt.wayRequired', 'receiptWay')
  if (!s.receiptDonorName.trim()) return e('donate.receipt.required', 'receiptDonorName', { titleKey: nameTitle })
  const code = s.creditCode.trim()
  if (!code && form.isCreditCode === 1) return e('donate.receipt.required', 'creditCode', { titleKey: codeTitle })
  if (code && charLength(code) !== DONATE_LIMITS.CREDIT_CODE_LENGTH)
    return e('donate.receipt.invalid', 'creditCode', { titleKey: codeTitle })
  if (s.receiptWay === 3 && !EMAIL_RE.test(s.postalEmail.trim())) return e('donate.receipt.emailInvalid', 'postalEmail')
  if (s.receiptWay === 4 && !isValidMobile(s.codes.postalMobileSms, s.postalMobileSms))
    return e('donate.field.mobileInvalid', 'postalMobileSms')
  return null
}

/** The inputs of the certificate, receipt and postal blocks that a problem (or a server refusal) is shown under. */
export const FULFILMENT_FIELDS: readonly string[] = [
  'certificateDonorName',
  'certificateWay',
  'receiptDonorName',
  'creditCode',
  'receiptType',
  'receiptWay',
  'postalEmail',
  'postalMobileSms',
  'region',
  'postalAddress',
  'postalContact',
  'postalMobile'
]

/** docs/product §5 in the form's order: certificate, receipt, postal address; hidden blocks are skipped. */
export function fulfilmentError(form: FulfilmentForm, s: FulfilmentState, v: FulfilmentVisibility): FormError | null {
  if (v.certificateWay) {
    if (!s.certificateDonorName.trim()) return e('donate.certificate.nameRequired', 'certificateDonorName')
    if (s.certificateWay === null) return e('donate.certificate.wayRequired', 'certificateWay')
  }
  if (v.receiptFields) {
    const r = receiptError(form, s)
    if (r) return r
  }
  if (v.postal) {
    const p = postalError(s)
    if (p) return p
  }
  return null
}

export type FulfilmentWire = Pick<
  DonateSubmission,
  | 'isNeedPaper'
  | 'certificateDonorName'
  | 'certificateWay'
  | 'isNeedReceipt'
  | 'receiptDonorType'
  | 'receiptDonorName'
  | 'creditCode'
  | 'receiptType'
  | 'receiptWay'
  | 'postalEmail'
  | 'postalMobileSms'
  | 'postalCountry'
  | 'postalProvince'
  | 'postalCity'
  | 'postalDistrict'
  | 'postalAddress'
  | 'postalZip'
  | 'postalContact'
  | 'postalMobile'
>

/** The wire fields: only what the donor can see is sent (hidden blocks and an anonymous donor's details stay out). */
export function fulfilmentWire(s: FulfilmentState, v: FulfilmentVisibility, named: boolean): FulfilmentWire {
  const body: FulfilmentWire = {
    isNeedPaper: v.certificateWay ? 1 : 0,
    certificateDonorName: named ? s.certificateDonorName.trim() : '',
    certificateWay: v.certificateWay ? s.certificateWay : null,
    isNeedReceipt: v.receiptFields ? 1 : 0
  }
  if (v.receiptFields) {
    Object.assign(body, {
      receiptDonorType: s.receiptDonorType,
      receiptDonorName: s.receiptDonorName.trim(),
      creditCode: s.creditCode.trim().toUpperCase(),
      receiptType: s.receiptType,
      receiptWay: s.receiptWay,
      postalEmail: v.receiptEmail ? s.postalEmail.trim() : '',
      postalMobileSms: v.receiptSms ? joinMobile(s.codes.postalMobileSms, s.postalMobileSms) : ''
    })
  }
  if (v.postal) {
    Object.assign(body, {
      postalCountry: '',
      postalProvince: s.region.province,
      postalCity: s.region.city,
      postalDistrict: s.region.district,
      postalAddress: s.postalAddress.trim(),
      postalZip: s.postalZip.trim(),
      postalContact: s.postalContact.trim(),
      postalMobile: joinMobile(s.codes.postalMobile, s.postalMobile)
    })
  }
  return body
}
