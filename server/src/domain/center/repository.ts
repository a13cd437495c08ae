/**
 * The caller's own gifts (personal centre, certificate and receipt pickers). Every query is built on paidGifts(),
 * which filters by school, user AND status 'paid': there is no way to list someone else's or an unpaid order here.
 */
import { sql, type Kysely, type Transaction } from 'kysely'
import type { DB } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

export function paidGifts(db: Db, schoolId: number, userId: number) {
  return db
    .selectFrom('donation as d')
    .innerJoin('project as p', 'p.id', 'd.items_id')
    .leftJoin('sub_project as s', 's.id', 'd.sub_items_id')
    .where('d.school_id', '=', schoolId)
    .where('p.school_id', '=', schoolId)
    .where('d.user_id', '=', userId)
    .where('d.status', '=', 'paid')
}

/** my gifts (donateRecordList, itemsDonateGroup): the paid ones and the refunded ones, which the donor still sees
 *  with their refund (docs/decisions/032-refunds.md); pickers and totals keep to paidGifts. */
function ownGifts(db: Db, schoolId: number, userId: number) {
  return db
    .selectFrom('donation as d')
    .innerJoin('project as p', 'p.id', 'd.items_id')
    .leftJoin('sub_project as s', 's.id', 'd.sub_items_id')
    .where('d.school_id', '=', schoolId)
    .where('p.school_id', '=', schoolId)
    .where('d.user_id', '=', userId)
    .where('d.status', 'in', ['paid', 'refunded'])
}

export const giftColumns = [
  'd.id',
  'd.items_id',
  'p.name as items_name',
  // the project's and sub-project's words in other languages (decision 073)
  'p.texts as items_texts',
  'p.thumbnail_img',
  's.name as sub_items_name',
  's.texts as sub_items_texts',
  'd.amount_fen',
  'd.material_number',
  'p.material_unit',
  'p.crowd_type',
  'd.paid_at',
  'd.bill_no',
  'd.is_anonymous',
  'd.donor_name',
  'd.refunded_fen',
  'd.status'
] as const

export type GiftRow = Awaited<ReturnType<typeof listGifts>>['rows'][number]

export interface GiftFilter {
  /** only gifts not yet in an application of this kind */
  notAppliedFor?: 'certificate' | 'receipt'
  /** only these donations */
  ids?: number[]
  /** paid at or after (ISO) */
  paidFrom?: string
  itemsId?: number | null
  /** my gifts: refunded gifts too */
  withRefunded?: boolean
}

function filtered(db: Db, schoolId: number, userId: number, f: GiftFilter) {
  let q = f.withRefunded ? ownGifts(db, schoolId, userId) : paidGifts(db, schoolId, userId)
  if (f.ids) q = q.where('d.id', 'in', f.ids.length ? f.ids : [0])
  if (f.paidFrom) q = q.where('d.paid_at', '>=', f.paidFrom)
  if (f.itemsId) q = q.where('d.items_id', '=', f.itemsId)
  if (f.notAppliedFor === 'certificate') {
    q = q.where((eb) => eb.not(eb.exists(eb.selectFrom('certificate_request as r').select('r.id').whereRef('r.donation_id', '=', 'd.id'))))
  } else if (f.notAppliedFor === 'receipt') {
    q = q.where((eb) => eb.not(eb.exists(eb.selectFrom('receipt_request as r').select('r.id').whereRef('r.donation_id', '=', 'd.id'))))
  }
  return q
}

export async function listGifts(db: Db, schoolId: number, userId: number, f: GiftFilter, page?: { limit: number; offset: number }) {
  const base = filtered(db, schoolId, userId, f)
  let q = base
    .select([...giftColumns])
    .orderBy('d.paid_at', 'desc')
    .orderBy('d.id', 'desc')
  if (page) q = q.limit(page.limit).offset(page.offset)
  const rows = await q
    .leftJoin('certificate as c', (j) => j.onRef('c.donation_id', '=', 'd.id').on('c.school_id', '=', schoolId))
    .select('c.void_reason')
    .execute()
  const total = page ? Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n) : rows.length
  return { total, rows }
}

