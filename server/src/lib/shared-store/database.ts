/**
 * The shared store in the application's own database (SQLite or PostgreSQL): table shared_entry (migration 020).
 * Every call is one statement (claims and hits: one statement per batch, see claim and hit; claimAndHit: one on
 * PostgreSQL, a claim and a hit on SQLite) — an upsert whose conflict clause decides (a claim succeeds only over an expired row;
 * a window restarts only once it has run out) — so two processes racing on one key are ordered by the database's
 * row lock (PostgreSQL) or write lock (SQLite), never by a read followed by a write.
 */
import { createHash } from 'node:crypto'
import { CompiledQuery, PostgresAdapter, sql, type Kysely } from 'kysely'
import { prepared } from '../../db/prepared'
import type { DB } from '../../db/schema'
import { PERF_ON } from '../../perf/switch'
import type { Bumped, SharedStore } from './types'

/** keys longer than the column (a hand-off signature) are stored as a digest: same key, same digest */
const MAX_KEY = 200
const storedKey = (key: string) => (key.length <= MAX_KEY ? key : `#${createHash('sha256').update(key).digest('base64url')}`)
const ms = (n: number) => Math.floor(n)
/** rows per claim or hit statement: 4 parameters a row, far under SQLite's and PostgreSQL's parameter limits */
const CLAIM_BATCH = 500

interface PendingClaim {
  key: string
  stamp: number
  expiresAt: number
  resolve: (won: boolean) => void
  reject: (err: unknown) => void
}

interface PendingHit {
  keys: string[]
  stamp: number
  expiresAt: number[]
  resolve: (counts: number[]) => void
  reject: (err: unknown) => void
}

/**
 * The claim and hit upserts, compiled once per number of rows (db/prepared.ts): a batch binds its values to the
 * SQL of its size instead of Kysely building a statement of n rows on every event-loop turn.
 */
const claimRows = prepared<{ key: string }>((db, $, n) =>
  db
    .insertInto('shared_entry')
    .values(Array.from({ length: Number(n) }, (_, i) => ({ key: $(3 * i), count: 1, stamp: $(3 * i + 1), expires_at: $(3 * i + 2) })))
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({ count: 1, stamp: sql<number>`excluded.stamp`, value: '', expires_at: sql<number>`excluded.expires_at` })
        // each row against its own clock: the entry held must have run out by the time of this claim
        .where(sql.ref('shared_entry.expires_at'), '<=', sql<number>`excluded.stamp`)
    )
    .returning('key')
)

