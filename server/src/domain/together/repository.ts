/** Joint donation rows (together_donation, migration 003 + 016). Every query filters by school. */
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

export const findTogether = (db: Db, schoolId: number, id: number) =>
  db.selectFrom('together_donation').selectAll().where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst()

export async function insertTogether(
  db: Db,
  row: {
    school_id: number
    items_id: number
    user_id: number
    sponsor: string
    avatar: string
    slogan: string
    is_target: number
    target_fen: number
    created_at: string
    content_state: string
  }
): Promise<number> {
  const r = await db
    .insertInto('together_donation')
    .values({ ...row, status: 'active', gift_count: 0 })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(r.id)
}

/**
 * The donor's launches at the school: `open` = still active with no gift counted yet, `today` = launched after
 * `sinceIso` whatever became of them (a cancelled launch still counts toward the day).
 */
export async function launchCounts(db: Db, schoolId: number, userId: number, sinceIso: string): Promise<{ open: number; today: number }> {
  const r = await db
    .selectFrom('together_donation')
    .select((eb) => [
      eb.fn
        .sum<number | string | null>(
          eb
            .case()
            .when(eb.and([eb('status', '=', 'active'), eb('gift_count', '=', 0)]))
            .then(1)
            .else(0)
            .end()
        )
        .as('open'),
      eb.fn.sum<number | string | null>(eb.case().when('created_at', '>', sinceIso).then(1).else(0).end()).as('today')
    ])
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return { open: Number(r.open ?? 0), today: Number(r.today ?? 0) }
}

/**
 * Cancels a joint donation if it is still the sponsor's, still active and nothing was raised. One conditional UPDATE:
 * gift_count is raised in the paying transaction (on-paid.ts) on this same row, so a gift paying at this moment either
 * committed first (gift_count > 0: no row updated) or waits for this cancel and then finds the row cancelled. The
 * NOT EXISTS covers gifts recorded without the counter (rows seeded or imported as paid).
 */
export async function cancelIfEmpty(db: Db, schoolId: number, userId: number, id: number, now: string): Promise<boolean> {
  const r = await db
    .updateTable('together_donation')
    .set({ status: 'cancelled', cancelled_at: now })
    .where('id', '=', id)
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .where('gift_count', '=', 0)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('donation as d')
            .select('d.id')
            .where('d.school_id', '=', schoolId)
            .where('d.together_id', '=', id)
            .where('d.status', '=', 'paid')
        )
      )
    )
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

/** Called inside the paid transition only: counts the gift if its joint donation is still active. */
export async function countGift(trx: Transaction<DB>, schoolId: number, id: number): Promise<boolean> {
  const r = await trx
    .updateTable('together_donation')
    .set((eb) => ({ gift_count: eb('gift_count', '+', 1) }))
    .where('id', '=', id)
    .where('school_id', '=', schoolId)
    .where('status', '=', 'active')
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

/** The school's online-giving switch and the text shown instead (a joint donation is given to online only). */
export const onlineGivingSwitch = (db: Db, schoolId: number) =>
  db
    .selectFrom('school_setting')
    .select(['disable_online_donation', 'offline_contact_info', 'texts'])
    .where('school_id', '=', schoolId)
    .executeTakeFirst()

/** What a launch page and a new joint donation show of its sponsor. */
export const sponsorProfile = (db: Db, schoolId: number, userId: number) =>
  db
    .selectFrom('app_user')
    .select(['name', 'nickname', 'avatar'])
    .where('school_id', '=', schoolId)
    .where('id', '=', userId)
    .executeTakeFirst()
