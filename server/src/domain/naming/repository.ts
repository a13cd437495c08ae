/** Naming reads and writes (Kysely). School id first in every tenant query; functions take a Kysely or a Transaction. */
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import { NameplateStatus } from '../../../../types'
import { containsText } from '../../lib/sql'
import { paidGifts } from '../center/repository'
import { SEAT_DONATED, SEAT_FREE, SEAT_HELD, SEAT_UNAVAILABLE } from './tables'

type Db = Kysely<DB> | Transaction<DB>

export const listAreas = (db: Db, schoolId: number, itemsId: number) =>
  db
    .selectFrom('naming_area')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('items_id', '=', itemsId)
    .orderBy('sort_no')
    .orderBy('id')
    .execute()

export const getArea = (db: Db, schoolId: number, areaId: number) =>
  db.selectFrom('naming_area').selectAll().where('school_id', '=', schoolId).where('id', '=', areaId).executeTakeFirst()

/** An area's seats with, for donated ones, the record that named them and its order (donor, anonymity, time). */
export const seatsOfArea = (db: Db, schoolId: number, areaId: number) =>
  db
    .selectFrom('naming_seat as s')
    .leftJoin('naming_record as r', (j) => j.onRef('r.id', '=', 's.record_id').on('r.school_id', '=', schoolId))
    .leftJoin('donation as d', (j) => j.onRef('d.id', '=', 'r.donation_id').on('d.status', '=', 'paid'))
    .select([
      's.id',
      's.label',
      's.status',
      's.row_no',
      's.col_no',
      's.img_url',
      's.price_list',
      's.area_id',
      's.record_id',
      'r.donor_name as plate_donor',
      'r.donation_message',
      'r.nameplate_status',
      'r.named_at',
      'd.donor_name',
      'd.is_anonymous',
      'd.paid_at'
    ])
    .where('s.school_id', '=', schoolId)
    .where('s.area_id', '=', areaId)
    .orderBy('s.row_no')
    .orderBy('s.col_no')
    .orderBy('s.sort_no')
    .orderBy('s.id')
    .execute()

export async function listBooks(db: Db, schoolId: number, itemsId: number, q: { s?: string; categoryId?: number | null }) {
  let query = db
    .selectFrom('naming_book as b')
    .leftJoin('book_category as c', (j) => j.onRef('c.id', '=', 'b.category_id').on('c.school_id', '=', schoolId))
    .selectAll('b')
    .select('c.title as category_title')
    .where('b.school_id', '=', schoolId)
    .where('b.items_id', '=', itemsId)
  if (q.categoryId) query = query.where('b.category_id', '=', q.categoryId)
  const s = q.s?.trim()
  if (s) query = query.where((eb) => eb.or([containsText('b.title', s), containsText('b.author', s), containsText('b.book_no', s)]))
  return query.orderBy('b.sort_no').orderBy('b.id').limit(1000).execute()
}

export async function pageCategories(db: Db, schoolId: number, itemsId: number, limit: number, offset: number) {
  const base = db.selectFrom('book_category').where('school_id', '=', schoolId).where('items_id', '=', itemsId)
  const [rows, total] = await Promise.all([
    base.select(['id', 'title']).orderBy('sort_no').orderBy('id').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  ])
  return { total: Number(total.n), rows }
}

export const listExamples = (db: Db, schoolId: number, itemsId: number) =>
  db
    .selectFrom('nameplate_example')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('items_id', '=', itemsId)
    .orderBy('sort_no')
    .orderBy('id')
    .execute()

export const getConfig = (db: Db, schoolId: number, itemsId: number) =>
  db.selectFrom('nameplate_config').selectAll().where('school_id', '=', schoolId).where('items_id', '=', itemsId).executeTakeFirst()

