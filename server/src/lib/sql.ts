import { sql, type RawBuilder } from 'kysely'

/** Case-insensitive (ASCII) substring match, portable to SQLite and PostgreSQL; user input never acts as a wildcard. */
export function containsText(column: string, needle: string): RawBuilder<boolean> {
  const pattern = `%${needle.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`
}

/** Page window with the cap of types/envelope.ts PAGE_SIZE.MAX applied (a large limit is capped, never refused). */
export function pageWindow(q: { limit?: number | null; offset?: number | null }, defaultLimit: number, max: number) {
  const limit = Math.min(q.limit ?? defaultLimit, max)
  return { limit, offset: q.offset ?? 0 }
}
