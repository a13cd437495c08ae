/**
 * One writer at a time per key, for the rest of a transaction (docs/decisions/030-counted-limits-and-donor-text.md): a limit
 * counted from stored rows ("5 messages in 10 minutes", "at least one admin left") reads and then writes, and two
 * transactions that both read before either wrote would both pass. Taking the key's lock before the read orders
 * them: the second reads after the first committed.
 *
 * PostgreSQL: a transaction-scoped advisory lock on a 64-bit hash of the key (released at COMMIT or ROLLBACK;
 * under READ COMMITTED every statement after it sees what the first transaction committed). SQLite: nothing to
 * do, every transaction already holds the database's write lock from its BEGIN IMMEDIATE (db/factory.ts), so
 * transactions of one database never interleave, in one process or several.
 */
import { createHash } from 'node:crypto'
import { sql, type Transaction } from 'kysely'
import type { DB } from '../db/schema'
import { isPg } from '../db/migrations/helpers'

/** A signed 64-bit key for pg_advisory_xact_lock: the first 8 bytes of sha256 of the name. */
export function advisoryKey(name: string): string {
  return createHash('sha256').update(name).digest().readBigInt64BE(0).toString()
}

/** Holds `name`'s lock until `trx` ends. Call it first in the transaction, before reading what it protects. */
export async function lockFor(trx: Transaction<DB>, name: string): Promise<void> {
  if (!isPg(trx)) return
  await sql`select pg_advisory_xact_lock(${advisoryKey(name)}::bigint)`.execute(trx)
}
