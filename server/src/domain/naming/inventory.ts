/**
 * The naming inventory as the console shows it: per naming item what is free, held and named; areas,
 * seats with their periods and prices, books with stock, and the map configs. Fulfilment reads it, editors change
 * prices, the show switch, stock and map configs. A seat is "held" while an unpaid order's hold on it has not
 * expired (domain/naming/holds.ts keeps status 4 until the order moves; an expired but not yet released hold counts
 * as free, because the expiry job will free it and a new order may take it then). Every change is audited in its
 * own transaction; a change never touches a seat or copy someone holds or named.
 */
import type { Kysely, Transaction } from 'kysely'
import { MAX_DONATION_YUAN, PAGE_SIZE } from '../../../../types'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import { fenToYuan, parseYuan } from '../../lib/money'
import { parsePriceList, type StoredPrice } from './mapper'
import * as namingRepo from './repository'
import { SEAT_DONATED, SEAT_FREE, SEAT_HELD, SEAT_UNAVAILABLE } from './tables'
import { recordAudit } from '../staff/audit'
import { validLogoUrl } from '../school/settings'

type Db = Kysely<DB> | Transaction<DB>

export interface WirePrice {
  termName: string
  termYear: number
  /** yuan, two decimals */
  termMoney: string
  termFen: number
}
const toWire = (list: StoredPrice[]): WirePrice[] =>
  list.map((p) => ({ termName: p.termName, termYear: p.termYear, termMoney: fenToYuan(p.fen), termFen: p.fen }))

export interface NamingSummaryRow {
  itemId: number
  name: string
  namingType: number
  free: number
  held: number
  named: number
  unavailable: number
  books: { stock: number; held: number; named: number } | null
}

/** Per naming item of the school: seats free / held (unexpired hold) / named / unavailable, and book copies. */
export async function namingSummary(db: Kysely<DB>, schoolId: number, now = new Date()): Promise<NamingSummaryRow[]> {
  const nowIso = now.toISOString()
  const items = await namingRepo.namingItems(db, schoolId)
  const out: NamingSummaryRow[] = []
  for (const it of items) {
    const seats = await namingRepo.seatCounts(db, schoolId, it.id, nowIso)
    const books = await namingRepo.bookCounts(db, schoolId, it.id)
    const bookRecords = await namingRepo.bookRecordCounts(db, schoolId, it.id, nowIso)
    const n = (v: unknown) => Number(v ?? 0)
    const expiredHolds = n(seats.heldAny) - n(seats.held)
    out.push({
      itemId: Number(it.id),
      name: it.name,
      namingType: Number(it.naming_type),
      free: n(seats.free) + expiredHolds,
      held: n(seats.held),
      named: n(seats.named),
      unavailable: n(seats.unavailable),
      books: n(books.n) ? { stock: n(books.stock), held: n(bookRecords.held), named: n(bookRecords.named) } : null
    })
  }
  return out
}

export interface StaffArea {
  id: number
  itemId: number
  title: string
  imgUrl: string
  type: number
  prices: WirePrice[]
  seats: number
}

export async function listAreas(db: Kysely<DB>, schoolId: number, itemId?: number | null): Promise<{ total: number; rows: StaffArea[] }> {
  const rows = await namingRepo.areasWithSeatCounts(db, schoolId, itemId)
  return {
    total: rows.length,
    rows: rows.map((r) => ({
      id: Number(r.id),
      itemId: Number(r.items_id),
      title: r.title,
      imgUrl: r.img_url,
      type: Number(r.type),
      prices: toWire(parsePriceList(r.price_list)),
      seats: Number(r.n)
    }))
  }
}

export type SeatState = 'free' | 'held' | 'named' | 'unavailable'

export interface StaffSeat {
  id: number
  areaId: number
  itemId: number
  label: string
  rowNo: number
  colNo: number
  state: SeatState
  /** the seat's own periods; empty = the area's */
  prices: WirePrice[]
  /** what a donor pays: the seat's own list, else the area's */
  effectivePrices: WirePrice[]
  show: boolean
}

