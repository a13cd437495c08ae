/**
 * The donation form's state and its pure transitions: amount choice, dynamic field values (with the donor name
 * copied to the certificate, receipt and postal contact), certificate, receipt (type/way switching), postal
 * address, payment method, agreement. The hook holds one of these; every rule lives here so it can be tested.
 */
import { DONATE_LIMITS, DONOR_NAME_FIELD, type PayTypeCode } from '@contract'
import type { FormContext } from './context'
import { fixedAmounts, handEntryAllowed, subProjects } from './context'
import { prefillValues, type FieldValues } from './fields'
import { initialReceipt, switchReceiptType } from './receipt'

export interface Region {
  province: string
  city: string
  district: string
}

export interface DonateFormState {
  subItemsId: number | null
  /** the picked chip's amount (yuan string), null when typing */
  fixedMoney: string | null
  handMoney: string
  /** goods projects: units */
  quantity: string
  isAnonymous: boolean
  isNoData: boolean
  values: FieldValues
  /** area codes of mobile inputs, by field name; also 'postalMobile' and 'postalMobileSms' */
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
  payType: PayTypeCode | null
  /** campus card (pay type 9) */
  stuWorkNo: string
  passwork: string
  agreed: boolean
  /** "Add details" is open: the optional fields, certificate and receipt are shown (issue 13) */
  detailsOpen: boolean
}

export interface RouteQuery {
  subItemsId?: string | number | null
}

export function initialState(ctx: FormContext, query: RouteQuery = {}): DonateFormState {
  const { form } = ctx
  const { values, codes } = prefillValues(form.fieldList || [], form.donateRecord?.formData)
  const wanted = Number(query.subItemsId)
  const subs = subProjects(ctx)
  const subItemsId = Number.isInteger(wanted) && subs.some((s) => s.id === wanted) ? wanted : null
  const name = values[DONOR_NAME_FIELD] || ''
  const pays = form.payPlatformList || []
  const certWays = form.certificateWayPaperList || []
  return {
    subItemsId,
    fixedMoney: null,
    handMoney: '',
    quantity: '1',
    isAnonymous: false,
    isNoData: false,
    values,
    codes: { ...codes, postalMobile: DONATE_LIMITS.DEFAULT_AREA_CODE, postalMobileSms: DONATE_LIMITS.DEFAULT_AREA_CODE },
    isNeedPaper: false,
    certificateDonorName: form.donateRecord?.certificateDonorName || name,
    certificateWay: certWays.length === 1 ? certWays[0] : null,
    isNeedReceipt: false,
    ...initialReceipt(form),
    receiptDonorName: name,
    creditCode: '',
    postalEmail: '',
    postalMobileSms: '',
    region: { province: '', city: '', district: '' },
    postalAddress: '',
    postalZip: '',
    postalContact: name,
    postalMobile: '',
    // the list is already narrowed to what this target can complete (api/donate.ts): its first is the platform's own
    payType: pays[0] ?? null,
    stuWorkNo: '',
    passwork: '',
    agreed: false,
    detailsOpen: false
  }
}

/** A copy target follows the donor name while it is empty or still equal to the previous name (not hand-edited). */
const follows = (target: string, previous: string) => target === '' || target === previous

/** Set a dynamic field; the donor name (`name`) is copied to the certificate, receipt and postal contact. */
export function setFieldValue(s: DonateFormState, fieldName: string, value: string): DonateFormState {
  const next = { ...s, values: { ...s.values, [fieldName]: value } }
  if (fieldName !== DONOR_NAME_FIELD) return next
  const prev = s.values[DONOR_NAME_FIELD] || ''
  if (follows(s.certificateDonorName, prev)) next.certificateDonorName = value
  if (follows(s.receiptDonorName, prev)) next.receiptDonorName = value
  if (follows(s.postalContact, prev)) next.postalContact = value
  return next
}

export function setCode(s: DonateFormState, key: string, code: string): DonateFormState {
  return { ...s, codes: { ...s.codes, [key]: code.replace(/^\+/, '') } }
}

/** Picking a sub-project: its chip list replaces the project's, so a chip that no longer exists is dropped. */
export function pickSubProject(ctx: FormContext, s: DonateFormState, id: number | null): DonateFormState {
  const next = { ...s, subItemsId: id }
  if (next.fixedMoney !== null && !fixedAmounts(ctx, id).some((o) => o.money === next.fixedMoney)) next.fixedMoney = null
  if (!handEntryAllowed(ctx, id)) next.handMoney = ''
  return next
}

/** A chip and the typed amount exclude each other. */
export const pickFixed = (s: DonateFormState, money: string): DonateFormState => ({ ...s, fixedMoney: money, handMoney: '' })
export const typeAmount = (s: DonateFormState, text: string): DonateFormState => ({
  ...s,
  handMoney: text,
  fixedMoney: text ? null : s.fixedMoney
})

export function pickReceiptType(ctx: FormContext, s: DonateFormState, type: number): DonateFormState {
  if (type === s.receiptType) return s
  return { ...s, ...switchReceiptType(ctx.form, type) }
}

export type Patch = Partial<Omit<DonateFormState, 'values' | 'codes'>>
export const patch = (s: DonateFormState, p: Patch): DonateFormState => ({ ...s, ...p })
