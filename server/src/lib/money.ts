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
