/**
 * The tax tool's arithmetic against cases worked by hand from the law's tables (docs/product §9: annual brackets of
 * comprehensive income, company rate 25%, limits 30% and 12%). Each row gives the monthly inputs and the figures a
 * person computed on paper: taxable, tax before, tax after, saving. Bracket edges (36,000, 144,000, 300,000, 420,000,
 * 660,000, 960,000) are included: an income equal to a bound is taxed in the lower bracket, and both brackets give the
 * same tax there (the quick deductions make the scale continuous), which the edge rows also check.
 */
import Decimal from 'decimal.js'
import {
  bracketOf,
  checkForm,
  compute,
  computeCompany,
  computePersonal,
  EMPTY_FORM,
  fromQuery,
  personalTax,
  toQuery
} from '@/features/tax/model/tax'

type P = [string, string, string, string, boolean, string, string, string, string]
// gz, wxyj, zxkc, jz, donated -> taxable, tax before, tax after, saving (two decimals)
const PERSONAL: P[] = [
  ['5000', '0', '0', '1000', true, '0.00', '0.00', '0.00', '0.00'],
  ['4000', '500', '0', '1000', true, '-18000.00', '0.00', '0.00', '0.00'],
  ['6000', '1000', '0', '500', true, '0.00', '0.00', '0.00', '0.00'],
  ['8000', '0', '0', '0', true, '36000.00', '1080.00', '1080.00', '0.00'],
  ['8000', '0', '0', '1000', true, '36000.00', '1080.00', '1050.00', '30.00'],
  ['8001', '0', '0', '12', true, '36012.00', '1081.20', '1080.00', '1.20'],
  ['10000', '1000', '1000', '5000', true, '36000.00', '1080.00', '930.00', '150.00'],
  ['9000', '0', '0', '', false, '48000.00', '2280.00', '1008.00', '1272.00'],
  ['20000', '2000', '3000', '10000', true, '120000.00', '9480.00', '8480.00', '1000.00'],
  ['17000', '0', '0', '0', true, '144000.00', '11880.00', '11880.00', '0.00'],
  ['17000', '0', '0', '50000', true, '144000.00', '11880.00', '7560.00', '4320.00'],
  ['30000', '3000', '2000', '20000', true, '240000.00', '31080.00', '27080.00', '4000.00'],
  ['30000', '0', '0', '100000', true, '300000.00', '43080.00', '25080.00', '18000.00'],
  ['40000', '0', '0', '', false, '420000.00', '73080.00', '41880.00', '31200.00'],
  ['60000', '0', '0', '60000', true, '660000.00', '145080.00', '127080.00', '18000.00'],
  ['85000', '0', '0', '10000', true, '960000.00', '250080.00', '246580.00', '3500.00'],
  ['100000', '5000', '5000', '200000', true, '1020000.00', '277080.00', '201080.00', '76000.00'],
  ['12345.67', '1234.56', '1000', '3000.5', true, '61333.32', '3613.33', '3313.28', '300.05']
]

type C = [string, string, boolean, string, string, string, string, string]
// lr (ten-thousand yuan), jz, donated -> profit, tax before, tax after, saving, carried forward
const COMPANY: C[] = [
  ['100', '50000', true, '1000000.00', '250000.00', '237500.00', '12500.00', '0.00'],
  ['100', '120000', true, '1000000.00', '250000.00', '220000.00', '30000.00', '0.00'],
  ['100', '150000', true, '1000000.00', '250000.00', '220000.00', '30000.00', '30000.00'],
  ['0', '10000', true, '0.00', '0.00', '0.00', '0.00', '10000.00'],
  ['12.5', '10000', true, '125000.00', '31250.00', '28750.00', '2500.00', '0.00'],
  ['1000', '', false, '10000000.00', '2500000.00', '2200000.00', '300000.00', '0.00'],
  ['0.01', '100', true, '100.00', '25.00', '22.00', '3.00', '88.00'],
  ['33.33', '40000', true, '333300.00', '83325.00', '73326.00', '9999.00', '4.00'],
  ['50', '0', true, '500000.00', '125000.00', '125000.00', '0.00', '0.00']
]

const f2 = (d: Decimal) => d.toFixed(2)

