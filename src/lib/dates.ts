/**
 * The one date formatter of the app (dates per language). docs/product §9: times arrive as Beijing
 * wall-clock "YYYY-MM-DD HH:mm:ss" (types/entities.ts; some fields a bare date) and are shown to the day or to the
 * minute. dayjs reads them strictly in those forms and without a time zone (what the server wrote is what is shown,
 * whatever the phone's zone); a value in any other form shows nothing rather than a cut of whatever it was.
 *
 * Per language, with dayjs's zh-cn and en locales: Chinese keeps the numeric "2026-03-04" / "2026-03-04 05:06" that
 * Chinese donation pages use; English reads "Mar 4, 2026" / "Mar 4, 2026 05:06". The language is the session's
 * unless a caller names one.
 */
import dayjs from 'dayjs'
import customParseFormat from 'dayjs/plugin/customParseFormat'
import 'dayjs/locale/zh-cn'
import 'dayjs/locale/en'
import type { Lang } from '@contract'
import { useSession } from '@/store/session'

dayjs.extend(customParseFormat)

const DATE = 'YYYY-MM-DD'
const WIRE_FORMATS = ['YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD HH:mm', DATE]

const SHOWN: Record<Lang, { locale: string; day: string; minute: string }> = {
  zh_CN: { locale: 'zh-cn', day: 'YYYY-MM-DD', minute: 'YYYY-MM-DD HH:mm' },
  en: { locale: 'en', day: 'MMM D, YYYY', minute: 'MMM D, YYYY HH:mm' }
}

/** A wire time shown to the day, or to the minute when `withTime` and the value has one, in `lang`. */
export function formatDate(s: string | null | undefined, withTime: boolean, lang: Lang = useSession.getState().lang): string {
  const text = String(s ?? '').trim()
  if (!text) return ''
  const d = dayjs(text, WIRE_FORMATS, true)
  if (!d.isValid()) return ''
  const shown = SHOWN[lang] ?? SHOWN.zh_CN
  // a bare date has no minute to show
  return d.locale(shown.locale).format(withTime && text.length > DATE.length ? shown.minute : shown.day)
}

/** "2026-03-04 05:06:07" -> "2026-03-04" (en "Mar 4, 2026") */
export const cutDay = (s?: string | null, lang?: Lang): string => formatDate(s, false, lang)

/** "2026-03-04 05:06:07" -> "2026-03-04 05:06" (en "Mar 4, 2026 05:06"); a bare date stays a date */
export const cutMinute = (s?: string | null, lang?: Lang): string => formatDate(s, true, lang)
