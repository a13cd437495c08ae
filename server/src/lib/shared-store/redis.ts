/**
 * The shared store in Redis (REDIS_URL): claims are SET NX PX (with rate windows: one script, claimAndHit), counters are hashes {count, stamp} changed by Lua
 * scripts (atomic on the server), values are plain strings with PX. Redis expires entries itself, with its own
 * clock: `now` only stamps back-off counters, so this store is not for tests that move the clock.
 * Keys are prefixed (default "uplus:") so one Redis can serve other things.
 */
import Redis from 'ioredis'
import type { Bumped, SharedStore } from './types'

// KEYS: the counters; ARGV: now, then one window per key. A window opens with the first hit.
const HIT = `
local out = {}
for i, k in ipairs(KEYS) do
  local c = redis.call('HINCRBY', k, 'count', 1)
  redis.call('HSET', k, 'stamp', ARGV[1])
  if c == 1 then redis.call('PEXPIRE', k, ARGV[i + 1]) end
  out[i] = c
end
return out`

// KEYS: the claim, then the counters; ARGV: now, the claim's ttl, then one window per counter. Nothing is counted
// when the claim is held: {0}; else {1, the counts}.
const CLAIM_HIT = `
if not redis.call('SET', KEYS[1], '1', 'PX', ARGV[2], 'NX') then return {0} end
local out = {1}
for i = 2, #KEYS do
  local c = redis.call('HINCRBY', KEYS[i], 'count', 1)
  redis.call('HSET', KEYS[i], 'stamp', ARGV[1])
  if c == 1 then redis.call('PEXPIRE', KEYS[i], ARGV[i + 1]) end
  out[i] = c
end
return out`

// KEYS: the counters; ARGV: now, then one ttl per key. Every bump moves the expiry; answers {count, previous stamp}.
const BUMP = `
local out = {}
for i, k in ipairs(KEYS) do
  local prev = redis.call('HGET', k, 'stamp') or '0'
  local c = redis.call('HINCRBY', k, 'count', 1)
  redis.call('HSET', k, 'stamp', ARGV[1])
  redis.call('PEXPIRE', k, ARGV[i + 1])
  out[i] = {c, prev}
end
return out`

// KEYS: the counters; ARGV: now, then each key's previous stamp.
const UNBUMP = `
for i, k in ipairs(KEYS) do
  if redis.call('EXISTS', k) == 1 then
    local c = redis.call('HINCRBY', k, 'count', -1)
    if c <= 0 then
      redis.call('DEL', k)
    elseif redis.call('HGET', k, 'stamp') == ARGV[1] then
      redis.call('HSET', k, 'stamp', ARGV[i + 1])
    end
  end
end
return 0`

const DECREMENT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local c = redis.call('HINCRBY', KEYS[1], 'count', -1)
if c <= 0 then redis.call('DEL', KEYS[1]) end
return c`

const ttl = (n: number) => String(Math.max(1, Math.ceil(n)))

export class RedisStore implements SharedStore {
  readonly kind = 'redis' as const
  private readonly redis: Redis

  constructor(
    url: string,
    private readonly prefix = 'uplus:'
  ) {
    // no offline queue: while Redis is away a call fails at once (the request answers -1) instead of hanging
    this.redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false })
    // a lost connection is retried by ioredis; without a listener the event would crash the process
    this.redis.on('error', () => undefined)
  }

  /** resolves once connected (main.ts waits, so a wrong REDIS_URL stops the start instead of failing requests) */
  async ready(timeoutMs = 5000): Promise<void> {
    if (this.redis.status === 'ready') return
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Redis not reachable within ${timeoutMs} ms`)), timeoutMs)
      this.redis.once('ready', () => {
        clearTimeout(timer)
        resolve()
      })
    })
  }

  private k(key: string) {
    return this.prefix + key
  }

  async claim(key: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.set(this.k(key), '1', 'PX', ttl(ttlMs), 'NX')) === 'OK'
  }

  async hit(entries: readonly { key: string; windowMs: number }[], now: number): Promise<number[]> {
    if (!entries.length) return []
    const keys = entries.map((e) => this.k(e.key))
    const out = (await this.redis.eval(
      HIT,
      keys.length,
      ...keys,
      String(Math.floor(now)),
      ...entries.map((e) => ttl(e.windowMs))
    )) as number[]
    return out.map(Number)
  }

  /** one script: the claim and the hits in one round trip, atomic on the server */
  async claimAndHit(
    claim: { key: string; ttlMs: number },
    entries: readonly { key: string; windowMs: number }[],
    now: number
  ): Promise<number[] | null> {
    const keys = [claim.key, ...entries.map((e) => e.key)].map((k) => this.k(k))
    const out = (await this.redis.eval(
      CLAIM_HIT,
      keys.length,
      ...keys,
      String(Math.floor(now)),
      ttl(claim.ttlMs),
      ...entries.map((e) => ttl(e.windowMs))
    )) as number[]
    return Number(out[0]) === 1 ? out.slice(1).map(Number) : null
  }

  async bump(entries: readonly { key: string; ttlMs: number }[], now: number): Promise<Bumped[]> {
    if (!entries.length) return []
    const keys = entries.map((e) => this.k(e.key))
    const out = (await this.redis.eval(BUMP, keys.length, ...keys, String(Math.floor(now)), ...entries.map((e) => ttl(e.ttlMs)))) as [
      number,
      string
    ][]
    return out.map(([count, prev]) => ({ count: Number(count), prevStamp: Number(prev) }))
  }

  async unbump(entries: readonly { key: string; prevStamp: number }[], now: number): Promise<void> {
    if (!entries.length) return
    const keys = entries.map((e) => this.k(e.key))
    await this.redis.eval(UNBUMP, keys.length, ...keys, String(Math.floor(now)), ...entries.map((e) => String(Math.floor(e.prevStamp))))
  }

  async decrement(key: string): Promise<void> {
    await this.redis.eval(DECREMENT, 1, this.k(key))
  }

  async remove(key: string): Promise<void> {
    await this.redis.del(this.k(key))
  }

  async get(key: string): Promise<string | null> {
    return this.redis.get(this.k(key))
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this.redis.set(this.k(key), value, 'PX', ttl(ttlMs))
  }

  async sweep(): Promise<number> {
    return 0 // Redis expires keys itself
  }

  async close(): Promise<void> {
    this.redis.disconnect()
  }
}
