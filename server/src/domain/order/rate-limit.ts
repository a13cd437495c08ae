/**
 * Fixed one-minute windows per key, counted in the shared store (lib/shared-store: the database, or Redis) so that
 * every server process counts against the same window. Order creation (docs/decisions/033-peak-day-order-limits.md):
 * the donor (10 a minute) and the device (20) carry the protection; the client address is sized for thousands of
 * people behind one campus NAT or an unnamed proxy (6,000), and from 3,000 a donor without a paid gift at the school
 * first solves a challenge (challenge.ts). The three windows are counted by one upsert, one round trip per order,
 * which also claims the request's nonce (docs/decisions/087-postgresql-peak-statements.md).
 */
import type { SharedStore } from '../../lib/shared-store'

/** a signed request's nonce claim, left to the handler (plugins/signature.ts takeNonce) */
export interface NonceClaim {
  key: string
  ttlMs: number
  now: number
}

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
  /** donate calls a window per donor (ORDER_RATE_PER_USER) */
  perUser: number
  /** per device: the app's device id, else the session (ORDER_RATE_PER_DEVICE) */
  perDevice: number
  /** per client address: beyond it everyone from that address is refused (ORDER_RATE_PER_IP) */
  perIp: number
  /** per client address: beyond it a donor without a paid gift at the school solves a challenge first
   *  (ORDER_RATE_CHALLENGE_PER_IP; 0: never) */
  challengeIp: number
  windowMs: number
}

export const DEFAULT_ORDER_RATE_LIMITS: OrderRateLimits = {
  perUser: 10,
  perDevice: 20,
  perIp: 6_000,
  challengeIp: 3_000,
  windowMs: 60_000
}

const envCount = (env: NodeJS.ProcessEnv, name: string): number | undefined => {
  const raw = env[name]
  const v = Number(raw)
  return raw !== undefined && raw !== '' && Number.isInteger(v) && v >= 0 ? v : undefined
}

/**
 * The limits from the environment (ORDER_RATE_PER_USER, _PER_DEVICE, _PER_IP, ORDER_RATE_CHALLENGE_PER_IP) and a
 * caller's overrides. Unset, the device limit is twice the donor's (two donors of a household on one phone) and the
 * challenge threshold half the address ceiling, at least 3,000: raising one limit for a load test raises what follows
 * from it.
 */
export function orderRateLimits(env: NodeJS.ProcessEnv, over: Partial<OrderRateLimits> = {}): OrderRateLimits {
  const perUser = over.perUser ?? envCount(env, 'ORDER_RATE_PER_USER') ?? DEFAULT_ORDER_RATE_LIMITS.perUser
  const perIp = over.perIp ?? envCount(env, 'ORDER_RATE_PER_IP') ?? DEFAULT_ORDER_RATE_LIMITS.perIp
  return {
    perUser,
    perDevice: over.perDevice ?? envCount(env, 'ORDER_RATE_PER_DEVICE') ?? 2 * perUser,
    perIp,
    challengeIp:
      over.challengeIp ??
      envCount(env, 'ORDER_RATE_CHALLENGE_PER_IP') ??
      Math.max(DEFAULT_ORDER_RATE_LIMITS.challengeIp, Math.floor(perIp / 2)),
    windowMs: over.windowMs ?? DEFAULT_ORDER_RATE_LIMITS.windowMs
  }
}

/** ok: go on; challenge: only with a solved challenge or a paid gift behind the donor; limited: refused (429) */
export type OrderVerdict = 'ok' | 'challenge' | 'limited'

export interface OrderCaller {
  schoolId: number
  userId: number
  /** the device key (routes/donate: 'd:' + the app's device id, or 's:' + the session id) */
  device: string
  ip: string
}

export class OrderRateLimiter {
  private readonly users: WindowLimiter
  private readonly devices: WindowLimiter
  private readonly ips: WindowLimiter
  constructor(
    store: SharedStore,
    readonly limits: OrderRateLimits
  ) {
    this.users = new WindowLimiter(store, 'order-user:', limits.perUser, limits.windowMs)
    this.devices = new WindowLimiter(store, 'order-device:', limits.perDevice, limits.windowMs)
    this.ips = new WindowLimiter(store, 'order-ip:', limits.perIp, limits.windowMs)
  }

  /** Every window counts the attempt (one round trip); limited when any is over, challenge when only the address
   *  has passed its challenge threshold. With the request's nonce claim (plugins/signature.ts takeNonce) the claim
   *  goes in the same round trip: 'replayed' when it is held, and then no window counts the attempt. */
  async check(c: OrderCaller, now = Date.now(), nonce: NonceClaim | null = null): Promise<OrderVerdict | 'replayed'> {
    const windows = [
      { key: this.ips.name + c.ip, windowMs: this.ips.windowMs },
      { key: `${this.users.name}${c.schoolId}:${c.userId}`, windowMs: this.users.windowMs },
      { key: `${this.devices.name}${c.schoolId}:${c.device}`, windowMs: this.devices.windowMs }
    ]
    const counts = nonce ? await this.ips.store.claimAndHit(nonce, windows, now) : await this.ips.store.hit(windows, now)
    if (!counts) return 'replayed'
    const [ip, user, device] = counts
    if (ip > this.limits.perIp || user > this.limits.perUser || device > this.limits.perDevice) return 'limited'
    return this.limits.challengeIp > 0 && ip > this.limits.challengeIp ? 'challenge' : 'ok'
  }
}
