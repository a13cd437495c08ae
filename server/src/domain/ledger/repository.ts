/**
 * The school's ledger for finance: every donation order (online and offline, any status) with filters,
 * paging and totals over the whole filter, summed in SQL in integer fen. Exports (exports.ts) read the same query in
 * id order, batch by batch.
 *
 * "Time" is when the money arrived (paid_at), or when the order was made for orders never paid; the date filters
 * are Beijing calendar days on that time, as the wire shows it. Channel is where the donor paid from
 * (donation_submission.pay_channel: weapp, alipay, wechat-h5, h5) or, for an offline gift, how it arrived (bank,
 * cash, cheque, other).
 */
import { PostgresAdapter, sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely'
import { PAGE_SIZE } from '../../../../types'
import type { DB, DonationStatus, DonationTable, OfflineGiftTable } from '../../db/schema'
import { bizError } from '../../errors'
import { BEIJING_OFFSET_MS, toWireDate } from '../../lib/dates'
import { fenToYuan, parseYuan, readFen } from '../../lib/money'
import { containsText, countedFen } from '../../lib/sql'
import {
  LEDGER_CHANNELS,
  LEDGER_STATUSES,
  OFFLINE_CHANNELS,
  type GiftDetail,
  type LedgerRow,
  type LedgerTotals
} from '../../../../types/schema/staff-money'

type Db = Kysely<DB> | Transaction<DB>

// the filter values and the answer shapes are the contract's (types/schema/staff-money.ts); every status the
// ledger filters on is one the database holds
LEDGER_STATUSES satisfies readonly DonationStatus[]
export { LEDGER_CHANNELS, LEDGER_STATUSES, OFFLINE_CHANNELS, type LedgerRow, type LedgerTotals }

/** What the wire sends (yuan and dates as text); validated by ledgerFilter. */
export interface LedgerQuery {
  projectId?: number | null
  from?: string
  to?: string
  channel?: string
  status?: string
  min?: string
  max?: string
  keyword?: string
}

export interface LedgerFilter {
  projectId?: number
  fromIso?: string
  toIso?: string
  channel?: string
  status?: DonationStatus
  minFen?: number
  maxFen?: number
  keyword?: string
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/

/** 'YYYY-MM-DD' (a real calendar date) -> the instant its Beijing day starts; null when it is not one. */
export function beijingDayStart(day: string): Date | null {
  const m = DATE_RE.exec(day)
  if (!m) return null
  const utc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  const d = new Date(utc)
  if (d.getUTCFullYear() !== Number(m[1]) || d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) return null
  return new Date(utc - BEIJING_OFFSET_MS)
}

/** The Beijing calendar date of an instant, 'YYYY-MM-DD'. */
export const beijingDate = (d: Date): string => new Date(d.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 10)

const DAY_MS = 86_400_000

function yuanBound(v: string | undefined): number | undefined {
  if (v === undefined || v === '') return undefined
  const r = parseYuan(v, { allowZero: true, maxFen: Number.MAX_SAFE_INTEGER })
  if (!('fen' in r)) throw bizError('moneyRangeInvalid')
  return r.fen
}

/** Wire query -> a checked filter: -1 for a date that is not YYYY-MM-DD or an amount that is not yuan. */
export function ledgerFilter(q: LedgerQuery): LedgerFilter {
  const f: LedgerFilter = {}
  if (q.projectId) f.projectId = q.projectId
  if (q.from) {
    const d = beijingDayStart(q.from)
    if (!d) throw bizError('moneyDateInvalid')
    f.fromIso = d.toISOString()
  }
  if (q.to) {
    const d = beijingDayStart(q.to)
    if (!d) throw bizError('moneyDateInvalid')
    f.toIso = new Date(d.getTime() + DAY_MS).toISOString()
  }
  if (q.channel) f.channel = q.channel
  if (q.status) f.status = q.status as DonationStatus
  f.minFen = yuanBound(q.min)
  f.maxFen = yuanBound(q.max)
  const kw = q.keyword?.trim()
  if (kw) f.keyword = kw
  return f
}

const isPg = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter

/** The Beijing calendar day of a timestamp column, 'YYYY-MM-DD', in SQL (the only dialect branch of the money reads). */
export const beijingDaySql = (db: Db, column: string) =>
  isPg(db)
    ? sql<string>`to_char(${sql.ref(column)} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`
    : sql<string>`date(${sql.ref(column)}, '+8 hours')`

const timeOf = sql<string>`coalesce(d.paid_at, d.created_at)`
/** the giving days' matched money of a row (decision 075), 0 for most rows */
const matchedOf = sql<number>`coalesce(gm.matched_fen, 0)`
const channelOf = sql<string>`coalesce(og.channel, ds.pay_channel, '')`

function ledgerBase(db: Db, schoolId: number, f: LedgerFilter) {
  let q = db
    .selectFrom('donation as d')
    .innerJoin('project as p', (j) => j.onRef('p.id', '=', 'd.items_id').on('p.school_id', '=', schoolId))
    .leftJoin('offline_gift as og', (j) => j.onRef('og.donation_id', '=', 'd.id').on('og.school_id', '=', schoolId))
    .leftJoin('donation_submission as ds', (j) => j.onRef('ds.donation_id', '=', 'd.id').on('ds.school_id', '=', schoolId))
    // what the matches gave each order (giving_day_match_record: one row per order and match; decision 075)
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('giving_day_match_record')
          .select((m) => ['donation_id', m.fn.sum<number>('matched_fen').as('matched_fen')])
          .where('school_id', '=', schoolId)
          .groupBy('donation_id')
          .as('gm'),
      (j) => j.onRef('gm.donation_id', '=', 'd.id')
    )
    .where('d.school_id', '=', schoolId)
  if (f.projectId) q = q.where('d.items_id', '=', f.projectId)
  if (f.fromIso) q = q.where(timeOf, '>=', f.fromIso)
  if (f.toIso) q = q.where(timeOf, '<', f.toIso)
  if (f.channel) q = q.where(channelOf, '=', f.channel)
  if (f.status) q = q.where('d.status', '=', f.status)
  if (f.minFen !== undefined) q = q.where('d.amount_fen', '>=', f.minFen)
  if (f.maxFen !== undefined) q = q.where('d.amount_fen', '<=', f.maxFen)
  if (f.keyword) {
    const kw = f.keyword
    q = q.where((eb) => eb.or([containsText('d.bill_no', kw), containsText('d.donor_name', kw)]))
  }
  return q
}

const rowColumns = [
  'd.id',
  'd.bill_no',
  'd.items_id',
  'p.name as project_name',
  'd.donor_name',
  'd.amount_fen',
  'd.refunded_fen',
  'd.refund_held_fen',
  'd.pay_type',
  'd.status',
  'd.is_offline',
  'd.paid_at',
  'd.created_at',
  matchedOf.as('matched_fen')
] as const

interface RawRow {
  id: number
  bill_no: string
  items_id: number
  project_name: string
  donor_name: string
  amount_fen: number
  refunded_fen: number
  refund_held_fen: number
  pay_type: number
  status: string
  is_offline: number
  paid_at: string | null
  created_at: string
  channel: string
  matched_fen: number | string | null
}

const iso = (v: string | null) => (v ? new Date(v).toISOString() : '')

function toRow(r: RawRow): LedgerRow {
  const fen = readFen(r.amount_fen, 'ledger row')
  return {
    id: Number(r.id),
    billNo: r.bill_no,
    projectId: Number(r.items_id),
    projectName: r.project_name,
    donorName: r.donor_name,
    amount: fenToYuan(fen),
    amountFen: fen,
    refunded: fenToYuan(Number(r.refunded_fen ?? 0)),
    refundedFen: Number(r.refunded_fen ?? 0),
    refundPendingFen: Number(r.refund_held_fen ?? 0),
    matched: fenToYuan(Number(r.matched_fen ?? 0)),
    matchedFen: Number(r.matched_fen ?? 0),
    channel: r.channel ?? '',
    payType: Number(r.pay_type),
    status: r.status,
    offline: r.is_offline ? 1 : 0,
    paidAt: iso(r.paid_at),
    createdAt: iso(r.created_at)
  }
}

export async function ledgerTotals(db: Db, schoolId: number, f: LedgerFilter): Promise<LedgerTotals> {
  const t = await ledgerBase(db, schoolId, f)
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.sum<number>(countedFen('d.amount_fen')).as('fen'),
      eb.fn.sum<number>(sql`case when d.is_offline = 1 then ${countedFen('d.amount_fen')} else 0 end`).as('offline_fen'),
      eb.fn.sum<number>('d.refunded_fen').as('refunded_fen'),
      eb.fn.sum<number>(matchedOf).as('matched_fen')
    ])
    .executeTakeFirstOrThrow()
  const fen = readFen(t.fen, 'ledger total')
  const offlineFen = readFen(t.offline_fen, 'ledger total')
  return {
    count: Number(t.count),
    amount: fenToYuan(fen),
    amountFen: fen,
    offlineAmount: fenToYuan(offlineFen),
    offlineAmountFen: offlineFen,
    refunded: fenToYuan(Number(t.refunded_fen ?? 0)),
    refundedFen: Number(t.refunded_fen ?? 0),
    matched: fenToYuan(Number(t.matched_fen ?? 0)),
    matchedFen: Number(t.matched_fen ?? 0)
  }
}

