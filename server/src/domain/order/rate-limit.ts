/**
 * Order creation limits per user and per client IP (fixed one-minute windows, in memory). One process serves a
 * school (as with the signature nonce store); several processes would each count separately and need a shared
 * store. Defaults: 10 orders a minute per user, 30 per IP (ORDER_RATE_PER_USER, ORDER_RATE_PER_IP).
 */
export class WindowLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>()
  private lastPrune = 0

  constructor(
    readonly max: number,
    readonly windowMs: number = 60_000
  ) {}

  /** Counts one attempt; false when the key is over its limit in the current window. */
  take(key: string, now = Date.now()): boolean {
    if (now - this.lastPrune > this.windowMs) {
      for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k)
      this.lastPrune = now
    }
    const h = this.hits.get(key)
    if (!h || h.resetAt <= now) {
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs })
      return this.max > 0
    }
    h.count++
    return h.count <= this.max
  }
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
  constructor(limits: OrderRateLimits) {
    this.users = new WindowLimiter(limits.perUser, limits.windowMs)
    this.ips = new WindowLimiter(limits.perIp, limits.windowMs)
  }

  /** Both windows count the attempt; false when either is exceeded. */
  allow(schoolId: number, userId: number, ip: string, now = Date.now()): boolean {
    const ipOk = this.ips.take(ip, now)
    const userOk = this.users.take(`${schoolId}:${userId}`, now)
    return ipOk && userOk
  }
}
