/**
 * The book shelf's rules (docs/product §5 Books): a book without stock cannot be chosen (库存不足); quantities go from 1 to
 * the stock and no further; Next needs at least one book (至少选择一本书籍); titles are cut to 24 characters plus an
 * ellipsis. Pure functions over the chosen list, so the steppers' limits are tested without rendering.
 */
import { NAMING_LIMITS, type Book } from '@contract'
import type { GmBook } from '@/platform/storage-keys'

/** Cut to `max` characters (code points, so a rare name character is never split) plus '…'. */
export function cutTitle(title: string, max: number = NAMING_LIMITS.BOOK_TITLE_CUT): string {
  const chars = Array.from(title || '')
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('')
}

export function toGmBook(b: Book, namingCount = 1): GmBook {
  return { bookId: b.id, title: b.title, author: b.author, imgUrl: b.imgUrl, unitPrice: b.unitPrice, stock: b.stock, namingCount }
}

export type StepOutcome =
  | { ok: true; books: GmBook[] }
  /** 'stock': at or over the stock (toast 库存不足); 'min': below one copy (the stepper stays at 1) */
  | { ok: false; reason: 'stock' | 'min'; books: GmBook[] }

/** Tick a book on the shelf: one copy; a book with no stock left is refused. Ticking a chosen one unticks it. */
export function toggleBook(chosen: GmBook[], book: Book): StepOutcome {
  if (chosen.some((c) => c.bookId === book.id)) return { ok: true, books: chosen.filter((c) => c.bookId !== book.id) }
  if (book.stock < 1) return { ok: false, reason: 'stock', books: chosen }
  return { ok: true, books: [...chosen, toGmBook(book)] }
}

/** Set a chosen book's copies; outside 1 .. stock it is clamped and the reason given. */
export function setCopies(chosen: GmBook[], bookId: number, n: number): StepOutcome {
  const b = chosen.find((c) => c.bookId === bookId)
  if (!b) return { ok: true, books: chosen }
  const want = Number.isFinite(n) ? Math.trunc(n) : 1
  const clamped = Math.max(1, Math.min(b.stock, want))
  const books = chosen.map((c) => (c.bookId === bookId ? { ...c, namingCount: clamped } : c))
  if (want > b.stock) return { ok: false, reason: 'stock', books }
  if (want < 1) return { ok: false, reason: 'min', books }
  return { ok: true, books }
}

export function stepCopies(chosen: GmBook[], bookId: number, delta: 1 | -1): StepOutcome {
  const b = chosen.find((c) => c.bookId === bookId)
  return b ? setCopies(chosen, bookId, b.namingCount + delta) : { ok: true, books: chosen }
}

export function removeBook(chosen: GmBook[], bookId: number): GmBook[] {
  return chosen.filter((c) => c.bookId !== bookId)
}

/** Next from the selection popup: at least one book. */
export function canProceed(chosen: GmBook[]): boolean {
  return chosen.some((c) => c.namingCount > 0)
}

/** The shelf's latest answer lowers a chosen book's stock (others named copies meanwhile): clamp, drop sold-out ones. */
export function refreshStock(chosen: GmBook[], shelf: Book[]): GmBook[] {
  const byId = new Map(shelf.map((b) => [b.id, b]))
  return chosen
    .map((c) => {
      const b = byId.get(c.bookId)
      if (!b) return c
      return { ...c, stock: b.stock, unitPrice: b.unitPrice, namingCount: Math.min(c.namingCount, b.stock) }
    })
    .filter((c) => c.namingCount >= 1)
}
