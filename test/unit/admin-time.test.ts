import { beijingDay, beijingTime } from '../../server/admin/src/time'

describe('console times (docs/decisions/051)', () => {
  it('shows a UTC instant in Beijing time, across the date line', () => {
    expect(beijingTime('2026-11-27T23:24:05.000Z')).toBe('2026-11-28 07:24')
    expect(beijingTime('2026-11-27T23:24:05.000Z', true)).toBe('2026-11-28 07:24:05')
    expect(beijingTime('2026-11-28T07:24:05+08:00', true)).toBe('2026-11-28 07:24:05')
  })

  it('gives the Beijing day an offline gift was entered for, not the UTC one', () => {
    // a past day is stored as the start of that day in Beijing: 16:00 UTC the day before
    expect(beijingDay('2026-11-24T16:00:00.000Z')).toBe('2026-11-25')
    expect(beijingDay(null)).toBe('')
  })

  it('leaves a time without a zone as it is and marks a missing one', () => {
    expect(beijingTime('2026-11-28 07:24:05')).toBe('2026-11-28 07:24')
    expect(beijingTime(null)).toBe('—')
    expect(beijingTime(undefined, true)).toBe('—')
  })
})
