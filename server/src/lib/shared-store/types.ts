/**
 * The state several server processes must share (docs/decisions/023-scale-out.md): request nonces, rate
 * windows, sign-in guess counters, cached third-party tokens. Every entry expires; an expired entry is absent.
 * Implementations: the database (database.ts: SQLite or PostgreSQL, one upsert per call), Redis (redis.ts, when
 * REDIS_URL is set) and process memory (memory.ts: one process only, used by unit tests).
 *
 * Every method is one round trip, claimAndHit included (SQLite excepted: two statements there, each a function call). `now` is epoch milliseconds from the caller's clock (tests move it); the Redis
 * store keeps its own clock for expiry, so it is not for tests that travel in time.
 */
export interface Bumped {
  /** the count after this bump */
  count: number
  /** epoch ms of the bump before this one (0: none live) */
  prevStamp: number
}

export interface SharedStore {
  readonly kind: 'database' | 'redis' | 'memory'
  /** true when `key` was free (absent or expired) and is now held for ttlMs; false while an earlier claim lives */
  claim(key: string, ttlMs: number, now: number): Promise<boolean>
  /** Fixed windows: counts one hit on each key (a window opens at the first hit and lasts windowMs); returns the
   *  count of each key in the current window, in the order given. Keys must be distinct. */
  hit(entries: readonly { key: string; windowMs: number }[], now: number): Promise<number[]>
  /** A claim and fixed-window hits as one operation (a signed request's nonce and the rate windows of its handler,
   *  docs/decisions/087-postgresql-peak-statements.md): null when the claim is held (a replay: nothing is counted),
   *  else the hits' counts as hit answers them. The claim carries its own clock reading (the signature check's). */
  claimAndHit(
    claim: { key: string; ttlMs: number; now: number },
    entries: readonly { key: string; windowMs: number }[],
    now: number
  ): Promise<number[] | null>
  /** Sliding counters: one more on each key (from 1 when expired), stamp = now, expiry moved to now + ttlMs;
   *  returns each key's new count and previous stamp, in the order given. Keys must be distinct. */
  bump(entries: readonly { key: string; ttlMs: number }[], now: number): Promise<Bumped[]>
  /** Takes back the bumps made at `now` (a refused attempt): one less, and the stamp back unless bumped since. */
  unbump(entries: readonly { key: string; prevStamp: number }[], now: number): Promise<void>
  /** One less on a counter; the entry goes at zero. */
  decrement(key: string): Promise<void>
  remove(key: string): Promise<void>
  get(key: string, now: number): Promise<string | null>
  set(key: string, value: string, ttlMs: number, now: number): Promise<void>
  /** Deletes up to `limit` expired entries (the database store; the others expire by themselves). */
  sweep(now: number, limit?: number): Promise<number>
  close(): Promise<void>
}
