import dayjs, { type Dayjs } from 'dayjs'
import { beijingDay } from '../time'

/**
 * An article's publishing day in the editor. The staff API sends publishDate as an instant in UTC and takes a day
 * back as YYYY-MM-DD, stored as the start of that day in Beijing (domain/article/staff.ts): 25 Nov comes back as
 * 2026-11-24T16:00:00Z. Cutting that string showed the 24th and saved the 24th, a day earlier on every save; the
 * day is the Beijing one, as everywhere in the console (docs/decisions/051).
 */
export function articleFormDay(publishDate: string | null | undefined): Dayjs | null {
  const day = beijingDay(publishDate)
  return day ? dayjs(day) : null
}

/** The publishing day a list row shows. */
export const articleListDay = (publishDate: string | null | undefined): string => beijingDay(publishDate)

/**
 * What a save sends for the day: the day picked, or nothing when it is the stored article's day (or was emptied),
 * so an unchanged save keeps the stored instant, time of day included; a new article without a day is published today.
 */
export function articlePublishDate(picked: Dayjs | null | undefined, stored: string | null | undefined): { publishDate?: string } {
  if (!picked?.isValid()) return {}
  const day = picked.format('YYYY-MM-DD')
  return stored && day === beijingDay(stored) ? {} : { publishDate: day }
}
