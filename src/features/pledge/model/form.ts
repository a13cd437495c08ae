/**
 * The hhu tree form as pure functions (docs/product §2 tree-naming-hhu/form, §5 'Tree form: must sign agreement first;
 * certificate title required', §3 Donation submission). The donor's name and mobile go into the agreement, so they
 * stay on the form even for an anonymous pledge: anonymity only hides the name on the tree and in the lists.
 */
import Decimal from 'decimal.js'
import {
  ALUMNUS_IDENTITY,
  CURRENCY,
  DONOR_NAME_FIELD,
  NAMING_LIMITS,
  PayTypes,
  type DonateFrom,
  type FormConfig,
  type FormField,
  type NamingDonateSubmission,
  type PayTypeCode
} from '@contract'
import type { EnvInfo } from '@/platform/types'
import type { TreeAgreement } from '@/platform/storage-keys'
import type { MessageKey } from '@/lib/i18n'
import { toDecimal } from '@/lib/money'
import {
  firstFieldError,
  fulfilmentError,
  fulfilmentVisibility,
  fulfilmentWire,
  initialCodes,
  initialFulfilment,
  joinMobile,
  visibleFields,
  type FulfilmentState,
  type FulfilmentVisibility
} from '@/features/donate'

/** One pledged object: the tree (type 1) or a seat chosen on seat?id=9 (type 2). */
export interface PledgeObject {
  seatId: number
  areaId: number
  label: string
  amount: string
  /** the naming period the server prices: trees are pledged for good (termYear 0, docs/product §3 SeatPrice) */
  termYear: number
}

export interface TreeFormState {
  isAnonymous: boolean
  values: Record<string, string>
  codes: Record<string, string>
  /** the message shown with the tree on the map (docs/product §3 Map seat donationMessage) */
  message: string
  certificateName: string
  /** receipt and mailing address with the donation form's rules (docs/decisions/048-naming-forms-whole.md) */
  fulfilment: FulfilmentState
  payType: PayTypeCode | null
  agreed: boolean
}

export function blankForm(form: FormConfig | null = null, donorName = ''): TreeFormState {
  return {
    isAnonymous: false,
    values: {},
    codes: {},
    message: '',
    certificateName: '',
    fulfilment: { codes: initialCodes(), ...initialFulfilment(form || {}, donorName) },
    payType: null,
    agreed: false
  }
}

export const TREE_TERM_YEAR = 0

export function totalOf(objects: PledgeObject[]): string {
  return objects.reduce((sum, o) => sum.plus(toDecimal(o.amount)), new Decimal(0)).toFixed(2)
}

const PAYABLE: PayTypeCode[] = [PayTypes.WECHAT, PayTypes.ALIPAY, PayTypes.THIRD_PARTY, PayTypes.WECHAT_OTHER]
/** The methods that need nothing but the provider's cashier (the campus card and the bank app are not offered). */
export function payOptions(list: PayTypeCode[] | null | undefined): PayTypeCode[] {
  return (list || []).filter((c) => PAYABLE.includes(c))
}

/** What of the receipt and postal blocks this pledge shows: the donation form's rules by the total, none for an anonymous
 *  pledge (the server opens no receipt for one either). The tree form has its own certificate title and no paper one. */
export function pledgeFulfilment(
  form: FormConfig | null,
  total: string,
  state: Pick<TreeFormState, 'fulfilment' | 'isAnonymous'>
): FulfilmentVisibility | null {
  if (!form) return null
  const v = fulfilmentVisibility(form, total, state.isAnonymous, { ...state.fulfilment, isNeedPaper: false })
  return { ...v, paperOption: false, certificateWay: false, certificatePickup: false }
}

/** The donor's name and mobile as the agreement takes them (mobile: the number alone, docs/product §3 user base info). */
export function signerOf(fields: FormField[], values: Record<string, string>): { name: string; mobile: string } {
  const mobileField = fields.find((f) => f.fieldUiType === 'mobile')
  return { name: (values[DONOR_NAME_FIELD] || '').trim(), mobile: mobileField ? (values[mobileField.fieldName] || '').trim() : '' }
}

/**
 * The signed agreement that may pay this pledge: the one brought back from the preview for this project, signed for
 * the same name, mobile and amount. A donor who changes any of them after signing must sign again.
 */
export function validAgreement(
  stored: TreeAgreement | undefined | null,
  itemsId: number,
  signer: { name: string; mobile: string },
  amount: string
): TreeAgreement | null {
  if (!stored || !stored.url) return null
  if (stored.itemsId !== itemsId || stored.name !== signer.name || stored.mobile !== signer.mobile) return null
  if (!toDecimal(stored.donationAmount).eq(toDecimal(amount))) return null
  return stored
}

export interface PledgeProblem {
  key: MessageKey
  params?: Record<string, string | number>
  text?: string
  duration: number
  /** the field it is shown under, named as the donate body names it (decision 081); none: toasted */
  field?: string
}
const problem = (key: MessageKey, field?: string, duration = 2000): PledgeProblem => ({ key, duration, ...(field ? { field } : {}) })

