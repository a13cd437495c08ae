/** Money in the app: wire amounts are yuan strings (types/money.ts); all arithmetic goes through decimal.js. */
import Decimal from 'decimal.js'
import { AMOUNT_PATTERN, MAX_DONATION_YUAN } from '@contract'

/** A wire amount as a Decimal: '', null and anything unparsable count as 0 (the forms validate before they sum). */
export function toDecimal(v: string | number | null | undefined): Decimal {
  if (v === null || v === undefined || v === '') return new Decimal(0)
  try {
    return new Decimal(v)
  } catch {
    return new Decimal(0)
  }
}

/** "1234567.5" -> "1,234,567.50" (thousands separators, two decimals, docs/product §9). */
export function formatMoney(v: string | number | null | undefined): string {
  const fixed = toDecimal(v).toFixed(2)
  const neg = fixed.startsWith('-')
  const [int, frac] = (neg ? fixed.slice(1) : fixed).split('.')
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${neg ? '-' : ''}${grouped}.${frac}`
}

/** Progress percent = complete / limit, capped at 100, two decimals (docs/product §4). Returns a number for the bar. */
export function progressPercent(complete: string | number, limit: string | number): number {
  const l = toDecimal(limit)
  if (l.lte(0)) return 0
  const p = toDecimal(complete).div(l).mul(100)
  return Decimal.min(p, 100).toDecimalPlaces(2, Decimal.ROUND_DOWN).toNumber()
}

/** Sum yuan strings exactly. */
export function sumMoney(values: Array<string | number>): string {
  return values.reduce<Decimal>((acc, v) => acc.plus(toDecimal(v)), new Decimal(0)).toFixed(2)
}

export type AmountCheck = 'ok' | 'invalid' | 'too-large'
/** A donor's typed amount: positive, at most two decimals, at most 10,000,000 (docs/product §5). */
export function checkAmount(input: string): AmountCheck {
  const s = input.trim()
  if (!AMOUNT_PATTERN.test(s) && !/^\d+(\.\d{1,2})?$/.test(s)) return 'invalid'
  const d = toDecimal(s)
  if (d.lte(0)) return 'invalid'
  if (d.gt(MAX_DONATION_YUAN)) return 'too-large'
  return 'ok'
}

/**
 * The one currency format of the app: "¥1,234.50" in every language (the gift is in renminbi whatever
 * the donor reads), with `whole` dropping ".00" from round amounts for preset chips ("¥200"). A negative amount
 * keeps its sign before the symbol.
 */
export function formatCurrency(v: string | number | null | undefined, opts: { whole?: boolean } = {}): string {
  const d = toDecimal(v)
  const text = formatMoney(d.abs().toString())
  const shown = opts.whole && d.isInteger() ? text.slice(0, -3) : text
  return `${d.isNegative() && !d.isZero() ? '-' : ''}¥${shown}`
}
