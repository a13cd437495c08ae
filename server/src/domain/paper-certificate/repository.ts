/** Certificates of the caller: electronic ones (certificate) and paper applications (certificate_request, migration
 *  012). Every query filters by school and donor. */
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely'
import type { CertificateRequestTable, DB } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

function paperQuery(db: Db, schoolId: number, userId: number) {
  // the application AND its donation must be the caller's
  return db
    .selectFrom('certificate_request as r')
    .innerJoin('donation as d', 'd.id', 'r.donation_id')
    .innerJoin('project as p', 'p.id', 'd.items_id')
    .leftJoin('certificate as c', 'c.donation_id', 'd.id')
    .where('r.school_id', '=', schoolId)
    .where('r.user_id', '=', userId)
    .where('d.school_id', '=', schoolId)
    .where('d.user_id', '=', userId)
}

const paperColumns = [
  'r.id',
  'r.donation_id',
  'r.status',
  'r.certificate_way',
  'r.donor_name',
  'r.postal_contact',
  'r.postal_mobile',
  'r.postal_address',
  'r.express_company',
  'r.express_no',
  'r.created_at',
  'd.items_id',
  sql<number>`d.amount_fen - d.refunded_fen`.as('amount_fen'),
  'd.paid_at',
  'p.name as items_name',
  // the project's words in other languages (decision 073)
  'p.texts as items_texts',
  'p.thumbnail_img',
  'c.file_url'
] as const

/** A page of the caller's electronic certificates of paid gifts, newest gift first, and how many there are. */
export function electronicCertificatePage(db: Db, schoolId: number, userId: number, limit: number, offset: number) {
  const base = db
    .selectFrom('certificate as c')
    .innerJoin('donation as d', 'd.id', 'c.donation_id')
    .innerJoin('project as p', 'p.id', 'd.items_id')
    .where('c.school_id', '=', schoolId)
    .where('d.school_id', '=', schoolId)
    .where('d.user_id', '=', userId)
    .where('d.status', '=', 'paid')
    // a certificate voided by a refund is not the donor's any more (docs/decisions/032-refunds.md)
    .where('c.void_reason', '=', '')
  return Promise.all([
    base
      .select([
        'c.id',
        'c.donation_id',
        'c.donor_name',
        'c.file_url',
        'c.items_name',
        'c.amount_fen',
        'd.items_id',
        'd.paid_at',
        'p.texts as items_texts',
        'p.thumbnail_img'
      ])
      .orderBy('d.paid_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  ])
}

/** A page of the caller's paper applications in the given statuses (all when null), newest first, and the count. */
export function paperPage(db: Db, schoolId: number, userId: number, statuses: number[] | null, limit: number, offset: number) {
  let base = paperQuery(db, schoolId, userId)
  if (statuses) base = base.where('r.status', 'in', statuses)
  return Promise.all([
    base
      .select([...paperColumns])
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  ])
}

export const paperOf = (db: Db, schoolId: number, userId: number, id: number) =>
  paperQuery(db, schoolId, userId)
    .select([...paperColumns])
    .where('r.id', '=', id)
    .executeTakeFirst()

/** Whether any of these gifts already has a paper application. */
export const anyPaperRequested = (db: Db, schoolId: number, donationIds: number[]) =>
  db
    .selectFrom('certificate_request')
    .select('donation_id')
    .where('school_id', '=', schoolId)
    .where('donation_id', 'in', donationIds)
    .executeTakeFirst()

/** The certificate names the donors gave with these gifts. */
export const certificateNames = (db: Db, schoolId: number, donationIds: number[]) =>
  db
    .selectFrom('donation_submission')
    .select(['donation_id', 'certificate_donor_name'])
    .where('school_id', '=', schoolId)
    .where('donation_id', 'in', donationIds)
    .execute()

export async function insertPaperRequest(db: Db, row: Insertable<CertificateRequestTable>): Promise<number> {
  const { id } = await db.insertInto('certificate_request').values(row).returning('id').executeTakeFirstOrThrow()
  return id
}
