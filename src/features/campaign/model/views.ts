/**
 * Wire -> view for the campaign pages: the home's donor count (hhu adds two items, docs/product §2), the merged donor
 * list, and the tree / seat detail dialog (docs/product §3 Map seat, §4 'named' stamp). Pure: no Taro.
 */
import type { MapSeat, NamingRecord, Project } from '@contract'
import { formatMoney } from '@/lib/money'
import { cutMinute } from '@/lib/dates'

/**
 * The home's donor count: the sum of the items' payCounts. A failed itemsDetail counts 0 (docs/product §8: "Failing
 * itemsDetail on hhu home gives count 0 and empty content").
 */
export function donorCount(projects: Array<Pick<Project, 'payCounts'> | null>): number {
  return projects.reduce((n, p) => n + (p && Number.isFinite(p.payCounts) ? p.payCounts : 0), 0)
}

export interface DonorRow {
  key: string
  name: string
  /** the tree, seat or brick */
  what: string
  /** Beijing time to the minute */
  time: string
  amount: string
}

/** Several items' named seats as one list, newest first (hhu merges yc and jn, docs/product §2). */
export function mergeDonors(lists: Array<{ itemsId: number; rows: NamingRecord[] }>): DonorRow[] {
  const all = lists.flatMap(({ itemsId, rows }) => rows.map((r) => ({ itemsId, r })))
  // Beijing text 'YYYY-MM-DD HH:mm:ss' sorts as a string; ties keep the server's order
  all.sort((a, b) => (a.r.donateTime < b.r.donateTime ? 1 : a.r.donateTime > b.r.donateTime ? -1 : 0))
  return all.map(({ itemsId, r }) => ({
    key: `${itemsId}-${r.id}`,
    name: r.name,
    what: r.seat,
    time: cutMinute(r.donateTime),
    amount: formatMoney(r.donateMoney)
  }))
}

export interface SeatView {
  seatId: number
  name: string
  /** seatIntro's lines (tree: family and genus, growth habit, location) */
  intro: string[]
  img: string
  price: string
  named: boolean
  /** another donor's order holds it, or it is not offered */
  unavailable: boolean
  donor: string
  time: string
  message: string
}

export function seatView(s: MapSeat): SeatView {
  const named = s.status === 2
  return {
    seatId: s.seatId,
    name: s.seatName,
    intro: s.seatIntro
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
    img: s.seatImg,
    price: s.termMoney ? formatMoney(s.termMoney) : '',
    named,
    unavailable: s.status === 3,
    donor: named ? s.donorName : '',
    time: named ? cutMinute(s.donateTime) : '',
    message: named ? s.donationMessage : ''
  }
}

/**
 * The first phone number in a contact text ('基金会 王老师 025-83786000'): digits with dashes, at least 7 digits, not
 * running on into letters (a masked '2286XXXX' is no number to call).
 */
export function phoneIn(text: string | null | undefined): string {
  const m = /\+?\d[\d-]{5,}\d(?![\dA-Za-z])/.exec(String(text ?? ''))
  return m && m[0].replace(/\D/g, '').length >= 7 ? m[0] : ''
}
