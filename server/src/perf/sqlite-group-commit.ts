/**
 * SQLite driver with group commit (docs/decisions/027-write-path.md, README.md in this folder).
 *
 * One process has one SQLite connection, so its transactions already run one after another (Kysely's own driver
 * queues them on a mutex). What each one paid on its own is the COMMIT: writing its pages to the WAL, the WAL index
 * and, every thousand pages, a checkpoint. Here the transactions that queue up together share one COMMIT:
 *
 * - The first transaction of a group opens BEGIN IMMEDIATE; every transaction is a SAVEPOINT inside it.
 * - Its own commit is RELEASE of that savepoint; it then hands the connection to the next in the queue and waits.
 *   Its caller is answered only after the group's COMMIT, so nothing is acknowledged that a crash could lose.
 * - A rollback is ROLLBACK TO its savepoint: the rest of the group keeps its work.
 * - The group commits when nobody is waiting for the connection, when it holds MAX_GROUP transactions, or when its
 *   oldest has waited MAX_WAIT_MS. A statement outside a transaction that writes (a nonce, a rate window) commits the
 *   open group first and then runs on its own, so it too is answered after its own commit.
 * - A read outside a transaction never sees a released transaction whose group has not committed: while a group is
 *   open it runs on a second, read-only connection (WAL: it sees the last COMMIT), so nothing it answers can vanish
 *   when the group fails. Without that connection the open group commits first, as for a write.
 * - If the group's COMMIT fails, or SQLite rolled the whole transaction back on an error (disk full, I/O error),
 *   every transaction of the group is rejected: each caller gets the error (their request answers -1) and none of
 *   their writes stays.
 *
 * Another process's write lock (the job worker's) is waited for without stopping this process: busy_timeout is 0
 * and whenFree tries BEGIN again every millisecond, for up to BUSY_WAIT_MS. A group holds the lock for at most
 * MAX_WAIT_MS longer than its last transaction.
 */
import type Database from 'better-sqlite3'
import {
  SqliteDialect,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDialectConfig,
  type TransactionSettings
} from 'kysely'

export const MAX_GROUP = 32
export const MAX_WAIT_MS = 4

/** maxGroup 1 is the plain driver (PERF_MACHINERY=off): each transaction commits on its own before it is answered */
export interface GroupCommitOptions {
  maxGroup?: number
  maxWaitMs?: number
}
/** how long a statement or BEGIN waits for another process's write lock before failing with SQLITE_BUSY */
export const BUSY_WAIT_MS = 5000

interface Waiter {
  resolve: () => void
  reject: (err: unknown) => void
}

/** The statements the driver needs: better-sqlite3's, through the factory's statement cache. */
export interface SqliteHandle {
  prepare(sql: string): Database.Statement
  readonly inTransaction: boolean
  close(): void
}

/** First come, first served: an unlock wakes exactly the next waiter (Kysely's mutex wakes them all to race). */
class FifoMutex {
  private locked = false
  private readonly queue: (() => void)[] = []
  lock(): Promise<void> {
    if (!this.locked) {
      this.locked = true
      return Promise.resolve()
    }
    return new Promise((resolve) => this.queue.push(resolve))
  }
  unlock(): void {
    const next = this.queue.shift()
    if (next) next()
    else this.locked = false
  }
  get waiting(): number {
    return this.queue.length
  }
}

/** Counters group-commit.test.ts reads: groups committed, transactions in them, rollbacks, waits for another process. */
export interface GroupCommitStats {
  groups: number
  transactions: number
  rolledBack: number
  /** times a statement or BEGIN found another process holding the write lock and waited */
  busyWaits: number
  /** reads outside a transaction answered from the read-only connection while a group was open */
  readsBesideGroup: number
}

const isBusy = (err: unknown) => (err as { code?: string } | null)?.code === 'SQLITE_BUSY'
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

class Connection implements DatabaseConnection {
  /** set when the connection went back to the queue early (a transaction's commit, before its group commits) */
  released = false
  inTransaction = false
  constructor(private readonly driver: GroupCommitDriver) {}
  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    // outside a transaction a statement that found the database locked by another process is tried again
    if (this.inTransaction) return Promise.resolve(this.driver.run<R>(compiled, true))
    return this.driver.whenFree(() => this.driver.run<R>(compiled, false))
  }
  // eslint-disable-next-line require-yield -- streaming is not used by this project
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported by this driver')
  }
}

const SAVEPOINT = 'uplus_tx'

export class GroupCommitDriver implements Driver {
  private readonly mutex = new FifoMutex()
  /** a BEGIN IMMEDIATE is open, holding released transactions that wait for its COMMIT */
  private open = false
  private waiters: Waiter[] = []
  private oldest = 0
  readonly stats: GroupCommitStats = { groups: 0, transactions: 0, rolledBack: 0, busyWaits: 0, readsBesideGroup: 0 }
  private readonly maxGroup: number
  private readonly maxWaitMs: number

  /** `reader`: a second connection to the same file with query_only set, for reads beside an open group */
  constructor(
    private readonly db: SqliteHandle,
    private readonly reader: SqliteHandle | null = null,
    opts: GroupCommitOptions = {}
  ) {
    this.maxGroup = opts.maxGroup ?? MAX_GROUP
    this.maxWaitMs = opts.maxWaitMs ?? MAX_WAIT_MS
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.mutex.lock()
    return new Connection(this)
  }

