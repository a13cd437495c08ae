/**
 * Giving days' SQL (docs/decisions/070-giving-days.md). Every function takes the school id first (decision 004).
 * The counters (a match's used_fen, a challenge's donors and raised_fen and its unlock) move only by single guarded
 * UPDATEs whose WHERE clause carries the rule, so that on SQLite and PostgreSQL alike the row count or RETURNING value
 * says what this transaction did: never a value read first and written back.
 */
import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely'
import type { DB, GivingDayChallengeTable, GivingDayMatchTable, GivingDayTable } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

// ---- the paid path

/** Giving days open at `at` (starts_at <= at < ends_at). */
export const daysOpenAt = (db: Db, schoolId: number, at: string) =>
  db
    .selectFrom('giving_day')
    .select(['id', 'projects'])
    .where('school_id', '=', schoolId)
    .where('starts_at', '<=', at)
    .where('ends_at', '>', at)
    .orderBy('id')
    .execute()

/** Giving days whose window meets [from, to): an offline gift's Beijing day (docs/decisions/088-offline-gifts-in-giving-days.md). */
export const daysMeeting = (db: Db, schoolId: number, from: string, to: string) =>
  db
    .selectFrom('giving_day')
    .select(['id', 'projects', 'starts_at', 'ends_at'])
    .where('school_id', '=', schoolId)
    .where('starts_at', '<', to)
    .where('ends_at', '>', from)
    .orderBy('id')
    .execute()

/** What a giving day needs of a paid order: project, donor, amount, the form's answers and the ambassador code it
 *  was made with (decision 075), in one statement. */
export const paidOrder = (db: Db, schoolId: number, donationId: number) =>
  db
    .selectFrom('donation as d')
    .leftJoin('donation_submission as s', 's.donation_id', 'd.id')
    .leftJoin('giving_day_referral as r', (j) => j.onRef('r.donation_id', '=', 'd.id').on('r.school_id', '=', schoolId))
    .leftJoin('giving_day_ambassador as a', (j) => j.onRef('a.id', '=', 'r.ambassador_id').on('a.school_id', '=', schoolId))
    .select([
      'd.id',
      'd.items_id',
      'd.user_id',
      'd.amount_fen',
      'd.refunded_fen',
      's.form_data',
      's.form_id',
      'a.id as ambassador_id',
      'a.giving_day_id as ambassador_day_id',
      'a.user_id as ambassador_user_id'
    ])
    .where('d.id', '=', donationId)
    .where('d.school_id', '=', schoolId)
    .executeTakeFirst()

/** The donor's profile as they gave it (decision 075): the answers of their newest earlier paid gifts, newest first. */
export const earlierAnswers = (db: Db, schoolId: number, userId: number, donationId: number, limit: number) =>
  db
    .selectFrom('donation as d')
    .innerJoin('donation_submission as s', 's.donation_id', 'd.id')
    .select(['s.form_data', 's.form_id'])
    .where('d.school_id', '=', schoolId)
    .where('d.user_id', '=', userId)
    .where('d.status', '=', 'paid')
    .where('d.id', '!=', donationId)
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute()

/** The gift counts in the day; false when it already does (the unique key: once per order). */
export async function insertGift(
  db: Db,
  schoolId: number,
  g: {
    dayId: number
    donationId: number
    donorKey: string
    classYear: string
    college: string
    region: string
    ambassadorId: number | null
    paidAt: string
  }
): Promise<boolean> {
  const r = await db
    .insertInto('giving_day_gift')
    .values({
      school_id: schoolId,
      giving_day_id: g.dayId,
      donation_id: g.donationId,
      donor_key: g.donorKey,
      class_year: g.classYear,
      college: g.college,
      region: g.region,
      ambassador_id: g.ambassadorId,
      paid_at: g.paidAt
    })
    .onConflict((oc) => oc.columns(['giving_day_id', 'donation_id']).doNothing())
    .executeTakeFirst()
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1
}

/** The open matches of these days, by id: every transaction (paid or refund) takes match rows in id order, so two of
 *  them never wait on each other's rows crosswise on PostgreSQL. */
