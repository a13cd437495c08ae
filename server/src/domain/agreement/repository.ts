/** Agreement rows (migration 015). Every query filters by school and, for a donor's call, by the caller. */
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely'
import type { AgreementKind, AgreementTable, DB } from '../../db/schema'
import { AGREEMENT_GENERATED, AGREEMENT_SIGNED } from './tables'

type Db = Kysely<DB> | Transaction<DB>

export type AgreementRow = Awaited<ReturnType<typeof findOwn>> & object

export function findOwn(db: Db, schoolId: number, userId: number, id: number) {
  return db
    .selectFrom('agreement')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst()
}

/** The caller's agreement whose unsigned, signed or countersigned file is `url` (a path as issued, "/files/agreements/…"). */
export function findOwnByUrl(db: Db, schoolId: number, userId: number, url: string, kind?: AgreementKind) {
  let q = db
    .selectFrom('agreement')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('unsigned_url', '=', url),
        eb.and([eb('signed_url', '=', url), eb('signed_url', '<>', '')]),
        eb.and([eb('mutual_url', '=', url), eb('mutual_url', '<>', '')])
      ])
    )
  if (kind) q = q.where('kind', '=', kind)
  return q.executeTakeFirst()
}

export function findSignedByUrl(db: Db, schoolId: number, userId: number, url: string) {
  return db
    .selectFrom('agreement')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('status', '=', AGREEMENT_SIGNED)
    .where('signed_url', '=', url)
    .where('signed_url', '<>', '')
    .executeTakeFirst()
}

export function listOwn(db: Db, schoolId: number, userId: number, kind: AgreementKind) {
  return db
    .selectFrom('agreement')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

/**
 * Claims a signed agreement for an order, in the order's transaction: one conditional UPDATE that wins only while the
 * agreement is unclaimed or its order was cancelled or expired (docs/decisions/032). Two orders racing for one
 * agreement end with one winner on SQLite (one writer) and PostgreSQL (the second waits for the row and finds it
 * claimed by an order its statement cannot see closed). True when this order holds it now.
 */
export async function claimForOrder(db: Db, schoolId: number, agreementId: number, donationId: number): Promise<boolean> {
  const r = await db
    .updateTable('agreement')
    .set({ donation_id: donationId })
    .where('school_id', '=', schoolId)
    .where('id', '=', agreementId)
    .where('status', '=', AGREEMENT_SIGNED)
    .where((eb) =>
      eb.or([
        eb('donation_id', 'is', null),
        eb.exists(
          eb
            .selectFrom('donation as d')
            .select('d.id')
            .whereRef('d.id', '=', 'agreement.donation_id')
            .where('d.status', 'in', ['cancelled', 'expired'])
        )
      ])
    )
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

/** The school's open donation projects a large gift can be signed for. */
export const openDonationProjects = (db: Db, schoolId: number) =>
  db
    .selectFrom('project')
    .select(['id', 'name'])
    .where('school_id', '=', schoolId)
    .where('items_type', '=', 1)
    .where('is_complete', '=', 0)
    .orderBy('sort_no')
    .orderBy('id')
    .execute()

export const projectOf = (db: Db, schoolId: number, id: number) =>
  db
    .selectFrom('project')
    .select(['id', 'name', 'items_type', 'is_complete'])
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .executeTakeFirst()

export const schoolNameAndCode = (db: Db, schoolId: number) =>
  db.selectFrom('school').select(['name', 'code']).where('id', '=', schoolId).executeTakeFirstOrThrow()

export async function insertAgreement(db: Db, row: Insertable<AgreementTable>): Promise<number> {
  const r = await db.insertInto('agreement').values(row).returning('id').executeTakeFirstOrThrow()
  return Number(r.id)
}

export const findAgreement = (db: Db, schoolId: number, id: number) =>
  db.selectFrom('agreement').selectAll().where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst()

/** The end of a render (ready with its files, or failed with the reason), only while it is still rendering. */
export const finishRendering = (
  db: Db,
  schoolId: number,
  id: number,
  set: Pick<Updateable<AgreementTable>, 'unsigned_url' | 'unsigned_pages' | 'render_state' | 'render_error'>
) =>
  db
    .updateTable('agreement')
    .set(set)
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .where('render_state', '=', 'rendering')
    .executeTakeFirst()

/** A failed agreement of the caller back to rendering (only a failed one). */
export const renderAgain = (db: Db, schoolId: number, userId: number, id: number) =>
  db
    .updateTable('agreement')
    .set({ render_state: 'rendering', render_error: '' })
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('render_state', '=', 'failed')
    .executeTakeFirst()

/** The caller's signature, once: only a generated, rendered agreement of theirs becomes signed. */
export const markSigned = (
  db: Db,
  schoolId: number,
  userId: number,
  id: number,
  set: { signed_url: string; signed_pages: string; signed_at: string }
) =>
  db
    .updateTable('agreement')
    .set({ status: AGREEMENT_SIGNED, ...set })
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('status', '=', AGREEMENT_GENERATED)
    .where('render_state', '=', 'ready')
    .executeTakeFirst()
