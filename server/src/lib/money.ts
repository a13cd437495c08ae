/**
 * Money conversions (docs/decisions/005-money-on-the-wire.md): integer fen inside, yuan strings on the wire.
 * Pure integer/string arithmetic: `0.29 * 100` is 28.999…, so a float never touches an amount.
 */

/** 123450 -> "1234.50"; -5 -> "-0.05". Accepts number (safe integer) or bigint. */
export function fenToYuan(fen: number | bigint): string {
  let v = typeof fen === 'bigint' ? fen : BigInt(assertSafeInteger(fen))
  const negative = v < 0n
  if (negative) v = -v
  const yuan = v / 100n
  const cents = (v % 100n).toString().padStart(2, '0')
  return `${negative ? '-' : ''}${yuan}.${cents}`
}

const YUAN_RE = /^(-)?(\d+)(?:\.(\d{1,2}))?$/

/**
 * "1234.5" -> 123450. Accepts at most two decimals and no exponent/whitespace; throws RangeError otherwise,
 * so callers validate donor input before it becomes an amount.
 */
export function yuanToFen(yuan: string): number {
  if (typeof yuan !== 'string') throw new RangeError('amount must be a string')
  const m = YUAN_RE.exec(yuan)
  if (!m) throw new RangeError(`invalid amount: ${JSON.stringify(yuan)}`)
  const [, sign, whole, frac = ''] = m
  const fen = BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0'))
  const out = sign ? -fen : fen
  if (out > BigInt(Number.MAX_SAFE_INTEGER) || out < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError('amount out of range')
  }
  return Number(out)
}

function assertSafeInteger(n: number): number {
  if (!Number.isSafeInteger(n)) throw new RangeError(`fen must be a safe integer, got ${n}`)
  return n
}

/**
 * The largest project or school total a write may reach (docs/decisions/034-money-bounds.md): 10^15 fen, ten trillion
 * yuan. Offline gifts are checked against it when they are entered or corrected; the 2^53 − 1 fen a Number holds
 * exactly is nine times more, so online gifts (at most MAX_DONATION_YUAN each) would need eight million maximal gifts
 * after the bound to reach it. A single stored amount above it cannot come from any write, so sums skip it
 * (countedFen in lib/sql.ts).
 */
export const MAX_TOTAL_FEN = 1_000_000_000_000_000

/** How a typed amount failed parseYuan: not yuan text at all, zero or less, or above the limit. */
export type YuanProblem = 'format' | 'notPositive' | 'tooLarge'

const YUAN_INPUT_RE = /^\d{1,40}(?:\.\d{1,2})?$/

/**
 * The one check of an amount typed by staff (console prices, project amounts, offline gifts, ledger filters):
 * yuan text with at most two decimals — no sign, exponent, separators or spaces inside ("1e2", "0.001", "1,000" and
 * "-5" are refused) — positive (or zero with `allowZero`) and at most `maxFen`, turned into fen by string
 * arithmetic. A number is read as its decimal text (100 -> "100"). Never throws: the caller words the refusal.
 */
export function parseYuan(v: unknown, opts: { maxFen: number; allowZero?: boolean }): { fen: number } | { problem: YuanProblem } {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : ''
  if (!YUAN_INPUT_RE.test(s)) return { problem: 'format' }
  const [whole, frac = ''] = s.split('.')
  const fen = BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0'))
  if (fen < 0n || (fen === 0n && !opts.allowZero)) return { problem: 'notPositive' }
  if (fen > BigInt(opts.maxFen)) return { problem: 'tooLarge' }
  return { fen: Number(fen) }
}

const warned = new Map<string, number>()
const WARN_EVERY_MS = 60_000

/**
 * An amount or a sum as the database hands it back, made safe to answer (docs/decisions/034-money-bounds.md): a
 * value that is not a whole number from 0 to 2^53 − 1 (a row planted by hand, a sum past what a Number holds
 * exactly) is clamped into that range with a warning in the log (once a minute per `what`), so one bad row never
 * turns a page every visitor reads into an error.
 */
export function readFen(v: unknown, what: string): number {
  const n = typeof v === 'number' ? v : typeof v === 'bigint' || typeof v === 'string' ? Number(v) : v == null ? 0 : NaN
  if (Number.isSafeInteger(n) && n >= 0) return n
  const clamped = n > 0 ? Number.MAX_SAFE_INTEGER : 0
  const now = Date.now()
  if ((warned.get(what) ?? 0) + WARN_EVERY_MS <= now) {
    warned.set(what, now)
    process.emitWarning(`money out of range in ${what}: ${String(v)} answered as ${clamped} fen`, { code: 'MONEY_OUT_OF_RANGE' })
  }
  return clamped
}