export const matchesOpenAt = (db: Db, schoolId: number, dayIds: number[], at: string) =>
  db
    .selectFrom('giving_day_match')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('giving_day_id', 'in', dayIds)
    .where('starts_at', '<=', at)
    .where('ends_at', '>', at)
    .orderBy('id')
    .execute()

/** The open challenges of these days, by id (as matchesOpenAt). */
export const challengesOpenAt = (db: Db, schoolId: number, dayIds: number[], at: string) =>
  db
    .selectFrom('giving_day_challenge')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('giving_day_id', 'in', dayIds)
    .where('starts_at', '<=', at)
    .where('ends_at', '>', at)
    .orderBy('id')
    .execute()

/** The donor counts once for a per-donor match or a donor challenge; false when they already did. */
export async function markDonor(
  db: Db,
  schoolId: number,
  scope: 'match' | 'challenge',
  refId: number,
  donorKey: string,
  donationId: number
) {
  const r = await db
    .insertInto('giving_day_donor')
    .values({ school_id: schoolId, scope, ref_id: refId, donor_key: donorKey, donation_id: donationId })
    .onConflict((oc) => oc.columns(['scope', 'ref_id', 'donor_key']).doNothing())
    .executeTakeFirst()
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1
}

/** The most of an offline gift's amount a challenge has counted so far, or null when it has counted none of it. */
export async function challengeShare(db: Db, schoolId: number, challengeId: number, donationId: number): Promise<number | null> {
  const r = await db
    .selectFrom('giving_day_challenge_share')
    .select('counted_fen')
    .where('school_id', '=', schoolId)
    .where('challenge_id', '=', challengeId)
    .where('donation_id', '=', donationId)
    .executeTakeFirst()
  return r ? Number(r.counted_fen) : null
}

/** Records that a challenge has now counted `countedFen` of an offline gift (the caller passes the most counted). */
export const recordChallengeShare = (db: Db, schoolId: number, challengeId: number, donationId: number, countedFen: number) =>
  db
    .insertInto('giving_day_challenge_share')
    .values({ school_id: schoolId, challenge_id: challengeId, donation_id: donationId, counted_fen: countedFen })
    .onConflict((oc) => oc.columns(['challenge_id', 'donation_id']).doUpdateSet({ counted_fen: countedFen }))
    .execute()

/** A per-donor mark given up (the gift that earned it was refunded in full): the donor's next gift may earn it. */
export const unmarkDonor = (db: Db, schoolId: number, scope: 'match', refId: number, donationId: number) =>
  db
    .deleteFrom('giving_day_donor')
    .where('school_id', '=', schoolId)
    .where('scope', '=', scope)
    .where('ref_id', '=', refId)
    .where('donation_id', '=', donationId)
    .execute()

/**
 * Takes up to `want` fen from a match, never past its cap: the whole amount by one guarded UPDATE (used + want <=
 * cap), else what remains by a compare-and-set on the used amount just read (used = seen), repeated while another
 * transaction moves it first. On PostgreSQL the UPDATE waits for a concurrent one's commit and re-checks its WHERE on
 * the new row, so two gifts can never both take the last fen. Returns the fen taken (0 when the match is spent).
 */
export async function takeFromMatch(db: Db, schoolId: number, matchId: number, want: number): Promise<number> {
  if (want <= 0) return 0
  const whole = await db
    .updateTable('giving_day_match')
    .set((eb) => ({ used_fen: eb('used_fen', '+', want) }))
    .where('id', '=', matchId)
    .where('school_id', '=', schoolId)
    .where(sql<boolean>`used_fen + ${want} <= cap_fen`)
    .executeTakeFirst()
  if (Number(whole.numUpdatedRows) === 1) return want
  for (;;) {
    const m = await db
      .selectFrom('giving_day_match')
      .select(['used_fen', 'cap_fen'])
      .where('id', '=', matchId)
      .where('school_id', '=', schoolId)
      .executeTakeFirstOrThrow()
    const seen = Number(m.used_fen)
    const part = Math.min(want, Number(m.cap_fen) - seen)
    if (part <= 0) return 0
    const r = await db
      .updateTable('giving_day_match')
      .set({ used_fen: seen + part })
      .where('id', '=', matchId)
      .where('school_id', '=', schoolId)
      .where('used_fen', '=', seen)
      .executeTakeFirst()
    if (Number(r.numUpdatedRows) === 1) return part
  }
}