const hitRows = prepared<{ key: string; count: number }>((db, $, n) =>
  db
    .insertInto('shared_entry')
    .values(
      Array.from({ length: Number(n) }, (_, i) => ({ key: $(4 * i), count: $(4 * i + 1), stamp: $(4 * i + 2), expires_at: $(4 * i + 3) }))
    )
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when shared_entry.expires_at <= excluded.stamp then excluded.count else shared_entry.count + excluded.count end`,
        expires_at: sql<number>`case when shared_entry.expires_at <= excluded.stamp then excluded.expires_at else shared_entry.expires_at end`,
        stamp: sql<number>`excluded.stamp`
      })
    )
    .returning(['key', 'count'])
)

/**
 * claimAndHit on PostgreSQL, for a claim and n hits: a data-modifying WITH. `c` is claim's upsert; `h` is hit's upsert
 * of the n windows, whose rows are selected only when `c` returned its key, so a held claim (a replay) counts
 * nothing and the statement returns no row. Each part takes the row locks and conflict waits its own statement would;
 * the two never touch one row (a nonce key is not a window key). Parameters: claim key, stamp, expiry; then per
 * window key, stamp, expiry (typed: in a SELECT they have no column to take a type from).
 */
const claimAndHitSql = (n: number) => `with c as (
  insert into shared_entry (key, count, stamp, expires_at) values ($1, 1, $2, $3)
  on conflict (key) do update set count = 1, stamp = excluded.stamp, value = '', expires_at = excluded.expires_at
  where shared_entry.expires_at <= excluded.stamp
  returning key
), h as (
  insert into shared_entry (key, count, stamp, expires_at)
  select w.key, 1, w.stamp, w.expires_at
  from (values ${Array.from({ length: n }, (_, i) => `($${4 + 3 * i}::varchar, $${5 + 3 * i}::bigint, $${6 + 3 * i}::bigint)`).join(', ')})
    as w (key, stamp, expires_at)
  where exists (select 1 from c)
  on conflict (key) do update set
    count = case when shared_entry.expires_at <= excluded.stamp then 1 else shared_entry.count + 1 end,
    expires_at = case when shared_entry.expires_at <= excluded.stamp then excluded.expires_at else shared_entry.expires_at end,
    stamp = excluded.stamp
  returning key, count
)
select key, count from h`
const claimAndHitTexts = new Map<number, string>()

export class DatabaseStore implements SharedStore {
  readonly kind = 'database' as const
  /**
   * `batched` false (PERF_MACHINERY=off, perf/README.md): every claim and every hit is its own statement, sent at
   * once; the answers are the same, one statement per call.
   */
  constructor(
    private readonly db: Kysely<DB>,
    readonly batched: boolean = PERF_ON
  ) {}

  /** claims waiting for the next batch (claim below) */
  private pending: PendingClaim[] = []
  private flushScheduled = false
  /** statements run for claims, and claims answered: the bench and tests read them */
  readonly claimStats = { batches: 0, claims: 0 }

  /**
   * Group commit: the claims made while the event loop is busy (requests arriving together) are checked and
   * inserted by ONE multi-row upsert at the next turn (setImmediate), whose RETURNING names the keys won; each
   * caller gets its own exact answer before its request proceeds. A key that comes twice in one batch goes into the
   * statement once: its first claim gets the statement's answer, the later ones are replays (false), which is what
   * the one-statement-per-claim order would have answered too. PostgreSQL could not take a key twice anyway
   * ("ON CONFLICT DO UPDATE command cannot affect row a second time").
   */
  claim(key: string, ttlMs: number, now: number): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      const t = ms(now)
      this.pending.push({ key: storedKey(key), stamp: t, expiresAt: t + ms(ttlMs), resolve, reject })
      if (!this.batched) void this.flushClaims()
      else if (!this.flushScheduled) {
        this.flushScheduled = true
        setImmediate(() => void this.flushClaims())
      }
    })
  }

  private async flushClaims(): Promise<void> {
    const batch = this.pending
    this.pending = []
    this.flushScheduled = false
    for (let i = 0; i < batch.length; i += CLAIM_BATCH) await this.claimBatch(batch.slice(i, i + CLAIM_BATCH))
  }

  private async claimBatch(batch: PendingClaim[]): Promise<void> {
    const first = new Map<string, PendingClaim>()
    for (const c of batch) if (!first.has(c.key)) first.set(c.key, c)
    try {
      const args: unknown[] = []
      for (const c of first.values()) args.push(c.key, c.stamp, c.expiresAt)
      const rows = await claimRows.all(this.db, args, first.size)
      this.claimStats.batches++
      this.claimStats.claims += batch.length
      const won = new Set(rows.map((r) => r.key))
      for (const c of batch) c.resolve(first.get(c.key) === c && won.has(c.key))
    } catch (err) {
      for (const c of batch) c.reject(err)
    }
  }

  /**
   * Group commit, as claim: the hits made while the event loop is busy go into ONE multi-row upsert at the next
   * turn. A key hit k times in a batch (every order from one client IP) is one row adding k; the statement returns the
   * key's count after all k, and the batch's j-th hit on it (in call order) is answered count - k + 1 + j, exactly
   * what k one-row upserts in that order would have answered. A key hit again at another clock reading waits for
   * the next statement, so every row is counted against its own `now`.
   */
  hit(entries: readonly { key: string; windowMs: number }[], now: number): Promise<number[]> {
    if (!entries.length) return Promise.resolve([])
    return new Promise<number[]>((resolve, reject) => {
      const t = ms(now)
      const keys = entries.map((e) => storedKey(e.key))
      this.pendingHits.push({ keys, stamp: t, expiresAt: entries.map((e) => t + ms(e.windowMs)), resolve, reject })
      if (!this.batched) void this.flushHits()
      else if (!this.hitFlushScheduled) {
        this.hitFlushScheduled = true
        setImmediate(() => void this.flushHits())
      }
    })
  }

  private pendingHits: PendingHit[] = []
  private hitFlushScheduled = false
  /** statements run for hits, and hit calls answered */
  readonly hitStats = { batches: 0, calls: 0 }

  private async flushHits(): Promise<void> {
    let todo = this.pendingHits
    this.pendingHits = []
    this.hitFlushScheduled = false
    while (todo.length) {
      // one row per key: a call touching a key already in this batch at another clock reading goes to the next one
      const rows = new Map<string, { stamp: number; expiresAt: number; k: number }>()
      const batch: PendingHit[] = []
      const later: PendingHit[] = []
      // keys of deferred calls: a later call on one waits too, so each key's hits stay in call order
      const deferred = new Set<string>()
      for (const call of todo) {
        const wait =
          batch.length > 0 &&
          (rows.size + call.keys.length > CLAIM_BATCH ||
            call.keys.some((key) => deferred.has(key) || (rows.has(key) && rows.get(key)!.stamp !== call.stamp)))
        if (wait) {
          later.push(call)
          for (const key of call.keys) deferred.add(key)
          continue
        }
        call.keys.forEach((key, i) => {
          const row = rows.get(key)
          if (row) row.k++
          else rows.set(key, { stamp: call.stamp, expiresAt: call.expiresAt[i], k: 1 })
        })
        batch.push(call)
      }
      await this.hitBatch(batch, rows)
      todo = later
    }
  }

  private async hitBatch(batch: PendingHit[], rows: Map<string, { stamp: number; expiresAt: number; k: number }>): Promise<void> {
    try {
      const args: unknown[] = []
      for (const [key, r] of rows) args.push(key, r.k, r.stamp, r.expiresAt)
      const result = await hitRows.all(this.db, args, rows.size)
      this.hitStats.batches++
      this.hitStats.calls += batch.length
      const after = new Map(result.map((r) => [r.key, Number(r.count)]))
      // the j-th hit on a key in this batch: the count before the batch's k hits, plus j + 1
      const seen = new Map<string, number>()
      for (const call of batch) {
        call.resolve(
          call.keys.map((key) => {
            const j = seen.get(key) ?? 0
            seen.set(key, j + 1)
            return (after.get(key) ?? 0) - rows.get(key)!.k + 1 + j
          })
        )
      }
    } catch (err) {
      for (const call of batch) call.reject(err)
    }
  }

  /**
   * PostgreSQL: one statement (claimAndHitSql), sent at once rather than batched with other requests' claims and
   * hits: the windows' rows are shared by many requests (every donor behind one address hits one row), so the hit
   * batches already hold about one call each. SQLite, and PERF_MACHINERY=off: claim, then hit only when it won, each
   * through its batch as before (on SQLite a statement is a function call, and it has no data-modifying WITH).
   */
  async claimAndHit(
    claim: { key: string; ttlMs: number; now: number },
    entries: readonly { key: string; windowMs: number }[],
    now: number
  ): Promise<number[] | null> {
    if (!this.batched || !entries.length || !(this.db.getExecutor().adapter instanceof PostgresAdapter)) {
      if (!(await this.claim(claim.key, claim.ttlMs, claim.now))) return null
      return this.hit(entries, now)
    }
    const ct = ms(claim.now)
    const t = ms(now)
    const args: unknown[] = [storedKey(claim.key), ct, ct + ms(claim.ttlMs)]
    for (const e of entries) args.push(storedKey(e.key), t, t + ms(e.windowMs))
    let text = claimAndHitTexts.get(entries.length)
    if (!text) claimAndHitTexts.set(entries.length, (text = claimAndHitSql(entries.length)))
    const { rows } = await this.db.executeQuery<{ key: string; count: string | number }>(CompiledQuery.raw(text, args))
    if (!rows.length) return null
    const counts = new Map(rows.map((r) => [r.key, Number(r.count)]))
    return entries.map((e) => counts.get(storedKey(e.key))!)
  }

  async bump(entries: readonly { key: string; ttlMs: number }[], now: number): Promise<Bumped[]> {
    if (!entries.length) return []
    const t = ms(now)
    const rows = await this.db
      .insertInto('shared_entry')
      .values(entries.map((e) => ({ key: storedKey(e.key), count: 1, stamp: t, prev_stamp: 0, expires_at: t + ms(e.ttlMs) })))
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when shared_entry.expires_at <= ${t} then 1 else shared_entry.count + 1 end`,
          prev_stamp: sql<number>`case when shared_entry.expires_at <= ${t} then 0 else shared_entry.stamp end`,
          expires_at: sql<number>`excluded.expires_at`,
          stamp: sql<number>`excluded.stamp`
        })
      )
      .returning(['key', 'count', 'prev_stamp'])
      .execute()
    const byKey = new Map(rows.map((r) => [r.key, { count: Number(r.count), prevStamp: Number(r.prev_stamp) }]))
    return entries.map((e) => byKey.get(storedKey(e.key)) ?? { count: 1, prevStamp: 0 })
  }

  async unbump(entries: readonly { key: string; prevStamp: number }[], now: number): Promise<void> {
    const t = ms(now)
    for (const e of entries) {
      const k = storedKey(e.key)
      await this.db
        .updateTable('shared_entry')
        .set({
          count: sql<number>`count - 1`,
          stamp: sql<number>`case when stamp = ${t} then ${ms(e.prevStamp)} else stamp end`
        })
        .where('key', '=', k)
        .execute()
      await this.db.deleteFrom('shared_entry').where('key', '=', k).where('count', '<=', 0).execute()
    }
  }

  async decrement(key: string): Promise<void> {
    const k = storedKey(key)
    await this.db
      .updateTable('shared_entry')
      .set({ count: sql<number>`count - 1` })
      .where('key', '=', k)
      .execute()
    await this.db.deleteFrom('shared_entry').where('key', '=', k).where('count', '<=', 0).execute()
  }

  async remove(key: string): Promise<void> {
    await this.db.deleteFrom('shared_entry').where('key', '=', storedKey(key)).execute()
  }

  async get(key: string, now: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('shared_entry')
      .select('value')
      .where('key', '=', storedKey(key))
      .where('expires_at', '>', ms(now))
      .executeTakeFirst()
    return row ? row.value : null
  }

  async set(key: string, value: string, ttlMs: number, now: number): Promise<void> {
    const t = ms(now)
    await this.db
      .insertInto('shared_entry')
      .values({ key: storedKey(key), count: 0, stamp: t, value, expires_at: t + ms(ttlMs) })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: 0,
          stamp: sql<number>`excluded.stamp`,
          value: sql<string>`excluded.value`,
          expires_at: sql<number>`excluded.expires_at`
        })
      )
      .execute()
  }

  /** Bounded, so a backlog never turns into one long lock: the next sweep takes the rest. */
  async sweep(now: number, limit = 1000): Promise<number> {
    const r = await this.db
      .deleteFrom('shared_entry')
      .where('key', 'in', (eb) => eb.selectFrom('shared_entry').select('key').where('expires_at', '<=', ms(now)).limit(limit))
      .executeTakeFirst()
    return Number(r.numDeletedRows)
  }

  async close(): Promise<void> {
    // the database handle belongs to the app, which closes it
  }
}
