/**
 * Seats and book copies held while the donor pays (docs/decisions/013-naming-holds.md).
 *
 * - planNamingOrder (before any write): docs/product §5 naming rules on the submission, prices from the server's own lists,
 *   the client's currencyMoney compared with the sum. Its reads give friendly refusals only; they decide nothing.
 * - holdNaming (inside the order's transaction): every seat by `UPDATE … SET status = held WHERE status = free`
 *   and every book by `UPDATE … SET held = held + n WHERE stock - held >= n`, never read-then-write. A row that does
 *   not change means someone else won: the error names the seat or book and the whole transaction (the order, the
 *   cancellation of the donor's earlier order) rolls back. Rows are taken in id order so two orders wanting the
 *   same seats queue behind each other instead of deadlocking.
 * - releaseHolds (with the order's move to cancelled or expired, same transaction: order/state.ts).
 * - nameOnPaid (with the move to paid, same transaction: order/notifications.ts): held seats become donated and
 *   held copies are sold once. A hold that is gone (impossible unless someone edited rows by hand) puts the record
 *   in 'review' and flags the order for refund review: never a second owner.
 */
import type { Kysely, Selectable, Transaction } from 'kysely'
import { ALUMNUS_IDENTITY, NAMING_LIMITS, type NameplateText } from '../../../../types'
import { prepared } from '../../db/prepared'
import type { DB, ProjectTable } from '../../db/schema'
import { bizError, fieldRefusal } from '../../errors'
import { yuanToFen } from '../../lib/money'
import { codePointLength } from '../../lib/names'
import { priceArtworks } from '../naming-map/pledge'
import { parsePriceList } from './mapper'
import { SEAT_DONATED, SEAT_FREE, SEAT_HELD, SEAT_UNAVAILABLE } from './tables'

type Db = Kysely<DB> | Transaction<DB>

export interface PlannedSeat {
  seatId: number
  areaId: number
  label: string
  termYear: number
  termName: string
  fen: number
  text: NameplateText
}
export interface PlannedBook {
  bookId: number
  title: string
  quantity: number
  unitFen: number
  nameplates: NameplateText[]
}
export interface NamingPlan {
  kind: 'seat' | 'book'
  amountFen: number
  seats: PlannedSeat[]
  books: PlannedBook[]
}

/** The naming part of the donate body as it arrives: shapes are not checked by the JSON schema, so everything here is. */
export interface NamingBody {
  itemsId: number
  currencyMoney?: string
  namingType?: unknown
  seatList?: unknown
  bookList?: unknown
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '')

/** Ids and counts as numbers or digit strings (the app sends both); anything else is null. */
function intOf(v: unknown): number | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : null
  if (typeof v === 'string' && /^\d{1,15}$/.test(v.trim())) return Number(v.trim())
  return null
}

/**
 * One nameplate: docs/product §5 donor required, message at most 20; the identity fixed to alumnus for seats. A refusal
 * names the nameplate's field (decision 081).
 */
export function checkNameplate(raw: unknown, kind: 'seat' | 'book'): NameplateText {
  const o = isObj(raw) ? raw : {}
  const donorName = str(o.donorName)
  if (!donorName) throw fieldRefusal('donorName', 'namingDonorRequired')
  if (codePointLength(donorName) > NAMING_LIMITS.DONOR_NAME_MAX)
    throw fieldRefusal('donorName', 'namingDonorTooLong', { max: NAMING_LIMITS.DONOR_NAME_MAX })
  const donationMessage = str(o.donationMessage)
  if (codePointLength(donationMessage) > NAMING_LIMITS.MESSAGE_MAX)
    throw fieldRefusal('donationMessage', 'namingMessageTooLong', { max: NAMING_LIMITS.MESSAGE_MAX })
  let donorIdentity = str(o.donorIdentity) || ALUMNUS_IDENTITY
  if (kind === 'seat' && donorIdentity !== ALUMNUS_IDENTITY) {
    // the English app may send the word rather than the engraved value: both mean the one allowed identity
    if (donorIdentity.toLowerCase() === 'alumnus') donorIdentity = ALUMNUS_IDENTITY
    else throw fieldRefusal('donorIdentity', 'namingIdentityFixed')
  }
  if (codePointLength(donorIdentity) > NAMING_LIMITS.IDENTITY_MAX)
    throw bizError('namingIdentityTooLong', { max: NAMING_LIMITS.IDENTITY_MAX })
  return { donorName, donorIdentity, donationMessage }
}

