/**
 * The whole form before submit (docs/product §5), first problem first: amount or quantity, donor fields, certificate,
 * receipt, postal address, payment method, campus card, agreement. Hidden sections are skipped. The campus-card
 * balance is checked afterwards by the hook (it needs a call).
 */
import { DONATE_LIMITS, DONOR_NAME_FIELD } from '@contract'
import { amountMessage, checkHandAmount, exceedsMax, goodsTotal, MAX_LABEL } from './amount'
import { isGoods, type FormContext } from './context'
import { charLength, firstFieldError, isValidMobile } from './fields'
import type { DonateFormState } from './form-state'
import { visibility } from './visibility'
import type { MessageKey } from '@/lib/i18n'

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

const e = (key: MessageKey, target?: string, params?: FormError['params'], duration = 1000): FormError => ({
  key,
  params,
  duration,
  target
})
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function amountError(ctx: FormContext, s: DonateFormState): FormError | null {
  if (isGoods(ctx)) {
    const total = goodsTotal(s.quantity, ctx.project.materialPrice)
    if (total === null) return e('donate.goods.quantityInvalid', 'quantity')
    if (exceedsMax(total)) return e('donate.amount.max', 'quantity', { max: MAX_LABEL }, 2000)
    return null
  }
  if (s.fixedMoney !== null && !s.handMoney.trim()) {
    const check = checkHandAmount(s.fixedMoney, { isIntegerMoney: 0, minMoney: ctx.form.minMoney })
    const m = amountMessage(check, ctx.form)
    return m ? { ...m, target: 'amount' } : null
  }
  const m = amountMessage(checkHandAmount(s.handMoney, ctx.form), ctx.form)
  return m ? { key: m.key, params: m.params, duration: m.duration, target: 'amount' } : null
}

function postalError(s: DonateFormState): FormError | null {
  if (!s.region.province) return e('donate.postal.regionRequired', 'region')
  if (!s.postalAddress.trim()) return e('donate.postal.addressRequired', 'postalAddress')
  if (!s.postalContact.trim()) return e('donate.postal.contactRequired', 'postalContact')
  if (!s.postalMobile.trim()) return e('donate.postal.mobileRequired', 'postalMobile')
  if (!isValidMobile(s.codes.postalMobile, s.postalMobile)) return e('donate.postal.mobileInvalid', 'postalMobile')
  return null
}

function receiptError(ctx: FormContext, s: DonateFormState): FormError | null {
  const enterprise = s.receiptDonorType === 2
  const nameTitle = enterprise ? 'donate.receipt.unitName' : 'donate.receipt.personName'
  const codeTitle = enterprise ? 'donate.receipt.creditCode' : 'donate.receipt.idNumber'
  if (s.receiptType === null) return e('donate.receipt.typeRequired', 'receiptType')
  if (s.receiptWay === null) return e('donate.receipt.wayRequired', 'receiptWay')
  if (!s.receiptDonorName.trim()) return e('donate.receipt.required', 'receiptDonorName', { titleKey: nameTitle })
  const code = s.creditCode.trim()
  if (!code && ctx.form.isCreditCode === 1) return e('donate.receipt.required', 'creditCode', { titleKey: codeTitle })
  if (code && charLength(code) !== DONATE_LIMITS.CREDIT_CODE_LENGTH)
    return e('donate.receipt.invalid', 'creditCode', { titleKey: codeTitle })
  if (s.receiptWay === 3 && !EMAIL_RE.test(s.postalEmail.trim())) return e('donate.receipt.emailInvalid', 'postalEmail')
  if (s.receiptWay === 4 && !isValidMobile(s.codes.postalMobileSms, s.postalMobileSms))
    return e('donate.field.mobileInvalid', 'postalMobileSms')
  return null
}

export function validateForm(ctx: FormContext, s: DonateFormState, now = new Date()): FormError | null {
  const v = visibility(ctx, s)
  const amount = amountError(ctx, s)
  if (amount) return amount
  if (v.donor) {
    const f = firstFieldError(ctx.form.fieldList || [], s.values, s.codes, now)
    if (f) return { key: f.key, params: f.params, text: f.text, duration: f.duration, target: f.fieldName }
  }
  if (v.certificateWay) {
    if (!s.certificateDonorName.trim()) return e('donate.certificate.nameRequired', 'certificateDonorName')
    if (s.certificateWay === null) return e('donate.certificate.wayRequired', 'certificateWay')
  }
  if (v.receiptFields) {
    const r = receiptError(ctx, s)
    if (r) return r
  }
  if (v.postal) {
    const p = postalError(s)
    if (p) return p
  }
  if (s.payType === null) return e('donate.pay.required', 'payType')
  if (v.campusCard) {
    if (!s.stuWorkNo.trim()) return e('donate.card.noRequired', 'stuWorkNo')
    if (!s.passwork) return e('donate.card.passwordRequired', 'passwork')
  }
  if (!s.agreed) return e('donate.agree.required', 'agreed', undefined, 2000)
  return null
}

/** The donor's name for copying and display ('' when the form has no `name` field). */
export const donorName = (s: DonateFormState): string => (s.values[DONOR_NAME_FIELD] || '').trim()

/** A validation error as the donor reads it: its own text, or the message with translated title keys. */
export function errorText(
  err: { key: MessageKey; params?: ErrorParams; text?: string },
  t: (key: MessageKey, params?: Record<string, string | number>) => string
): string {
  if (err.text) return err.text
  const params = { ...(err.params || {}) }
  if (typeof params.titleKey === 'string') params.title = t(params.titleKey)
  return t(err.key, params)
}
