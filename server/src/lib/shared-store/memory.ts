/**
 * The shared store in one process's memory: for unit tests of the limiters and for a single process that wants no
 * database round trip (SHARED_STORE=memory). Never for several processes: each would count on its own.
 */
import type { Bumped, SharedStore } from './types'

interface Entry {
  count: number
  stamp: number
  value: string
  expiresAt: number
}

export class MemoryStore implements SharedStore {
  readonly kind = 'memory' as const
  private readonly entries = new Map<string, Entry>()

  private live(key: string, now: number): Entry | undefined {
    const e = this.entries.get(key)
    if (e && e.expiresAt <= now) {
      this.entries.delete(key)
      return undefined
    }
    return e
  }

  async claim(key: string, ttlMs: number, now: number): Promise<boolean> {
    if (this.live(key, now)) return false
    this.entries.set(key, { count: 1, stamp: now, value: '', expiresAt: now + ttlMs })
    return true
  }

  async hit(entries: readonly { key: string; windowMs: number }[], now: number): Promise<number[]> {
    return entries.map(({ key, windowMs }) => {
      const e = this.live(key, now)
      if (!e) {
        this.entries.set(key, { count: 1, stamp: now, value: '', expiresAt: now + windowMs })
        return 1
      }
      e.stamp = now
      return ++e.count
    })
  }

  async claimAndHit(
    claim: { key: string; ttlMs: number; now: number },
    entries: readonly { key: string; windowMs: number }[],
    now: number
  ): Promise<number[] | null> {
    // no await between the two: nothing else runs in between
    if (this.live(claim.key, claim.now)) return null
    this.entries.set(claim.key, { count: 1, stamp: claim.now, value: '', expiresAt: claim.now + claim.ttlMs })
    return this.hit(entries, now)
  }

  async bump(entries: readonly { key: string; ttlMs: number }[], now: number): Promise<Bumped[]> {
    return entries.map(({ key, ttlMs }) => {
      const e = this.live(key, now)
      const out = { count: (e?.count ?? 0) + 1, prevStamp: e?.stamp ?? 0 }
      this.entries.set(key, { count: out.count, stamp: now, value: '', expiresAt: now + ttlMs })
      return out
    })
  }

  async unbump(entries: readonly { key: string; prevStamp: number }[], now: number): Promise<void> {
    for (const { key, prevStamp } of entries) {
      const e = this.entries.get(key)
      if (!e) continue
      if (--e.count <= 0) this.entries.delete(key)
      else if (e.stamp === now) e.stamp = prevStamp
    }
  }

  async decrement(key: string): Promise<void> {
    const e = this.entries.get(key)
    if (e && --e.count <= 0) this.entries.delete(key)
  }

  async remove(key: string): Promise<void> {
    this.entries.delete(key)
  }

  async get(key: string, now: number): Promise<string | null> {
    return this.live(key, now)?.value ?? null
  }

  async set(key: string, value: string, ttlMs: number, now: number): Promise<void> {
    this.entries.set(key, { count: 0, stamp: now, value, expiresAt: now + ttlMs })
  }

  async sweep(now: number, limit = 1000): Promise<number> {
    let n = 0
    for (const [k, e] of this.entries) {
      if (n >= limit) break
      if (e.expiresAt <= now) {
        this.entries.delete(k)
        n++
      }
    }
    return n
  }

  async close(): Promise<void> {
    this.entries.clear()
  }
}
