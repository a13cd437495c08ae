/**
 * The softer step before a refusal (docs/decisions/033-peak-day-order-limits.md). While a client address is past its
 * challenge threshold, a donor with no paid gift at the school (a new account, the cheap kind to make by the hundred)
 * is asked to solve a small proof of work before the order is taken; donors with a paid gift pass as before. The app
 * solves it by itself (src/lib/proof-of-work.ts) in well under a second and sends the order again, so a real donor
 * sees a short wait, never a refusal; a script placing orders for many fresh accounts pays CPU for each, one extra
 * round trip each, and still meets the per-address ceiling.
 *
 * A challenge is a random seed the server keeps in the shared store for CHALLENGE_TTL_MS, bound to the school, the
 * donor and its difficulty; a solution is redeemed once (a claim on the seed), whichever process answers.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { ResultCode, type OrderChallenge } from '../../../../types'
import type { DB } from '../../db/schema'
import { AppError, signatureError } from '../../errors'
import type { SharedStore } from '../../lib/shared-store'
import type { NonceClaim, OrderCaller, OrderRateLimiter } from './rate-limit'

/** leading zero bits asked for (ORDER_CHALLENGE_BITS): 2^14 SHA-256 on average, 0.14 s for the app's JavaScript
 *  SHA-256 in Node's V8 on the development machine; several times that in an engine without a JIT (decision 033) */
export const DEFAULT_CHALLENGE_BITS = 14
export const MAX_CHALLENGE_BITS = 24
export const CHALLENGE_TTL_MS = 120_000
/** the most paid-gift donors remembered by one process (the set starts over when full) */
const KNOWN_MAX = 100_000

const PROOF = /^([0-9a-f]{32})\.(\d{1,16})$/

/** Leading zero bits of a digest. */
export function leadingZeroBits(digest: Uint8Array): number {
  let n = 0
  for (const b of digest) {
    if (b === 0) {
      n += 8
      continue
    }
    return n + Math.clz32(b) - 24
  }
  return n
}

/** true when sha256(`${seed}.${counter}`) starts with `bits` zero bits */
export function proofHolds(seed: string, counter: string, bits: number): boolean {
  return leadingZeroBits(createHash('sha256').update(`${seed}.${counter}`).digest()) >= bits
}

export class OrderChallenges {
  private readonly known = new Set<string>()

  constructor(
    private readonly db: Kysely<DB>,
    private readonly store: SharedStore,
    readonly bits: number = DEFAULT_CHALLENGE_BITS
  ) {}

  /** true when the donor has a paid gift at the school. A paid gift stays a fact, so a yes is remembered here. */
  async hasHistory(schoolId: number, userId: number): Promise<boolean> {
    const key = `${schoolId}:${userId}`
    if (this.known.has(key)) return true
    const row = await this.db
      .selectFrom('donation')
      .select('id')
      .where('school_id', '=', schoolId)
      .where('user_id', '=', userId)
      .where('status', '=', 'paid')
      .limit(1)
      .executeTakeFirst()
    if (!row) return false
    if (this.known.size >= KNOWN_MAX) this.known.clear()
    this.known.add(key)
    return true
  }

  async issue(schoolId: number, userId: number, now: number): Promise<OrderChallenge['challenge']> {
    const seed = randomBytes(16).toString('hex')
    await this.store.set(`order-pow:${seed}`, `${schoolId}:${userId}:${this.bits}`, CHALLENGE_TTL_MS, now)
    return { seed, bits: this.bits, ttlSeconds: CHALLENGE_TTL_MS / 1000 }
  }

  /** true once for a solution of a live challenge issued to this donor at this school */
  async redeem(proof: string, schoolId: number, userId: number, now: number): Promise<boolean> {
    const m = PROOF.exec(proof)
    if (!m) return false
    const [, seed, counter] = m
    const issued = await this.store.get(`order-pow:${seed}`, now)
    const [school, user, bits] = (issued ?? '').split(':').map(Number)
    if (!issued || school !== schoolId || user !== userId || !proofHolds(seed, counter, bits)) return false
    return this.store.claim(`order-pow-used:${seed}`, CHALLENGE_TTL_MS, now)
  }
}

/**
 * The order gate of donate: counts the attempt in every window, refuses (429) past a limit, and past the address's
 * challenge threshold lets through donors with a paid gift or a redeemed solution; anyone else gets a challenge
 * (code -1 with OrderChallenge as data, HTTP 429).
 */
export async function admitOrder(
  gate: { limiter: OrderRateLimiter; challenges: OrderChallenges },
  caller: OrderCaller,
  proof: string | undefined,
  now: number,
  /** the request's nonce claim when the signature check left it to this gate (plugins/signature.ts takeNonce) */
  nonce: NonceClaim | null = null
): Promise<void> {
  const verdict = await gate.limiter.check(caller, now, nonce)
  if (verdict === 'replayed') throw signatureError('nonceReplayed')
  if (verdict === 'limited') throw new AppError('rateLimited', ResultCode.ERROR, 429)
  if (verdict === 'ok') return
  if (await gate.challenges.hasHistory(caller.schoolId, caller.userId)) return
  if (proof && (await gate.challenges.redeem(proof, caller.schoolId, caller.userId, now))) return
  const challenge = await gate.challenges.issue(caller.schoolId, caller.userId, now)
  throw new AppError('orderChallenge', ResultCode.ERROR, 429, {}, { challenge } satisfies OrderChallenge)
}
