/**
 * The whole form before submit (docs/product §5), first problem first: amount or quantity, donor fields, certificate,
 * receipt, postal address, payment method, campus card, agreement. Hidden sections are skipped. The campus-card
 * balance is checked afterwards by the hook (it needs a call).
 */
import { DONOR_NAME_FIELD } from '@contract'
import { amountMessage, checkHandAmount, exceedsMax, goodsTotal, MAX_LABEL } from './amount'
import { isGoods, type FormContext } from './context'
import { fieldError, firstFieldError, visibleFields } from './fields'
import type { DonateFormState } from './form-state'
import { formError as e, fulfilmentError, type ErrorParams, type FormError } from './fulfilment'
import { visibility } from './visibility'
import type { MessageKey } from '@/lib/i18n'

export type { ErrorParams, FormError } from './fulfilment'

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

export function validateForm(ctx: FormContext, s: DonateFormState, now = new Date()): FormError | null {
  const v = visibility(ctx, s)
  const amount = amountError(ctx, s)
  if (amount) return amount
  if (v.donor) {
    const f = firstFieldError(ctx.form.fieldList || [], s.values, s.codes, now)
    if (f) return { key: f.key, params: f.params, text: f.text, duration: f.duration, target: f.fieldName }
  }
  const f = fulfilmentError(ctx.form, s, v)
  if (f) return f
  if (s.payType === null) return e('donate.pay.required', 'payType')
  if (v.campusCard) {
    if (!s.stuWorkNo.trim()) return e('donate.card.noRequired', 'stuWorkNo')
    if (!s.passwork) return e('donate.card.passwordRequired', 'passwork')
  }
  if (!s.agreed) return e('donate.agree.required', 'agreed', undefined, 2000)
  return null
}

/**
 * Every problem the form shows under its fields at once (decision 061), in the form's order, one per field: the
 * amount, each visible donor field, the first of the certificate, receipt and postal blocks (each block's next
 * problem shows once its first is fixed), the payment method, the campus card, the agreement (no field: a toast).
 * Empty exactly when validateForm finds nothing.
 */
export function formErrors(ctx: FormContext, s: DonateFormState, now = new Date()): FormError[] {
  const v = visibility(ctx, s)
  const out: FormError[] = []
  const amount = amountError(ctx, s)
  if (amount) out.push(amount)
  if (v.donor) {
    for (const f of visibleFields(ctx.form.fieldList || [], s.values)) {
      const fe = fieldError(f, s.values[f.fieldName] ?? '', s.codes[f.fieldName], now)
      if (fe) out.push({ key: fe.key, params: fe.params, text: fe.text, duration: fe.duration, target: fe.fieldName })
    }
  }
  const f = fulfilmentError(ctx.form, s, v)
  if (f) out.push(f)
  if (s.payType === null) out.push(e('donate.pay.required', 'payType'))
  if (v.campusCard) {
    if (!s.stuWorkNo.trim()) out.push(e('donate.card.noRequired', 'stuWorkNo'))
    if (!s.passwork) out.push(e('donate.card.passwordRequired', 'passwork'))
  }
  if (!s.agreed) out.push(e('donate.agree.required', 'agreed', undefined, 2000))
  return out
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
