/**
 * What the form pledges (docs/product §2 tree-naming-hhu/form): type 1 the tree of the detail page (its price is the
 * tree's termMoney, docs/product §3 Map seat); type 2 the seats chosen on seat?id=9 and carried in local storage 'gm'
 * (docs/product §2: 'for one school's project 9: tree-naming-hhu/form?id&type=2').
 */
import type { MapSeat } from '@contract'
import type { GmSelection } from '@/platform/storage-keys'
import { toDecimal } from '@/lib/money'
import { TREE_TERM_YEAR, type PledgeObject } from './form'

export function treeObject(seat: MapSeat): PledgeObject | null {
  if (seat.status !== 1) return null
  return {
    seatId: seat.seatId,
    areaId: seat.areaId,
    label: seat.seatName,
    amount: toDecimal(seat.termMoney).toFixed(2),
    termYear: TREE_TERM_YEAR
  }
}

export function seatObjects(gm: GmSelection | undefined, itemsId: number): PledgeObject[] {
  if (!gm || gm.itemsId !== itemsId || gm.namingType !== 1 || !Array.isArray(gm.seats)) return []
  const out: PledgeObject[] = []
  for (const s of gm.seats) {
    const price = s.priceList.find((p) => p.termYear === s.termYear)
    if (!price) continue
    const label = s.areaTitle && !s.seat.startsWith(s.areaTitle) ? `${s.areaTitle} · ${s.seat}` : s.seat
    out.push({ seatId: s.seatId, areaId: s.areaId, label, amount: toDecimal(price.termMoney).toFixed(2), termYear: price.termYear })
  }
  return out
}
