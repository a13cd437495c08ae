/**
 * The donor's choice in local storage 'gm' (docs/product §3): seats or books and their nameplates, carried from seat /
 * book-list to form-gm, edit and back. A stored value for another project or type, or of another shape (an older
 * app version, a hand-edited store), is replaced by an empty choice rather than trusted.
 */
import { NamingType, type NameplateText } from '@contract'
import { store, type GmBook, type GmSeat, type GmSelection } from '@/platform/storage-keys'
import { booksCount, booksTotal, seatAmount, seatsTotal } from './price'
import { blankPlate } from './nameplate'

export function emptySelection(itemsId: number, namingType: 1 | 2): GmSelection {
  return { itemsId, namingType, seats: [], books: [], mode: 'all', nameplate: blankPlate(), nameplates: {} }
}

const isPlate = (p: any): p is NameplateText =>
  !!p && typeof p.donorName === 'string' && typeof p.donorIdentity === 'string' && typeof p.donationMessage === 'string'
const isSeat = (s: any): s is GmSeat =>
  !!s &&
  Number.isInteger(s.seatId) &&
  Number.isInteger(s.areaId) &&
  typeof s.seat === 'string' &&
  Array.isArray(s.priceList) &&
  (s.termYear === null || Number.isInteger(s.termYear))
const isBook = (b: any): b is GmBook =>
  !!b &&
  Number.isInteger(b.bookId) &&
  typeof b.title === 'string' &&
  typeof b.unitPrice === 'string' &&
  Number.isInteger(b.stock) &&
  Number.isInteger(b.namingCount) &&
  b.namingCount >= 1

/** Checks a stored value's shape; null when it is not a selection. */
export function parseSelection(v: unknown): GmSelection | null {
  const s = v as any
  if (!s || typeof s !== 'object') return null
  if (!Number.isInteger(s.itemsId) || (s.namingType !== 1 && s.namingType !== 2)) return null
  if (!Array.isArray(s.seats) || !s.seats.every(isSeat)) return null
  if (!Array.isArray(s.books) || !s.books.every(isBook)) return null
  if (s.mode !== 'all' && s.mode !== 'each') return null
  if (!isPlate(s.nameplate) || !s.nameplates || typeof s.nameplates !== 'object') return null
  if (!Object.values(s.nameplates).every(isPlate)) return null
  return s as GmSelection
}

/** The stored choice for this project and naming type, or an empty one. */
export function readSelection(itemsId: number, namingType: 1 | 2): GmSelection {
  const s = parseSelection(store.get('gm'))
  return s && s.itemsId === itemsId && s.namingType === namingType ? s : emptySelection(itemsId, namingType)
}

export function saveSelection(s: GmSelection): void {
  store.set('gm', s)
}

/** One named object as the form and the editor list it. */
export interface NamingObject {
  key: string
  /** "A区 · 3排12座" or the book title */
  label: string
  /** a seat's period name, a book's copies */
  detail: string
  amount: string | null
}

/** "A区 · 3排12座"; a seat label that names its area already ("A区1排3座") is shown alone. */
export function seatLabel(areaTitle: string, seat: string): string {
  return areaTitle && !seat.startsWith(areaTitle) ? `${areaTitle} · ${seat}` : seat
}

/** A named object's title with its copies ("《书名》×3"), unless the server's label says them already. */
export function objectTitle(label: string, quantity: number): string {
  return quantity > 1 && !label.endsWith(`×${quantity}`) ? `${label} ×${quantity}` : label
}

export const seatKey = (seatId: number): string => `seat-${seatId}`
export const bookKey = (bookId: number): string => `book-${bookId}`

export function objectsOf(s: GmSelection, copiesLabel: (n: number) => string): NamingObject[] {
  if (s.namingType === NamingType.SEAT) {
    return s.seats.map((x) => ({
      key: seatKey(x.seatId),
      label: seatLabel(x.areaTitle, x.seat),
      detail: x.priceList.find((p) => p.termYear === x.termYear)?.termName || '',
      amount: seatAmount(x)
    }))
  }
  return s.books.map((b) => ({ key: bookKey(b.bookId), label: b.title, detail: copiesLabel(b.namingCount), amount: null }))
}

export function totalOf(s: GmSelection): string {
  return s.namingType === NamingType.SEAT ? seatsTotal(s.seats) : booksTotal(s.books)
}

export function hasObjects(s: GmSelection): boolean {
  return s.namingType === NamingType.SEAT ? s.seats.length > 0 : booksCount(s.books) > 0
}

/** The nameplate of one object: its own in 'each' mode (falling back to the shared one), else the shared one. */
export function plateOf(s: GmSelection, key: string): NameplateText {
  return s.mode === 'each' ? s.nameplates[key] || s.nameplate : s.nameplate
}

/** Keep only nameplates of objects still chosen (a seat released on the map takes its plate with it). */
export function prunePlates(s: GmSelection): GmSelection {
  const keys = new Set(s.namingType === NamingType.SEAT ? s.seats.map((x) => seatKey(x.seatId)) : s.books.map((b) => bookKey(b.bookId)))
  const nameplates: Record<string, NameplateText> = {}
  for (const k of Object.keys(s.nameplates)) if (keys.has(k)) nameplates[k] = s.nameplates[k]
  return { ...s, nameplates }
}
