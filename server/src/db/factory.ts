/**
 * Builds the Kysely instance: SQLite file (default, zero setup) or PostgreSQL when a postgres:// URL is given.
 * Both dialects hand back the same JS types (numbers for bigint/count/sum, ISO strings for timestamps).
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import type { DB } from './types'

// pg returns int8 (20) and numeric (1700, e.g. SUM(bigint)) as strings and timestamptz (1184) as Date.
// 2^53 fen is ~90 trillion yuan: Number is safe for every amount this product holds.
pg.types.setTypeParser(20, (v) => Number(v))
pg.types.setTypeParser(1700, (v) => Number(v))
pg.types.setTypeParser(1184, (v) => new Date(v).toISOString())

export type Dialect = 'sqlite' | 'postgres'
export interface DbHandle {
  db: Kysely<DB>
  dialect: Dialect
  close: () => Promise<void>
}

export function openDatabase(opts: { dataDir: string; databaseUrl?: string }): DbHandle {
  if (opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl)) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 })
    // A backend that goes away (PostgreSQL restart, failover, an admin terminating sessions) makes pg emit 'error'
    // on idle clients; unhandled, that event kills the process. The pool drops the broken client and opens a new
    // one on the next query, and queries in flight still reject to their callers.
    pool.on('error', (err) => {
      process.emitWarning(`PostgreSQL idle client error: ${err.message}`)
    })
    pool.on('connect', (client) => {
      client.on('error', () => undefined)
    })
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
    return { db, dialect: 'postgres', close: () => db.destroy() }
  }
  mkdirSync(opts.dataDir, { recursive: true })
  const raw = new Database(path.join(opts.dataDir, 'uplus.db'))
  raw.pragma('journal_mode = WAL')
  raw.pragma('synchronous = NORMAL')
  raw.pragma('foreign_keys = ON')
  raw.pragma('busy_timeout = 5000')
  // Kysely prepares every statement again (half the throughput): cache them. Its transactions start with a
  // deferred BEGIN, which fails with SQLITE_BUSY_SNAPSHOT once a second process writes: take the lock up front.
  const cache = new Map<string, Database.Statement>()
  const wrapped = {
    prepare(sql: string) {
      if (sql === 'begin') sql = 'begin immediate'
      let s = cache.get(sql)
      if (!s) {
        s = raw.prepare(sql)
        if (cache.size > 1000) cache.clear()
        cache.set(sql, s)
      }
      return s
    },
    close() {
      raw.close()
    }
  }
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: wrapped as unknown as Database.Database }) })
  return { db, dialect: 'sqlite', close: () => db.destroy() }
}