/** What the match gave this order: once per (order, match); a second insert is a bug and rolls the payment back. */
export async function insertMatchRecord(
  db: Db,
  schoolId: number,
  r: { dayId: number; matchId: number; donationId: number; fen: number; at: string }
): Promise<void> {
  const ins = await db
    .insertInto('giving_day_match_record')
    .values({
      school_id: schoolId,
      giving_day_id: r.dayId,
      match_id: r.matchId,
      donation_id: r.donationId,
      matched_fen: r.fen,
      created_at: r.at
    })
    .onConflict((oc) => oc.columns(['donation_id', 'match_id']).doNothing())
    .executeTakeFirst()
  if (Number(ins.numInsertedOrUpdatedRows ?? 0) !== 1) throw new Error(`match ${r.matchId} already applied to order ${r.donationId}`)
}

/** Raises a challenge's counters and answers them as they are after this gift (RETURNING: the row this UPDATE wrote). */
export const countTowardChallenge = (db: Db, schoolId: number, challengeId: number, donors: number, fen: number) =>
  db
    .updateTable('giving_day_challenge')
    .set((eb) => ({ donors: eb('donors', '+', donors), raised_fen: eb('raised_fen', '+', fen) }))
    .where('id', '=', challengeId)
    .where('school_id', '=', schoolId)
    .returning(['donors', 'raised_fen', 'target', 'kind', 'unlocked_at'])
    .executeTakeFirstOrThrow()

/** The unlock, written once: only while no gift has written it. */
export async function unlockChallenge(db: Db, schoolId: number, challengeId: number, at: string, donationId: number): Promise<boolean> {
  const r = await db
    .updateTable('giving_day_challenge')
    .set({ unlocked_at: at, unlocked_donation_id: donationId })
    .where('id', '=', challengeId)
    .where('school_id', '=', schoolId)
    .where('unlocked_at', 'is', null)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

// ---- offline gifts (docs/decisions/088-offline-gifts-in-giving-days.md)

/** The days a gift counts in (its gift rows), by day id. */
export const giftDaysOfDonation = (db: Db, schoolId: number, donationId: number) =>
  db
    .selectFrom('giving_day_gift')
    .select('giving_day_id')
    .where('school_id', '=', schoolId)
    .where('donation_id', '=', donationId)
    .orderBy('giving_day_id')
    .execute()

/** The titles of the days a gift counts in, by day id (the console's line after an offline gift is saved). */
export const dayTitlesOfDonation = (db: Db, schoolId: number, donationId: number) =>
  db
    .selectFrom('giving_day_gift as g')
    .innerJoin('giving_day as d', (j) => j.onRef('d.id', '=', 'g.giving_day_id').on('d.school_id', '=', schoolId))
    .select('d.title')
    .where('g.school_id', '=', schoolId)
    .where('g.donation_id', '=', donationId)
    .orderBy('d.id')
    .execute()

/** The gift leaves every day it counted in (a voided or corrected offline gift). */
export const deleteGiftsOfDonation = (db: Db, schoolId: number, donationId: number) =>
  db.deleteFrom('giving_day_gift').where('school_id', '=', schoolId).where('donation_id', '=', donationId).execute()

// ---- the refund path

export const matchRecordsOfOrder = (db: Db, schoolId: number, donationId: number) =>
  db
    .selectFrom('giving_day_match_record as r')
    .innerJoin('giving_day_match as m', 'm.id', 'r.match_id')
    .select(['r.id', 'r.match_id', 'r.matched_fen', 'r.returned_fen', 'm.kind', 'm.rate_fen'])
    .where('r.school_id', '=', schoolId)
    .where('r.donation_id', '=', donationId)
    .orderBy('r.match_id')
    .execute()

/** Gives `fen` of an order's match back to the match: both guarded, so nothing goes below zero. */
export async function giveBack(db: Db, schoolId: number, recordId: number, matchId: number, fen: number): Promise<void> {
  const rec = await db
    .updateTable('giving_day_match_record')
    .set((eb) => ({ matched_fen: eb('matched_fen', '-', fen), returned_fen: eb('returned_fen', '+', fen) }))
    .where('id', '=', recordId)
    .where('school_id', '=', schoolId)
    .where('matched_fen', '>=', fen)
    .executeTakeFirst()
  if (Number(rec.numUpdatedRows) !== 1) return
  await db
    .updateTable('giving_day_match')
    .set((eb) => ({ used_fen: eb('used_fen', '-', fen) }))
    .where('id', '=', matchId)
    .where('school_id', '=', schoolId)
    .where('used_fen', '>=', fen)
    .execute()
}

// ---- reads

export const findDay = (db: Db, schoolId: number, id: number) =>
  db.selectFrom('giving_day').selectAll().where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst()

export const listDays = (db: Db, schoolId: number) =>
  db.selectFrom('giving_day').selectAll().where('school_id', '=', schoolId).orderBy('starts_at', 'desc').orderBy('id', 'desc').execute()

export const matchesOf = (db: Db, schoolId: number, dayIds: number[]) =>
  dayIds.length
    ? db
        .selectFrom('giving_day_match')
        .selectAll()
        .where('school_id', '=', schoolId)
        .where('giving_day_id', 'in', dayIds)
        .orderBy('id')
        .execute()
    : Promise.resolve([])

export const challengesOf = (db: Db, schoolId: number, dayIds: number[]) =>
  dayIds.length
    ? db
        .selectFrom('giving_day_challenge')
        .selectAll()
        .where('school_id', '=', schoolId)
        .where('giving_day_id', 'in', dayIds)
        .orderBy('id')
        .execute()
    : Promise.resolve([])

/** Money (net of refunds) and distinct donors of the day's gifts that are still paid. */
export async function dayTotals(db: Db, schoolId: number, dayId: number) {
  const r = await db
    .selectFrom('giving_day_gift as g')
    .innerJoin('donation as d', 'd.id', 'g.donation_id')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>(sql<number>`d.amount_fen - d.refunded_fen`), sql<number>`0`).as('raised'),
      eb.fn.count<number>('g.donor_key').distinct().as('donors')
    ])
    .where('g.school_id', '=', schoolId)
    .where('g.giving_day_id', '=', dayId)
    .where('d.status', '=', 'paid')
    .executeTakeFirstOrThrow()
  return { raisedFen: Number(r.raised), donors: Number(r.donors) }
}

