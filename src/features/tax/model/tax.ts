/**
 * The charity tax tool's arithmetic (docs/product §2 Tax tool, §5 tax tool, §8 tax result, §9 tax constants). Pure and
 * exact: every figure is a decimal.js value; nothing here touches Taro. Amounts are yuan; the company profit arrives in
 * ten-thousand yuan (the form's unit) and is converted once, here.
 *
 * Personal (individual income tax, comprehensive income, one year):
 *   taxable = 12 × (salary − insurance and housing fund − special deductions) − 60,000
 *   deductible = min(donation, 30% of taxable)        (Individual Income Tax Law art. 6)
 *   tax = taxable × rate − quick deduction, from the §9 brackets, before and after the deduction
 * Company (enterprise income tax):
 *   tax = 25% × profit; deductible = min(donation, 12% of profit); the excess is carried forward up to three years
 *   (Enterprise Income Tax Law art. 9).
 * When the donor has not donated yet (isDonate 0) the tool answers "how much could I give, and what would it save":
 * the donation is taken to be the largest deductible one (30% of taxable, 12% of profit: §9 "assumed rate 0.3 for
 * maximum donation").
 */
import Decimal from 'decimal.js'

/** docs/product §9: yearly allowance of the individual income tax */
export const PERSONAL_THRESHOLD = new Decimal(60000)
/** docs/product §9: a monthly salary at or below this cannot be reduced by a deduction (§8) */
export const MONTHLY_THRESHOLD = new Decimal(5000)
export const PERSONAL_DEDUCTION_RATE = new Decimal('0.3')
export const COMPANY_RATE = new Decimal('0.25')
export const COMPANY_DEDUCTION_RATE = new Decimal('0.12')
export const CARRY_FORWARD_YEARS = 3
const TEN_THOUSAND = new Decimal(10000)

export interface Bracket {
  /** lower bound, exclusive (0 for the first) */
  from: number
  /** upper bound, inclusive; null for the last */
  to: number | null
  /** percent */
  rate: number
  quickDeduction: number
}

/** docs/product §9 annual brackets of comprehensive income (taxable annual income, rate, quick deduction). */
export const PERSONAL_BRACKETS: readonly Bracket[] = [
  { from: 0, to: 36000, rate: 3, quickDeduction: 0 },
  { from: 36000, to: 144000, rate: 10, quickDeduction: 2520 },
  { from: 144000, to: 300000, rate: 20, quickDeduction: 16920 },
  { from: 300000, to: 420000, rate: 25, quickDeduction: 31920 },
  { from: 420000, to: 660000, rate: 30, quickDeduction: 52920 },
  { from: 660000, to: 960000, rate: 35, quickDeduction: 85920 },
  { from: 960000, to: null, rate: 45, quickDeduction: 181920 }
]

/** The bracket a taxable income falls in: an income equal to a bound belongs to the lower bracket ("不超过"). */
export function bracketOf(taxable: Decimal): Bracket {
  return PERSONAL_BRACKETS.find((b) => b.to === null || taxable.lte(b.to)) as Bracket
}

/** Annual tax of a taxable comprehensive income; 0 at or below 0. */
export function personalTax(taxable: Decimal): Decimal {
  if (taxable.lte(0)) return new Decimal(0)
  const b = bracketOf(taxable)
  return taxable.mul(b.rate).div(100).minus(b.quickDeduction)
}

export interface PersonalInput {
  /** monthly salary */
  salary: Decimal.Value
  /** monthly social insurance and housing fund */
  insurance: Decimal.Value
  /** monthly special additional deductions */
  special: Decimal.Value
  /** yearly donation; ignored when donated is false */
  donation: Decimal.Value
  donated: boolean
}

export interface PersonalResult {
  kind: 'personal'
  /** 12 × (salary − insurance − special) − 60,000; may be negative */
  taxable: Decimal
  /** salary at or below 5,000 a month (§8): nothing to deduct from */
  belowThreshold: boolean
  /** the donation counted: the entered one, or the largest deductible when none was made */
  donation: Decimal
  /** 30% of taxable (0 when taxable ≤ 0) */
  limit: Decimal
  deductible: Decimal
  taxBefore: Decimal
  taxAfter: Decimal
  saving: Decimal
  bracketBefore: Bracket | null
  bracketAfter: Bracket | null
}

export function computePersonal(input: PersonalInput): PersonalResult {
  const salary = new Decimal(input.salary)
  const taxable = salary.minus(input.insurance).minus(input.special).mul(12).minus(PERSONAL_THRESHOLD)
  const positive = Decimal.max(taxable, 0)
  const limit = positive.mul(PERSONAL_DEDUCTION_RATE)
  const donation = input.donated ? new Decimal(input.donation) : limit
  const belowThreshold = salary.lte(MONTHLY_THRESHOLD)
  const deductible = belowThreshold ? new Decimal(0) : Decimal.min(donation, limit)
  const after = positive.minus(deductible)
  const taxBefore = personalTax(positive)
  const taxAfter = personalTax(after)
  return {
    kind: 'personal',
    taxable,
    belowThreshold,
    donation,
    limit,
    deductible,
    taxBefore,
    taxAfter,
    saving: taxBefore.minus(taxAfter),
    bracketBefore: positive.gt(0) ? bracketOf(positive) : null,
    bracketAfter: after.gt(0) ? bracketOf(after) : null
  }
}

