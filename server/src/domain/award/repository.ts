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

/** One row of heldAndFacts: an award held ('h', id = award_id), a paid gift ('g') or a joint donation launched ('l'). */
export interface HeldOrFact {
  kind: 'h' | 'g' | 'l'
  id: number
  at: string | null
  fen: number | null
}

/**
 * The awards a user holds and the facts their rules read, in one statement (docs/decisions/076: every paid gift
 * evaluates its donor inside the paid transaction, and on PostgreSQL each statement is a round trip).
 * args: [schoolId, userId, ...giftAwardIds, ...launchAwardIds], shape `${giftAwardIds.length}:${launchAwardIds.length}`:
 * the enabled awards whose rules read the paid gifts, and those that read the joint donations launched. The gifts
 * are read only while the user does not hold every one of the former, the launches only while not every one of the
 * latter (the unique award_id + user_id makes the count the number held): a donor holding every gift award is not
 * read their whole giving history at each gift, as when held was read first.
 */
export const heldAndFacts = prepared<HeldOrFact>((db, $, shape) => {
  const [nGift, nLaunch] = String(shape).split(':').map(Number)
  const slots = (from: number, n: number): number[] => Array.from({ length: n }, (_, i) => $(from + i))
  const notAllHeld = (ids: number[]) =>
    sql<boolean>`(${db
      .selectFrom('award_record')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('school_id', '=', $(0))
      .where('user_id', '=', $(1))
      .where('award_id', 'in', ids)}) < ${sql.lit(ids.length)}`
  let q = db
    .selectFrom('award_record')
    .select([sql<'h' | 'g' | 'l'>`'h'`.as('kind'), 'award_id as id', sql<string | null>`null`.as('at'), sql<number | null>`null`.as('fen')])
    .where('school_id', '=', $(0))
    .where('user_id', '=', $(1))
  if (nGift > 0)
    q = q.unionAll(
      db
        .selectFrom('donation')
        // a refund takes its money off the gift (as paidGiftsOf)
        .select([sql<'h' | 'g' | 'l'>`'g'`.as('kind'), 'id', 'paid_at as at', sql<number | null>`amount_fen - refunded_fen`.as('fen')])
        .where('school_id', '=', $(0))
        .where('user_id', '=', $(1))
        .where('status', '=', 'paid')
        .where(notAllHeld(slots(2, nGift)))
    )
  if (nLaunch > 0)
    q = q.unionAll(
      db
        .selectFrom('together_donation')
        .select([sql<'h' | 'g' | 'l'>`'l'`.as('kind'), 'id', 'created_at as at', sql<number | null>`null`.as('fen')])
        .where('school_id', '=', $(0))
        .where('user_id', '=', $(1))
        .where('status', 'not in', ['cancelled', 'deleted'])
        .where(notAllHeld(slots(2 + nGift, nLaunch)))
    )
  return q
})
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
