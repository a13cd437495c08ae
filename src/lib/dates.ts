/**
 * docs/product §9: times arrive as Beijing wall-clock "YYYY-MM-DD HH:mm:ss" (types/entities.ts; some fields a bare date) and
 * are shown to the day or to the minute. dayjs reads them strictly in those forms and without a time zone (what the
 * server wrote is what is shown, whatever the phone's zone); a value in any other form shows nothing rather than a
 * cut of whatever it was.
 */
import dayjs from 'dayjs'
import customParseFormat from 'dayjs/plugin/customParseFormat'

dayjs.extend(customParseFormat)

const DATE = 'YYYY-MM-DD'
const WIRE_FORMATS = ['YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD HH:mm', DATE]

function show(s: string | null | undefined, withTime: boolean): string {
  const text = String(s ?? '').trim()
  if (!text) return ''
  const d = dayjs(text, WIRE_FORMATS, true)
  if (!d.isValid()) return ''
  // a bare date has no minute to show
  return d.format(withTime && text.length > DATE.length ? 'YYYY-MM-DD HH:mm' : DATE)
}

/** "2026-03-04 05:06:07" -> "2026-03-04" */
export const cutDay = (s?: string | null): string => show(s, false)

/** "2026-03-04 05:06:07" -> "2026-03-04 05:06"; a bare date stays a date */
export const cutMinute = (s?: string | null): string => show(s, true)
