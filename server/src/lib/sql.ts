import { sql, type RawBuilder } from 'kysely'
import { MAX_TOTAL_FEN } from './money'
import { INT_RANGE } from './schemas'

/** Case-insensitive (ASCII) substring match, portable to SQLite and PostgreSQL; user input never acts as a wildcard. */
export function containsText(column: string, needle: string): RawBuilder<boolean> {
  const pattern = `%${needle.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`
}

/** n clamped to [min, max] (Infinity and 1e300 included); absent, NaN or a fraction within range: the fallback */
const whole = (n: number | null | undefined, min: number, max: number, fallback: number) => {
  if (typeof n !== 'number' || Number.isNaN(n)) return fallback
  if (n >= max) return max
  if (n <= min) return min
  return Number.isInteger(n) ? n : fallback
}

/**
 * Page window with the cap of types/envelope.ts PAGE_SIZE.MAX applied (a large limit is capped, never refused).
 * Route schemas already bound both (lib/schemas.ts pageProps); the clamp keeps any other caller (CLI, jobs, a route
 * whose schema forgot it) from handing the database an offset PostgreSQL refuses (beyond bigint, or a fraction)
 * or a NaN that SQLite binds as NULL.
 */
export function pageWindow(q: { limit?: number | null; offset?: number | null }, defaultLimit: number, max: number) {
  return { limit: whole(q.limit, 1, max, Math.min(defaultLimit, max)), offset: whole(q.offset, 0, INT_RANGE.int4, 0) }
}

/**
 * An amount column as sums count it: a stored amount above MAX_TOTAL_FEN (no write can store one: lib/money.ts) is
 * counted as 0, so one planted row can neither overflow SQLite's 64-bit SUM nor hide every other gift; readFen
 * clamps what is left (docs/decisions/034-money-bounds.md).
 */
export const countedFen = (column: string) =>
  sql<number>`case when ${sql.ref(column)} <= ${sql.lit(MAX_TOTAL_FEN)} then ${sql.ref(column)} else 0 end`

/** What a gift still counts for after partial refunds (docs/decisions/032-refunds.md), as countedFen counts it. */
export const countedNetFen = (amount: string, refunded: string) =>
  sql<number>`case when ${sql.ref(amount)} <= ${sql.lit(MAX_TOTAL_FEN)} then ${sql.ref(amount)} - ${sql.ref(refunded)} else 0 end`
