/**
 * Password guess limits with back-off. A key (a client IP, or an account at one IP) may fail `free`
 * times; after that each further failure doubles the wait before the next attempt, up to `maxMs`, and the count
 * is forgotten after `forgetMs` without failures.
 *
 * Nothing here is keyed by the account alone: a counter per account would let anyone lock a donor or a member of
 * staff out by guessing wrong on purpose. The (account, IP) pair stops one client's guessing at one account;
 * the IP key stops one client trying many accounts. Successful sign-ins are not counted (their attempt is
 * refunded), so a donor who signs in often is never slowed down.
 *
 * Attempts are charged before the password is checked and refunded on success: concurrent guesses cannot all
 * slip past the check while the (slow) scrypt comparison runs. The counters live in the shared store
 * (lib/shared-store), so every server process sees the same failures: a client cannot multiply its guesses by the
 * number of processes behind the proxy.
 */
import { bizError } from '../../errors'
import type { SharedStore } from '../../lib/shared-store'

export interface BackoffRule {
  /** failures allowed before any waiting */
  free: number
  /** the first wait; each further failure doubles it */
  baseMs: number
  maxMs: number
  /** a key with no failure for this long starts again from zero */
  forgetMs: number
}

/** Milliseconds before a key with `failures` failures, the last at `last`, may try again (0: now). */
export function backoffWait(rule: BackoffRule, failures: number, last: number, now: number): number {
  if (failures < rule.free) return 0
  const delay = Math.min(rule.maxMs, rule.baseMs * 2 ** (failures - rule.free))
  return Math.max(0, last + delay - now)
}

/** One sign-in surface (donor passwords, staff): an IP limiter and an (account, IP) limiter, with back-off. */
export class GuessGuard {
  constructor(
    private readonly store: SharedStore,
    /** key prefix of this surface ("guess-donor:") */
    private readonly name: string,
    readonly rules: { ip: BackoffRule; pair: BackoffRule }
  ) {}

  /**
   * Charges one attempt of `account` from `ip`, or throws -1 "try again in N seconds" while either key waits.
   * Call `succeeded()` on the answer when the password was right. Two round trips: read both counters, bump both.
   */
  async attempt(scope: string, account: string, ip: string, now: number) {
    const ipKey = `${this.name}ip:${scope}:${ip}`
    const pairKey = `${this.name}pair:${scope}:${account}\u001f${ip}`
    // Charge first, in one atomic round trip, then judge by the failures before this one: concurrent guesses each
    // see the others' charges, so a burst cannot slip past the limit while the password checks run.
    const [ipNow, pairNow] = await this.store.bump(
      [
        { key: ipKey, ttlMs: this.rules.ip.forgetMs },
        { key: pairKey, ttlMs: this.rules.pair.forgetMs }
      ],
      now
    )
    const wait = Math.max(
      backoffWait(this.rules.ip, ipNow.count - 1, ipNow.prevStamp, now),
      backoffWait(this.rules.pair, pairNow.count - 1, pairNow.prevStamp, now)
    )
    if (wait > 0) {
      // a refused attempt is not a failure: it neither counts nor moves the wait
      await this.store.unbump(
        [
          { key: ipKey, prevStamp: ipNow.prevStamp },
          { key: pairKey, prevStamp: pairNow.prevStamp }
        ],
        now
      )
      throw bizError('loginRetryLater', { seconds: Math.ceil(wait / 1000) })
    }
    return {
      succeeded: async () => {
        // the IP keeps its other failures: signing in to one's own account must not wash away guesses at others
        await this.store.decrement(ipKey)
        await this.store.remove(pairKey)
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