function namingTypeOf(v: unknown): 1 | 2 | null {
  if (v === '1' || v === 1) return 1
  if (v === '2' || v === 2) return 2
  return null
}

/**
 * What the caller's own unpaid orders for this project hold: the new order replaces them in its transaction
 * (order/service.ts), so their seats and copies count as available to this caller, and only to this caller.
 */
async function ownHolds(db: Db, schoolId: number, itemsId: number, userId: number) {
  const rows = await db
    .selectFrom('naming_record as r')
    .innerJoin('donation as d', 'd.id', 'r.donation_id')
    .select(['r.donation_id', 'r.book_id', 'r.quantity'])
    .where('r.school_id', '=', schoolId)
    .where('r.items_id', '=', itemsId)
    .where('r.status', '=', 'held')
    .where('d.user_id', '=', userId)
    .where('d.status', '=', 'pending')
    .execute()
  const copies = new Map<number, number>()
  for (const r of rows) if (r.book_id !== null) copies.set(r.book_id, (copies.get(r.book_id) ?? 0) + r.quantity)
  return { orders: new Set(rows.map((r) => r.donation_id)), copies }
}
type OwnHolds = Awaited<ReturnType<typeof ownHolds>>

export async function planNamingOrder(
  db: Db,
  schoolId: number,
  project: Pick<Selectable<ProjectTable>, 'id' | 'items_type' | 'naming_type'>,
  body: NamingBody,
  userId: number
): Promise<NamingPlan> {
  if (project.items_type !== 2 || (project.naming_type !== 1 && project.naming_type !== 2)) throw bizError('namingNotOffered')
  const type = namingTypeOf(body.namingType)
  if (type === null || type !== project.naming_type) throw bizError('namingTypeInvalid')
  const own = await ownHolds(db, schoolId, project.id, userId)
  const plan =
    type === 1
      ? await planSeats(db, schoolId, project.id, body.seatList, own)
      : await planBooks(db, schoolId, project.id, body.bookList, own)
  // artworks are priced by how many are chosen (docs/product §5), the map campaigns' own rule
  if (plan.kind === 'seat') await priceArtworks(db, schoolId, project.id, plan)
  // The server's price decides; a client that shows another figure must reload rather than be charged a surprise.
  const claimed =
    typeof body.currencyMoney === 'string' && /^\d{1,12}(\.\d{1,2})?$/.test(body.currencyMoney.trim())
      ? yuanToFen(body.currencyMoney.trim())
      : null
  if (claimed !== plan.amountFen) throw bizError('namingAmountMismatch')
  return plan
}

