/** Naming reads and writes (Kysely). School id first in every tenant query; functions take a Kysely or a Transaction. */
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import { NameplateStatus } from '../../../../types'
import { containsText } from '../../lib/sql'
import { paidGifts } from '../center/repository'

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
      'p.name as items_name'
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