/** A naming record with its project and order (paid or not: callers decide what they may show). */
export const recordWithOrder = (db: Db, schoolId: number, id: number) =>
  db
    .selectFrom('naming_record as r')
    .innerJoin('donation as d', 'd.id', 'r.donation_id')
    .innerJoin('project as p', 'p.id', 'r.items_id')
    .selectAll('r')
    .select([
      'd.bill_no',
      'd.status as order_status',
      'd.donor_name as order_donor',
      'd.is_anonymous',
      'd.paid_at',
      'd.user_id as order_user',
      'p.name as items_name',
      'p.texts as items_texts'
    ])
    .where('r.school_id', '=', schoolId)
    .where('r.id', '=', id)
    .executeTakeFirst()

/** The naming records of these orders that a paid order owns (named, or waiting for staff after a lost hold). */
export const recordsOfDonations = (db: Db, schoolId: number, donationIds: number[]) =>
  donationIds.length
    ? db
        .selectFrom('naming_record')
        .selectAll()
        .where('school_id', '=', schoolId)
        .where('donation_id', 'in', donationIds)
        .where('status', 'in', ['named', 'review'])
        .orderBy('id')
        .execute()
    : Promise.resolve([])

export const addHistory = (
  db: Db,
  row: {
    school_id: number
    record_id: number
    action: 'correct' | 'approve' | 'return'
    staff_id: number | null
    user_id: number | null
    reason: string
    text: string
    created_at: string
  }
) => db.insertInto('nameplate_history').values(row).execute()

export const historyOf = (db: Db, schoolId: number, recordId: number) =>
  db.selectFrom('nameplate_history').selectAll().where('school_id', '=', schoolId).where('record_id', '=', recordId).orderBy('id').execute()

/** A donor's paid gifts that named something (page of them, newest first) and how many there are: built on the
 *  centre's paidGifts(), so nobody else's or an unpaid order shows. */
export function paidNamingGifts(db: Db, schoolId: number, userId: number, itemsId: number | null, limit: number, offset: number) {
  let base = paidGifts(db, schoolId, userId).where((eb) =>
    eb.exists(eb.selectFrom('donation_naming as n').select('n.id').whereRef('n.donation_id', '=', 'd.id'))
  )
  if (itemsId) base = base.where('d.items_id', '=', itemsId)
  return Promise.all([
    base
      .select(['d.id', 'd.items_id', 'p.name as items_name', 'p.naming_type', 'd.paid_at', 'd.amount_fen', 'd.donor_name'])
      .orderBy('d.paid_at', 'desc')
      .orderBy('d.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  ])
}

/** What orders made before naming records named (donation_naming): labels of the given gifts. */
export const donationNamingLabels = (db: Db, schoolId: number, donationIds: number[]) =>
  db
    .selectFrom('donation_naming')
    .select(['donation_id', 'kind', 'label', 'quantity'])
    .where('school_id', '=', schoolId)
    .where('donation_id', 'in', donationIds)
    .orderBy('id')
    .execute()

/** A donor's corrected nameplate, back to pending review; never once approved (the engraving is the approved text). */
export const correctNameplate = (
  db: Db,
  schoolId: number,
  recordId: number,
  text: { donor_name: string; donor_identity: string; donation_message: string; nameplate_list: string; updated_at: string }
) =>
  db
    .updateTable('naming_record')
    .set({ ...text, nameplate_status: NameplateStatus.PENDING, review_reason: '' })
    .where('id', '=', recordId)
    .where('school_id', '=', schoolId)
    .where('nameplate_status', '!=', NameplateStatus.APPROVED)
    .executeTakeFirst()

// ---------------------------------------------------------------- the console's inventory (rules: inventory.ts)

/** Unpaid orders whose hold still stands at `now` (still pending, not past their expiry): a subquery. */
function liveHoldDonations(db: Db, schoolId: number, nowIso: string) {
  return db
    .selectFrom('donation')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('status', 'in', ['pending', 'reconciling'])
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', nowIso)]))
}

/** The school's naming items (projects with a naming type), in id order. */
export const namingItems = (db: Db, schoolId: number) =>
  db
    .selectFrom('project')
    .select(['id', 'name', 'naming_type'])
    .where('school_id', '=', schoolId)
    .where('naming_type', 'is not', null)
    .where('naming_type', '>', 0)
    .orderBy('id')
    .execute()

/** An item's seats by status; `held` counts holds that still stand at `nowIso`, `heldAny` every held seat. */
export const seatCounts = (db: Db, schoolId: number, itemsId: number, nowIso: string) =>
  db
    .selectFrom('naming_seat as s')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('s.status', '=', SEAT_FREE).then(1).else(0).end()).as('free'),
      eb.fn.sum<number>(eb.case().when('s.status', '=', SEAT_DONATED).then(1).else(0).end()).as('named'),
      eb.fn.sum<number>(eb.case().when('s.status', '=', SEAT_UNAVAILABLE).then(1).else(0).end()).as('unavailable'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('s.status', '=', SEAT_HELD), eb('s.hold_donation_id', 'in', liveHoldDonations(db, schoolId, nowIso))]))
            .then(1)
            .else(0)
            .end()
        )
        .as('held'),
      eb.fn.sum<number>(eb.case().when('s.status', '=', SEAT_HELD).then(1).else(0).end()).as('heldAny')
    ])
    .where('s.school_id', '=', schoolId)
    .where('s.items_id', '=', itemsId)
    .executeTakeFirstOrThrow()