async function areaOf(db: Db, schoolId: number, id: number) {
  const a = await namingRepo.getArea(db, schoolId, id)
  if (!a) throw bizError('staffRecordNotFound')
  return a
}

async function seatRows(db: Db, schoolId: number, where: { areaId?: number; seatId?: number }, limit: number, offset: number, now: Date) {
  const live = await namingRepo.liveHeldSeatIds(db, schoolId, now.toISOString())
  const { total, rows } = await namingRepo.pageSeats(db, schoolId, where, limit, offset)
  const stateOf = (id: number, status: number): SeatState =>
    status === SEAT_DONATED ? 'named' : status === SEAT_UNAVAILABLE ? 'unavailable' : status === SEAT_HELD && live.has(id) ? 'held' : 'free'
  return {
    total,
    rows: rows.map((r): StaffSeat => {
      const own = parsePriceList(r.price_list)
      return {
        id: Number(r.id),
        areaId: Number(r.area_id),
        itemId: Number(r.items_id),
        label: r.label,
        rowNo: Number(r.row_no),
        colNo: Number(r.col_no),
        state: stateOf(Number(r.id), Number(r.status)),
        prices: toWire(own),
        effectivePrices: toWire(own.length ? own : parsePriceList(r.area_prices)),
        show: Number(r.status) !== SEAT_UNAVAILABLE
      }
    })
  }
}

export async function listSeats(
  db: Kysely<DB>,
  schoolId: number,
  areaId: number,
  f: { limit?: number | null; offset?: number | null },
  now = new Date()
) {
  await areaOf(db, schoolId, areaId)
  return seatRows(db, schoolId, { areaId }, Math.min(f.limit ?? 200, PAGE_SIZE.MAX), f.offset ?? 0, now)
}

async function seatOf(db: Db, schoolId: number, id: number, now: Date): Promise<StaffSeat> {
  const { rows } = await seatRows(db, schoolId, { seatId: id }, 1, 0, now)
  if (!rows.length) throw bizError('staffRecordNotFound')
  return rows[0]
}

export interface PriceInput {
  termName: string
  termYear: number
  /** yuan string, validated by lib/money.ts */
  termMoney: string
}

/**
 * A seat's price as typed in the console: yuan with at most two decimals, above zero and at most one gift's limit
 * (docs/product §9: a higher price could never be paid), through lib/money.ts parseYuan like every console amount.
 */
function priceFen(termMoney: string): number {
  const r = parseYuan(termMoney, { maxFen: MAX_DONATION_YUAN * 100 })
  if ('fen' in r) return r.fen
  if (r.problem === 'tooLarge') throw bizError('priceTooLarge', { max: MAX_DONATION_YUAN.toLocaleString('en-US') })
  throw bizError('priceInvalid')
}

function storedPrices(list: PriceInput[]): StoredPrice[] {
  return list.map((p) => {
    const fen = priceFen(p.termMoney)
    const termName = p.termName.trim()
    if (!termName) throw bizError('settingsInvalid', { field: 'price.termName' })
    return { termName, termYear: p.termYear, fen }
  })
}

/**
 * price: the seat's own periods ([] = use the area's); show: false takes a free seat off sale (unavailable),
 * true puts an unavailable one back. A seat someone holds or named keeps its status: -1.
 */
