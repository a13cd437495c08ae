/**
 * Times in the console are Beijing time, as the exports and the donor app show them (docs/decisions/051): the staff
 * API sends instants as ISO strings in UTC, and slicing those showed an order paid at 07:24 in Beijing as 23:24 the
 * day before. The offset is fixed (China has no daylight saving), so no time-zone database is needed.
 */
const BEIJING_OFFSET_MS = 8 * 3600_000
const HAS_ZONE = /(?:[zZ]|[+-]\d\d:?\d\d)$/

/** "2026-11-28 07:24" (or with seconds) in Beijing time; '—' for no time; a string without a zone is shown as it is. */
export function beijingTime(iso: string | null | undefined, withSeconds = false): string {
  if (!iso) return '—'
  const ms = Date.parse(iso)
  const length = withSeconds ? 19 : 16
  if (!HAS_ZONE.test(iso) || Number.isNaN(ms)) return iso.replace('T', ' ').slice(0, length)
  return new Date(ms + BEIJING_OFFSET_MS).toISOString().replace('T', ' ').slice(0, length)
}

/** The Beijing calendar day of an instant, "2026-11-28". */
export const beijingDay = (iso: string | null | undefined): string => (iso ? beijingTime(iso).slice(0, 10) : '')
