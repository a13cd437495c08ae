/**
 * Awards (docs/product §2 award?id, §3 Award, §9): earned when a rule of the foundation's table is met, recorded once per
 * user with the time the rule was completed; ranking is the holder's place in earning order, derived on read.
 *
 * The order flow calls recordGiftForAwards inside its pending -> paid transaction (domain/order/notifications.ts), so
 * an award appears with the payment that earned it and never without it. awardList/awardDetail re-evaluate the
 * caller too: a threshold the foundation lowers later is honoured at the caller's next look, with the time the rule
 * was actually met; that is also how launching a joint donation counts until a launch flow exists to call
 * evaluateUser in its own insert. Either way the evaluation is the same pure
 * function over the user's paid gifts and joint donations (evaluateRule), and insertion is idempotent (unique
 * award_id + user_id), so retries and races cannot duplicate or reorder a record.
 */
import type { Kysely, Selectable, Transaction } from 'kysely'
import type { Award, Lang } from '../../../../types'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import { toWireDate } from '../../lib/dates'
import { fenToYuan } from '../../lib/money'
import { invalidateSchoolCache, schoolAwards } from '../school/cache'
import { DEFAULT_AWARDS, awardPicture } from './defaults'
import * as repo from './repository'
import type { AwardTable } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>
type AwardRow = Selectable<AwardTable>

/** What a rule is evaluated on: the user's paid gifts, joint donations launched, friends' gifts into them. */
export interface AwardFacts {
  gifts: { id: number; at: string; fen: number }[]
  launches: { id: number; at: string }[]
  friendGifts: { userId: number; at: string }[]
}

/** in time order, each date parsed once (a donor's history can hold hundreds of gifts) */
function byTime<T extends { at: string }>(list: readonly T[]): T[] {
  return list
    .map((x) => ({ x, t: Date.parse(x.at) }))
    .sort((a, b) => a.t - b.t)
    .map((e) => e.x)
}

/**
 * When the rule was met (ISO), or null if it is not (yet). Each non-zero threshold has its own crossing time
 * (the Nth gift, the gift that took the total over, the Nth launch, the Nth distinct friend); the rule is met at
 * the latest of them. A rule with no threshold is never met.
 */
export function evaluateRule(
  rule: Pick<AwardRow, 'min_gift_count' | 'min_total_fen' | 'min_together_launched' | 'min_friends_joined'>,
  facts: AwardFacts
): string | null {
  const times: string[] = []
  const gifts = byTime(facts.gifts)
  if (rule.min_gift_count > 0) {
    if (gifts.length < rule.min_gift_count) return null
    times.push(gifts[rule.min_gift_count - 1].at)
  }
  if (rule.min_total_fen > 0) {
    let sum = 0
    const crossing = gifts.find((g) => (sum += g.fen) >= rule.min_total_fen)
    if (!crossing) return null
    times.push(crossing.at)
  }
  if (rule.min_together_launched > 0) {
    const launches = byTime(facts.launches)
    if (launches.length < rule.min_together_launched) return null
    times.push(launches[rule.min_together_launched - 1].at)
  }
  if (rule.min_friends_joined > 0) {
    const seen = new Set<number>()
    const crossing = byTime(facts.friendGifts).find((g) => (seen.add(g.userId), seen.size >= rule.min_friends_joined))
    if (!crossing) return null
    times.push(crossing.at)
  }
  if (!times.length) return null
  return new Date(Math.max(...times.map((t) => Date.parse(t)))).toISOString()
}