/** A board: money (net) and distinct donors per class year, college or region (decision 075), gifts without one
 *  left out. Every group is answered (a day has tens of class years and colleges, a few dozen regions); the service
 *  sorts them both ways and keeps the top of each. */
export const groupBoard = (db: Db, schoolId: number, dayId: number, column: 'class_year' | 'college' | 'region') =>
  db
    .selectFrom('giving_day_gift as g')
    .innerJoin('donation as d', 'd.id', 'g.donation_id')
    .select((eb) => [
      eb.ref(`g.${column}`).as('name'),
      eb.fn.sum<number>(sql<number>`d.amount_fen - d.refunded_fen`).as('raised'),
      eb.fn.count<number>('g.donor_key').distinct().as('donors')
    ])
    .where('g.school_id', '=', schoolId)
    .where('g.giving_day_id', '=', dayId)
    .where('d.status', '=', 'paid')
    .where(`g.${column}`, '!=', '')
    .groupBy(`g.${column}`)
    .execute()

/** The ambassador board (decision 075): per ambassador, the credited gifts still paid and their money net of refunds,
 *  by money then gifts; the ambassador's approved nickname for the name. */
export const ambassadorBoard = (db: Db, schoolId: number, dayId: number, limit: number) =>
  db
    .selectFrom('giving_day_gift as g')
    .innerJoin('donation as d', 'd.id', 'g.donation_id')
    .innerJoin('giving_day_ambassador as a', (j) => j.onRef('a.id', '=', 'g.ambassador_id').on('a.school_id', '=', schoolId))
    .leftJoin('app_user as u', (j) => j.onRef('u.id', '=', 'a.user_id').on('u.school_id', '=', schoolId))
    .select((eb) => [
      'a.id',
      eb.fn.max('u.nickname').as('nickname'),
      eb.fn.sum<number>(sql<number>`d.amount_fen - d.refunded_fen`).as('raised'),
      eb.fn.countAll<number>().as('gifts')
    ])
    .where('g.school_id', '=', schoolId)
    .where('g.giving_day_id', '=', dayId)
    .where('d.status', '=', 'paid')
    .groupBy('a.id')
    .orderBy(sql`sum(d.amount_fen - d.refunded_fen)`, 'desc')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('a.id')
    .limit(limit)
    .execute()

