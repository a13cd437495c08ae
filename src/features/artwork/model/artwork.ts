/**
 * naming-xbmu (docs/product §2, §5 Artwork) as pure functions: works from the seat rows of the campaign's areas, the
 * choice (at most three), each work's price by count (750, 700, 650 yuan unless that work's own price list says
 * otherwise: docs/decisions/031), the total (the sum, decimal.js) and the hand-off to form-gm in local storage 'gm'.
 */
import Decimal from 'decimal.js'
import { ALUMNUS_IDENTITY, CampaignKey, type Seat, type SeatListAnswer, type SeatPrice, type Yuan } from '@contract'
import type { GmSelection } from '@/platform/storage-keys'
import { toDecimal } from '@/lib/money'

/** docs/product §9 campaign id of the artwork campaign; a school's real id comes from its settings. */
export const ARTWORK_ITEM = 25
/** docs/product §5: at most three works in one donation. */
export const MAX_WORKS = 3
/** docs/product §5: yuan per work when one, two or three are chosen. */
export const DEFAULT_PRICES: readonly Yuan[] = ['750.00', '700.00', '650.00']
/**
 * docs/product §9 loading bar: 1% every 10 ms, 100 in about a second. The page updates every 100 ms by 10% and the
 * bar's width slides between updates (a CSS transition): the same second and the same smooth bar in 10 updates
 * instead of 100, which in the mini-programs were 100 setData calls in a second.
 */
export const LOADING_STEP_MS = 100
export const LOADING_STEP_PCT = 10

export function artworkItemOf(queryId: string | undefined, items: Record<string, number | undefined>): number {
  const n = Number(queryId)
  if (Number.isInteger(n) && n > 0) return n
  return items[CampaignKey.ARTWORK_NAMING] || ARTWORK_ITEM
}

export interface Work {
  seatId: number
  areaId: number
  areaTitle: string
  title: string
  author: string
  /** the seat label as the server writes it: 《title》author */
  label: string
  imgUrl: string
  /** 1 free, 2 named, 3 held by another donor's unpaid order or unavailable */
  status: 1 | 2 | 3
  priceList: SeatPrice[]
}

/** "《秋山晚翠》马晓林" -> title 秋山晚翠, author 马晓林; a label without 《》 is all title. */
export function splitLabel(label: string): { title: string; author: string } {
  const m = /^\s*《([^》]*)》\s*(.*)$/.exec(label || '')
  return m ? { title: m[1].trim(), author: m[2].trim() } : { title: (label || '').trim(), author: '' }
}

/** The works of one area, in the server's order (list areas answer oneArray, grids twoArray). */
export function worksOf(answer: SeatListAnswer | null | undefined, areaTitle: string): Work[] {
  if (!answer) return []
  const seats: Seat[] = answer.oneArray.length ? answer.oneArray : answer.twoArray.flat().filter((s): s is Seat => !!s)
  return seats.map((s) => {
    const { title, author } = splitLabel(s.seat)
    return {
      seatId: s.id,
      areaId: s.areaId,
      areaTitle,
      title,
      author,
      label: s.seat,
      imgUrl: s.imgUrl,
      status: s.status,
      priceList: s.priceList
    }
  })
}

/** Two columns, each work to the shorter one so far (heights from the images' aspect ratios; 1 when unknown). */
export function waterfall<T>(items: T[], ratioOf: (item: T) => number): [T[], T[]] {
  const cols: [T[], T[]] = [[], []]
  const heights = [0, 0]
  for (const item of items) {
    const c = heights[1] < heights[0] ? 1 : 0
    cols[c].push(item)
    heights[c] += ratioOf(item) || 1
  }
  return cols
}

export type ToggleResult = { kind: 'ok'; chosen: Work[] } | { kind: 'limit' } | { kind: 'unavailable' }

/** Tapping a work's choose icon: a chosen one is released; a free one is added unless three are chosen already. */
export function toggleWork(chosen: Work[], w: Work): ToggleResult {
  if (chosen.some((c) => c.seatId === w.seatId)) return { kind: 'ok', chosen: chosen.filter((c) => c.seatId !== w.seatId) }
  if (w.status !== 1) return { kind: 'unavailable' }
  if (chosen.length >= MAX_WORKS) return { kind: 'limit' }
  return { kind: 'ok', chosen: [...chosen, w] }
}

/**
 * One work's price when `count` are chosen: its own price list's entry for that count (entries in order are one, two,
 * three works), else the docs/product §5 default. Each work keeps its own price whatever the order the works were
 * chosen in, as the server charges (docs/decisions/035-artwork-bundle-price.md).
 */
export function priceOfWork(w: Pick<Work, 'priceList'>, count: number): Yuan {
  const own = w.priceList?.[count - 1]
  const yuan = own ? own.termMoney : DEFAULT_PRICES[Math.min(count, DEFAULT_PRICES.length) - 1]
  return toDecimal(yuan).toFixed(2)
}

/** The price every chosen work costs when they all cost the same (the bar says "¥650 each"), else null. */
export function pricePerWork(chosen: Pick<Work, 'priceList'>[]): Yuan | null {
  if (chosen.length === 0) return null
  const prices = new Set(chosen.map((w) => priceOfWork(w, chosen.length)))
  return prices.size === 1 ? [...prices][0] : null
}

export function totalOf(chosen: Pick<Work, 'priceList'>[]): Yuan {
  return chosen.reduce((sum, w) => sum.plus(priceOfWork(w, chosen.length)), new Decimal(0)).toFixed(2)
}

/** The period the server prices (every entry of an artwork's list is permanent: termYear 0). */
function termYearOf(w: Work, count: number): number {
  return w.priceList?.[count - 1]?.termYear ?? 0
}

/**
 * The choice as form-gm reads it (local storage 'gm', namingType 1 seats): each work with one period at its own price
 * for this count, so form-gm's total is the server's sum; namelate=0 engraves the default nameplate.
 */
export function toSelection(itemsId: number, chosen: Work[]): GmSelection {
  return {
    itemsId,
    namingType: 1,
    seats: chosen.map((w) => {
      const termYear = termYearOf(w, chosen.length)
      return {
        seatId: w.seatId,
        areaId: w.areaId,
        areaTitle: w.areaTitle,
        seat: w.label,
        priceList: [{ termName: w.priceList?.[chosen.length - 1]?.termName || '', termMoney: priceOfWork(w, chosen.length), termYear }],
        termYear
      }
    }),
    books: [],
    mode: 'all',
    nameplate: { donorName: '', donorIdentity: ALUMNUS_IDENTITY, donationMessage: '' },
    nameplates: {}
  }
}

/** The works of one donation row ("《秋山晚翠》马晓林、《上善若水》马国强"), each split into title and author. */
export function worksInRecord(seat: string): { title: string; author: string }[] {
  return (seat || '')
    .split(/[、，,]\s*(?=《)/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map(splitLabel)
}