/** The five defaults, inserted once per school (idempotent; safe inside the payment transaction). */
export async function ensureDefaultAwards(db: Db, schoolId: number, now = new Date()): Promise<void> {
  // only a school without any award gets them: a default the foundation deleted stays deleted
  if (await repo.hasAnyAward(db, schoolId)) return
  await repo.insertAwardsOnce(
    db,
    DEFAULT_AWARDS.map((d, i) => ({
      school_id: schoolId,
      code: d.code,
      name: d.name,
      name_en: d.nameEn,
      picture: awardPicture(d.code),
      description: d.description,
      description_en: d.descriptionEn,
      sort_no: i + 1,
      min_gift_count: d.minGiftCount,
      min_total_fen: d.minTotalFen,
      min_together_launched: d.minTogetherLaunched,
      min_friends_joined: d.minFriendsJoined,
      enabled: 1,
      created_at: now.toISOString()
    }))
  )
  invalidateSchoolCache()
}

/** Which facts a set of rules reads: a fact no rule reads is not queried (awardFacts). */
export interface FactNeeds {
  gifts: boolean
  launches: boolean
  friendGifts: boolean
}
const ALL_FACTS: FactNeeds = { gifts: true, launches: true, friendGifts: true }

export function factsNeeded(
  rules: readonly Pick<AwardRow, 'min_gift_count' | 'min_total_fen' | 'min_together_launched' | 'min_friends_joined'>[]
): FactNeeds {
  return {
    gifts: rules.some((r) => r.min_gift_count > 0 || r.min_total_fen > 0),
    launches: rules.some((r) => r.min_together_launched > 0 || r.min_friends_joined > 0),
    friendGifts: rules.some((r) => r.min_friends_joined > 0)
  }
}

/**
 * The user's facts; with `needs`, only those the rules left to evaluate read (a facts list not needed is empty).
 * Every paid gift evaluates its donor, and a donor who already holds the gift awards would otherwise read their
 * whole giving history at each gift for rules that never look at it.
 */
export async function awardFacts(db: Db, schoolId: number, userId: number, needs: FactNeeds = ALL_FACTS): Promise<AwardFacts> {
  const gifts = needs.gifts ? await repo.paidGiftsOf.all(db, [schoolId, userId]) : []
  const launches = needs.launches || needs.friendGifts ? await repo.launchesOf.all(db, [schoolId, userId]) : []
  return {
    gifts: gifts.filter((g) => g.paid_at).map((g) => ({ id: g.id, at: g.paid_at!, fen: g.amount_fen })),
    launches: launches.map((l) => ({ id: l.id, at: l.created_at })),
    friendGifts: needs.friendGifts ? await friendGiftsOf(db, schoolId, userId, launches) : []
  }
}

/** Friends' paid gifts into the user's joint donations: a statement only when the user launched any. */
async function friendGiftsOf(db: Db, schoolId: number, userId: number, launches: readonly { id: number }[]) {
  if (!launches.length) return []
  const rows = await repo.friendGiftsInto(
    db,
    schoolId,
    userId,
    launches.map((l) => l.id)
  )
  return rows.filter((g) => g.paid_at && g.user_id).map((g) => ({ userId: g.user_id!, at: g.paid_at! }))
}

const readsGifts = (a: AwardRow) => a.min_gift_count > 0 || a.min_total_fen > 0
const readsLaunches = (a: AwardRow) => a.min_together_launched > 0 || a.min_friends_joined > 0

/**
 * The awards the user holds among `awards`, and the facts the ones not held read, in one statement
 * (repository.ts heldAndFacts; docs/decisions/076); friends' gifts are a second statement, only when a rule not
 * held reads them and the user launched joint donations. The facts are those awardFacts(factsNeeded(not held)) reads.
 */
