/**
 * The order challenge (docs/decisions/033-peak-day-order-limits.md): when many donors give from one address, the
 * server may answer a new donor's order with a seed and a difficulty instead of taking it. The answer is a decimal
 * counter such that sha256(`${seed}.${counter}`) starts with `bits` zero bits; request.ts finds it and sends the
 * order again with the `proof` header. Plain JavaScript (sha256.ts): the mini-programs have no WebCrypto.
 */
import type { OrderChallenge } from '@contract'
import { sha256Bytes, utf8Bytes } from './sha256'

/** the server asks for at most 24 bits; a seed is 32 lowercase hex characters */
const MAX_BITS = 24
const SEED = /^[0-9a-f]{32}$/

export function leadingZeroBits(digest: Uint8Array): number {
  let n = 0
  for (let i = 0; i < digest.length; i++) {
    const b = digest[i]
    if (b === 0) {
      n += 8
      continue
    }
    return n + Math.clz32(b) - 24
  }
  return n
}

export function proofHolds(seed: string, counter: number, bits: number): boolean {
  return leadingZeroBits(sha256Bytes(utf8Bytes(`${seed}.${counter}`))) >= bits
}

/** The challenge in a refused answer's data, or null when it carries none (or one this app cannot answer). */
export function challengeOf(data: unknown): OrderChallenge['challenge'] | null {
  const c = (data as Partial<OrderChallenge> | null | undefined)?.challenge
  if (!c || typeof c.seed !== 'string' || !SEED.test(c.seed)) return null
  if (!Number.isInteger(c.bits) || c.bits < 0 || c.bits > MAX_BITS) return null
  return c
}

/**
 * The `proof` header's value for a challenge: `${seed}.${counter}`. Tries counters from 0 and hands the event loop
 * back every `slice` tries so the page keeps drawing; null after 2^(bits+4) tries (a chance of e^-16 for a real
 * challenge).
 */
export async function solveChallenge(c: { seed: string; bits: number }, slice = 2048): Promise<string | null> {
  const limit = 2 ** (c.bits + 4)
  for (let counter = 0; counter < limit; counter++) {
    if (proofHolds(c.seed, counter, c.bits)) return `${c.seed}.${counter}`
    if (counter % slice === slice - 1) await new Promise((r) => setTimeout(r, 0))
  }
  return null
}