/** One ambassador's credited gifts still paid and their money (net). */
export async function ambassadorTotals(db: Db, schoolId: number, ambassadorId: number) {
  const r = await db
    .selectFrom('giving_day_gift as g')
    .innerJoin('donation as d', 'd.id', 'g.donation_id')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>(sql<number>`d.amount_fen - d.refunded_fen`), sql<number>`0`).as('raised'),
      eb.fn.countAll<number>().as('gifts')
    ])
    .where('g.school_id', '=', schoolId)
    .where('g.ambassador_id', '=', ambassadorId)
    .where('d.status', '=', 'paid')
    .executeTakeFirstOrThrow()
  return { raisedFen: Number(r.raised), gifts: Number(r.gifts) }
}

// ---- ambassadors (decision 075)

export const ambassadorOf = (db: Db, schoolId: number, dayId: number, userId: number) =>
  db
    .selectFrom('giving_day_ambassador')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('giving_day_id', '=', dayId)
    .where('user_id', '=', userId)
    .executeTakeFirst()

export const ambassadorByCode = (db: Db, schoolId: number, code: string) =>
  db.selectFrom('giving_day_ambassador').selectAll().where('school_id', '=', schoolId).where('code', '=', code).executeTakeFirst()

/** A day's ambassador by their code with their nickname, for their poster (decision 084 addendum); none for a code
 *  of another day. */
export const ambassadorOfDayByCode = (db: Db, schoolId: number, dayId: number, code: string) =>
  db
    .selectFrom('giving_day_ambassador as a')
    .leftJoin('app_user as u', (j) => j.onRef('u.id', '=', 'a.user_id').on('u.school_id', '=', schoolId))
    .select(['a.id', 'a.code', 'u.nickname'])
    .where('a.school_id', '=', schoolId)
    .where('a.giving_day_id', '=', dayId)
    .where('a.code', '=', code)
    .executeTakeFirst()

/** A new code for (day, user); nothing when either unique key is taken (the caller reads back, or draws again). */
export const insertAmbassador = (db: Db, schoolId: number, dayId: number, userId: number, code: string, at: string) =>
  db
    .insertInto('giving_day_ambassador')
    .values({ school_id: schoolId, giving_day_id: dayId, user_id: userId, code, created_at: at })
    .onConflict((oc) => oc.doNothing())
    .execute()

/** The code an order was made with: in the order's own transaction, once per order. */
export const insertReferral = (db: Db, schoolId: number, donationId: number, ambassadorId: number, at: string) =>
  db
    .insertInto('giving_day_referral')
    .values({ school_id: schoolId, donation_id: donationId, ambassador_id: ambassadorId, created_at: at })
    .execute()

/** What the matches gave this order, with each sponsor (the certificate's matched line, decision 075). */
export const matchedOfOrder = (db: Db, schoolId: number, donationId: number) =>
  db
    .selectFrom('giving_day_match_record as r')
    .innerJoin('giving_day_match as m', 'm.id', 'r.match_id')
    .select(['m.sponsor', 'r.matched_fen'])
    .where('r.school_id', '=', schoolId)
    .where('r.donation_id', '=', donationId)
    .where('r.matched_fen', '>', 0)
    .orderBy('r.match_id')
    .execute()

/** The newest paid gifts of the day, for the landing page's donor list (names shown by the school's rules). */
export const recentGifts = (db: Db, schoolId: number, dayId: number, limit: number) =>
  db
    .selectFrom('giving_day_gift as g')
    .innerJoin('donation as d', 'd.id', 'g.donation_id')
    .select(['d.donor_name', 'd.is_anonymous', 'd.amount_fen', 'd.refunded_fen', 'g.paid_at', 'g.class_year'])
    .where('g.school_id', '=', schoolId)
    .where('g.giving_day_id', '=', dayId)
    .where('d.status', '=', 'paid')
    .orderBy('g.paid_at', 'desc')
    .orderBy('g.id', 'desc')
    .limit(limit)
    .execute()

