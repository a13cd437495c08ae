/**
 * Password guess limits with back-off (issue 8). A key (a client IP, or an account at one IP) may fail `free`
 * times; after that each further failure doubles the wait before the next attempt, up to `maxMs`, and the count
 * is forgotten after `forgetMs` without failures.
 *
 * Nothing here is keyed by the account alone: a counter per account would let anyone lock a donor or a member of
 * staff out by guessing wrong on purpose. The (account, IP) pair stops one client's guessing at one account;
 * the IP key stops one client trying many accounts. Successful sign-ins are not counted (their attempt is
 * refunded), so a donor who signs in often is never slowed down.
 *
 * Attempts are charged before the password is checked and refunded on success: concurrent guesses cannot all
 * slip past the check while the (slow) scrypt comparison runs. In memory, like the request nonces: one process
 * serves a school; several processes would each count separately.
 */
import { bizError } from '../../errors'

export interface BackoffRule {
  /** failures allowed before any waiting */
  free: number
  /** the first wait; each further failure doubles it */
  baseMs: number
  maxMs: number
  /** a key with no failure for this long starts again from zero */
  forgetMs: number
}

export class BackoffLimiter {
  private readonly entries = new Map<string, { failures: number; last: number }>()
  private lastPrune = 0

  constructor(readonly rule: BackoffRule) {}

  private live(key: string, now: number) {
    if (now - this.lastPrune > this.rule.forgetMs) {
      for (const [k, e] of this.entries) if (now - e.last > this.rule.forgetMs) this.entries.delete(k)
      this.lastPrune = now
    }
    const e = this.entries.get(key)
    if (e && now - e.last > this.rule.forgetMs) {
      this.entries.delete(key)
      return undefined
    }
    return e
  }

  /** Milliseconds before the key may try again (0: now). */
  waitMs(key: string, now: number): number {
    const e = this.live(key, now)
    if (!e || e.failures < this.rule.free) return 0
    const delay = Math.min(this.rule.maxMs, this.rule.baseMs * 2 ** (e.failures - this.rule.free))
    return Math.max(0, e.last + delay - now)
  }

  charge(key: string, now: number) {
    const e = this.live(key, now)
    if (e) {
      e.failures++
      e.last = now
    } else this.entries.set(key, { failures: 1, last: now })
  }

  refund(key: string) {
    const e = this.entries.get(key)
    if (e && --e.failures <= 0) this.entries.delete(key)
  }

  clear(key: string) {
    this.entries.delete(key)
  }
}

/** One sign-in surface (donor passwords, staff): an IP limiter and an (account, IP) limiter. */
export class GuessGuard {
  readonly ip: BackoffLimiter
  readonly pair: BackoffLimiter

  constructor(rules: { ip: BackoffRule; pair: BackoffRule }) {
    this.ip = new BackoffLimiter(rules.ip)
    this.pair = new BackoffLimiter(rules.pair)
  }

  /**
   * Charges one attempt of `account` from `ip`, or throws -1 "try again in N seconds" while either key waits.
   * Call `succeeded()` on the answer when the password was right.
   */
  attempt(scope: string, account: string, ip: string, now: number) {
    const ipKey = `${scope}:${ip}`
    const pairKey = `${scope}:${account}\u0000${ip}`
    const wait = Math.max(this.ip.waitMs(ipKey, now), this.pair.waitMs(pairKey, now))
    if (wait > 0) throw bizError('loginRetryLater', { seconds: Math.ceil(wait / 1000) })
    this.ip.charge(ipKey, now)
    this.pair.charge(pairKey, now)
    return {
      succeeded: () => {
        // the IP keeps its other failures: signing in to one's own account must not wash away guesses at others
        this.ip.refund(ipKey)
        this.pair.clear(pairKey)
      }
    }
  }
}

/** Donor password sign-in: 5 free failures per account at one IP, 20 per IP; waits from 30 s up to 15 minutes. */
export const DONOR_GUESS_RULES = {
  pair: { free: 5, baseMs: 30_000, maxMs: 15 * 60_000, forgetMs: 60 * 60_000 },
  ip: { free: 20, baseMs: 30_000, maxMs: 15 * 60_000, forgetMs: 60 * 60_000 }
} as const

/** Staff sign-in guards the fulfilment console (donors' addresses and mobiles): stricter, waits up to an hour. */
export const STAFF_GUESS_RULES = {
  pair: { free: 5, baseMs: 60_000, maxMs: 60 * 60_000, forgetMs: 6 * 60 * 60_000 },
  ip: { free: 10, baseMs: 60_000, maxMs: 60 * 60_000, forgetMs: 6 * 60 * 60_000 }
} as const
