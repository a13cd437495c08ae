/**
 * Timestamps are stored as ISO-8601 UTC (text in SQLite, timestamptz in PostgreSQL, normalised to ISO on read by
 * db/factory.ts). The wire wants "YYYY-MM-DD HH:mm:ss" in Beijing time (types/entities.ts), whatever the server's TZ.
 */
const BEIJING_OFFSET_MS = 8 * 3600_000

export function toWireDate(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return new Date(d.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ')
}

export const nowIso = (): string => new Date().toISOString()