/** One page of the ledger, newest first, with totals over the whole filter. */
export async function ledgerPage(db: Db, schoolId: number, f: LedgerFilter, page: { limit?: number | null; offset?: number | null }) {
  const limit = Math.min(page.limit ?? 20, PAGE_SIZE.MAX)
  const offset = page.offset ?? 0
  const [rows, totals] = await Promise.all([
    ledgerBase(db, schoolId, f)
      .select([...rowColumns])
      .select(channelOf.as('channel'))
      .orderBy(timeOf, 'desc')
      .orderBy('d.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    ledgerTotals(db, schoolId, f)
  ])
  return { total: totals.count, totals, rows: rows.map(toRow) }
}

/** One ledger row of this school, or -1 "not found". */
export async function ledgerRow(db: Db, schoolId: number, id: number): Promise<LedgerRow> {
  const r = await ledgerBase(db, schoolId, {})
    .select([...rowColumns])
    .select(channelOf.as('channel'))
    .where('d.id', '=', id)
    .executeTakeFirst()
  if (!r) throw bizError('staffRecordNotFound')
  return toRow(r)
}

/**
 * One gift in full for the console's detail drawer (docs/decisions/083-console-gift-drawer-and-bulk-actions.md):
 * every read is keyed by this school, so another school's id answers -1 "not found" like an unknown one.
 */
export async function giftDetail(db: Db, schoolId: number, id: number): Promise<GiftDetail> {
  const row = await ledgerRow(db, schoolId, id)
  const [d, sub, offline, cert, refunds, certReqs, receiptReqs] = await Promise.all([
    db
      .selectFrom('donation')
      .select(['is_anonymous', 'provider', 'provider_trade_no', 'close_reason', 'closed_at', 'together_id', 'sub_items_id'])
      .where('school_id', '=', schoolId)
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('donation_submission as ds')
      .select(['ds.certificate_donor_name', 'ds.is_need_paper', 'ds.is_need_receipt', 'ds.receipt_donor_name', 'ds.postal_email'])
      .where('ds.school_id', '=', schoolId)
      .where('ds.donation_id', '=', id)
      .executeTakeFirst(),
    db
      .selectFrom('offline_gift as og')
      .leftJoin('staff as s', (j) => j.onRef('s.id', '=', 'og.staff_id').on('s.school_id', '=', schoolId))
      .select(['og.channel', 'og.donated_on', 'og.note', 's.display_name', 's.username'])
      .where('og.school_id', '=', schoolId)
      .where('og.donation_id', '=', id)
      .executeTakeFirst(),
    db
      .selectFrom('certificate')
      .select(['certificate_no', 'void_reason'])
      .where('school_id', '=', schoolId)
      .where('donation_id', '=', id)
      .orderBy('id', 'desc')
      .executeTakeFirst(),
    db
      .selectFrom('refund')
      .select(['id', 'amount_fen', 'state', 'reason', 'origin', 'created_at', 'settled_at'])
      .where('school_id', '=', schoolId)
      .where('donation_id', '=', id)
      .orderBy('id', 'asc')
      .execute(),
    db
      .selectFrom('certificate_request')
      .select(['id', 'status', 'certificate_way as way', 'express_company', 'express_no', 'refund_state', 'created_at'])
      .where('school_id', '=', schoolId)
      .where('donation_id', '=', id)
      .orderBy('id', 'asc')
      .execute(),
    db
      .selectFrom('receipt_request')
      .select(['id', 'status', 'receipt_way as way', 'express_company', 'express_no', 'refund_state', 'created_at'])
      .where('school_id', '=', schoolId)
      .where('donation_id', '=', id)
      .orderBy('id', 'asc')
      .execute()
  ])
  const subName = d.sub_items_id
    ? ((
        await db
          .selectFrom('sub_project')
          .select('name')
          .where('school_id', '=', schoolId)
          .where('id', '=', Number(d.sub_items_id))
          .executeTakeFirst()
      )?.name ?? '')
    : ''
  const request = (kind: 'certificate' | 'receipt') => (r: (typeof certReqs)[number]) => ({
    kind,
    id: Number(r.id),
    status: Number(r.status),
    way: Number(r.way),
    expressCompany: r.express_company,
    expressNo: r.express_no,
    refundState: r.refund_state,
    createdAt: iso(r.created_at)
  })
  return {
    row,
    subProjectName: subName,
    anonymous: d.is_anonymous ? 1 : 0,
    provider: row.offline ? '' : d.provider,
    providerTradeNo: d.provider_trade_no,
    closeReason: d.close_reason,
    closedAt: iso(d.closed_at),
    togetherId: Number(d.together_id ?? 0),
    certificateName: sub?.certificate_donor_name ?? '',
    needPaper: sub?.is_need_paper ? 1 : 0,
    needReceipt: sub?.is_need_receipt ? 1 : 0,
    receiptName: sub?.receipt_donor_name ?? '',
    email: sub?.postal_email ?? '',
    offline: offline
      ? {
          channel: offline.channel,
          donatedOn: offline.donated_on,
          note: offline.note,
          staffName: offline.display_name || offline.username || ''
        }
      : null,
    certificateNo: cert?.certificate_no ?? '',
    certificateVoid: cert?.void_reason ?? '',
    refunds: refunds.map((r) => {
      const fen = Number(r.amount_fen)
      return {
        id: Number(r.id),
        amount: fenToYuan(fen),
        amountFen: fen,
        state: r.state,
        reason: r.reason,
        origin: r.origin,
        createdAt: iso(r.created_at),
        settledAt: iso(r.settled_at)
      }
    }),
    requests: [...certReqs.map(request('certificate')), ...receiptReqs.map(request('receipt'))]
  }
}

/** The highest id and the row count the filter matches now: an export covers exactly these rows. */
export async function ledgerSnapshot(db: Db, schoolId: number, f: LedgerFilter) {
  const r = await ledgerBase(db, schoolId, f)
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max<number>('d.id').as('max_id')])
    .executeTakeFirstOrThrow()
  return { total: Number(r.n), maxId: Number(r.max_id ?? 0) }
}

