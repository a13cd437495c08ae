/** Awards and who earned them (award, award_record, migration 011), and the facts a rule reads. Every tenant query
 *  filters by school. */
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely'
import { prepared } from '../../db/prepared'
import type { AwardRecordTable, AwardTable, DB } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

export const hasAnyAward = (db: Db, schoolId: number) =>
  db.selectFrom('award').select('id').where('school_id', '=', schoolId).limit(1).executeTakeFirst()

/** Inserts awards; one whose code the school already has is left as it is. */
export async function insertAwardsOnce(db: Db, rows: Insertable<AwardTable>[]): Promise<void> {
  await db
    .insertInto('award')
    .values(rows)
    .onConflict((oc) => oc.columns(['school_id', 'code']).doNothing())
    .execute()
}

export const allAwards = (db: Db, schoolId: number) => db.selectFrom('award').selectAll().where('school_id', '=', schoolId).execute()

export const enabledAwardRows = (db: Db, schoolId: number) =>
  db.selectFrom('award').selectAll().where('school_id', '=', schoolId).where('enabled', '=', 1).execute()

/** The school's enabled awards in display order. */
export const enabledAwards = (db: Db, schoolId: number) =>
  db.selectFrom('award').selectAll().where('school_id', '=', schoolId).where('enabled', '=', 1).orderBy('sort_no').orderBy('id').execute()

export const enabledAward = (db: Db, schoolId: number, awardId: number) =>
  db.selectFrom('award').selectAll().where('school_id', '=', schoolId).where('id', '=', awardId).where('enabled', '=', 1).executeTakeFirst()

// every paid gift evaluates its donor: these statements are compiled once (db/prepared.ts)
// a refund takes its money off the gift (docs/decisions/032-refunds.md); a fully refunded gift is no longer 'paid'
export const paidGiftsOf = prepared((db, $) =>
  db
    .selectFrom('donation')
    .select(['id', 'paid_at'])
    .select(sql<number>`amount_fen - refunded_fen`.as('amount_fen'))
    .where('school_id', '=', $(0))
    .where('user_id', '=', $(1))
    .where('status', '=', 'paid')
)
export const launchesOf = prepared((db, $) =>
  db
    .selectFrom('together_donation')
    .select(['id', 'created_at'])
    .where('school_id', '=', $(0))
    .where('user_id', '=', $(1))
    .where('status', 'not in', ['cancelled', 'deleted'])
)
export const heldAwards = prepared((db, $) =>
  db.selectFrom('award_record').select('award_id').where('school_id', '=', $(0)).where('user_id', '=', $(1))
)
export const launcherOfGift = prepared((db, $) =>
  db
    .selectFrom('donation')
    .innerJoin('together_donation', 'together_donation.id', 'donation.together_id')
    .select(['together_donation.user_id as launcherId', 'together_donation.id as togetherId'])
    .where('donation.school_id', '=', $(0))
    .where('donation.id', '=', $(1))
)

/** Friends' paid gifts into the given joint donations (not the launcher's own). */
export const friendGiftsInto = (db: Db, schoolId: number, userId: number, togetherIds: number[]) =>
  db
    .selectFrom('donation')
    .select(['user_id', 'paid_at'])
    .where('school_id', '=', schoolId)
    .where('status', '=', 'paid')
    .where('together_id', 'in', togetherIds)
    .where('user_id', 'is not', null)
    .where('user_id', '!=', userId)
    .execute()

export const giftPaidAt = (db: Db, donationId: number) =>
  db.selectFrom('donation').select(['paid_at', 'user_id']).where('id', '=', donationId).executeTakeFirst()

/** Records an earned award once (unique award_id + user_id): true when this call recorded it. */
export async function recordAward(db: Db, row: Insertable<AwardRecordTable>): Promise<boolean> {
  const r = await db
    .insertInto('award_record')
    .values(row)
    .onConflict((oc) => oc.columns(['award_id', 'user_id']).doNothing())
    .executeTakeFirst()
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1
}

export const awardRecordsOf = (db: Db, schoolId: number, userId: number) =>
  db.selectFrom('award_record').select(['id', 'award_id']).where('school_id', '=', schoolId).where('user_id', '=', userId).execute()

export async function deleteAwardRecord(db: Db, id: number): Promise<void> {
  await db.deleteFrom('award_record').where('id', '=', id).execute()
}

/** The caller's records of these awards. */
export const earnedOf = (db: Db, schoolId: number, userId: number, awardIds: number[]) =>
  db
    .selectFrom('award_record')
    .select(['id', 'award_id', 'earned_at'])
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('award_id', 'in', awardIds)
    .execute()

/** How many hold each of these awards. */
export const holderCounts = (db: Db, schoolId: number, awardIds: number[]) =>
  db
    .selectFrom('award_record')
    .select((eb) => ['award_id', eb.fn.countAll<number>().as('n')])
    .where('school_id', '=', schoolId)
    .where('award_id', 'in', awardIds)
    .groupBy('award_id')
    .execute()

/** Earlier earners of an award than this record, ties broken by record id. */
export async function earnedBefore(db: Db, awardId: number, rec: { id: number; earned_at: string }): Promise<number> {
  const ahead = await db
    .selectFrom('award_record')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('award_id', '=', awardId)
    .where((eb) => eb.or([eb('earned_at', '<', rec.earned_at), eb.and([eb('earned_at', '=', rec.earned_at), eb('id', '<', rec.id)])]))
    .executeTakeFirstOrThrow()
  return Number(ahead.n)
}