/** How many book titles an item has and their total stock. */
export const bookCounts = (db: Db, schoolId: number, itemsId: number) =>
  db
    .selectFrom('naming_book')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('stock').as('stock')])
    .where('school_id', '=', schoolId)
    .where('items_id', '=', itemsId)
    .executeTakeFirstOrThrow()

/** Book copies of an item that are named, and held by holds that still stand at `nowIso`. */
export const bookRecordCounts = (db: Db, schoolId: number, itemsId: number, nowIso: string) =>
  db
    .selectFrom('naming_record as r')
    .select((eb) => [
      eb.fn.sum<number>(eb.case().when('r.status', '=', 'named').then(eb.ref('r.quantity')).else(0).end()).as('named'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('r.status', '=', 'held'), eb('r.donation_id', 'in', liveHoldDonations(db, schoolId, nowIso))]))
            .then(eb.ref('r.quantity'))
            .else(0)
            .end()
        )
        .as('held')
    ])
    .where('r.school_id', '=', schoolId)
    .where('r.items_id', '=', itemsId)
    .where('r.kind', '=', 'book')
    .executeTakeFirstOrThrow()

/** The school's areas (of one item, when given) with how many seats each has. */
export function areasWithSeatCounts(db: Db, schoolId: number, itemsId?: number | null) {
  let q = db
    .selectFrom('naming_area as a')
    .leftJoin('naming_seat as s', (j) => j.onRef('s.area_id', '=', 'a.id').on('s.school_id', '=', schoolId))
    .select([
      'a.id',
      'a.items_id',
      'a.title',
      'a.img_url',
      'a.type',
      'a.price_list',
      'a.sort_no',
      (eb) => eb.fn.count<number>('s.id').as('n')
    ])
    .where('a.school_id', '=', schoolId)
    .groupBy(['a.id', 'a.items_id', 'a.title', 'a.img_url', 'a.type', 'a.price_list', 'a.sort_no'])
  if (itemsId) q = q.where('a.items_id', '=', itemsId)
  return q.orderBy('a.items_id').orderBy('a.sort_no').orderBy('a.id').execute()
}

/** Ids of the school's held seats whose hold still stands at `nowIso`. */
export async function liveHeldSeatIds(db: Db, schoolId: number, nowIso: string): Promise<Set<number>> {
  const rows = await db
    .selectFrom('naming_seat as s')
    .select('s.id')
    .where('s.school_id', '=', schoolId)
    .where('s.status', '=', SEAT_HELD)
    .where('s.hold_donation_id', 'in', liveHoldDonations(db, schoolId, nowIso))
    .execute()
  return new Set(rows.map((r) => Number(r.id)))
}