/** Rows with afterId < id <= maxId, oldest first: one export batch (keyset, so rows added meanwhile never shift it). */
export async function ledgerBatch(db: Db, schoolId: number, f: LedgerFilter, afterId: number, maxId: number, size: number) {
  const rows = await ledgerBase(db, schoolId, f)
    .select([...rowColumns])
    .select(channelOf.as('channel'))
    .where('d.id', '>', afterId)
    .where('d.id', '<=', maxId)
    .orderBy('d.id', 'asc')
    .limit(size)
    .execute()
  return rows.map(toRow)
}

/** Beijing wall time of a ledger row's money ('YYYY-MM-DD HH:mm:ss'), as exports show it. */
export const ledgerTime = (r: LedgerRow) => toWireDate(r.paidAt || r.createdAt)

// ---------------------------------------------------------------- offline gifts (the rules are offline.ts's)

/** The project an offline gift is entered for, if it is this school's. */
export const offlineGiftProject = (db: Db, schoolId: number, projectId: number) =>
  db
    .selectFrom('project')
    .select(['id', 'name', 'crowd_type'])
    .where('school_id', '=', schoolId)
    .where('id', '=', projectId)
    .executeTakeFirst()

/**
 * Queues this transaction behind every other offline-gift write of the school: an UPDATE that changes nothing still
 * locks the school row on PostgreSQL until commit (FOR NO KEY UPDATE, so orders inserting donations are not held up);
 * SQLite runs one write transaction at a time anyway.
 */
