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

/** a transaction's opening statement as Kysely sends it (BEGIN, or START TRANSACTION with an isolation level) */
const OPENING = /^\s*(begin|start\s+transaction)\b/i
const CLOSING = /^\s*(commit|rollback)\s*$/i
const nothingSent = (command: string) => Promise.resolve({ command, rowCount: null, rows: [], fields: [] })

/**
 * The pool Kysely's PostgresDialect is given: its clients send named statements (StatementNames) and, when
 * `pipelined` (the clients are in the driver's pipeline mode), a transaction's BEGIN in one write with the
 * transaction's first statement (docs/decisions/087-postgresql-peak-statements.md, "BEGIN with the first statement"):
 * Kysely waits for BEGIN's answer before it runs the transaction's body, so BEGIN is answered here at once and held;
 * the next statement on the connection sends both, one after the other without waiting in between, and its caller
 * waits for both answers. PostgreSQL runs them in order as before; if BEGIN fails (a broken connection) the caller
 * gets that error and Kysely rolls back as for any failed statement. A transaction whose body sent nothing sends
 * neither its BEGIN nor its COMMIT or ROLLBACK.
 */
function namingPool(pool: pg.Pool, names: StatementNames, pipelined: boolean): PostgresPool {
  return {
    connect: async () => {
      const client = await pool.connect()
      // the held BEGIN, until the transaction's first statement
      let held: string | null = null
      const send = (text: string, values: unknown[]) => {
        const name = names.nameOf(text, values)
        return client.query(name ? { name, text, values } : { text, values })
      }
      return {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's overloads: SQL with parameters, or a cursor
        query: ((sqlOrCursor: any, parameters?: ReadonlyArray<unknown>) => {
          if (typeof sqlOrCursor !== 'string') {
            if (held === null) return client.query(sqlOrCursor)
            // a cursor (Kysely's stream(), unused here) after a held BEGIN: BEGIN first, answered
            const opening = held
            held = null
            return client.query(opening).then(() => client.query(sqlOrCursor))
          }
          const values = (parameters ?? []) as unknown[]
          if (held === null) {
            if (!pipelined || values.length > 0 || !OPENING.test(sqlOrCursor)) return send(sqlOrCursor, values)
            held = sqlOrCursor
            return nothingSent('BEGIN')
          }
          const opening = held
          held = null
          if (values.length === 0 && CLOSING.test(sqlOrCursor)) return nothingSent(sqlOrCursor.trim().toUpperCase())
          // the driver writes each query as it is given; the socket, corked, sends the two in one write
          const stream = (client as unknown as { connection: { stream: { cork?: () => void; uncork?: () => void } } }).connection.stream
          stream.cork?.()
          let both: Promise<[unknown, pg.QueryResult]>
          try {
            both = Promise.all([client.query(opening), send(sqlOrCursor, values)])
          } finally {
            stream.uncork?.()
          }
          return both.then(([, result]) => result)
        }) as PostgresPoolClient['query'],
        release: () => {
          held = null
          client.release()
        }
      }
    },
    end: () => pool.end()
  }
}

/**
 * PG_PIPELINE: `off` sends a transaction's BEGIN on its own and waits for it, for a pooler in front of PostgreSQL that
 * does not take pipelined queries (docs/deployment.md); anything else leaves it to the performance switch.
 */
export const pgPipeline = (v: string | undefined): boolean => PERF_ON && v !== 'off'

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
    // pipeline mode (pg 8.23, node-postgres.com/features/pipelining): a client may send a query before the previous
    // one is answered; namingPool uses it for a transaction's BEGIN only (each query keeps its own Sync and answer)
    const pipelined = pgPipeline(process.env.PG_PIPELINE)
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: poolMax(process.env.PG_POOL_MAX),
      pipeline: pipelined
    } as pg.PoolConfig)
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
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: namingPool(pool, names, pipelined) }) })
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