async function planSeats(db: Db, schoolId: number, itemsId: number, list: unknown, own: OwnHolds): Promise<NamingPlan> {
  if (!Array.isArray(list) || !list.length) throw bizError('namingObjectRequired')
  if (list.length > NAMING_LIMITS.OBJECTS_MAX) throw bizError('namingTooMany', { max: NAMING_LIMITS.OBJECTS_MAX })
  const ids = list.map((e) => (isObj(e) ? intOf(e.seatId) : null))
  if (ids.some((id) => id === null)) throw bizError('namingSeatInvalid')
  const rows = await db
    .selectFrom('naming_seat as s')
    .innerJoin('naming_area as a', 'a.id', 's.area_id')
    .select(['s.id', 's.area_id', 's.label', 's.status', 's.hold_donation_id', 's.price_list', 'a.price_list as area_prices'])
    .where('s.school_id', '=', schoolId)
    .where('s.items_id', '=', itemsId)
    .where('s.id', 'in', ids as number[])
    .execute()
  const byId = new Map(rows.map((r) => [r.id, r]))
  const seen = new Set<number>()
  const seats: PlannedSeat[] = []
  for (const [i, raw] of list.entries()) {
    const e = raw as Record<string, unknown>
    const seat = byId.get(ids[i]!)
    if (!seat) throw bizError('namingSeatInvalid')
    if (seen.has(seat.id)) throw bizError('namingSeatDuplicate', { seat: seat.label })
    seen.add(seat.id)
    // areaId and itemsId are the client's view of where the seat is: a disagreement means a stale page
    const areaId = e.areaId === undefined || e.areaId === null || e.areaId === '' ? seat.area_id : intOf(e.areaId)
    const claimedItems = e.itemsId === undefined || e.itemsId === null || e.itemsId === '' ? itemsId : intOf(e.itemsId)
    if (areaId !== seat.area_id || claimedItems !== itemsId) throw bizError('namingSeatInvalid')
    // friendly early answers; the conditional update in holdNaming is what actually decides
    if (seat.status === SEAT_DONATED) throw bizError('namingSeatDonated', { seat: seat.label })
    if (seat.status === SEAT_UNAVAILABLE) throw bizError('namingSeatUnavailable', { seat: seat.label })
    if (seat.status === SEAT_HELD && !(seat.hold_donation_id !== null && own.orders.has(seat.hold_donation_id))) {
      throw bizError('namingSeatTaken', { seat: seat.label })
    }
    if (e.termYear === undefined || e.termYear === null || e.termYear === '') throw bizError('namingPeriodRequired', { seat: seat.label })
    const termYear = intOf(e.termYear)
    const prices = parsePriceList(seat.price_list || seat.area_prices)
    const price = termYear === null ? undefined : prices.find((p) => p.termYear === termYear)
    if (!price) throw bizError('namingPeriodInvalid', { seat: seat.label })
    seats.push({
      seatId: seat.id,
      areaId: seat.area_id,
      label: seat.label,
      termYear: price.termYear,
      termName: price.termName,
      fen: price.fen,
      text: checkNameplate(e, 'seat')
    })
  }
  seats.sort((a, b) => a.seatId - b.seatId)
  return { kind: 'seat', amountFen: seats.reduce((s, x) => s + x.fen, 0), seats, books: [] }
}

async function planBooks(db: Db, schoolId: number, itemsId: number, list: unknown, own: OwnHolds): Promise<NamingPlan> {
  if (!Array.isArray(list) || !list.length) throw bizError('namingBookRequired')
  if (list.length > NAMING_LIMITS.OBJECTS_MAX) throw bizError('namingTooMany', { max: NAMING_LIMITS.OBJECTS_MAX })
  const ids = list.map((e) => (isObj(e) ? intOf(e.bookId) : null))
  if (ids.some((id) => id === null)) throw bizError('namingBookInvalid')
  const rows = await db
    .selectFrom('naming_book')
    .select(['id', 'title', 'unit_fen', 'stock', 'held'])
    .where('school_id', '=', schoolId)
    .where('items_id', '=', itemsId)
    .where('id', 'in', ids as number[])
    .execute()
  const byId = new Map(rows.map((r) => [r.id, r]))
  const seen = new Set<number>()
  const books: PlannedBook[] = []
  for (const [i, raw] of list.entries()) {
    const e = raw as Record<string, unknown>
    const book = byId.get(ids[i]!)
    if (!book) throw bizError('namingBookInvalid')
    if (seen.has(book.id)) throw bizError('namingBookDuplicate', { book: book.title })
    seen.add(book.id)
    const claimedItems = e.itemsId === undefined || e.itemsId === null || e.itemsId === '' ? itemsId : intOf(e.itemsId)
    if (claimedItems !== itemsId) throw bizError('namingBookInvalid')
    const quantity = intOf(e.namingCount)
    if (quantity === null || quantity < 1) throw bizError('namingQuantityInvalid', { book: book.title })
    const available = book.stock - book.held + (own.copies.get(book.id) ?? 0)
    if (quantity > available) throw bizError('namingStockShort', { book: book.title, stock: Math.max(0, available) })
    const plates = e.nameplateList
    if (!Array.isArray(plates) || (plates.length !== 1 && plates.length !== quantity)) {
      throw bizError('namingNameplateCount', { book: book.title, count: quantity })
    }
    books.push({
      bookId: book.id,
      title: book.title,
      quantity,
      unitFen: book.unit_fen,
      nameplates: plates.map((p) => checkNameplate(p, 'book'))
    })
  }
  books.sort((a, b) => a.bookId - b.bookId)
  return { kind: 'book', amountFen: books.reduce((s, b) => s + b.unitFen * b.quantity, 0), seats: [], books }
}