export const lockSchoolOfflineGifts = (trx: Transaction<DB>, schoolId: number) =>
  trx
    .updateTable('school')
    .set((eb) => ({ name: eb.ref('name') }))
    .where('id', '=', schoolId)
    .execute()

/** Raw sums (fen) of the school's and the project's paid rows and of their offline_fen columns. */
export async function offlineTotalsOf(trx: Transaction<DB>, schoolId: number, projectId: number) {
  const paid = await trx
    .selectFrom('donation')
    .select((eb) => [
      eb.fn.sum<number>(countedFen('amount_fen')).as('school'),
      eb.fn.sum<number>(eb.case().when('items_id', '=', projectId).then(countedFen('amount_fen')).else(0).end()).as('project')
    ])
    .where('school_id', '=', schoolId)
    .where('status', '=', 'paid')
    .executeTakeFirstOrThrow()
  const columns = await trx
    .selectFrom('project')
    .select((eb) => [
      eb.fn.sum<number>(countedFen('offline_fen')).as('school'),
      eb.fn.sum<number>(eb.case().when('id', '=', projectId).then(countedFen('offline_fen')).else(0).end()).as('project')
    ])
    .where('school_id', '=', schoolId)
    .executeTakeFirstOrThrow()
  return { paid, columns }
}

