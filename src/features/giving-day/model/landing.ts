/**
 * The giving-day landing page's figures (docs/product §2 Giving days; docs/decisions/074-giving-day-screens.md): the
 * countdown to the start or the end, progress percentages (money in decimal.js, never floats), and the ambassador's
 * link. Pure: the screen renders what these answer.
 */
import Decimal from 'decimal.js'
import type { GivingDayTotals } from '@contract'

/** the landing page refreshes its totals this often while the day is open and the page is shown */
export const LIVE_POLL_MS = 15_000

export interface Countdown {
  /** what the clock counts to; 'ended' shows no clock */
  to: 'start' | 'end' | 'ended'
  d: number
  h: string
  m: string
  s: string
}

const pad = (n: number) => String(n).padStart(2, '0')

/** The clock at `now` (ms): to the start while upcoming, to the end while open; the state follows the clock, not only
 *  the last answer, so a page left open turns from "starts in" to "ends in" on time. */
export function countdown(day: Pick<GivingDayTotals, 'startsAt' | 'endsAt'>, now: number): Countdown {
  const start = Date.parse(day.startsAt)
  const end = Date.parse(day.endsAt)
  const to = now < start ? 'start' : now < end ? 'end' : 'ended'
  const left = Math.max(0, Math.floor(((to === 'start' ? start : end) - now) / 1000))
  if (to === 'ended') return { to, d: 0, h: '00', m: '00', s: '00' }
  return {
    to,
    d: Math.floor(left / 86400),
    h: pad(Math.floor((left % 86400) / 3600)),
    m: pad(Math.floor((left % 3600) / 60)),
    s: pad(left % 60)
  }
}

/** Percent of a goal reached, 0–100 with at most one decimal; null when there is no goal. */
export function percentOf(value: string | number, goal: string | number): number | null {
  const g = new Decimal(goal || 0)
  if (g.lte(0)) return null
  const p = new Decimal(value || 0).div(g).times(100)
  return Decimal.min(100, Decimal.max(0, p)).toDecimalPlaces(1, Decimal.ROUND_DOWN).toNumber()
}

/** Money with thousands separators, two decimals ("12,345.60"). */
export function money(yuan: string): string {
  const d = new Decimal(yuan || 0).toFixed(2)
  const [w, f] = d.split('.')
  return `${w.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${f}`
}

/** A valid ambassador code as a link carries it, upper-cased; '' for none or anything else. */
export function ambassadorOf(raw: string | undefined): string {
  const c = (raw ?? '').trim()
  return /^[0-9A-Za-z]{4,16}$/.test(c) ? c.toUpperCase() : ''
}

/** The ambassador's link: the landing page's address with `ambassador` set to their code (other parameters kept). */
export function ambassadorLink(pageHref: string, code: string): string {
  const [beforeHash, hash] = pageHref.split('#', 2)
  const [path, query = ''] = beforeHash.split('?', 2)
  const params = query
    .split('&')
    .filter((p) => p && !p.startsWith('ambassador='))
    .concat(`ambassador=${encodeURIComponent(code)}`)
  return `${path}?${params.join('&')}${hash !== undefined ? `#${hash}` : ''}`
}
