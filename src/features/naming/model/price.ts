/**
 * Totals of a naming order in fixed-point (docs/product §5: unit price x quantity summed exactly; §9 sums integer-safe).
 * Wire money is yuan strings; decimal.js does the arithmetic, never a float. The server prices the order itself and
 * refuses a total that disagrees, so these must be the same sums it makes.
 */
import Decimal from 'decimal.js'
import type { Yuan } from '@contract'
import { sumMoney, toDecimal } from '@/lib/money'
import type { GmBook, GmSeat } from '@/platform/storage-keys'

const dec = toDecimal

/** The chosen period's money of one seat, or null while no period is chosen. */
export function seatAmount(s: GmSeat): Yuan | null {
  if (s.termYear === null) return null
  const p = s.priceList.find((x) => x.termYear === s.termYear)
  return p ? dec(p.termMoney).toFixed(2) : null
}

/** Sum of the seats with a period; seats without one add nothing (the form refuses them before paying). */
export function seatsTotal(seats: GmSeat[]): Yuan {
  return sumMoney(seats.map((s) => seatAmount(s) ?? 0))
}

export function bookSubtotal(b: Pick<GmBook, 'unitPrice' | 'namingCount'>): Yuan {
  return dec(b.unitPrice).mul(b.namingCount).toFixed(2)
}

export function booksTotal(books: GmBook[]): Yuan {
  return sumMoney(books.map(bookSubtotal))
}

/** Copies chosen in all. */
export function booksCount(books: GmBook[]): number {
  return books.reduce((n, b) => n + b.namingCount, 0)
}

/** The cheapest period of a seat ("from ¥…" in list areas), or null without prices. */
export function lowestPrice(priceList: { termMoney: Yuan }[]): Yuan | null {
  if (!priceList.length) return null
  return priceList.reduce((min, p) => Decimal.min(min, dec(p.termMoney)), dec(priceList[0].termMoney)).toFixed(2)
}
