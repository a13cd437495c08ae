/** Order writes and reads (Kysely). School id first in every tenant query. */
import { PostgresAdapter, sql, type Insertable, type Kysely, type Transaction } from 'kysely'
import type { DB, DonationSubmissionTable, DonationTable } from '../../db/schema'
import { beijingStamp } from '../../lib/dates'
import { prepared, preparedInsert } from '../../db/prepared'
import { randomSerial } from '../../lib/random'

type Db = Kysely<DB> | Transaction<DB>

/**
 * Bill numbers go to WeChat Pay (out_trade_no: 6-32 of [A-Za-z0-9_-|*]) and Alipay (64): "D" + Beijing time
 * yyyyMMddHHmmss + 10 random characters = 25. Unique in the table; a collision is retried by the caller.
 */
export function newBillNo(now = new Date()): string {
  return `D${beijingStamp(now)}${randomSerial(10)}`
}

export async function insertOrder(
  trx: Transaction<DB>,
  order: Insertable<DonationTable>,
  submission: Omit<Insertable<DonationSubmissionTable>, 'donation_id'>
): Promise<number> {
  const { id } = (await insertDonation.exec(trx, order)).rows[0]
  await insertSubmission.exec(trx, { ...submission, donation_id: id })
  return id
}

/**
 * PostgreSQL: the order and its submission in one statement (a data-modifying WITH), atomic by itself, so the order
 * needs neither BEGIN nor COMMIT of its own: one round trip where a transaction takes four (docs/decisions/076).
 * The order is inserted only when the donor has no unpaid order of the project to replace (the same question
 * pendingOrdersOf asks, inside the same statement: docs/decisions/087-postgresql-peak-statements.md); null when they
 * have one, and the caller's transaction replaces it. For an order that writes nothing else (service.ts donate
 * decides); SQLite has no INSERT in WITH.
 */
export async function insertOrderAlone(
  db: Kysely<DB>,
  order: Insertable<DonationTable> & { status: 'pending'; user_id: number },
  submission: Omit<Insertable<DonationSubmissionTable>, 'donation_id'>
): Promise<number | null> {
  const cols = Object.keys(order) as (keyof typeof order)[]
  const subCols = Object.keys(submission) as (keyof typeof submission)[]
  const r = await sql<{ donation_id: number }>`with d as (
  insert into donation (${sql.join(cols.map((c) => sql.ref(c)))})
  select ${sql.join(cols.map((c) => sql`${order[c]}`))}
  where not exists (select 1 from donation where school_id = ${order.school_id} and user_id = ${order.user_id}
    and items_id = ${order.items_id} and status = 'pending')
  returning id
)
insert into donation_submission (${sql.join([...subCols, 'donation_id'].map((c) => sql.ref(c)))})
select ${sql.join(subCols.map((c) => sql`${submission[c]}`))}, d.id from d
returning donation_id`.execute(db)
  return r.rows.length ? Number(r.rows[0].donation_id) : null
}

/** whether `db` talks to PostgreSQL (the statements only it runs) */
export const onPostgres = (db: Kysely<DB>) => db.getExecutor().adapter instanceof PostgresAdapter

// the order path's statements compiled once (db/prepared.ts): every donation runs them
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the insert builder's type is the table's
const insertDonation = preparedInsert<{ id: number }>('donation', (q: any) => q.returning('id'))
const insertSubmission = preparedInsert('donation_submission')
const pendingOrders = prepared((db, $) =>
  db
    .selectFrom('donation')
    .select(['id'])
    .where('school_id', '=', $(0))
    .where('user_id', '=', $(1))
    .where('items_id', '=', $(2))
    .where('status', '=', 'pending')
)
const orderByBill = prepared((db, $) => db.selectFrom('donation').selectAll().where('school_id', '=', $(0)).where('bill_no', '=', $(1)))
const orderById = prepared((db, $) => db.selectFrom('donation').selectAll().where('school_id', '=', $(0)).where('id', '=', $(1)))

/** The caller's unpaid orders for a project (docs/product §4: cancelled before a new one is created). */
export const pendingOrdersOf = (db: Db, schoolId: number, userId: number, itemsId: number) =>
  pendingOrders.all(db, [schoolId, userId, itemsId])

export const findOrder = (db: Db, schoolId: number, billNo: string) => orderByBill.first(db, [schoolId, billNo])

export const getOrderById = (db: Db, schoolId: number, id: number) => orderById.first(db, [schoolId, id])

export const getSubmission = (db: Db, schoolId: number, donationId: number) =>
  db
    .selectFrom('donation_submission')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('donation_id', '=', donationId)
    .executeTakeFirst()

/** Orders in `status` created before `createdBefore`, across schools (reconciliation), oldest first. */
export const staleOrders = (db: Db, status: 'pending' | 'reconciling', createdBefore: string, limit: number) =>
  db
    .selectFrom('donation')
    // the channel: an order made with a channel's own AppID or merchant is asked about with the same
    .leftJoin('donation_submission', 'donation_submission.donation_id', 'donation.id')
    .select([
      'donation.id',
      'donation.school_id',
      'donation.bill_no',
      'donation.provider',
      'donation.pay_type',
      'donation.status',
      'donation.expires_at',
      'donation.created_at',
      'donation_submission.pay_channel'
    ])
    .where('donation.status', '=', status)
    .where('donation.created_at', '<', createdBefore)
    .orderBy('donation.created_at', 'asc')
    .limit(limit)
    .execute()

export const getCertificateUrl = async (db: Db, schoolId: number, donationId: number) =>
  (
    await db
      .selectFrom('certificate')
      .select('file_url')
      .where('school_id', '=', schoolId)
      .where('donation_id', '=', donationId)
      .where('void_reason', '=', '')
      .executeTakeFirst()
  )?.file_url ?? ''

/** The joint donation a gift names (donate with togetherId): its state decides whether it takes gifts. */
export const togetherForGift = (db: Db, schoolId: number, togetherId: number) =>
  db
    .selectFrom('together_donation')
    .select(['id', 'items_id', 'status', 'content_state'])
    .where('school_id', '=', schoolId)
    .where('id', '=', togetherId)
    .executeTakeFirst()
