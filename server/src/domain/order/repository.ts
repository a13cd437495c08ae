/** Order writes and reads (Kysely). School id first in every tenant query. */
import type { Insertable, Kysely, Transaction } from 'kysely'
import type { DB, DonationSubmissionTable, DonationTable } from '../../db/types'
import { beijingStamp } from '../../lib/dates'
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
  const { id } = await trx.insertInto('donation').values(order).returning('id').executeTakeFirstOrThrow()
  await trx
    .insertInto('donation_submission')
    .values({ ...submission, donation_id: id })
    .execute()
  return id
}

/** The caller's unpaid orders for a project (docs/product §4: cancelled before a new one is created). */
export const pendingOrdersOf = (db: Db, schoolId: number, userId: number, itemsId: number) =>
  db
    .selectFrom('donation')
    .select(['id'])
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('items_id', '=', itemsId)
    .where('status', '=', 'pending')
    .execute()

export const findOrder = (db: Db, schoolId: number, billNo: string) =>
  db.selectFrom('donation').selectAll().where('school_id', '=', schoolId).where('bill_no', '=', billNo).executeTakeFirst()

export const getOrderById = (db: Db, schoolId: number, id: number) =>
  db.selectFrom('donation').selectAll().where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst()

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
    // the channel (issue 12): an order made with a channel's own AppID or merchant is asked about with the same
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
      .executeTakeFirst()
  )?.file_url ?? ''