export async function updateSeat(
  db: Kysely<DB>,
  schoolId: number,
  by: number,
  id: number,
  p: { price?: PriceInput[]; show?: boolean },
  now = new Date()
): Promise<StaffSeat> {
  const prices = p.price === undefined ? undefined : storedPrices(p.price)
  return db.transaction().execute(async (trx) => {
    const before = await seatOf(trx, schoolId, id, now)
    const set: { price_list?: string; status?: number; updated_at: string } = { updated_at: now.toISOString() }
    if (prices !== undefined) set.price_list = JSON.stringify(prices)
    let fromStatus: number | undefined
    if (p.show !== undefined && p.show !== before.show) {
      set.status = p.show ? SEAT_FREE : SEAT_UNAVAILABLE
      // only between free and unavailable, decided by the row as it is at the update
      fromStatus = p.show ? SEAT_UNAVAILABLE : SEAT_FREE
    }
    if ((await namingRepo.updateSeatRow(trx, schoolId, id, set, fromStatus)) !== 1) throw bizError('settingsInvalid', { field: 'show' })
    const after = await seatOf(trx, schoolId, id, now)
    const pick = (s: StaffSeat) => ({ prices: s.prices, show: s.show, state: s.state })
    await recordAudit(trx, {
      schoolId,
      staffId: by,
      action: 'naming.seat.update',
      entity: 'naming-seat',
      entityId: id,
      before: pick(before),
      after: pick(after)
    })
    return after
  })
}

export interface StaffBook {
  id: number
  itemId: number
  categoryId: number | null
  title: string
  author: string
  press: string
  bookNo: string
  unitPrice: string
  unitFen: number
  stock: number
  /** copies held by unpaid orders (the hold column: expired holds stay until the expiry job releases them) */
  held: number
  /** copies a new order may take now */
  available: number
}

type BookRow = {
  id: number
  items_id: number
  category_id: number | null
  title: string
  author: string
  press: string
  book_no: string
  unit_fen: number
  stock: number
  held: number
}
const toBook = (r: BookRow): StaffBook => ({
  id: Number(r.id),
  itemId: Number(r.items_id),
  categoryId: r.category_id === null ? null : Number(r.category_id),
  title: r.title,
  author: r.author,
  press: r.press,
  bookNo: r.book_no,
  unitPrice: fenToYuan(r.unit_fen),
  unitFen: Number(r.unit_fen),
  stock: Number(r.stock),
  held: Number(r.held),
  available: Math.max(0, Number(r.stock) - Number(r.held))
})

export async function listBooks(
  db: Kysely<DB>,
  schoolId: number,
  f: { itemId?: number | null; limit?: number | null; offset?: number | null }
): Promise<{ total: number; rows: StaffBook[] }> {
  const { total, rows } = await namingRepo.pageStaffBooks(db, schoolId, {
    itemsId: f.itemId,
    limit: Math.min(f.limit ?? 200, PAGE_SIZE.MAX),
    offset: f.offset ?? 0
  })
  return { total, rows: rows.map(toBook) }
}

/** Sets the stock; never below the copies unpaid orders hold (`stock >= held` in the UPDATE itself). */
export async function updateBookStock(db: Kysely<DB>, schoolId: number, by: number, id: number, stock: number): Promise<StaffBook> {
  return db.transaction().execute(async (trx) => {
    const old = await namingRepo.staffBook(trx, schoolId, id)
    if (!old) throw bizError('staffRecordNotFound')
    if ((await namingRepo.setBookStock(trx, schoolId, id, stock)) !== 1) {
      throw bizError('namingStockShort', { book: old.title, stock: Number(old.held) })
    }
    const now = await namingRepo.staffBook(trx, schoolId, id)
    if (!now) throw new Error(`updateBookStock: book ${id} not found after update`)
    await recordAudit(trx, {
      schoolId,
      staffId: by,
      action: 'naming.book.stock',
      entity: 'naming-book',
      entityId: id,
      before: { stock: Number(old.stock) },
      after: { stock: Number(now.stock) }
    })
    return toBook(now)
  })
}

// ---------------------------------------------------------------- map configs

export interface StaffMap {
  id: number
  mapKey: string
  itemId: number
  level: number
  title: string
  config: Record<string, unknown>
  updatedAt: string
}

