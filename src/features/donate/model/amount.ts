/**
 * Amounts of a gift (docs/product §5 amount, §9): a hand-entered amount is positive with at most two decimals and at most
 * 10,000,000; integer-only forms refuse decimals; minMoney is checked on blur and on submit. Goods gifts are
 * quantity × materialPrice. All arithmetic on yuan strings through decimal.js, never floats.
 */
import { MAX_DONATION_YUAN, type FormConfig, type Yuan } from '@contract'
import { checkAmount, formatCurrency, toDecimal } from '@/lib/money'
import type { MessageKey } from '@/lib/i18n'

/** Yuan strings as Decimals: the one conversion of lib/money ('' counts as 0). */
export const dec = toDecimal

/** a ≥ b for yuan strings ('' counts as 0). */
export const gte = (a: string | null, b: string | null | undefined): boolean => dec(a).gte(dec(b))

export type HandAmountCheck = 'ok' | 'empty' | 'invalid' | 'too-large' | 'not-integer' | 'below-min'

/**
 * A typed amount against the form's rules, in the order the donor meets them: format (or integer-only), the
 * 10,000,000 ceiling, then minMoney.
 */
export function checkHandAmount(input: string, form: Pick<FormConfig, 'isIntegerMoney' | 'minMoney'>): HandAmountCheck {
  const s = (input || '').trim()
  if (!s) return 'empty'
  if (form.isIntegerMoney === 1) {
    // decimal, negative or zero: 'please enter an integer amount' (and the field is cleared)
    if (!/^\d+$/.test(s) || dec(s).lte(0)) return 'not-integer'
  }
  const basic = checkAmount(s)
  if (basic === 'invalid') return 'invalid'
  if (basic === 'too-large') return 'too-large'
  if (dec(form.minMoney).gt(0) && dec(s).lt(dec(form.minMoney))) return 'below-min'
  return 'ok'
}

/** What a failed check tells the donor: i18n key, params, toast duration, and whether the field is cleared. */
export interface AmountMessage {
  key: MessageKey
  params?: Record<string, string | number>
  duration: number
  clear: boolean
}

export function amountMessage(check: HandAmountCheck, form: Pick<FormConfig, 'minMoney'>): AmountMessage | null {
  switch (check) {
    case 'empty':
      return { key: 'donate.amount.required', duration: 1000, clear: false }
    case 'invalid':
      return { key: 'donate.amount.tip', duration: 1000, clear: false }
    case 'too-large':
      return { key: 'donate.amount.max', params: { max: MAX_LABEL }, duration: 2000, clear: false }
    case 'not-integer':
      return { key: 'donate.amount.integer', duration: 1000, clear: true }
    case 'below-min':
      return { key: 'donate.amount.min', params: { min: formatCurrency(form.minMoney) }, duration: 2000, clear: false }
    default:
      return null
  }
}

/** The ceiling as the toasts show it, through the one currency format: "¥10,000,000". */
export const MAX_LABEL = formatCurrency(MAX_DONATION_YUAN, { whole: true })

/** Positive integer (goods quantity, number fields). */
export const isPositiveInt = (s: string): boolean => /^[1-9]\d{0,15}$/.test((s || '').trim())

/** Goods total: quantity × unit price, two decimals; null while the quantity is not a positive integer. */
export function goodsTotal(quantity: string, materialPrice: Yuan): string | null {
  if (!isPositiveInt(quantity)) return null
  return dec(quantity.trim()).mul(dec(materialPrice)).toFixed(2)
}

export const exceedsMax = (amount: string): boolean => dec(amount).gt(MAX_DONATION_YUAN)

/** Normalised yuan string of a valid typed amount ("12.5" -> "12.50"). */
export const toYuan = (s: string): string => dec(s.trim()).toFixed(2)
