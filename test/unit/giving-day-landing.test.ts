import { ambassadorLink, ambassadorOf, countdown, money, percentOf } from '@/features/giving-day/model/landing'

describe('giving-day landing figures (docs/decisions/074-giving-day-screens.md)', () => {
  const day = { startsAt: '2026-11-29T02:00:00.000Z', endsAt: '2026-11-30T02:00:00.000Z' }
  it('counts to the start, then to the end, then stops', () => {
    expect(countdown(day, Date.parse('2026-11-28T01:00:00.000Z'))).toEqual({ to: 'start', d: 1, h: '01', m: '00', s: '00' })
    expect(countdown(day, Date.parse('2026-11-29T02:00:00.000Z'))).toEqual({ to: 'end', d: 1, h: '00', m: '00', s: '00' })
    expect(countdown(day, Date.parse('2026-11-30T01:59:01.500Z'))).toEqual({ to: 'end', d: 0, h: '00', m: '00', s: '58' })
    expect(countdown(day, Date.parse('2026-11-30T02:00:00.000Z')).to).toBe('ended')
  })
  it('reaches percentages exactly, capped at 100, none without a goal', () => {
    expect(percentOf('0.10', '0.30')).toBe(33.3)
    expect(percentOf('400.00', '200.00')).toBe(100)
    expect(percentOf(3, 0)).toBeNull()
    expect(percentOf('1', '0.00')).toBeNull()
  })
  it('writes money with separators and two decimals', () => {
    expect(money('1234567.5')).toBe('1,234,567.50')
    expect(money('0')).toBe('0.00')
  })
  it('takes only a well-formed ambassador code and puts it in the link once', () => {
    expect(ambassadorOf(' ab23cd45 ')).toBe('AB23CD45')
    expect(ambassadorOf('x')).toBe('')
    expect(ambassadorOf('a b')).toBe('')
    expect(ambassadorLink('https://x.test/giving-day?id=3&ambassador=OLD', 'NEW23456')).toBe(
      'https://x.test/giving-day?id=3&ambassador=NEW23456'
    )
    expect(ambassadorLink('https://x.test/demo/giving-day?id=3#top', 'AB')).toBe('https://x.test/demo/giving-day?id=3&ambassador=AB#top')
  })
})
