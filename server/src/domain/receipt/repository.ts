/** Receipt applications (receipt_request, migration 012) of the caller. Every query filters by school and donor. */
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely'
import type { DB, ReceiptRequestTable } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

function receiptQuery(db: Db, schoolId: number, userId: number) {
  return db
    .selectFrom('receipt_request as r')
    .innerJoin('donation as d', 'd.id', 'r.donation_id')
    .innerJoin('project as p', 'p.id', 'd.items_id')
    .where('r.school_id', '=', schoolId)
    .where('r.user_id', '=', userId)
    .where('d.school_id', '=', schoolId)
    .where('d.user_id', '=', userId)
}

const columns = [
  'r.id',
  'r.status',
  'r.created_at',
  'r.donation_id',
  'r.receipt_type',
  'r.receipt_way',
  'r.donor_type',
  'r.donor_name',
  'r.credit_code',
  'r.postal_contact',
  'r.postal_mobile',
  'r.postal_address',
  'r.postal_email',
  'r.postal_mobile_sms',
  'r.express_company',
  'r.express_no',
  'r.file_url',
  'd.items_id',
  // a receipt is for what the gift still is after partial refunds (docs/decisions/032-refunds.md)
  sql<number>`d.amount_fen - d.refunded_fen`.as('amount_fen'),
  'd.paid_at',
  'p.name as items_name',
  // the project's words in other languages (decision 073)
  'p.texts as items_texts',
  'p.thumbnail_img'
] as const

/** A page of the caller's applications in the given statuses (all when null), newest first, and how many there are. */
export function receiptPage(db: Db, schoolId: number, userId: number, statuses: number[] | null, limit: number, offset: number) {
  let base = receiptQuery(db, schoolId, userId)
  if (statuses) base = base.where('r.status', 'in', statuses)
  return Promise.all([
    base
      .select([...columns])
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  ])
}

export const receiptOf = (db: Db, schoolId: number, userId: number, id: number) =>
  receiptQuery(db, schoolId, userId)
    .select([...columns])
    .where('r.id', '=', id)
    .executeTakeFirst()

/** What the caller entered last time. */
export const lastReceiptRequest = (db: Db, schoolId: number, userId: number) =>
  db
    .selectFrom('receipt_request')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()

/** Whether any of these gifts already has a receipt application. */
export const anyReceiptRequested = (db: Db, schoolId: number, donationIds: number[]) =>
  db.selectFrom('receipt_request').select('id').where('school_id', '=', schoolId).where('donation_id', 'in', donationIds).executeTakeFirst()

export async function insertReceiptRequest(db: Db, row: Insertable<ReceiptRequestTable>): Promise<number> {
  const { id } = await db.insertInto('receipt_request').values(row).returning('id').executeTakeFirstOrThrow()
  return id
}
