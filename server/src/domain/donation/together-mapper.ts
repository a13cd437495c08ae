/**
 * One joint donation on the wire (docs/product §3 Together donation): the row, its paid totals and the project fields
 * it shows. Shared by the project's list (togetherList) and the donor's started/joined lists (user centre).
 */
import type { TogetherDonation } from '../../../../types'
import { toWireDate } from '../../lib/dates'
import { fenToYuan } from '../../lib/money'

export interface TogetherRow {
  id: number
  items_id: number
  avatar: string
  sponsor: string
  slogan: string
  target_fen: number
  is_target: number
  created_at: string
}
export interface TogetherProjectFields {
  material_name: string
  material_unit: string
  is_donate: number
  is_complete: number
  no_reason: string
}
export interface TogetherTotals {
  fen: number
  material: number
  count: number
}

export function toTogetherDonation(r: TogetherRow, p: TogetherProjectFields, s: TogetherTotals | undefined): TogetherDonation {
  return {
    id: r.id,
    itemsId: r.items_id,
    avatar: r.avatar,
    sponsor: r.sponsor,
    slogan: r.slogan,
    participants: s?.count ?? 0,
    targetMoney: fenToYuan(r.target_fen),
    completeMoney: fenToYuan(s?.fen ?? 0),
    completeMaterialNumber: s?.material ?? 0,
    materialName: p.material_name,
    materialUnit: p.material_unit,
    createDate: toWireDate(r.created_at),
    isTarget: r.is_target ? 1 : 0,
    isDonate: p.is_donate && !p.is_complete ? 1 : 0,
    noReason: p.no_reason
  }
}
