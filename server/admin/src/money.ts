/** Money in the console: the server answers yuan strings ("1234.50") and integer fen; requests take yuan strings.
 *  No floats anywhere: formatting and parsing are string arithmetic. */

/** "1234567.5" | 123456750 fen -> "1,234,567.50" */
export function formatYuan(v: string | number | null | undefined): string {
  if (v === null || v === undefined || v === '') return '—'
  const s = typeof v === 'number' ? fenToYuan(v) : v
  const neg = s.startsWith('-')
  const [w, f = ''] = (neg ? s.slice(1) : s).split('.')
  return `${neg ? '-' : ''}${w.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${f.padEnd(2, '0').slice(0, 2)}`
}

/** 123456 -> "1234.56" */
export function fenToYuan(fen: number): string {
  const neg = fen < 0
  const a = Math.abs(Math.trunc(fen))
  return `${neg ? '-' : ''}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`
}

/** A positive amount of yuan with at most two decimals, as typed ("200", "0.5", "1234.56"). */
export const YUAN_RE = /^(0|[1-9]\d{0,11})(\.\d{1,2})?$/

export function isPositiveYuan(s: string): boolean {
  return YUAN_RE.test(s.trim()) && /[1-9]/.test(s)
}