export async function heldAwardsAndFacts(
  db: Db,
  schoolId: number,
  userId: number,
  awards: readonly AwardRow[],
  /** the rows heldAndFactsText's SQL returned inside a larger statement (the paid one: order/notifications.ts) */
  preread?: readonly repo.HeldOrFact[]
) {
  const { args, shape } = heldAndFactsArgs(schoolId, userId, awards)
  const rows = preread ?? (await repo.heldAndFacts.all(db, args, shape))
  const held = new Set<number>()
  const facts: AwardFacts = { gifts: [], launches: [], friendGifts: [] }
  for (const r of rows) {
    if (r.kind === 'h') held.add(Number(r.id))
    else if (r.kind === 'g') {
      if (r.at) facts.gifts.push({ id: Number(r.id), at: r.at, fen: Number(r.fen) })
    } else if (r.at) facts.launches.push({ id: Number(r.id), at: r.at })
  }
  const todo = awards.filter((a) => !held.has(a.id))
  if (factsNeeded(todo).friendGifts) facts.friendGifts = await friendGiftsOf(db, schoolId, userId, facts.launches)
  return { held, todo, facts }
}

function heldAndFactsArgs(schoolId: number, userId: number, awards: readonly AwardRow[]) {
  const giftIds = awards.filter(readsGifts).map((a) => a.id)
  const launchIds = awards.filter(readsLaunches).map((a) => a.id)
  return { args: [schoolId, userId, ...giftIds, ...launchIds], shape: `${giftIds.length}:${launchIds.length}` }
}

/**
 * heldAwardsAndFacts' one statement as SQL and parameters, for a caller that writes it inside its own statement (the
 * paid statement on PostgreSQL reads the donor's awards and facts with the transition: order/notifications.ts), and
 * hands its rows back through `PaidGift.heldAndFacts`. null when the school has no award rules cached or none enabled
 * (the caller then lets recordGiftForAwards read as usual).
 */
export async function donorAwardsText(
  db: Kysely<DB>,
  schoolId: number,
  userId: number
): Promise<{ sql: string; parameters: unknown[]; awards: AwardRow[] } | null> {
  const all = await schoolAwards(db, schoolId)
  const enabled = all?.filter((a) => a.enabled === 1) ?? []
  if (!enabled.length) return null
  const { args, shape } = heldAndFactsArgs(schoolId, userId, enabled)
  return { ...repo.heldAndFacts.text(db, args, shape), awards: enabled }
}

/** Records every enabled award the user now meets and does not hold; returns the codes newly recorded. */
export async function evaluateUser(
  db: Db,
  schoolId: number,
  userId: number,
  source: string,
  patch: (f: AwardFacts) => AwardFacts = (f) => f,
  /** the school's enabled awards when the caller has read them already (recordGiftForAwards) */
  enabledAwards?: AwardRow[],
  /** heldAndFacts' rows for these awards when the caller read them already (PaidGift.heldAndFacts) */
  preread?: readonly repo.HeldOrFact[]
): Promise<string[]> {
  const awards = enabledAwards ?? (await repo.enabledAwardRows(db, schoolId))
  if (!awards.length) return []
  const read = await heldAwardsAndFacts(db, schoolId, userId, awards, preread)
  const todo = read.todo
  if (!todo.length) return []
  const facts = patch(read.facts)
  const earned: string[] = []
  for (const a of todo) {
    const at = evaluateRule(a, facts)
    if (!at) continue
    if (await repo.recordAward(db, { school_id: schoolId, award_id: a.id, user_id: userId, earned_at: at, source: source.slice(0, 48) }))
      earned.push(a.code)
  }
  return earned
}

export interface PaidGift {
  schoolId: number
  userId: number | null
  donationId: number
  amountFen: number
  paidAt: string | Date
  /** the joint donation the gift went through (donation.together_id) when the caller has read it: null = none, and the
   *  launcher is not looked up; undefined = not known, read here */
  togetherId?: number | null
  /** the donor's held awards and facts as donorAwardsText's SQL read them inside the paid statement (its rows, `at`
   *  as an ISO instant), and the enabled awards that SQL was written for; undefined: read here */
  heldAndFacts?: { rows: readonly repo.HeldOrFact[]; awards: AwardRow[] }
}

