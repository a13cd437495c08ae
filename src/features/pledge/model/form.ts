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
import { firstFieldError, joinMobile, visibleFields } from '@/features/donate'

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
  needReceipt: boolean
  receiptDonorType: 1 | 2
  receiptName: string
  creditCode: string
  receiptEmail: string
  payType: PayTypeCode | null
  agreed: boolean
}

export function blankForm(): TreeFormState {
  return {
    isAnonymous: false,
    values: {},
    codes: {},
    message: '',
    certificateName: '',
    needReceipt: false,
    receiptDonorType: 1,
    receiptName: '',
    creditCode: '',
    receiptEmail: '',
    payType: null,
    agreed: false
  }
}

export const TREE_TERM_YEAR = 0
/** docs/product §3 receipt codes: electronic (2) by e-mail (3), the way a pledge far from campus can receive one. */
export const RECEIPT_ELECTRONIC = 2
export const RECEIPT_BY_EMAIL = 3

export function totalOf(objects: PledgeObject[]): string {
  return objects.reduce((sum, o) => sum.plus(toDecimal(o.amount)), new Decimal(0)).toFixed(2)
}

const PAYABLE: PayTypeCode[] = [PayTypes.WECHAT, PayTypes.ALIPAY, PayTypes.THIRD_PARTY, PayTypes.WECHAT_OTHER]
/** The methods that need nothing but the provider's cashier (the campus card and the bank app are not offered). */
export function payOptions(list: PayTypeCode[] | null | undefined): PayTypeCode[] {
  return (list || []).filter((c) => PAYABLE.includes(c))
}

/** The e-mailed receipt is offered when the form opens receipts, shows them, offers e-mail, and the amount reaches the minimum. */
export function receiptOffered(form: FormConfig | null, total: string): boolean {
  if (!form || form.isOpenReceipt !== 1 || form.isShowReceipt !== 1) return false
  if (!(form.receiptWayElectronicList || []).includes(RECEIPT_BY_EMAIL)) return false
  return toDecimal(total).gte(toDecimal(form.minMoneyReceipt || 0))
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
}
const problem = (key: MessageKey, duration = 2000): PledgeProblem => ({ key, duration })

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** What must be filled before the agreement can be generated: the donor's fields (name and mobile among them). */
export function signProblem(fields: FormField[], state: TreeFormState, now = new Date()): PledgeProblem | null {
  const e = firstFieldError(fields, state.values, state.codes, now)
  if (e) return { key: e.key, params: e.params, text: e.text, duration: e.duration }
  const signer = signerOf(fields, state.values)
  if (!signer.name) return problem('pledge.err.name')
  if (!signer.mobile) return problem('pledge.err.mobile')
  return null
}

/** docs/product §5 in order: the object, the donor, the message, the certificate title, the receipt, the signed agreement, the tick, a method. */
export function validatePledge(
  objects: PledgeObject[],
  state: TreeFormState,
  ctx: { fields: FormField[]; receipt: boolean; agreement: TreeAgreement | null },
  now = new Date()
): PledgeProblem | null {
  if (!objects.length) return problem('pledge.err.noTree')
  const sign = signProblem(ctx.fields, state, now)
  if (sign) return sign
  if ([...state.message].length > NAMING_LIMITS.MESSAGE_MAX)
    return { key: 'pledge.err.message', params: { n: NAMING_LIMITS.MESSAGE_MAX }, duration: 2000 }
  if (!state.certificateName.trim()) return problem('pledge.err.certificate')
  if (ctx.receipt && state.needReceipt) {
    if (!state.receiptName.trim()) return problem('pledge.err.receiptName')
    if (state.receiptDonorType === 2 && !state.creditCode.trim()) return problem('pledge.err.creditCode')
    if (!EMAIL.test(state.receiptEmail.trim())) return problem('pledge.err.email')
  }
  if (!ctx.agreement) return problem('pledge.err.sign')
  if (!state.agreed) return problem('pledge.err.agree')
  if (state.payType === null) return problem('pledge.err.payType')
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
  ctx: { formId: number | null; fields: FormField[]; receipt: boolean; agreementUrl: string; anonymousLabel: string },
  donateFrom: DonateFrom
): NamingDonateSubmission {
  const name = signerOf(ctx.fields, state.values).name
  const receipt = ctx.receipt && state.needReceipt
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
    isNeedPaper: 0,
    certificateDonorName: state.certificateName.trim(),
    certificateWay: null,
    isNeedReceipt: receipt ? 1 : 0,
    ...(receipt
      ? {
          receiptDonorType: state.receiptDonorType,
          receiptDonorName: state.receiptName.trim(),
          creditCode: state.creditCode.trim(),
          receiptType: RECEIPT_ELECTRONIC,
          receiptWay: RECEIPT_BY_EMAIL,
          postalEmail: state.receiptEmail.trim()
        }
      : {}),
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