export const projectIdsOfSchool = (db: Db, schoolId: number, ids: number[]) =>
  ids.length
    ? db.selectFrom('project').select('id').where('school_id', '=', schoolId).where('id', 'in', ids).execute()
    : Promise.resolve([])

// ---- staff writes

export async function insertDay(db: Db, row: Insertable<GivingDayTable>): Promise<number> {
  const { id } = await db.insertInto('giving_day').values(row).returning('id').executeTakeFirstOrThrow()
  return Number(id)
}

export const updateDay = (db: Db, schoolId: number, id: number, set: Updateable<GivingDayTable>) =>
  db.updateTable('giving_day').set(set).where('school_id', '=', schoolId).where('id', '=', id).execute()

export async function insertMatch(db: Db, row: Insertable<GivingDayMatchTable>): Promise<number> {
  const { id } = await db.insertInto('giving_day_match').values(row).returning('id').executeTakeFirstOrThrow()
  return Number(id)
}

export const findMatch = (db: Db, schoolId: number, dayId: number, id: number) =>
  db
    .selectFrom('giving_day_match')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('giving_day_id', '=', dayId)
    .where('id', '=', id)
    .executeTakeFirst()

/** A staff change of a match; a new cap below what is already used is refused by the WHERE (false). */
export async function updateMatch(db: Db, schoolId: number, id: number, set: Updateable<GivingDayMatchTable>): Promise<boolean> {
  let q = db.updateTable('giving_day_match').set(set).where('school_id', '=', schoolId).where('id', '=', id)
  if (set.cap_fen !== undefined) q = q.where('used_fen', '<=', Number(set.cap_fen))
  const r = await q.executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

export async function insertChallenge(db: Db, row: Insertable<GivingDayChallengeTable>): Promise<number> {
  const { id } = await db.insertInto('giving_day_challenge').values(row).returning('id').executeTakeFirstOrThrow()
  return Number(id)
}

export const findChallenge = (db: Db, schoolId: number, dayId: number, id: number) =>
  db
    .selectFrom('giving_day_challenge')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('giving_day_id', '=', dayId)
    .where('id', '=', id)
    .executeTakeFirst()

export const updateChallenge = (db: Db, schoolId: number, id: number, set: Updateable<GivingDayChallengeTable>) =>
  db.updateTable('giving_day_challenge').set(set).where('school_id', '=', schoolId).where('id', '=', id).execute()

// ---- the landing page and the thank-you line (docs/decisions/074-giving-day-screens.md)

/** The day's projects to give to: the listed ones (any state, so a paused one still shows as paused), or the school's
 *  open projects by their order when the day lists none. */
export const landingProjects = (db: Db, schoolId: number, ids: number[], limit: number) => {
  const q = db
    .selectFrom('project')
    .select(['id', 'name', 'intro', 'no_reason', 'texts', 'thumbnail_img', 'is_donate', 'is_complete'])
    .where('school_id', '=', schoolId)
  return (ids.length ? q.where('id', 'in', ids) : q.where('is_donate', '=', 1).where('is_complete', '=', 0))
    .orderBy('sort_no', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}

/** An order by its bill number, with what opens it: its owner and state. */
export const orderOfBill = (db: Db, schoolId: number, billNo: string) =>
  db
    .selectFrom('donation')
    .select(['id', 'user_id', 'status', 'amount_fen', 'refunded_fen'])
    .where('school_id', '=', schoolId)
    .where('bill_no', '=', billNo)
    .executeTakeFirst()

/** Each match's share of one gift with its sponsor in both languages. */
export const matchSharesOfOrder = (db: Db, schoolId: number, donationId: number) =>
  db
    .selectFrom('giving_day_match_record as r')
    .innerJoin('giving_day_match as m', 'm.id', 'r.match_id')
    .select(['m.sponsor', 'm.sponsor_en', 'r.matched_fen'])
    .where('r.school_id', '=', schoolId)
    .where('r.donation_id', '=', donationId)
    .where('r.matched_fen', '>', 0)
    .orderBy('r.match_id')
    .execute()
