/**
 * Builds the Kysely instance: SQLite file (default, zero setup) or PostgreSQL when a postgres:// URL is given.
 * Both dialects hand back the same JS types (numbers for bigint/count/sum, ISO strings for timestamps).
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely'
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
  /** PostgreSQL: from now on, statements are prepared once per connection (called once the migrations have run) */
  prepareStatements?: () => void
}

/** distinct statement texts named per process; past this a new text runs unnamed (an `in` list of every length) */
const NAMED_STATEMENTS_MAX = 1000
const DML = /^\s*(select|insert|update|delete|with)\b/i

/**
 * Named (prepared) statements on PostgreSQL (docs/decisions/087-postgresql-peak-statements.md): a statement text with
 * parameters gets a name the first time this process sends it, and each pool connection parses and plans it once;
 * afterwards a call sends only its values (Bind, Execute) instead of Parse as well, and PostgreSQL skips parsing and,
 * once it settles on a generic plan, planning. Only DML with parameters is named (BEGIN, COMMIT and a migration's DDL
 * run as sent), and only after the migrations: a `select *` prepared before an ALTER of its table would fail with
 * "cached plan must not change result type". PERF_MACHINERY=off sends every statement unnamed.
 */
export class StatementNames {
  private readonly names = new Map<string, string>()
  enabled = false
  nameOf(sql: string, parameters: ReadonlyArray<unknown>): string | undefined {
    if (!this.enabled || parameters.length === 0) return undefined
    let name = this.names.get(sql)
    if (name === undefined) {
      if (this.names.size >= NAMED_STATEMENTS_MAX || !DML.test(sql)) return undefined
      name = `u${this.names.size + 1}`
      this.names.set(sql, name)
    }
    return name
  }
}

/** The pool Kysely's PostgresDialect is given: its clients send named statements (StatementNames) */
function namingPool(pool: pg.Pool, names: StatementNames): PostgresPool {
  return {
    connect: async () => {
      const client = await pool.connect()
      return {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's overloads: SQL with parameters, or a cursor
        query: ((sqlOrCursor: any, parameters?: ReadonlyArray<unknown>) => {
          if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor)
          const values = (parameters ?? []) as unknown[]
          const name = names.nameOf(sqlOrCursor, values)
          return client.query(name ? { name, text: sqlOrCursor, values } : { text: sqlOrCursor, values })
        }) as PostgresPoolClient['query'],
        release: () => client.release()
      }
    },
    end: () => pool.end()
  }
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
    const names = new StatementNames()
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: namingPool(pool, names) }) })
    return {
      db,
      dialect: 'postgres',
      close: () => db.destroy(),
      prepareStatements: () => {
        names.enabled = PERF_ON
      }
    }
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
