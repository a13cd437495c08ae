/**
 * Builds the Kysely instance: SQLite file (default, zero setup) or PostgreSQL when a postgres:// URL is given.
 * Both dialects hand back the same JS types (numbers for bigint/count/sum, ISO strings for timestamps).
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { GroupCommitSqliteDialect, type GroupCommitStats, type SqliteHandle } from '../perf/sqlite-group-commit'
import { PERF_ON } from '../perf/switch'
import type { DB } from './schema'

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
  /** SQLite: transactions committed in shared groups (sqlite-group-commit.ts) */
  groupCommit?: GroupCommitStats
}

/** PG_POOL_MAX as a pool size: a whole number from 1 to 200, else the default 10. */
export function poolMax(v: string | undefined): number {
  const n = Number(v)
  return v && Number.isInteger(n) && n >= 1 && n <= 200 ? n : 10
}

/**
 * `groupCommit` (SQLite only; default: the performance switch, server/src/perf/switch.ts): transactions that queue up
 * together share one COMMIT (perf/sqlite-group-commit.ts); false commits each on its own. `maxWaitMs` is for tests
 * that need a group to stay open.
 */
export function openDatabase(opts: { dataDir: string; databaseUrl?: string; groupCommit?: boolean; maxWaitMs?: number }): DbHandle {
  if (opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl)) {
    // PG_POOL_MAX (default 10) per process: enough to keep PostgreSQL busy on a few cores; several processes on one
    // database add theirs up (max_connections 100 by default): docs/decisions/022-performance.md
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: poolMax(process.env.PG_POOL_MAX) })
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
  const file = path.join(opts.dataDir, 'uplus.db')
  const raw = new Database(file)
  raw.pragma('journal_mode = WAL')
  raw.pragma('synchronous = NORMAL')
  raw.pragma('foreign_keys = ON')
  // 0: another process's write lock is waited for by the driver without stopping the process (sqlite-group-commit.ts)
  raw.pragma('busy_timeout = 0')
  // One connection per process, so every query of this process queues on it (the driver's queue): reads and writes
  // never wait on each other's locks here; a second process's write lock (the job worker) is waited for up to 5 s.
  // WAL with synchronous NORMAL: a commit is durable at the next checkpoint, not per transaction (a power cut may
  // lose the last commits, never corrupt the file; a crashed process loses nothing). 32 MB page cache, temporary
  // tables in memory (docs/decisions/022-performance.md).
  raw.pragma('cache_size = -32000')
  raw.pragma('temp_store = MEMORY')
  // Transactions take the write lock up front (BEGIN IMMEDIATE: a deferred BEGIN fails with SQLITE_BUSY_SNAPSHOT once
  // a second process writes), and those that queue up together share one COMMIT (perf/sqlite-group-commit.ts).
  const groupCommit = opts.groupCommit ?? PERF_ON
  let reader: SqliteHandle | null = null
  if (groupCommit) {
    // reads outside a transaction while a group is open: this connection sees only committed rows
    const r = new Database(file)
    r.pragma('busy_timeout = 0')
    r.pragma('query_only = ON')
    reader = statementCache(r)
  }
  const dialect = new GroupCommitSqliteDialect(statementCache(raw), reader, {
    maxGroup: groupCommit ? undefined : 1,
    maxWaitMs: opts.maxWaitMs
  })
  const db = new Kysely<DB>({ dialect })
  return { db, dialect: 'sqlite', close: () => db.destroy(), groupCommit: dialect.driver.stats }
}

/**
 * Kysely prepares every statement again (half the throughput): better-sqlite3 statements are kept by SQL text, one
 * cache per connection. With PERF_MACHINERY=off each statement is prepared afresh (perf/README.md).
 */
function statementCache(raw: Database.Database): SqliteHandle {
  const cache = new Map<string, Database.Statement>()
  return {
    get inTransaction() {
      return raw.inTransaction
    },
    prepare(sql: string) {
      if (!PERF_ON) return raw.prepare(sql)
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
}