/**
 * Holds the plan's seats and copies for `donationId` and writes its naming records (status 'held') and the
 * donation_naming rows the directory and naming lists read (they count only once the order is paid). Must run in
 * the transaction that inserts the order: a refusal here throws and nothing of the order remains.
 */
export async function holdNaming(
  trx: Transaction<DB>,
  o: { schoolId: number; donationId: number; itemsId: number; userId: number | null; now: string },
  plan: NamingPlan
): Promise<void> {
  const { schoolId, donationId, now } = o
  for (const s of plan.seats) {
    const r = await trx
      .updateTable('naming_seat')
      .set({ status: SEAT_HELD, hold_donation_id: donationId, updated_at: now })
      .where('id', '=', s.seatId)
      .where('school_id', '=', schoolId)
      .where('status', '=', SEAT_FREE)
      .executeTakeFirst()
    if (Number(r.numUpdatedRows) !== 1) {
      const cur = await trx.selectFrom('naming_seat').select('status').where('id', '=', s.seatId).executeTakeFirst()
      throw bizError(
        cur?.status === SEAT_DONATED ? 'namingSeatDonated' : cur?.status === SEAT_UNAVAILABLE ? 'namingSeatUnavailable' : 'namingSeatTaken',
        { seat: s.label }
      )
    }
  }
  for (const b of plan.books) {
    const r = await trx
      .updateTable('naming_book')
      .set((eb) => ({ held: eb('held', '+', b.quantity) }))
      .where('id', '=', b.bookId)
      .where('school_id', '=', schoolId)
      .where((eb) => eb(eb('stock', '-', eb.ref('held')), '>=', b.quantity))
      .executeTakeFirst()
    if (Number(r.numUpdatedRows) !== 1) {
      const cur = await trx.selectFrom('naming_book').select(['stock', 'held']).where('id', '=', b.bookId).executeTakeFirst()
      throw bizError('namingStockShort', { book: b.title, stock: Math.max(0, (cur?.stock ?? 0) - (cur?.held ?? 0)) })
    }
  }

  const base = {
    school_id: schoolId,
    donation_id: donationId,
    items_id: o.itemsId,
    user_id: o.userId,
    status: 'held' as const,
    nameplate_status: 1,
    review_reason: '',
    reviewed_by: null,
    reviewed_at: null,
    named_at: null,
    expire_at: null,
    created_at: now,
    updated_at: now
  }
  const records = [
    ...plan.seats.map((s) => ({
      ...base,
      kind: 'seat' as const,
      seat_id: s.seatId,
      book_id: null,
      area_id: s.areaId,
      label: s.label,
      quantity: 1,
      term_year: s.termYear,
      term_name: s.termName,
      unit_fen: s.fen,
      amount_fen: s.fen,
      donor_name: s.text.donorName,
      donor_identity: s.text.donorIdentity,
      donation_message: s.text.donationMessage,
      nameplate_list: ''
    })),
    ...plan.books.map((b) => ({
      ...base,
      kind: 'book' as const,
      seat_id: null,
      book_id: b.bookId,
      area_id: null,
      label: b.title,
      quantity: b.quantity,
      term_year: 0,
      term_name: '',
      unit_fen: b.unitFen,
      amount_fen: b.unitFen * b.quantity,
      donor_name: b.nameplates[0].donorName,
      donor_identity: b.nameplates[0].donorIdentity,
      donation_message: b.nameplates[0].donationMessage,
      nameplate_list: JSON.stringify(b.nameplates)
    }))
  ]
  if (records.length) await trx.insertInto('naming_record').values(records).execute()
  const labels = [
    ...plan.seats.map((s) => ({ kind: 'seat' as const, label: s.label, quantity: 1 })),
    ...plan.books.map((b) => ({ kind: 'book' as const, label: `《${b.title}》`, quantity: b.quantity }))
  ]
  if (labels.length) {
    await trx
      .insertInto('donation_naming')
      .values(labels.map((l) => ({ ...l, school_id: schoolId, donation_id: donationId, items_id: o.itemsId })))
      .execute()
  }
}