export async function giftSummary(db: Db, schoolId: number, userId: number) {
  const r = await paidGifts(db, schoolId, userId)
    .select((eb) => [
      eb.fn.sum<number>(sql<number>`d.amount_fen - d.refunded_fen`).as('fen'),
      eb.fn.count<number>('d.items_id').distinct().as('items')
    ])
    .executeTakeFirstOrThrow()
  return { fen: Number(r.fen ?? 0), items: Number(r.items ?? 0) }
}

/** Joint donations the user launched (not cancelled). */
export function launchedBy(db: Db, schoolId: number, userId: number) {
  return db
    .selectFrom('together_donation')
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('status', 'not in', ['cancelled', 'deleted'])
}

/** Joint donations someone else launched in which the user has a paid gift. */
export function joinedBy(db: Db, schoolId: number, userId: number) {
  return db
    .selectFrom('together_donation as t')
    .where('t.school_id', '=', schoolId)
    .where((eb) => eb.or([eb('t.user_id', 'is', null), eb('t.user_id', '!=', userId)]))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('donation as d')
          .select('d.id')
          .whereRef('d.together_id', '=', 't.id')
          .where('d.school_id', '=', schoolId)
          .where('d.user_id', '=', userId)
          .where('d.status', '=', 'paid')
      )
    )
}

/** Distinct other donors with a paid gift in the user's joint donations ('friends who joined'). */
export async function friendsJoined(db: Db, schoolId: number, userId: number): Promise<number> {
  const r = await db
    .selectFrom('donation as d')
    .innerJoin('together_donation as t', 't.id', 'd.together_id')
    .select((eb) => eb.fn.count<number>('d.user_id').distinct().as('n'))
    .where('d.school_id', '=', schoolId)
    .where('t.school_id', '=', schoolId)
    .where('t.user_id', '=', userId)
    .where('t.status', 'not in', ['cancelled', 'deleted'])
    .where('d.status', '=', 'paid')
    .where('d.user_id', 'is not', null)
    .where('d.user_id', '!=', userId)
    .executeTakeFirstOrThrow()
  return Number(r.n ?? 0)
}

export const countLaunched = (db: Db, schoolId: number, userId: number) =>
  launchedBy(db, schoolId, userId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()

export const countJoined = (db: Db, schoolId: number, userId: number) =>
  joinedBy(db, schoolId, userId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()

/** A page of the ids of the joint donations the caller launched, newest first, and how many there are. */
export function launchedPage(db: Db, schoolId: number, userId: number, limit: number, offset: number) {
  const base = launchedBy(db, schoolId, userId)
  return Promise.all([
    base.select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  ])
}

/** A page of the ids of the joint donations the caller gave to, newest first, and how many there are. */
export function joinedPage(db: Db, schoolId: number, userId: number, limit: number, offset: number) {
  const base = joinedBy(db, schoolId, userId)
  return Promise.all([
    base.select('t.id').orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  ])
}

/** Joint donations with their project's name and state, newest first. */
export const togetherRows = (db: Db, schoolId: number, ids: number[]) =>
  db
    .selectFrom('together_donation as t')
    .innerJoin('project as p', 'p.id', 't.items_id')
    .select([
      't.id',
      't.items_id',
      't.avatar',
      't.sponsor',
      't.slogan',
      't.target_fen',
      't.is_target',
      't.created_at',
      'p.name as items_name',
      'p.texts as items_texts',
      'p.material_name',
      'p.material_unit',
      'p.is_donate',
      'p.is_complete',
      'p.no_reason'
    ])
    .where('t.school_id', '=', schoolId)
    .where('t.id', 'in', ids)
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .execute()

/** An avatar URL issued to this donor by an upload (only such a URL may become their avatar). */
export const issuedAvatar = (db: Db, schoolId: number, userId: number, url: string) =>
  db
    .selectFrom('uploaded_file')
    .select('url')
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('kind', '=', 'avatar')
    .where('url', '=', url)
    .executeTakeFirst()

export async function updateProfile(
  db: Db,
  schoolId: number,
  userId: number,
  set: { nickname?: string; pending_nickname?: string; avatar?: string; pending_avatar?: string }
): Promise<void> {
  await db.updateTable('app_user').set(set).where('school_id', '=', schoolId).where('id', '=', userId).execute()
}
