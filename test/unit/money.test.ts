import { formatMoney, progressPercent, sumMoney, checkAmount } from '@/lib/money'
import { cutDay, cutMinute } from '@/lib/dates'

describe('money', () => {
  it('formats with thousands separators and two decimals', () => {
    expect(formatMoney('1234567.5')).toBe('1,234,567.50')
    expect(formatMoney('0')).toBe('0.00')
    expect(formatMoney('999.999')).toBe('1,000.00')
    expect(formatMoney(null)).toBe('0.00')
  })
  it('sums exactly where floats do not', () => {
    expect(sumMoney(['0.1', '0.2'])).toBe('0.30')
    expect(sumMoney(['0.29', '0.01', '1000000.00'])).toBe('1000000.30')
  })
  it('caps progress at 100 with two decimals', () => {
    expect(progressPercent('50', '200')).toBe(25)
    expect(progressPercent('1', '3')).toBe(33.33)
    expect(progressPercent('500', '100')).toBe(100)
    expect(progressPercent('5', '0')).toBe(0)
  })
  it('checks typed amounts per docs/product §5', () => {
    expect(checkAmount('100')).toBe('ok')
    expect(checkAmount('0.01')).toBe('ok')
    expect(checkAmount('1.234')).toBe('invalid')
    expect(checkAmount('0')).toBe('invalid')
    expect(checkAmount('-5')).toBe('invalid')
    expect(checkAmount('abc')).toBe('invalid')
    expect(checkAmount('10000000.01')).toBe('too-large')
  })
  it('cuts dates to day and minute', () => {
    expect(cutDay('2026-03-04 05:06:07')).toBe('2026-03-04')
    expect(cutMinute('2026-03-04 05:06:07')).toBe('2026-03-04 05:06')
  })
})