/** The order was cancelled or expired: its seats become free and its copies available again. Idempotent. */
export async function releaseHolds(trx: Transaction<DB>, schoolId: number, donationId: number, now: string): Promise<number> {
  const held = await trx
    .selectFrom('naming_record')
    .select(['id', 'kind', 'book_id', 'quantity'])
    .where('school_id', '=', schoolId)
    .where('donation_id', '=', donationId)
    .where('status', '=', 'held')
    .orderBy('id')
    .execute()
  if (!held.length) return 0
  await trx
    .updateTable('naming_seat')
    .set({ status: SEAT_FREE, hold_donation_id: null, updated_at: now })
    .where('school_id', '=', schoolId)
    .where('hold_donation_id', '=', donationId)
    .where('status', '=', SEAT_HELD)
    .execute()
  for (const b of held.filter((r) => r.kind === 'book' && r.book_id !== null).sort((x, y) => x.book_id! - y.book_id!)) {
    await trx
      .updateTable('naming_book')
      .set((eb) => ({ held: eb('held', '-', b.quantity) }))
      .where('id', '=', b.book_id!)
      .where('school_id', '=', schoolId)
      .where('held', '>=', b.quantity)
      .execute()
  }
  await trx
    .updateTable('naming_record')
    .set({ status: 'released', updated_at: now })
    .where('school_id', '=', schoolId)
    .where('donation_id', '=', donationId)
    .where('status', '=', 'held')
    .execute()
  return held.length
}

/** naming period end: the same calendar day term_year years later (UTC); 0 years = permanent. */
export function expiryOf(namedAt: string, termYear: number): string | null {
  if (!termYear) return null
  const d = new Date(namedAt)
  d.setUTCFullYear(d.getUTCFullYear() + termYear)
  return d.toISOString()
}

/** The order was paid: held seats become donated, held copies are sold. Returns how many records went to review. */
/** what an order holds: every paid order asks (compiled once, db/prepared.ts) */
const heldForOrder = prepared((db, $) =>
  db
    .selectFrom('naming_record')
    .select(['id', 'kind', 'seat_id', 'book_id', 'quantity', 'term_year'])
    .where('school_id', '=', $(0))
    .where('donation_id', '=', $(1))
    .where('status', '=', 'held')
    .orderBy('id')
)

export async function nameOnPaid(
  trx: Transaction<DB>,
  schoolId: number,
  donationId: number,
  now: string
): Promise<{ named: number; review: number }> {
  const held = await heldForOrder.all(trx, [schoolId, donationId])
  let named = 0
  let review = 0
  const ordered = [...held].sort((a, b) =>
    a.kind === b.kind ? (a.seat_id ?? a.book_id ?? 0) - (b.seat_id ?? b.book_id ?? 0) : a.kind === 'seat' ? -1 : 1
  )
  for (const r of ordered) {
    let ok = false
    if (r.kind === 'seat' && r.seat_id !== null) {
      const u = await trx
        .updateTable('naming_seat')
        .set({ status: SEAT_DONATED, hold_donation_id: null, record_id: r.id, updated_at: now })
        .where('id', '=', r.seat_id)
        .where('school_id', '=', schoolId)
        .where('hold_donation_id', '=', donationId)
        .where('status', '=', SEAT_HELD)
        .executeTakeFirst()
      ok = Number(u.numUpdatedRows) === 1
    } else if (r.kind === 'book' && r.book_id !== null) {
      const u = await trx
        .updateTable('naming_book')
        .set((eb) => ({ stock: eb('stock', '-', r.quantity), held: eb('held', '-', r.quantity) }))
        .where('id', '=', r.book_id)
        .where('school_id', '=', schoolId)
        .where('held', '>=', r.quantity)
        .executeTakeFirst()
      ok = Number(u.numUpdatedRows) === 1
    }
    if (ok) named++
    else review++
    await trx
      .updateTable('naming_record')
      .set(
        ok
          ? { status: 'named', named_at: now, expire_at: expiryOf(now, r.term_year), updated_at: now }
          : { status: 'review', updated_at: now }
      )
      .where('id', '=', r.id)
      .execute()
  }
  if (review)
    await trx.updateTable('donation').set({ refund_review: 1 }).where('id', '=', donationId).where('school_id', '=', schoolId).execute()
  return { named, review }
}