describe('personal income tax saving', () => {
  test.each(PERSONAL)('gz %s wxyj %s zxkc %s jz %s donated %s', (gz, wxyj, zxkc, jz, donated, taxable, before, after, saving) => {
    const r = computePersonal({ salary: gz, insurance: wxyj, special: zxkc, donation: jz || 0, donated })
    expect([f2(r.taxable), f2(r.taxBefore), f2(r.taxAfter), f2(r.saving)]).toEqual([taxable, before, after, saving])
  })

  test('a monthly salary at or below 5,000 is below the threshold: nothing deductible (docs/product §8)', () => {
    expect(computePersonal({ salary: 5000, insurance: 0, special: 0, donation: 1000, donated: true }).belowThreshold).toBe(true)
    expect(computePersonal({ salary: '5000.01', insurance: 0, special: 0, donation: 1000, donated: true }).belowThreshold).toBe(false)
    expect(f2(computePersonal({ salary: 5000, insurance: 0, special: 0, donation: 1000, donated: true }).deductible)).toBe('0.00')
  })

  test('the deduction is capped at 30% of taxable income', () => {
    const r = computePersonal({ salary: 17000, insurance: 0, special: 0, donation: 50000, donated: true })
    expect(f2(r.limit)).toBe('43200.00')
    expect(f2(r.deductible)).toBe('43200.00')
  })

  test('not donated yet: the largest deductible gift is assumed (30% of taxable)', () => {
    const r = computePersonal({ salary: 9000, insurance: 0, special: 0, donation: 0, donated: false })
    expect(f2(r.donation)).toBe('14400.00')
  })

  test.each([
    [36000, 3],
    [36000.01, 10],
    [144000, 10],
    [144000.01, 20],
    [300000, 20],
    [420000, 25],
    [660000, 30],
    [960000, 35],
    [960000.01, 45]
  ])('taxable %d falls in the %d%% bracket, and both sides of every bound give the same tax', (taxable, rate) => {
    expect(bracketOf(new Decimal(taxable)).rate).toBe(rate)
  })

  test('the scale is continuous at every bound', () => {
    for (const bound of [36000, 144000, 300000, 420000, 660000, 960000]) {
      const at = personalTax(new Decimal(bound))
      const above = personalTax(new Decimal(bound).plus('0.01'))
      expect(above.minus(at).lte('0.01')).toBe(true)
      expect(above.gte(at)).toBe(true)
    }
  })
})

describe('enterprise income tax saving', () => {
  test.each(COMPANY)('lr %s jz %s donated %s', (lr, jz, donated, profit, before, after, saving, carry) => {
    const r = computeCompany({ profitWan: lr, donation: jz || 0, donated })
    expect([f2(r.profit), f2(r.taxBefore), f2(r.taxAfter), f2(r.saving), f2(r.carryForward)]).toEqual([
      profit,
      before,
      after,
      saving,
      carry
    ])
  })
})

describe('form and query', () => {
  test('the first missing field is reported in the form order (docs/product §5)', () => {
    expect(checkForm({ ...EMPTY_FORM })).toEqual({ field: 'gz', kind: 'missing' })
    expect(checkForm({ ...EMPTY_FORM, gz: '9000' })).toEqual({ field: 'wxyj', kind: 'missing' })
    expect(checkForm({ ...EMPTY_FORM, gz: '9000', wxyj: '0', zxkc: '0' })).toEqual({ field: 'jz', kind: 'missing' })
    expect(checkForm({ ...EMPTY_FORM, gz: '9000', wxyj: '0', zxkc: '0', isDonate: false })).toBeNull()
    expect(checkForm({ ...EMPTY_FORM, kind: 'company', isDonate: true })).toEqual({ field: 'lr', kind: 'missing' })
    expect(checkForm({ ...EMPTY_FORM, kind: 'company', lr: '10', jz: '' })).toEqual({ field: 'jz', kind: 'missing' })
  })

  test.each(['-1', '1.234', 'abc', '1e5', '12,000'])('"%s" is not a figure', (v) => {
    expect(checkForm({ ...EMPTY_FORM, gz: v, wxyj: '0', zxkc: '0', jz: '1' })).toEqual({ field: 'gz', kind: 'invalid' })
  })

  test('the result query round-trips and carries no donation when none was made', () => {
    const form = { ...EMPTY_FORM, gz: '12000', wxyj: '1200', zxkc: '1000', jz: '5000', isDonate: true }
    expect(toQuery(form)).toEqual({ type: '1', gz: '12000', wxyj: '1200', zxkc: '1000', jz: '5000', isDonate: '1' })
    expect(fromQuery(toQuery(form))).toEqual({ ...form, lr: '' })
    const company = { ...EMPTY_FORM, kind: 'company' as const, lr: '50', jz: '9', isDonate: false }
    expect(toQuery(company)).toEqual({ type: '2', lr: '50', jz: '', isDonate: '0' })
  })

  test('a bad link gives no form (the page shows recalculate, never NaN)', () => {
    expect(fromQuery({})).toBeNull()
    expect(fromQuery({ type: '3', lr: '1' })).toBeNull()
    expect(fromQuery({ type: '1', gz: 'x', wxyj: '0', zxkc: '0', isDonate: '0' })).toBeNull()
    expect(fromQuery({ type: '2', lr: '10', isDonate: '1' })).toBeNull()
    expect(compute(fromQuery({ type: '2', lr: '10', jz: '1000', isDonate: '1' })!).saving.toFixed(2)).toBe('250.00')
  })
})