/** One page of seats (of an area, or one seat) with their area's prices, in the area's order, and the count. */
export async function pageSeats(db: Db, schoolId: number, where: { areaId?: number; seatId?: number }, limit: number, offset: number) {
  let q = db
    .selectFrom('naming_seat as s')
    .innerJoin('naming_area as a', (j) => j.onRef('a.id', '=', 's.area_id').on('a.school_id', '=', schoolId))
    .where('s.school_id', '=', schoolId)
  if (where.areaId) q = q.where('s.area_id', '=', where.areaId)
  if (where.seatId) q = q.where('s.id', '=', where.seatId)
  const [rows, total] = await Promise.all([
    q
      .select([
        's.id',
        's.area_id',
        's.items_id',
        's.label',
        's.row_no',
        's.col_no',
        's.status',
        's.price_list',
        'a.price_list as area_prices'
      ])
      .orderBy('s.sort_no')
      .orderBy('s.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  ])
  return { total: Number(total.n), rows }
}

/** Sets a seat's prices and/or status; with `fromStatus`, only while the seat still has it. Returns the rows changed. */
export async function updateSeatRow(
  db: Db,
  schoolId: number,
  id: number,
  set: { price_list?: string; status?: number; updated_at: string },
  fromStatus?: number
): Promise<number> {
  let q = db.updateTable('naming_seat').where('school_id', '=', schoolId).where('id', '=', id)
  if (fromStatus !== undefined) q = q.where('status', '=', fromStatus)
  const r = await q.set(set).executeTakeFirst()
  return Number(r.numUpdatedRows)
}

const BOOK_COLUMNS = ['id', 'items_id', 'category_id', 'title', 'author', 'press', 'book_no', 'unit_fen', 'stock', 'held'] as const

/** One page of the school's books (of one item, when given) and the count. */
export async function pageStaffBooks(db: Db, schoolId: number, f: { itemsId?: number | null; limit: number; offset: number }) {
  let q = db.selectFrom('naming_book').where('school_id', '=', schoolId)
  if (f.itemsId) q = q.where('items_id', '=', f.itemsId)
  const [rows, total] = await Promise.all([
    q.select(BOOK_COLUMNS).orderBy('items_id').orderBy('sort_no').orderBy('id').limit(f.limit).offset(f.offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  ])
  return { total: Number(total.n), rows }
}

export const staffBook = (db: Db, schoolId: number, id: number) =>
  db.selectFrom('naming_book').select(BOOK_COLUMNS).where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst()

/** Sets a book's stock, never below the copies held (`held <= stock` in the UPDATE itself); returns the rows changed. */
export async function setBookStock(db: Db, schoolId: number, id: number, stock: number): Promise<number> {
  const r = await db
    .updateTable('naming_book')
    .set({ stock })
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .where('held', '<=', stock)
    .executeTakeFirst()
  return Number(r.numUpdatedRows)
}

export const listMapRows = (db: Db, schoolId: number) =>
  db.selectFrom('naming_map').selectAll().where('school_id', '=', schoolId).orderBy('items_id').orderBy('map_key').execute()

export const mapRow = (db: Db, schoolId: number, id: number) =>
  db.selectFrom('naming_map').selectAll().where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst()

export async function mapKeys(db: Db, schoolId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('naming_map').select('map_key').where('school_id', '=', schoolId).execute()
  return new Set(rows.map((m) => m.map_key))
}

/** Which of these ids are seats of the item. */
export async function seatIdsOfItem(db: Db, schoolId: number, itemsId: number, ids: number[]): Promise<Set<number>> {
  const rows = await db
    .selectFrom('naming_seat')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('items_id', '=', itemsId)
    .where('id', 'in', ids)
    .execute()
  return new Set(rows.map((s) => Number(s.id)))
}

/** The rows of these ids that are areas of the item. */
export const areaIdsOfItem = (db: Db, schoolId: number, itemsId: number, ids: number[]) =>
  db
    .selectFrom('naming_area')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('items_id', '=', itemsId)
    .where('id', 'in', ids)
    .execute()

export const setMapConfig = (db: Db, schoolId: number, id: number, config: string, updatedAt: string) =>
  db.updateTable('naming_map').set({ config, updated_at: updatedAt }).where('school_id', '=', schoolId).where('id', '=', id).execute()