export interface CompanyInput {
  /** yearly profit in ten-thousand yuan (the form's unit) */
  profitWan: Decimal.Value
  /** yearly donation, yuan; ignored when donated is false */
  donation: Decimal.Value
  donated: boolean
}

export interface CompanyResult {
  kind: 'company'
  /** profit in yuan */
  profit: Decimal
  donation: Decimal
  /** 12% of profit (0 when the profit is not positive) */
  limit: Decimal
  deductible: Decimal
  /** the part above the limit, deductible in the next three years */
  carryForward: Decimal
  taxBefore: Decimal
  taxAfter: Decimal
  saving: Decimal
}

export function computeCompany(input: CompanyInput): CompanyResult {
  const profit = new Decimal(input.profitWan).mul(TEN_THOUSAND)
  const positive = Decimal.max(profit, 0)
  const limit = positive.mul(COMPANY_DEDUCTION_RATE)
  const donation = input.donated ? new Decimal(input.donation) : limit
  const deductible = Decimal.min(donation, limit)
  const taxBefore = positive.mul(COMPANY_RATE)
  const taxAfter = positive.minus(deductible).mul(COMPANY_RATE)
  return {
    kind: 'company',
    profit,
    donation,
    limit,
    deductible,
    carryForward: Decimal.max(donation.minus(limit), 0),
    taxBefore,
    taxAfter,
    saving: taxBefore.minus(taxAfter)
  }
}

// ---------------------------------------------------------------- the form and the result page's query

export type TaxKind = 'personal' | 'company'
export type TaxField = 'gz' | 'wxyj' | 'zxkc' | 'jz' | 'lr'

/** What the form holds: the §2 query names, as typed. */
export interface TaxForm {
  kind: TaxKind
  gz: string
  wxyj: string
  zxkc: string
  lr: string
  jz: string
  isDonate: boolean
}

export const EMPTY_FORM: TaxForm = { kind: 'personal', gz: '', wxyj: '', zxkc: '', lr: '', jz: '', isDonate: true }

/** A figure the tool accepts: not negative, at most two decimals, below a trillion (a typo, not an income). */
const FIGURE = /^\d{1,12}(\.\d{1,2})?$/

/** The fields a kind requires, in the order the form shows them (the first missing one is the one reported, §5). */
export function requiredFields(form: Pick<TaxForm, 'kind' | 'isDonate'>): TaxField[] {
  const base: TaxField[] = form.kind === 'personal' ? ['gz', 'wxyj', 'zxkc'] : ['lr']
  return form.isDonate ? [...base, 'jz'] : base
}

export type TaxProblem = { field: TaxField; kind: 'missing' | 'invalid' }

/** The first problem of the form, or null: missing first (§5 toasts), then a figure that is not one. */
export function checkForm(form: TaxForm): TaxProblem | null {
  for (const field of requiredFields(form)) {
    const v = form[field].trim()
    if (v === '') return { field, kind: 'missing' }
    if (!FIGURE.test(v)) return { field, kind: 'invalid' }
  }
  return null
}

/** The tax-result query (docs/product §2): type=1&gz&wxyj&zxkc&jz&isDonate or type=2&lr&jz&isDonate. */
export function toQuery(form: TaxForm): Record<string, string> {
  const jz = form.isDonate ? form.jz.trim() : ''
  const isDonate = form.isDonate ? '1' : '0'
  return form.kind === 'personal'
    ? { type: '1', gz: form.gz.trim(), wxyj: form.wxyj.trim(), zxkc: form.zxkc.trim(), jz, isDonate }
    : { type: '2', lr: form.lr.trim(), jz, isDonate }
}

/**
 * The result page reads only its query (a shared or hand-typed link may hold anything): the same checks as the form,
 * so a bad link shows "recalculate" instead of NaN.
 */
export function fromQuery(q: Record<string, string | undefined>): TaxForm | null {
  const kind: TaxKind | null = q.type === '1' ? 'personal' : q.type === '2' ? 'company' : null
  if (!kind) return null
  const form: TaxForm = {
    kind,
    gz: q.gz ?? '',
    wxyj: q.wxyj ?? '',
    zxkc: q.zxkc ?? '',
    lr: q.lr ?? '',
    jz: q.jz ?? '',
    isDonate: q.isDonate !== '0'
  }
  return checkForm(form) ? null : form
}

export type TaxResult = PersonalResult | CompanyResult

export function compute(form: TaxForm): TaxResult {
  return form.kind === 'personal'
    ? computePersonal({ salary: form.gz, insurance: form.wxyj, special: form.zxkc, donation: form.jz || 0, donated: form.isDonate })
    : computeCompany({ profitWan: form.lr, donation: form.jz || 0, donated: form.isDonate })
}