  run<R>(compiled: CompiledQuery, inTransaction: boolean): QueryResult<R> {
    let stmt = this.db.prepare(compiled.sql)
    if (!inTransaction && this.open) {
      if (stmt.readonly && this.reader) {
        // the open group's rows are not committed yet: read what is (the group may still fail)
        stmt = this.reader.prepare(compiled.sql)
        this.stats.readsBesideGroup++
      } else {
        // a write outside a transaction is answered after its own commit: the open group commits first
        this.commitGroup()
      }
    }
    const parameters = compiled.parameters as unknown[]
    if (stmt.reader) return { rows: stmt.all(parameters) as R[] }
    const { changes, lastInsertRowid } = stmt.run(parameters)
    return {
      numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
      insertId: lastInsertRowid !== undefined && lastInsertRowid !== null ? BigInt(lastInsertRowid) : undefined,
      rows: []
    }
  }

  private exec(sql: string): void {
    this.db.prepare(sql).run()
  }

  /**
   * Runs `attempt` until it does not find the database locked by another process (the job worker's writes), for
   * up to BUSY_WAIT_MS. The connection's busy_timeout is 0 (db/factory.ts): SQLite's own wait sleeps inside the
   * call, which stops this whole process, every request with it, and backs off to 100 ms sleeps; here the process
   * goes on with its other work and looks again every millisecond.
   */
  async whenFree<T>(attempt: () => T): Promise<T> {
    // the clock is read only once the lock was found taken: the usual statement pays nothing for the wait
    let started = 0
    for (;;) {
      try {
        return attempt()
      } catch (err) {
        if (!isBusy(err)) throw err
        if (!started) started = performance.now()
        else if (performance.now() - started >= BUSY_WAIT_MS) throw err
        this.stats.busyWaits++
      }
      await pause(1)
    }
  }

  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    const c = connection as Connection
    if (this.open && !this.db.inTransaction) this.failGroup(new Error('SQLite rolled back the open transaction group'))
    if (!this.open) {
      await this.whenFree(() => this.exec('begin immediate'))
      this.open = true
    }
    this.exec(`savepoint ${SAVEPOINT}`)
    c.inTransaction = true
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as Connection
    c.inTransaction = false
    if (!this.db.inTransaction) {
      // SQLite ended the whole transaction on an error: this one's work is gone with the group's
      const err = new Error('SQLite rolled back the transaction')
      this.failGroup(err)
      throw err
    }
    this.exec(`release ${SAVEPOINT}`)
    const done = new Promise<void>((resolve, reject) => {
      if (!this.waiters.length) this.oldest = performance.now()
      this.waiters.push({ resolve, reject })
    })
    c.released = true
    this.handOn()
    await done
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as Connection
    c.inTransaction = false
    this.stats.rolledBack++
    if (!this.db.inTransaction) {
      this.failGroup(new Error('SQLite rolled back the transaction group'))
      return
    }
    this.exec(`rollback to ${SAVEPOINT}`)
    this.exec(`release ${SAVEPOINT}`)
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const c = connection as Connection
    if (c.released) return
    c.released = true
    this.handOn()
  }

  /** The connection goes to the next in the queue; the open group commits first unless more work is waiting. */
  private handOn(): void {
    if (this.open && this.waiters.length) {
      const full = this.waiters.length >= this.maxGroup || performance.now() - this.oldest >= this.maxWaitMs
      if (!this.mutex.waiting || full) this.commitGroup()
    } else if (this.open && !this.mutex.waiting) {
      // a group whose transactions all rolled back: end it
      this.commitGroup()
    }
    this.mutex.unlock()
  }

  /** COMMIT the open group (the caller holds the connection) and answer its transactions. */
  private commitGroup(): void {
    const group = this.waiters
    this.waiters = []
    this.open = false
    try {
      if (!this.db.inTransaction) throw new Error('SQLite rolled back the transaction group')
      this.exec('commit')
    } catch (err) {
      if (this.db.inTransaction) this.exec('rollback')
      for (const w of group) w.reject(err)
      return
    }
    if (group.length) {
      this.stats.groups++
      this.stats.transactions += group.length
    }
    for (const w of group) w.resolve()
  }

  private failGroup(err: unknown): void {
    const group = this.waiters
    this.waiters = []
    this.open = false
    if (this.db.inTransaction) this.exec('rollback')
    for (const w of group) w.reject(err)
  }

  async destroy(): Promise<void> {
    // the connection is free only once every group has committed (handOn); one still held is cut off, as closing
    // Kysely's own driver would: SQLite rolls the open transaction back, and its waiting callers get the error
    if (this.open) this.failGroup(new Error('the database was closed'))
    this.reader?.close()
    this.db.close()
  }
}

/** SqliteDialect with the group-commit driver: the same SQL, adapter and introspection as Kysely's own. */
export class GroupCommitSqliteDialect extends SqliteDialect {
  readonly driver: GroupCommitDriver
  constructor(db: SqliteHandle, reader: SqliteHandle | null = null, opts: GroupCommitOptions = {}) {
    super({ database: db as unknown as SqliteDialectConfig['database'] })
    this.driver = new GroupCommitDriver(db, reader, opts)
  }
  override createDriver(): Driver {
    return this.driver
  }
}
