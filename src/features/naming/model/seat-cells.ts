/**
 * The seat map's cells (docs/product §4 seat cells): 1 free toggles chosen, 2 donated shows its donor, 3 unavailable is
 * inert (a seat another donor's unpaid order holds comes as 3 with held 1). Pure: the grid component only draws
 * what these functions answer, so the rules are tested without rendering.
 */
import { SeatStatus, type Seat, type SeatListAnswer } from '@contract'
import type { GmSeat } from '@/platform/storage-keys'

export type CellKind = 'free' | 'chosen' | 'donated' | 'held' | 'unavailable' | 'gap'

/** docs/product §4: cells up to 30 px, 20 px when zoomed out. */
export const CELL_PX = 30
export const CELL_PX_ZOOMED_OUT = 20

export function cellPx(zoomedOut: boolean): number {
  return zoomedOut ? CELL_PX_ZOOMED_OUT : CELL_PX
}

export function cellKind(seat: Seat | null, chosenIds: ReadonlySet<number>): CellKind {
  if (!seat) return 'gap'
  if (seat.status === SeatStatus.DONATED) return 'donated'
  if (seat.status === SeatStatus.FREE) return chosenIds.has(seat.id) ? 'chosen' : 'free'
  return seat.held === 1 ? 'held' : 'unavailable'
}

/** What a tap on a cell does: toggle the choice, open the donor card, or nothing. */
export type TapOutcome =
  { kind: 'chosen'; seats: GmSeat[] } | { kind: 'released'; seats: GmSeat[] } | { kind: 'donor'; seat: Seat } | { kind: 'none' }

export function toGmSeat(seat: Seat, areaTitle: string): GmSeat {
  // a single period needs no choice: it is picked for the donor (docs/product §5 asks for one per seat)
  const termYear = seat.priceList.length === 1 ? seat.priceList[0].termYear : null
  return { seatId: seat.id, areaId: seat.areaId, areaTitle, seat: seat.seat, priceList: seat.priceList, termYear }
}

export function tapSeat(seat: Seat | null, chosen: GmSeat[], areaTitle: string): TapOutcome {
  if (!seat) return { kind: 'none' }
  if (seat.status === SeatStatus.DONATED) return { kind: 'donor', seat }
  if (seat.status !== SeatStatus.FREE) return { kind: 'none' }
  if (chosen.some((c) => c.seatId === seat.id)) {
    return { kind: 'released', seats: chosen.filter((c) => c.seatId !== seat.id) }
  }
  return { kind: 'chosen', seats: [...chosen, toGmSeat(seat, areaTitle)] }
}

/** The period (termYear) picked for one chosen seat; unknown years are ignored. */
export function pickPeriod(chosen: GmSeat[], seatId: number, termYear: number): GmSeat[] {
  return chosen.map((c) => (c.seatId === seatId && c.priceList.some((p) => p.termYear === termYear) ? { ...c, termYear } : c))
}

/** Rows of the area as drawn: a grid's rows (gaps kept), or a list's seats in rows of `perRow`. */
export function rowsOf(answer: SeatListAnswer | undefined, perRow = 8): (Seat | null)[][] {
  if (!answer) return []
  if (answer.twoArray && answer.twoArray.length) return answer.twoArray
  const rows: (Seat | null)[][] = []
  const list = answer.oneArray || []
  for (let i = 0; i < list.length; i += perRow) rows.push(list.slice(i, i + perRow))
  return rows
}

/** Drop chosen seats the latest map shows as no longer free (another donor named or holds them meanwhile). */
export function keepStillFree(chosen: GmSeat[], answer: SeatListAnswer | undefined, areaId: number): GmSeat[] {
  if (!answer) return chosen
  const byId = new Map<number, Seat>()
  for (const row of answer.twoArray || []) for (const s of row) if (s) byId.set(s.id, s)
  for (const s of answer.oneArray || []) byId.set(s.id, s)
  return chosen.filter((c) => c.areaId !== areaId || byId.get(c.seatId)?.status === SeatStatus.FREE)
}

/** Seats of the area in each state, for the legend. */
export function countKinds(rows: (Seat | null)[][], chosenIds: ReadonlySet<number>): Record<CellKind, number> {
  const out: Record<CellKind, number> = { free: 0, chosen: 0, donated: 0, held: 0, unavailable: 0, gap: 0 }
  for (const row of rows) for (const s of row) out[cellKind(s, chosenIds)] += 1
  return out
}
