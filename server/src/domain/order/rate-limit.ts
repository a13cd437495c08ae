/**
 * Fixed one-minute windows per key, counted in the shared store (lib/shared-store: the database, or Redis) so that
 * every server process counts against the same window. Order creation: 10 a minute per user, 30 per client IP
 * (ORDER_RATE_PER_USER, ORDER_RATE_PER_IP); both windows are counted by one upsert, one round trip per order.
 */
import type { SharedStore } from '../../lib/shared-store'

export class WindowLimiter {
  constructor(
    readonly store: SharedStore,
    /** key prefix naming what is counted ("order-ip:") */
    readonly name: string,
    readonly max: number,
    readonly windowMs: number = 60_000
  ) {}

  /** Counts one attempt; false when the key is over its limit in the current window. */
  async take(key: string, now = Date.now()): Promise<boolean> {
    return takeEach(now, [this, key])
  }
}

/**
 * Counts one attempt on each (limiter, key) pair in a single round trip (the limiters share one store); false when
 * any of them is over its limit. Every pair is counted even when another is over, as separate checks would.
 */
export async function takeEach(now: number, ...pairs: [WindowLimiter, string][]): Promise<boolean> {
  if (!pairs.length) return true
  const counts = await pairs[0][0].store.hit(
    pairs.map(([l, key]) => ({ key: l.name + key, windowMs: l.windowMs })),
    now
  )
  return pairs.every(([l], i) => counts[i] <= l.max)
}

export interface OrderRateLimits {
  perUser: number
  perIp: number
  windowMs: number
}

export const DEFAULT_ORDER_RATE_LIMITS: OrderRateLimits = { perUser: 10, perIp: 30, windowMs: 60_000 }

export class OrderRateLimiter {
  private readonly users: WindowLimiter
  private readonly ips: WindowLimiter
  constructor(store: SharedStore, limits: OrderRateLimits) {
    this.users = new WindowLimiter(store, 'order-user:', limits.perUser, limits.windowMs)
    this.ips = new WindowLimiter(store, 'order-ip:', limits.perIp, limits.windowMs)
  }

  /** Both windows count the attempt; false when either is exceeded. */
  allow(schoolId: number, userId: number, ip: string, now = Date.now()): Promise<boolean> {
    return takeEach(now, [this.ips, ip], [this.users, `${schoolId}:${userId}`])
  }
}
