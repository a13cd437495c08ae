/**
 * The server's clock as this device sees it (docs/decisions/040-clock-tolerance.md). Signatures carry a timestamp
 * the server accepts within 300 s of its own (decision 006); a phone whose clock is further off would have every call
 * refused. Each answer tells the server's time: its Date header (one-second resolution) and, on a refusal of the
 * timestamp, `data.serverTime` (ms). From those and the moments the call left and came back, the offset to add to
 * this device's clock lies in a known range; the kept offset moves only when an answer shows it outside that range,
 * so a device whose clock is right keeps 0 and signs exactly as before.
 * Memory only: a launch learns it again from its first answers (the runtime config comes first, decision 040).
 */
import type { ClockRefusal } from '@contract'

/**
 * An answer that took longer than this between sending and receiving says too little about when the server wrote
 * it (the range would be wider than a third of the 300 s window): it is not used.
 */
export const MAX_SAMPLE_SPAN_MS = 100_000

let offsetMs = 0

/** ms to add to Date.now() to get the server's time (0 until an answer shows otherwise) */
export const clockOffset = (): number => offsetMs

/** The time to sign with: this device's clock corrected by the learned offset. */
export const serverNow = (now: number = Date.now()): number => now + offsetMs

/** Forget the offset (tests; a device whose clock is right never needs it). */
export function resetClock(): void {
  offsetMs = 0
}

/**
 * What one answer says: the server's clock read between `serverLow` and `serverHigh` at some moment between `sentAt`
 * and `receivedAt` on this device's clock. Returns the offset to keep: `current` when it agrees with the answer,
 * otherwise the middle of the offsets the answer allows; `current` too when the answer says nothing usable.
 */
export function nextOffset(current: number, serverLow: number, serverHigh: number, sentAt: number, receivedAt: number): number {
  const values = [serverLow, serverHigh, sentAt, receivedAt]
  if (!values.every(Number.isFinite) || serverHigh < serverLow || receivedAt < sentAt) return current
  if (receivedAt - sentAt + (serverHigh - serverLow) > MAX_SAMPLE_SPAN_MS) return current
  const low = serverLow - receivedAt
  const high = serverHigh - sentAt
  if (current >= low && current <= high) return current
  return Math.round((low + high) / 2)
}

/** The Date header of an answer, whatever case the platform gives its name in ('' when there is none). */
export function dateHeaderOf(header: unknown): string {
  if (!header || typeof header !== 'object') return ''
  for (const [k, v] of Object.entries(header as Record<string, unknown>)) {
    if (k.toLowerCase() === 'date') return Array.isArray(v) ? String(v[0] ?? '') : typeof v === 'string' ? v : ''
  }
  return ''
}

/** Learn from an answer's Date header: the server's second, written between sending and receiving. */
export function learnFromDate(dateHeader: string, sentAt: number, receivedAt: number): void {
  if (!dateHeader) return
  const seconds = Date.parse(dateHeader)
  if (!Number.isFinite(seconds)) return
  offsetMs = nextOffset(offsetMs, seconds, seconds + 999, sentAt, receivedAt)
}

/** The server's time in a refused signature's data, or null when the refusal is of another kind. */
export function serverTimeOf(data: unknown): number | null {
  const t = (data as Partial<ClockRefusal> | null | undefined)?.serverTime
  return typeof t === 'number' && Number.isSafeInteger(t) && t > 0 ? t : null
}

/** Learn from a refusal's `serverTime` (ms). */
export function learnFromServerTime(serverTime: number, sentAt: number, receivedAt: number): void {
  offsetMs = nextOffset(offsetMs, serverTime, serverTime, sentAt, receivedAt)
}