/** An offline gift's donation row and its offline_gift row; returns the donation id. */
export async function insertOfflineGift(
  trx: Transaction<DB>,
  donation: Insertable<DonationTable>,
  gift: Omit<Insertable<OfflineGiftTable>, 'donation_id'>
): Promise<number> {
  const { id } = await trx.insertInto('donation').values(donation).returning('id').executeTakeFirstOrThrow()
  await trx
    .insertInto('offline_gift')
    .values({ ...gift, donation_id: id })
    .execute()
  return Number(id)
}

/** The stored offline gift (paid, not voided) of this school with its project's name, or undefined. */
export const storedOfflineGift = (trx: Transaction<DB>, schoolId: number, id: number) =>
  trx
    .selectFrom('donation as d')
    .innerJoin('offline_gift as og', (j) => j.onRef('og.donation_id', '=', 'd.id').on('og.school_id', '=', schoolId))
    .innerJoin('project as p', (j) => j.onRef('p.id', '=', 'd.items_id').on('p.school_id', '=', schoolId))
    .select([
      'd.id',
      'd.items_id',
      'd.amount_fen',
      'd.donor_name',
      'd.is_anonymous',
      'd.paid_at',
      'og.channel',
      'og.donated_on',
      'og.note',
      'p.name as project_name'
    ])
    .where('d.school_id', '=', schoolId)
    .where('d.id', '=', id)
    .where('d.is_offline', '=', 1)
    .where('d.status', '=', 'paid')
    .executeTakeFirst()

/** Changes a paid offline gift's donation row (conditional on it still being one); returns the rows changed. */
export async function updatePaidOfflineDonation(
  trx: Transaction<DB>,
  schoolId: number,
  id: number,
  set: Updateable<DonationTable>
): Promise<number> {
  const r = await trx
    .updateTable('donation')
    .set(set)
    .where('id', '=', id)
    .where('school_id', '=', schoolId)
    .where('is_offline', '=', 1)
    .where('status', '=', 'paid')
    .executeTakeFirst()
  return Number(r.numUpdatedRows)
}

export const updateOfflineGiftRow = (trx: Transaction<DB>, schoolId: number, donationId: number, set: Updateable<OfflineGiftTable>) =>
  trx.updateTable('offline_gift').set(set).where('donation_id', '=', donationId).where('school_id', '=', schoolId).execute()