/** The form's own fields besides the donor's and the certificate/receipt/postal blocks' (decision 081). */
export const PLEDGE_FIELDS = ['donationMessage', 'certificateDonorName', 'agreement', 'payType'] as const

/** What must be filled before the agreement can be generated: the donor's fields (name and mobile among them). */
export function signProblem(fields: FormField[], state: TreeFormState, now = new Date()): PledgeProblem | null {
  const e = firstFieldError(fields, state.values, state.codes, now)
  if (e) return { key: e.key, params: e.params, text: e.text, duration: e.duration, field: e.fieldName }
  const signer = signerOf(fields, state.values)
  if (!signer.name) return problem('pledge.err.name', DONOR_NAME_FIELD)
  if (!signer.mobile) return problem('pledge.err.mobile', fields.find((f) => f.fieldUiType === 'mobile')?.fieldName)
  return null
}

/** The problem when nothing is chosen, in the noun of what the form pledges (type 2: seats, else a tree). */
export const noObjectKey = (type: 1 | 2 | undefined): MessageKey => (type === 2 ? 'pledge.err.noSeat' : 'pledge.err.noTree')

/** docs/product §5 in order: the object, the donor, the message, the certificate title, the receipt, the signed agreement, the tick, a method. */
export function validatePledge(
  objects: PledgeObject[],
  state: TreeFormState,
  ctx: { fields: FormField[]; form: FormConfig | null; agreement: TreeAgreement | null; type?: 1 | 2 },
  now = new Date()
): PledgeProblem | null {
  // type 2 pledges hhu's hall seats, type 1 a tree: the problem names what is missing
  if (!objects.length) return problem(noObjectKey(ctx.type))
  const sign = signProblem(ctx.fields, state, now)
  if (sign) return sign
  if ([...state.message].length > NAMING_LIMITS.MESSAGE_MAX)
    return { key: 'pledge.err.message', params: { n: NAMING_LIMITS.MESSAGE_MAX }, duration: 2000, field: 'donationMessage' }
  if (!state.certificateName.trim()) return problem('pledge.err.certificate', 'certificateDonorName')
  const vis = pledgeFulfilment(ctx.form, totalOf(objects), state)
  if (vis && ctx.form) {
    const f = fulfilmentError(ctx.form, state.fulfilment, vis)
    if (f) return { key: f.key, params: f.params, duration: f.duration, field: f.target }
  }
  if (!ctx.agreement) return problem('pledge.err.sign', 'agreement')
  // the tick has no field of its own (as on the donation form, decision 061): toasted
  if (!state.agreed) return problem('pledge.err.agree')
  if (state.payType === null) return problem('pledge.err.payType', 'payType')
  return null
}

/** docs/product §3 donateFrom: U6 in a mini-program (or its web-view), U5 in the WeChat browser, U1 elsewhere. */
export function donateFromEnv(env: Pick<EnvInfo, 'target' | 'inMiniProgram' | 'inWechatBrowser'>): DonateFrom {
  if (env.target !== 'h5' || env.inMiniProgram) return 'U6'
  if (env.inWechatBrowser) return 'U5'
  return 'U1'
}

/** The donor's visible answers as the wire takes them (mobile as "86-13800138000"). */
export function formDataOf(fields: FormField[], state: Pick<TreeFormState, 'values' | 'codes'>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const f of visibleFields(fields, state.values)) {
    const value = (state.values[f.fieldName] ?? '').trim()
    if (value === '') continue
    out[f.fieldName] = f.fieldUiType === 'mobile' ? joinMobile(state.codes[f.fieldName] ?? '', value) : value
  }
  return out
}

export function buildPledge(
  itemsId: number,
  objects: PledgeObject[],
  state: TreeFormState & { payType: PayTypeCode },
  ctx: { formId: number | null; form: FormConfig | null; fields: FormField[]; agreementUrl: string; anonymousLabel: string },
  donateFrom: DonateFrom
): NamingDonateSubmission {
  const name = signerOf(ctx.fields, state.values).name
  const vis = pledgeFulfilment(ctx.form, totalOf(objects), state)
  return {
    formId: ctx.formId,
    currency: CURRENCY,
    payType: state.payType,
    currencyMoney: totalOf(objects),
    itemsId,
    itemsType: 2,
    namingType: '1',
    isAnonymous: state.isAnonymous ? 1 : 0,
    donateFrom,
    formDataMap: { ...formDataOf(ctx.fields, state), sign_agreement_file: ctx.agreementUrl },
    isAgree: state.agreed ? 1 : 0,
    ...(vis ? fulfilmentWire(state.fulfilment, vis, !state.isAnonymous) : { isNeedReceipt: 0 }),
    // the tree form's own certificate title (docs/product §5), never a paper certificate
    isNeedPaper: 0,
    certificateDonorName: state.certificateName.trim(),
    certificateWay: null,
    seatList: objects.map((o) => ({
      donorName: state.isAnonymous ? ctx.anonymousLabel : name,
      donorIdentity: ALUMNUS_IDENTITY,
      donationMessage: state.message.trim(),
      seatId: o.seatId,
      areaId: o.areaId,
      itemsId,
      termYear: o.termYear
    }))
  }
}