const toMap = (r: {
  id: number
  map_key: string
  items_id: number
  level: number
  title: string
  config: string
  updated_at: string
}): StaffMap => {
  let config: Record<string, unknown> = {}
  try {
    const v = JSON.parse(r.config) as unknown
    if (v && typeof v === 'object' && !Array.isArray(v)) config = v as Record<string, unknown>
  } catch {
    config = {}
  }
  return {
    id: Number(r.id),
    mapKey: r.map_key,
    itemId: Number(r.items_id),
    level: Number(r.level),
    title: r.title,
    config,
    updatedAt: new Date(r.updated_at).toISOString()
  }
}

export async function listMaps(db: Kysely<DB>, schoolId: number): Promise<{ total: number; rows: StaffMap[] }> {
  const rows = await namingRepo.listMapRows(db, schoolId)
  return { total: rows.length, rows: rows.map(toMap) }
}

/** The stored map config (MapConfig without id and level): shape checked by the route's schema, references here. */
export interface MapConfigInput {
  width: number
  height: number
  scale: number
  minScale: number
  maxScale: number
  top: number
  left: number
  map: string
  areaList: Array<{ id: string; x: number; y: number; title: string; hot: number[][]; next: string; map?: string }>
  treeList: Array<{ id: string; x: number; y: number; seatId: number; show: number; selected: number }>
  buildingList: Array<{ id: string; x: number; y: number; seatId: number; isHide: number }>
  areaIdList: number[]
  vrUrl: string
}

const refuse = (reason: string) => bizError('namingMapConfigInvalid', { reason })

export async function updateMapConfig(
  db: Kysely<DB>,
  schoolId: number,
  by: number,
  id: number,
  c: MapConfigInput,
  now = new Date()
): Promise<StaffMap> {
  if (!(c.minScale > 0 && c.minScale <= c.scale && c.scale <= c.maxScale)) refuseThrow('minScale <= scale <= maxScale, minScale > 0')
  if (!validLogoUrl(c.map)) throw refuse('map: /files/… or https')
  if (c.vrUrl && !/^https:\/\//.test(c.vrUrl)) throw refuse('vrUrl: https')
  for (const a of c.areaList) {
    if (a.hot.some((p) => p.length !== 2)) throw refuse(`areaList ${a.id}: hot points are [x, y]`)
    if (a.map !== undefined && !validLogoUrl(a.map)) throw refuse(`areaList ${a.id}: map`)
  }
  return db.transaction().execute(async (trx) => {
    const old = await namingRepo.mapRow(trx, schoolId, id)
    if (!old) throw bizError('staffRecordNotFound')
    const otherMaps = await namingRepo.mapKeys(trx, schoolId)
    for (const a of c.areaList) if (a.next && !otherMaps.has(a.next)) throw refuse(`areaList ${a.id}: next map ${a.next} does not exist`)
    const seatIds = [...new Set([...c.treeList.map((t) => t.seatId), ...c.buildingList.map((b) => b.seatId)].filter((n) => n > 0))]
    if (seatIds.length) {
      const have = await namingRepo.seatIdsOfItem(trx, schoolId, old.items_id, seatIds)
      const missing = seatIds.filter((s) => !have.has(s))
      if (missing.length) throw refuse(`seatId ${missing.slice(0, 5).join(', ')} is no seat of this item`)
    }
    if (c.areaIdList.length) {
      const found = await namingRepo.areaIdsOfItem(trx, schoolId, old.items_id, c.areaIdList)
      if (found.length !== new Set(c.areaIdList).size) throw refuse('areaIdList: an area of another item or school')
    }
    const config = JSON.stringify(c)
    await namingRepo.setMapConfig(trx, schoolId, id, config, now.toISOString())
    const stored = await namingRepo.mapRow(trx, schoolId, id)
    if (!stored) throw new Error(`updateMapConfig: map ${id} not found after update`)
    const after = toMap(stored)
    await recordAudit(trx, {
      schoolId,
      staffId: by,
      action: 'naming.map.update',
      entity: 'naming-map',
      entityId: id,
      before: toMap(old).config,
      after: after.config
    })
    return after
  })
}

function refuseThrow(reason: string): never {
  throw refuse(reason)
}
