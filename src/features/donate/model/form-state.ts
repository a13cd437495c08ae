/**
 * The donation form's state and its pure transitions: amount choice, dynamic field values (with the donor name
 * copied to the certificate, receipt and postal contact), certificate, receipt (type/way switching), postal
 * address, payment method, agreement. The hook holds one of these; every rule lives here so it can be tested.
 */
import { DONATE_LIMITS, DONOR_NAME_FIELD, type PayTypeCode } from '@contract'
import type { FormContext } from './context'
import { fixedAmounts, handEntryAllowed, subProjects } from './context'
import { dec } from './amount'
import { prefillValues, type FieldValues } from './fields'
import { followDonorName, initialFulfilment, type FulfilmentState } from './fulfilment'

export type { Region } from './fulfilment'

/** The gift's own fields; the certificate, receipt and postal ones are model/fulfilment.ts's, shared with the naming forms. */
export interface DonateFormState extends FulfilmentState {
  subItemsId: number | null
  /** the picked chip's amount (yuan string), null when typing */
  fixedMoney: string | null
  handMoney: string
  /** goods projects: units */
  quantity: string
  isAnonymous: boolean
  isNoData: boolean
  values: FieldValues
  payType: PayTypeCode | null
  /** campus card (pay type 9) */
  stuWorkNo: string
  passwork: string
  agreed: boolean
  /** "Add details" is open: the optional fields, certificate and receipt are shown */
  detailsOpen: boolean
}

/**
 * The gift a form starts with (decision 061): the ¥100 chip where the project (or the sub-project the link names)
 * offers one, so a typical first gift needs no amount tap; otherwise nothing is chosen for the donor.
 */
export const DEFAULT_GIFT_YUAN = '100'

export function defaultChip(ctx: FormContext, subItemsId: number | null): string | null {
  const chip = fixedAmounts(ctx, subItemsId).find((o) => dec(o.money).eq(DEFAULT_GIFT_YUAN))
  return chip ? chip.money : null
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
  return {
    subItemsId,
    fixedMoney: defaultChip(ctx, subItemsId),
    handMoney: '',
    quantity: '1',
    isAnonymous: false,
    isNoData: false,
    values,
    codes: { ...codes, postalMobile: DONATE_LIMITS.DEFAULT_AREA_CODE, postalMobileSms: DONATE_LIMITS.DEFAULT_AREA_CODE },
    ...initialFulfilment(form, name, form.donateRecord?.certificateDonorName || name),
    // the list is already narrowed to what this target can complete (api/donate.ts): its first is the platform's own
    payType: pays[0] ?? null,
    stuWorkNo: '',
    passwork: '',
    agreed: false,
    detailsOpen: false
  }
}

/** Set a dynamic field; the donor name (`name`) is copied to the certificate, receipt and postal contact. */
export function setFieldValue(s: DonateFormState, fieldName: string, value: string): DonateFormState {
  const next = { ...s, values: { ...s.values, [fieldName]: value } }
  if (fieldName !== DONOR_NAME_FIELD) return next
  return followDonorName(next, s.values[DONOR_NAME_FIELD] || '', value)
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

export type Patch = Partial<Omit<DonateFormState, 'values' | 'codes'>>
export const patch = (s: DonateFormState, p: Patch): DonateFormState => ({ ...s, ...p })