/**
 * Call inside the transaction that moves the order pending -> paid (after the transition, with that transaction):
 *   await recordGiftForAwards(trx, { schoolId, userId: order.user_id, donationId: order.id, amountFen: order.amount_fen, paidAt: now, togetherId })
 * Evaluates the donor, and the launcher of the joint donation the gift went through (friends joined). Uses only
 * `db` (never the pool), so it cannot deadlock SQLite's single connection. Returns the award codes newly earned.
 */
export async function recordGiftForAwards(db: Db, g: PaidGift): Promise<{ donor: string[]; launcher: string[] }> {
  const paidAt = typeof g.paidAt === 'string' ? g.paidAt : g.paidAt.toISOString()
  // one read of the school's awards serves the defaults check and both evaluations (every paid gift runs this)
  let all = await schoolAwards(db, g.schoolId)
  if (!all) {
    await ensureDefaultAwards(db, g.schoolId, new Date(paidAt))
    all = await repo.allAwards(db, g.schoolId)
  }
  // the awards the paid statement read the donor's facts for, when it did (the same cache, read a moment before)
  const enabled = g.heldAndFacts?.awards ?? all.filter((a) => a.enabled === 1)
  // the gift counts even if the caller runs this before its own status update
  const withGift = (f: AwardFacts): AwardFacts =>
    f.gifts.some((x) => x.id === g.donationId) ? f : { ...f, gifts: [...f.gifts, { id: g.donationId, at: paidAt, fen: g.amountFen }] }
  const donor = g.userId
    ? await evaluateUser(db, g.schoolId, g.userId, `donation:${g.donationId}`, withGift, enabled, g.heldAndFacts?.rows)
    : []

  let launcher: string[] = []
  // a gift through no joint donation has no launcher to evaluate (the paid transaction knows: notifications.ts)
  const via = g.togetherId === null ? undefined : await repo.launcherOfGift.first(db, [g.schoolId, g.donationId])
  if (via?.launcherId && via.launcherId !== g.userId) {
    const friend = g.userId
    launcher = await evaluateUser(
      db,
      g.schoolId,
      via.launcherId,
      `donation:${g.donationId}`,
      (f) =>
        !friend || f.friendGifts.some((x) => x.userId === friend && x.at === paidAt)
          ? f
          : { ...f, friendGifts: [...f.friendGifts, { userId: friend, at: paidAt }] },
      enabled
    )
  }
  return { donor, launcher }
}

/**
 * After a refund of `donationId` succeeded (inside its transaction, once: domain/refund/settle.ts): the awards of the
 * donor, and of the launcher of the joint donation the gift went through, that the gift's refunded money had earned
 * are taken back. An award is taken back only when its rule is met with the gift as it was and no longer met
 * without the refunded money: an award earned under a threshold the foundation raised later is left alone.
 * Returns the codes taken back.
 */
export async function reviewAwardsAfterRefund(
  db: Db,
  r: { schoolId: number; userId: number | null; donationId: number; refundedFen: number; fullyRefunded: boolean }
): Promise<string[]> {
  const awards = await repo.allAwards(db, r.schoolId)
  if (!awards.length) return []
  const gift = await repo.giftPaidAt(db, r.donationId)
  const paidAt = gift?.paid_at ? new Date(gift.paid_at).toISOString() : null
  const revoked: string[] = []
  const review = async (userId: number, before: (now: AwardFacts) => AwardFacts) => {
    const held = await repo.awardRecordsOf(db, r.schoolId, userId)
    if (!held.length) return
    const now = await awardFacts(db, r.schoolId, userId)
    const was = before(now)
    for (const h of held) {
      const a = awards.find((x) => x.id === h.award_id)
      if (!a || evaluateRule(a, now) !== null || evaluateRule(a, was) === null) continue
      await repo.deleteAwardRecord(db, h.id)
      revoked.push(a.code)
    }
  }
  if (r.userId && paidAt) {
    await review(r.userId, (f) => {
      const others = f.gifts.filter((g) => g.id !== r.donationId)
      const mine = f.gifts.find((g) => g.id === r.donationId)
      return { ...f, gifts: [...others, { id: r.donationId, at: paidAt, fen: (mine?.fen ?? 0) + r.refundedFen }] }
    })
  }
  // friends joined: a fully refunded gift no longer counts as a friend's gift into the launcher's joint donation
  if (r.fullyRefunded && paidAt) {
    const via = await repo.launcherOfGift.first(db, [r.schoolId, r.donationId])
    if (via?.launcherId && via.launcherId !== r.userId && r.userId) {
      const friend = r.userId
      await review(via.launcherId, (f) => ({ ...f, friendGifts: [...f.friendGifts, { userId: friend, at: paidAt }] }))
    }
  }
  return revoked
}

