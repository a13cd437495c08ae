import dayjs from 'dayjs'
import { articleFormDay, articleListDay, articlePublishDate } from '../../server/admin/src/pages/article-day'

// The staff API stores a day sent as YYYY-MM-DD as the start of that day in Beijing (domain/article/staff.ts)
const storedAs = (day: string) => new Date(`${day}T00:00:00+08:00`).toISOString()

describe("the console's article publishing day (docs/decisions/051)", () => {
  it('shows the Beijing day of the stored instant, not its UTC date', () => {
    expect(storedAs('2026-11-25')).toBe('2026-11-24T16:00:00.000Z')
    expect(articleListDay('2026-11-24T16:00:00.000Z')).toBe('2026-11-25')
    expect(articleFormDay('2026-11-24T16:00:00.000Z')!.format('YYYY-MM-DD')).toBe('2026-11-25')
    // 07:24 in Beijing on the 28th is 23:24 UTC on the 27th
    expect(articleListDay('2026-11-27T23:24:05.000Z')).toBe('2026-11-28')
    expect(articleFormDay('')).toBeNull()
  })

  it('an unchanged save keeps the day: nothing is sent, and sending the day shown stores the same instant', () => {
    const stored = storedAs('2026-11-25')
    const shown = articleFormDay(stored)
    expect(articlePublishDate(shown, stored)).toEqual({})
    // even were it sent, the day the form holds is stored as the same instant
    expect(storedAs(shown!.format('YYYY-MM-DD'))).toBe(stored)
  })

  it('sends a changed day, a new article’s day, and nothing for an empty picker', () => {
    const stored = storedAs('2026-11-25')
    expect(articlePublishDate(dayjs('2026-11-26'), stored)).toEqual({ publishDate: '2026-11-26' })
    expect(articlePublishDate(dayjs('2026-11-24'), stored)).toEqual({ publishDate: '2026-11-24' })
    expect(articlePublishDate(dayjs('2026-11-25'), null)).toEqual({ publishDate: '2026-11-25' })
    expect(articlePublishDate(null, stored)).toEqual({})
    expect(articlePublishDate(undefined, null)).toEqual({})
  })
})
