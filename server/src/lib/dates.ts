/**
 * Timestamps are stored as ISO-8601 UTC (text in SQLite, timestamptz in PostgreSQL, normalised to ISO on read by
 * db/factory.ts). The wire wants "YYYY-MM-DD HH:mm:ss" in Beijing time (types/entities.ts), whatever the server's TZ.
 */
export const BEIJING_OFFSET_MS = 8 * 3600_000

/** The Beijing calendar year of an instant. */
export const beijingYear = (d: Date): number => new Date(d.getTime() + BEIJING_OFFSET_MS).getUTCFullYear()

/** "20261122133005": Beijing time to the second, digits only (bill and batch numbers). */
export const beijingStamp = (d: Date): string => new Date(d.getTime() + BEIJING_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14)

export function toWireDate(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return new Date(d.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ')
}

export const nowIso = (): string => new Date().toISOString()