function conditionText(a: AwardRow, lang: Lang): string {
  const zh = lang !== 'en'
  const parts: string[] = []
  if (a.min_gift_count)
    parts.push(zh ? `累计捐赠满${a.min_gift_count}次` : `${a.min_gift_count} gift${a.min_gift_count > 1 ? 's' : ''} or more`)
  if (a.min_total_fen)
    parts.push(zh ? `累计捐赠金额满${fenToYuan(a.min_total_fen)}元` : `¥${fenToYuan(a.min_total_fen)} or more given in total`)
  if (a.min_together_launched)
    parts.push(
      zh
        ? `发起一起捐${a.min_together_launched}次`
        : `${a.min_together_launched} joint donation${a.min_together_launched > 1 ? 's' : ''} launched`
    )
  if (a.min_friends_joined)
    parts.push(zh ? `${a.min_friends_joined}位好友参与您发起的一起捐` : `${a.min_friends_joined} friends joined your joint donations`)
  return parts.join(zh ? '，' : '; ')
}

async function toWire(db: Db, schoolId: number, userId: number, awards: AwardRow[], lang: Lang): Promise<Award[]> {
  if (!awards.length) return []
  const ids = awards.map((a) => a.id)
  const mine = await repo.earnedOf(db, schoolId, userId, ids)
  const holders = await repo.holderCounts(db, schoolId, ids)
  const out: Award[] = []
  for (const a of awards) {
    const rec = mine.find((m) => m.award_id === a.id)
    let ranking = 0
    if (rec) {
      // earlier earners, ties broken by record id
      ranking = (await repo.earnedBefore(db, a.id, rec)) + 1
    }
    out.push({
      id: a.id,
      name: lang === 'en' && a.name_en ? a.name_en : a.name,
      picture: a.picture,
      description: lang === 'en' && a.description_en ? a.description_en : a.description,
      condition: conditionText(a, lang),
      recordCount: rec ? 1 : 0,
      ranking,
      awardTime: rec ? toWireDate(rec.earned_at) : '',
      holderCount: Number(holders.find((h) => h.award_id === a.id)?.n ?? 0)
    })
  }
  return out
}

async function prepare(db: Kysely<DB>, schoolId: number, userId: number) {
  await ensureDefaultAwards(db, schoolId)
  await db.transaction().execute((trx) => evaluateUser(trx, schoolId, userId, 'review'))
}

/** awardList: every enabled award of the school with the caller's standing (earned/total = recordCount > 0 / length). */
export async function awardList(db: Kysely<DB>, schoolId: number, userId: number, lang: Lang): Promise<Award[]> {
  await prepare(db, schoolId, userId)
  const awards = await repo.enabledAwards(db, schoolId)
  return toWire(db, schoolId, userId, awards, lang)
}

export async function awardDetail(db: Kysely<DB>, schoolId: number, userId: number, awardId: number, lang: Lang): Promise<Award> {
  await prepare(db, schoolId, userId)
  const a = await repo.enabledAward(db, schoolId, awardId)
  if (!a) throw bizError('awardNotFound')
  return (await toWire(db, schoolId, userId, [a], lang))[0]
}
