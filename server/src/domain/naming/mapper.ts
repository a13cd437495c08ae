/** Table rows -> wire types of types/naming.ts. JSON columns are parsed defensively: a bad row never breaks a page. */
import type { Selectable } from 'kysely'
import {
  AreaType,
  NameplateStatus,
  SeatStatus,
  type AreaTypeValue,
  type Book,
  type NameplateElement,
  type NameplateExample,
  type NameplateStatusValue,
  type NameplateText,
  type NamingArea,
  type SeatPrice
} from '../../../../types'
import { fenToYuan } from '../../lib/money'
import type { NameplateExampleTable, NamingAreaTable, NamingBookTable, NamingRecordTable } from '../../db/schema'
import { SEAT_DONATED, SEAT_FREE } from './tables'

export interface StoredPrice {
  termName: string
  termYear: number
  fen: number
}

export function parsePriceList(json: string): StoredPrice[] {
  try {
    const v: unknown = JSON.parse(json || '[]')
    if (!Array.isArray(v)) return []
    return v.filter(
      (p): p is StoredPrice =>
        typeof p === 'object' &&
        p !== null &&
        typeof p.termName === 'string' &&
        Number.isSafeInteger(p.termYear) &&
        p.termYear >= 0 &&
        Number.isSafeInteger(p.fen) &&
        p.fen > 0
    )
  } catch {
    return []
  }
}

export const toWirePrices = (prices: StoredPrice[]): SeatPrice[] =>
  prices.map((p) => ({ termName: p.termName, termMoney: fenToYuan(p.fen), termYear: p.termYear }))

export const areaTypeOf = (n: number): AreaTypeValue => (n === 1 || n === 2 || n === 3 ? n : AreaType.LIST)

export const toArea = (a: Selectable<NamingAreaTable>): NamingArea => ({
  id: a.id,
  title: a.title,
  imgUrl: a.img_url,
  type: areaTypeOf(a.type)
})

/** Stored 4 (held) is a 3 on the wire with held: 1; any unknown value is shown as unavailable, never as free. */
export function wireSeatStatus(stored: number): { status: 1 | 2 | 3; held: 0 | 1 } {
  if (stored === SEAT_FREE) return { status: SeatStatus.FREE, held: 0 }
  if (stored === SEAT_DONATED) return { status: SeatStatus.DONATED, held: 0 }
  return { status: SeatStatus.UNAVAILABLE, held: stored === 4 ? 1 : 0 }
}

export const toBook = (b: Selectable<NamingBookTable> & { category_title: string | null }): Book => ({
  id: b.id,
  title: b.title,
  author: b.author,
  press: b.press,
  categoryId: b.category_id,
  categoryTitle: b.category_title ?? '',
  bookNo: b.book_no,
  unitPrice: fenToYuan(b.unit_fen),
  stock: Math.max(0, b.stock - b.held),
  remarks: b.remarks,
  imgUrl: b.img_url
})

function parseElements(json: string): NameplateElement[] {
  try {
    const v: unknown = JSON.parse(json || '[]')
    return Array.isArray(v) ? (v as NameplateElement[]) : []
  } catch {
    return []
  }
}

export const toExample = (e: Selectable<NameplateExampleTable>): NameplateExample => ({
  id: e.id,
  title: e.title,
  bgImg: e.bg_img,
  exampleImg: e.example_img,
  width: e.width,
  height: e.height,
  configData: parseElements(e.config_data)
})

export const nameplateStatusOf = (n: number): NameplateStatusValue =>
  n === NameplateStatus.APPROVED || n === NameplateStatus.RETURNED ? n : NameplateStatus.PENDING

/** A record's nameplate: books carry one per copy (the first stands for all on the card). */
export const nameplateOf = (
  r: Pick<Selectable<NamingRecordTable>, 'donor_name' | 'donor_identity' | 'donation_message'>
): NameplateText => ({ donorName: r.donor_name, donorIdentity: r.donor_identity, donationMessage: r.donation_message })

export function nameplateListOf(
  r: Pick<Selectable<NamingRecordTable>, 'nameplate_list' | 'donor_name' | 'donor_identity' | 'donation_message'>
): NameplateText[] {
  try {
    const v: unknown = JSON.parse(r.nameplate_list || '[]')
    if (Array.isArray(v) && v.length) return v as NameplateText[]
  } catch {
    // fall through to the single nameplate
  }
  return [nameplateOf(r)]
}
