/**
 * Giving days: matches and challenges (docs/product §2 Giving days; docs/decisions/070-giving-days.md).
 *
 * - countGiftOnGivingDays runs in the transaction that makes a gift paid (order/notifications.ts), only for the caller
 *   that won the pending -> paid transition, so it runs once per paid gift. For each giving day open at the payment
 *   and holding the gift's project: the gift is recorded (with the class year and college its form carried), every
 *   open match whose restrictions it meets gives its share (at most what remains of the cap: repository.ts
 *   takeFromMatch), and every open challenge counts it, the one gift that crosses the target writing the unlock.
 * - giveBackMatchesOnRefund runs in the transaction of a succeeded refund (refund/settle.ts): a per-yuan match keeps
 *   what the gift's remaining amount earns, a per-donor match is given back only by a full refund. Challenges keep
 *   their counters and their unlock (decision 070: the sponsor's promise was met when the target was crossed).
 * - offlineGiftOnGivingDays runs in the transaction of an offline gift's entry, correction or void (ledger/offline.ts,
 *   docs/decisions/088-offline-gifts-in-giving-days.md): the gift counts in the days by its Beijing date and in their
 *   challenges, never in a match.
 * - Staff create and change giving days, matches and challenges; the public totals are read from the gifts.
 */
import type { Kysely, Transaction } from 'kysely'
import { WECHAT_DEFAULT_NICKNAME, type Lang } from '../../../../types'
import { createHash, randomInt } from 'node:crypto'
import type { GivingDayAmbassador, GivingDayMatched, GivingDayTotals } from '../../../../types/schema/giving-day'
import {
  CHALLENGE_KINDS,
  MATCH_KINDS,
  type StaffGivingDay,
  type StaffGivingDayBody,
  type StaffGivingDayChallenge,
  type StaffGivingDayChallengeBody,
  type StaffGivingDayMatch,
  type StaffGivingDayMatchBody
} from '../../../../types/schema/staff-giving-day'
import type { DB, GivingDayChallengeKind, GivingDayMatchKind } from '../../db/schema'
import { bizError, fieldRefusal } from '../../errors'
import { t, type MessageKey } from '../../i18n'
import { BEIJING_OFFSET_MS, toWireDate } from '../../lib/dates'
import { fenToYuan, MAX_TOTAL_FEN, parseYuan } from '../../lib/money'
import { DEFAULT_NICKNAME } from '../user/service'
import { displayName } from '../donation/service'
import { resolveForm } from '../form/service'
import { schoolSetting } from '../school/cache'
import { payTokenOpens } from '../order/pay-link'
import { projectWords } from '../project/mapper'
import { recordAudit } from '../staff/audit'
import { renderGivingDayPoster, type GivingDayPosterData } from '../../documents/giving-day-poster'
import { posterMoney } from '../../documents/share-poster'
import * as repo from './repository'

type Db = Kysely<DB> | Transaction<DB>

// ---- the paid path

/** The form fields a giving day reads: 入学年份, 学院 and 所在地区 (docs/product §2 Giving days; decision 075). */
export const CLASS_YEAR_FIELD = 'classYear'
export const COLLEGE_FIELD = 'college'
export const REGION_FIELD = 'region'

const parseList = <T>(json: string): T[] => {
  try {
    const v = JSON.parse(json) as unknown
    return Array.isArray(v) ? (v as T[]) : []
  } catch {
    return []
  }
}

interface Answers {
  classYear: string
  college: string
  region: string
}

function formAnswers(formData: string | null | undefined): Answers {
  let data: Record<string, unknown> = {}
  try {
    const v = JSON.parse(formData || '{}') as unknown
    if (v && typeof v === 'object') data = v as Record<string, unknown>
  } catch {
    /* an unreadable record counts as no answers */
  }
  const answer = (k: string) =>
    String(data[k] ?? '')
      .trim()
      .slice(0, 100)
  const classYear = answer(CLASS_YEAR_FIELD)
  return {
    classYear: /^\d{4}$/.test(classYear) ? classYear : '',
    college: answer(COLLEGE_FIELD),
    region: boardRegion(answer(REGION_FIELD))
  }
}

/** The area picker's levels that name no place of their own (the divisions' placeholders under a municipality). */
const PLACEHOLDER_CITIES = new Set(['市辖区', '县', '省直辖县级行政区划', '自治区直辖县级行政区划'])

/**
 * The region a board counts: the area picker answers "province city district" (space-separated); alumni chapters are
 * by city, so the board keeps province and city ("浙江省 杭州市"), and the province alone for a municipality ("北京市")
 * or a text of one part. A district would split a city's donors over a dozen rows.
 */
export function boardRegion(text: string): string {
  const [province = '', city = ''] = text.trim().split(/\s+/)
  return city && !PLACEHOLDER_CITIES.has(city) ? `${province} ${city}` : province
}

/** A select field's answer is an option id: the board and the colleges restriction read the option's title. */
async function collegeTitle(trx: Transaction<DB>, schoolId: number, formId: number | null, value: string): Promise<string> {
  if (!value) return ''
  const form = await resolveForm(trx, schoolId, { form_id: formId })
  const field = form.fields.find((f) => f.fieldName === COLLEGE_FIELD)
  const option = field?.optionList.find((o) => o.id === value)
  return (option?.title ?? value).trim().slice(0, 100)
}

/** How many of the donor's earlier gifts are read for the answers this gift's form did not ask (decision 075). */
const PROFILE_DEPTH = 20

/**
 * The donor's class year, college and region: this gift's answers, and for any the form did not ask, the donor's
 * profile as they gave it on their newest earlier paid gift that has it (a school asks once; a signed-in donor keeps
 * counting for their class). A gift without an account has only its own answers.
 */
async function donorAnswers(
  trx: Transaction<DB>,
  schoolId: number,
  order: { id: number; user_id: number | null; form_data: string | null; form_id: number | null }
): Promise<Answers> {
  const own = formAnswers(order.form_data)
  let collegeForm = order.form_id
  if (order.user_id && (!own.classYear || !own.college || !own.region)) {
    for (const r of await repo.earlierAnswers(trx, schoolId, Number(order.user_id), Number(order.id), PROFILE_DEPTH)) {
      const a = formAnswers(r.form_data)
      own.classYear ||= a.classYear
      own.region ||= a.region
      if (!own.college && a.college) {
        own.college = a.college
        collegeForm = r.form_id
      }
      if (own.classYear && own.college && own.region) break
    }
  }
  return { ...own, college: await collegeTitle(trx, schoolId, collegeForm, own.college) }
}

/** the fen a match gives a gift of `amountFen` before its cap: per yuan, floor(amount × rate / 100); per donor, rate.
 *  Integer arithmetic in BigInt (a large gift at a large rate passes 2^53), then no more than the cap. */
export function matchShare(kind: GivingDayMatchKind | string, rateFen: number, amountFen: number, capFen: number): number {
  const share = kind === 'per_donor' ? BigInt(rateFen) : (BigInt(amountFen) * BigInt(rateFen)) / 100n
  return Number(share < BigInt(capFen) ? share : BigInt(capFen))
}

/** See the file's header. `paidAt` is the instant the order became paid (ISO). */
export async function countGiftOnGivingDays(trx: Transaction<DB>, schoolId: number, donationId: number, paidAt: string): Promise<void> {
  const days = await repo.daysOpenAt(trx, schoolId, paidAt)
  if (!days.length) return
  const order = await repo.paidOrder(trx, schoolId, donationId)
  if (!order) return
  const itemsId = Number(order.items_id)
  const amountFen = Number(order.amount_fen)
  const donorKey = order.user_id ? `u${order.user_id}` : `o${order.id}`
  const inDays = days.filter((day) => {
    const projects = parseList<number>(day.projects)
    return !projects.length || projects.includes(itemsId)
  })
  if (!inDays.length) return
  const { classYear, college, region } = await donorAnswers(trx, schoolId, order)
  // the ambassador whose link made the order, for their own day only, never the donor themself (decision 075); the
  // gift row's unique key (day, order) makes the credit once
  const ambassadorDay = order.ambassador_day_id === null ? null : Number(order.ambassador_day_id)
  const selfReferral = order.ambassador_user_id !== null && Number(order.ambassador_user_id) === Number(order.user_id)
  const counted: number[] = []
  for (const day of inDays) {
    const dayId = Number(day.id)
    const ambassadorId = ambassadorDay === dayId && !selfReferral ? Number(order.ambassador_id) : null
    const gift = { dayId, donationId, donorKey, classYear, college, region, ambassadorId, paidAt }
    if (await repo.insertGift(trx, schoolId, gift)) counted.push(dayId)
  }
  if (!counted.length) return

  // all the days' matches, then all their challenges, each by id: one order of rows in every transaction
  for (const m of await repo.matchesOpenAt(trx, schoolId, counted, paidAt)) {
    const onlyProjects = parseList<number>(m.projects)
    const onlyYears = parseList<string>(m.class_years)
    const onlyColleges = parseList<string>(m.colleges)
    if (onlyProjects.length && !onlyProjects.includes(itemsId)) continue
    if (onlyYears.length && !onlyYears.includes(classYear)) continue
    if (onlyColleges.length && !onlyColleges.includes(college)) continue
    const matchId = Number(m.id)
    if (m.kind === 'per_donor' && !(await repo.markDonor(trx, schoolId, 'match', matchId, donorKey, donationId))) continue
    const taken = await repo.takeFromMatch(trx, schoolId, matchId, matchShare(m.kind, Number(m.rate_fen), amountFen, Number(m.cap_fen)))
    if (taken > 0)
      await repo.insertMatchRecord(trx, schoolId, { dayId: Number(m.giving_day_id), matchId, donationId, fen: taken, at: paidAt })
    else if (m.kind === 'per_donor') await repo.unmarkDonor(trx, schoolId, 'match', matchId, donationId)
  }

  for (const c of await repo.challengesOpenAt(trx, schoolId, counted, paidAt)) {
    const newDonor = await repo.markDonor(trx, schoolId, 'challenge', Number(c.id), donorKey, donationId)
    await countOnChallenge(trx, schoolId, Number(c.id), newDonor ? 1 : 0, amountFen, paidAt, donationId)
  }
}

/** Raises one challenge's counters by a gift and writes the unlock when this gift is the one that crosses the target. */
async function countOnChallenge(
  trx: Transaction<DB>,
  schoolId: number,
  challengeId: number,
  donors: number,
  fen: number,
  at: string,
  donationId: number
): Promise<void> {
  const after = await repo.countTowardChallenge(trx, schoolId, challengeId, donors, fen)
  const reached = after.kind === 'donors' ? Number(after.donors) >= Number(after.target) : Number(after.raised_fen) >= Number(after.target)
  // the counter UPDATE above holds the row until this transaction commits, so the gifts that reach the target are
  // serialised and the first of them is the one whose guarded unlock succeeds; `after` is the row as that UPDATE
  // left it, so a gift after the unlock skips the statement (the guard, not this check, is the rule)
  if (reached && after.unlocked_at === null) await repo.unlockChallenge(trx, schoolId, challengeId, at, donationId)
}

/** See the file's header. Runs after donation.refunded_fen has moved; `netFen` is what the gift still is. */
export async function giveBackMatchesOnRefund(trx: Transaction<DB>, schoolId: number, donationId: number, netFen: number): Promise<void> {
  for (const r of await repo.matchRecordsOfOrder(trx, schoolId, donationId)) {
    const had = Number(r.matched_fen)
    const granted = had + Number(r.returned_fen)
    const keep =
      netFen <= 0 ? 0 : r.kind === 'per_donor' ? granted : Math.min(granted, matchShare(r.kind, Number(r.rate_fen), netFen, granted))
    const back = had - keep
    if (back <= 0) continue
    await repo.giveBack(trx, schoolId, Number(r.id), Number(r.match_id), back)
    if (keep === 0 && r.kind === 'per_donor') await repo.unmarkDonor(trx, schoolId, 'match', Number(r.match_id), donationId)
  }
}

// ---- offline gifts (docs/decisions/088-offline-gifts-in-giving-days.md)

/** An offline gift as a giving day reads it: entered by finance with a Beijing calendar date, no account, no form. */
export interface OfflineGiftFacts {
  donationId: number
  projectId: number
  amountFen: number
  /** the name as entered (trimmed) */
  donorName: string
  /** Beijing calendar date, 'YYYY-MM-DD' */
  donatedOn: string
  /** the money's time (ISO): now for a gift that arrived today, else the start of its Beijing day */
  paidAt: string
}

const DAY_MS = 86_400_000

/** The UTC instants of a Beijing calendar date: [its 00:00, the next day's 00:00). */
function beijingDay(date: string): { from: number; to: number } {
  const from = Date.parse(`${date}T00:00:00Z`) - BEIJING_OFFSET_MS
  return { from, to: from + DAY_MS }
}

const ms = (v: string | Date) => new Date(v).getTime()
const meets = (w: { starts_at: string | Date; ends_at: string | Date }, d: { from: number; to: number }) =>
  ms(w.starts_at) < d.to && ms(w.ends_at) > d.from
/** `at` moved into [starts_at, ends_at): the time a gift dated on an edge day shows and unlocks with */
const inWindow = (at: string, w: { starts_at: string | Date; ends_at: string | Date }) =>
  new Date(Math.min(Math.max(ms(at), ms(w.starts_at)), ms(w.ends_at) - 1)).toISOString()

/** One key per offline donor name (the column holds 32 characters, a name up to 32 of its own): a digest of it. */
export const offlineDonorKey = (name: string) => `off:${createHash('sha256').update(name.trim()).digest('hex').slice(0, 28)}`

/** The challenges of `dayIds` whose window meets the gift's Beijing day, by id (the paid path's order of rows). */
async function offlineChallenges(trx: Transaction<DB>, schoolId: number, dayIds: number[], date: string) {
  const d = beijingDay(date)
  return (await repo.challengesOf(trx, schoolId, dayIds)).filter((c) => meets(c, d))
}

/**
 * An offline gift entered, corrected or voided: `before` is the gift as it counted until now (null: a new gift),
 * `after` as it counts from now on (null: voided). Runs in the offline gift's own transaction (ledger/offline.ts).
 *
 * - Days: the gift counts in every giving day holding its project whose window meets its Beijing date; its gift rows
 *   are removed and written again, so the day's raised, donors, newest gifts and boards (no class year, college or
 *   region: left out of those) follow the gift as it now is. A voided gift leaves them.
 * - Matches never apply (decision 088): a match is a sponsor's promise to online donors within its window.
 * - Challenges count it by the paid path's guarded UPDATEs (the unlock written once), and, as a refund leaves them
 *   (decision 070), their counters never go down: a void or a smaller amount keeps them; a challenge the gift now
 *   falls in for the first time counts it whole, one that has counted it (giving_day_challenge_share: the most of
 *   its amount counted) counts only an amount past that, and never its donor again, even after the gift moved out
 *   of the challenge's dates and back or its donor's name was corrected.
 */
export async function offlineGiftOnGivingDays(
  trx: Transaction<DB>,
  schoolId: number,
  before: OfflineGiftFacts | null,
  after: OfflineGiftFacts | null
): Promise<void> {
  const had = new Set<number>()
  if (before) {
    const oldDays = (await repo.giftDaysOfDonation(trx, schoolId, before.donationId)).map((r) => Number(r.giving_day_id))
    if (oldDays.length) {
      for (const c of await offlineChallenges(trx, schoolId, oldDays, before.donatedOn)) had.add(Number(c.id))
      await repo.deleteGiftsOfDonation(trx, schoolId, before.donationId)
    }
  }
  if (!after) return
  const d = beijingDay(after.donatedOn)
  const days = (await repo.daysMeeting(trx, schoolId, new Date(d.from).toISOString(), new Date(d.to).toISOString())).filter((day) => {
    const projects = parseList<number>(day.projects)
    return !projects.length || projects.includes(after.projectId)
  })
  const donorKey = offlineDonorKey(after.donorName)
  const counted: number[] = []
  for (const day of days) {
    const dayId = Number(day.id)
    const gift = {
      dayId,
      donationId: after.donationId,
      donorKey,
      classYear: '',
      college: '',
      region: '',
      ambassadorId: null,
      paidAt: inWindow(after.paidAt, day)
    }
    if (await repo.insertGift(trx, schoolId, gift)) counted.push(dayId)
  }
  if (!counted.length) return
  for (const c of await offlineChallenges(trx, schoolId, counted, after.donatedOn)) {
    const id = Number(c.id)
    const at = inWindow(after.paidAt, c)
    // what the challenge has counted of this gift: its share record, or, for a gift counted before the records
    // existed (migration 044), its amount until this change
    const already = (await repo.challengeShare(trx, schoolId, id, after.donationId)) ?? (had.has(id) && before ? before.amountFen : null)
    if (already !== null) {
      // counted before (its donor too, under whatever name): only an amount past the most counted adds
      if (after.amountFen > already) await countOnChallenge(trx, schoolId, id, 0, after.amountFen - already, at, after.donationId)
      // written even when unchanged: a gift counted before the records existed gets its record here
      await repo.recordChallengeShare(trx, schoolId, id, after.donationId, Math.max(already, after.amountFen))
      continue
    }
    const newDonor = await repo.markDonor(trx, schoolId, 'challenge', id, donorKey, after.donationId)
    await countOnChallenge(trx, schoolId, id, newDonor ? 1 : 0, after.amountFen, at, after.donationId)
    await repo.recordChallengeShare(trx, schoolId, id, after.donationId, after.amountFen)
  }
}

/** The titles of the giving days a gift counts in (the console says so after an offline gift is saved). */
export const givingDaysOfGift = async (db: Db, schoolId: number, donationId: number): Promise<string[]> =>
  (await repo.dayTitlesOfDonation(db, schoolId, donationId)).map((r) => r.title)

// ---- staff: validation

/** 'YYYY-MM-DD HH:mm' in Beijing time -> UTC ISO, or null when it is not one */
export function beijingToIso(s: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/.exec(s.trim())
  if (!m) return null
  const [y, mo, d, h, mi] = m.slice(1).map(Number)
  const ms = Date.UTC(y, mo - 1, d, h, mi) - BEIJING_OFFSET_MS
  const back = new Date(ms + BEIJING_OFFSET_MS)
  if (
    back.getUTCFullYear() !== y ||
    back.getUTCMonth() !== mo - 1 ||
    back.getUTCDate() !== d ||
    back.getUTCHours() !== h ||
    back.getUTCMinutes() !== mi
  )
    return null
  return new Date(ms).toISOString()
}

const label = (lang: Lang, key: MessageKey) => t(lang, key)

function text(lang: Lang, field: string, labelKey: MessageKey, v: string, max: number, required: boolean): string {
  const s = v.trim()
  if (required && !s) throw fieldRefusal(field, field === 'title' ? 'givingDayTitleEmpty' : 'givingDaySponsorEmpty')
  if ([...s].length > max) throw fieldRefusal(field, 'givingDayTextTooLong', { field: label(lang, labelKey), max })
  return s
}

function instant(lang: Lang, field: 'startsAt' | 'endsAt', v: string): string {
  const iso = beijingToIso(v)
  if (!iso)
    throw fieldRefusal(field, 'givingDayTimeInvalid', {
      field: label(lang, field === 'startsAt' ? 'givingDayFieldStart' : 'givingDayFieldEnd')
    })
  return iso
}

function yuan(lang: Lang, field: string, labelKey: MessageKey, v: string, allowZero: boolean): number {
  const r = parseYuan(v, { maxFen: MAX_TOTAL_FEN, allowZero })
  if ('problem' in r) throw fieldRefusal(field, 'givingDayAmountInvalid', { field: label(lang, labelKey), max: fenToYuan(MAX_TOTAL_FEN) })
  return r.fen
}

const MAX_COUNT = 100_000_000

function count(lang: Lang, field: string, labelKey: MessageKey, v: number | string, min: number): number {
  const n = typeof v === 'number' ? v : /^\d{1,10}$/.test(v.trim()) ? Number(v.trim()) : NaN
  if (!Number.isInteger(n) || n < min || n > MAX_COUNT)
    throw fieldRefusal(field, 'givingDayCountInvalid', { field: label(lang, labelKey), max: MAX_COUNT })
  return n
}

async function projectList(db: Db, schoolId: number, ids: number[]): Promise<string> {
  const unique = [...new Set(ids)]
  const found = new Set((await repo.projectIdsOfSchool(db, schoolId, unique)).map((r) => Number(r.id)))
  const missing = unique.find((id) => !found.has(id))
  if (missing !== undefined) throw fieldRefusal('projects', 'givingDayProjectUnknown', { id: missing })
  return JSON.stringify(unique)
}

function window(startsAt: string, endsAt: string, within?: { starts_at: string; ends_at: string }) {
  if (Date.parse(endsAt) <= Date.parse(startsAt)) throw fieldRefusal('endsAt', 'givingDayWindowInvalid')
  if (within && (Date.parse(startsAt) < Date.parse(within.starts_at) || Date.parse(endsAt) > Date.parse(within.ends_at)))
    throw fieldRefusal('startsAt', 'givingDayWindowOutside')
}

const iso = (v: string | Date) => new Date(v).toISOString()

// ---- staff: views

type DayRow = NonNullable<Awaited<ReturnType<typeof repo.findDay>>>
type MatchRow = Awaited<ReturnType<typeof repo.matchesOf>>[number]
type ChallengeRow = Awaited<ReturnType<typeof repo.challengesOf>>[number]

const matchView = (m: MatchRow): StaffGivingDayMatch => ({
  id: Number(m.id),
  sponsor: m.sponsor,
  sponsorEn: m.sponsor_en,
  kind: m.kind,
  rate: fenToYuan(Number(m.rate_fen)),
  cap: fenToYuan(Number(m.cap_fen)),
  used: fenToYuan(Number(m.used_fen)),
  startsAt: iso(m.starts_at),
  endsAt: iso(m.ends_at),
  projects: parseList<number>(m.projects),
  classYears: parseList<string>(m.class_years),
  colleges: parseList<string>(m.colleges)
})

const challengeView = (c: ChallengeRow): StaffGivingDayChallenge => ({
  id: Number(c.id),
  sponsor: c.sponsor,
  sponsorEn: c.sponsor_en,
  kind: c.kind,
  targetDonors: c.kind === 'donors' ? Number(c.target) : 0,
  targetAmount: fenToYuan(c.kind === 'amount' ? Number(c.target) : 0),
  reward: fenToYuan(Number(c.reward_fen)),
  startsAt: iso(c.starts_at),
  endsAt: iso(c.ends_at),
  donors: Number(c.donors),
  raised: fenToYuan(Number(c.raised_fen)),
  unlockedAt: c.unlocked_at ? iso(c.unlocked_at) : null,
  unlockedDonationId: c.unlocked_donation_id === null ? null : Number(c.unlocked_donation_id)
})

async function views(db: Db, schoolId: number, days: DayRow[]): Promise<StaffGivingDay[]> {
  const ids = days.map((d) => Number(d.id))
  const [matches, challenges] = await Promise.all([repo.matchesOf(db, schoolId, ids), repo.challengesOf(db, schoolId, ids)])
  return days.map((d) => ({
    id: Number(d.id),
    title: d.title,
    titleEn: d.title_en,
    startsAt: iso(d.starts_at),
    endsAt: iso(d.ends_at),
    goal: fenToYuan(Number(d.goal_fen)),
    participationGoal: Number(d.participation_goal),
    projects: parseList<number>(d.projects),
    matches: matches.filter((m) => Number(m.giving_day_id) === Number(d.id)).map(matchView),
    challenges: challenges.filter((c) => Number(c.giving_day_id) === Number(d.id)).map(challengeView)
  }))
}

export async function listGivingDays(db: Kysely<DB>, schoolId: number): Promise<{ rows: StaffGivingDay[] }> {
  return { rows: await views(db, schoolId, await repo.listDays(db, schoolId)) }
}

async function requireDay(db: Db, schoolId: number, id: number): Promise<DayRow> {
  const d = await repo.findDay(db, schoolId, id)
  if (!d) throw bizError('givingDayNotFound')
  return d
}

export async function getGivingDay(db: Kysely<DB>, schoolId: number, id: number): Promise<StaffGivingDay> {
  return (await views(db, schoolId, [await requireDay(db, schoolId, id)]))[0]
}

// ---- staff: writes (each checked whole before anything is written, audited in its transaction)

interface Actor {
  schoolId: number
  staffId: number
  lang: Lang
  now: Date
}

export async function saveGivingDay(db: Kysely<DB>, a: Actor, id: number | null, b: StaffGivingDayBody): Promise<StaffGivingDay> {
  return db.transaction().execute(async (trx) => {
    const before = id === null ? null : await requireDay(trx, a.schoolId, id)
    const creating = before === null
    const title = b.title !== undefined || creating ? text(a.lang, 'title', 'givingDayFieldTitle', b.title ?? '', 100, true) : before.title
    const titleEn =
      b.titleEn !== undefined ? text(a.lang, 'titleEn', 'givingDayFieldTitleEn', b.titleEn, 200, false) : (before?.title_en ?? '')
    const startsAt = b.startsAt !== undefined || creating ? instant(a.lang, 'startsAt', b.startsAt ?? '') : iso(before.starts_at)
    const endsAt = b.endsAt !== undefined || creating ? instant(a.lang, 'endsAt', b.endsAt ?? '') : iso(before.ends_at)
    window(startsAt, endsAt)
    const goalFen = b.goal !== undefined ? yuan(a.lang, 'goal', 'givingDayFieldGoal', b.goal, true) : Number(before?.goal_fen ?? 0)
    const participation =
      b.participationGoal !== undefined
        ? count(a.lang, 'participationGoal', 'givingDayFieldParticipation', b.participationGoal, 0)
        : Number(before?.participation_goal ?? 0)
    const projects = b.projects !== undefined ? await projectList(trx, a.schoolId, b.projects) : (before?.projects ?? '[]')
    const now = a.now.toISOString()
    const row = {
      title,
      title_en: titleEn,
      starts_at: startsAt,
      ends_at: endsAt,
      goal_fen: goalFen,
      participation_goal: participation,
      projects,
      updated_at: now
    }
    let dayId: number
    if (creating) dayId = await repo.insertDay(trx, { ...row, school_id: a.schoolId, created_at: now })
    else {
      dayId = Number(before.id)
      await repo.updateDay(trx, a.schoolId, dayId, row)
    }
    const after = (await views(trx, a.schoolId, [await requireDay(trx, a.schoolId, dayId)]))[0]
    await recordAudit(trx, {
      schoolId: a.schoolId,
      staffId: a.staffId,
      action: creating ? 'givingday.create' : 'givingday.update',
      entity: 'giving_day',
      entityId: dayId,
      before: before && { ...before },
      after: { ...after, matches: undefined, challenges: undefined }
    })
    return after
  })
}

export async function saveMatch(
  db: Kysely<DB>,
  a: Actor,
  dayId: number,
  matchId: number | null,
  b: StaffGivingDayMatchBody
): Promise<StaffGivingDay> {
  return db.transaction().execute(async (trx) => {
    const day = await requireDay(trx, a.schoolId, dayId)
    const before = matchId === null ? null : await repo.findMatch(trx, a.schoolId, dayId, matchId)
    if (matchId !== null && !before) throw bizError('givingDayMatchNotFound')
    const creating = before == null
    const sponsor =
      b.sponsor !== undefined || creating ? text(a.lang, 'sponsor', 'givingDayFieldSponsor', b.sponsor ?? '', 100, true) : before.sponsor
    const sponsorEn =
      b.sponsorEn !== undefined ? text(a.lang, 'sponsorEn', 'givingDayFieldSponsorEn', b.sponsorEn, 200, false) : (before?.sponsor_en ?? '')
    const kind = (b.kind !== undefined || creating ? (b.kind ?? '') : before.kind) as GivingDayMatchKind
    if (!(MATCH_KINDS as readonly string[]).includes(kind)) throw fieldRefusal('kind', 'givingDayKindInvalid')
    const rateFen =
      b.rate !== undefined || creating ? yuan(a.lang, 'rate', 'givingDayFieldRate', b.rate ?? '', false) : Number(before.rate_fen)
    const capFen = b.cap !== undefined || creating ? yuan(a.lang, 'cap', 'givingDayFieldCap', b.cap ?? '', false) : Number(before.cap_fen)
    const startsAt =
      b.startsAt !== undefined ? instant(a.lang, 'startsAt', b.startsAt) : before ? iso(before.starts_at) : iso(day.starts_at)
    const endsAt = b.endsAt !== undefined ? instant(a.lang, 'endsAt', b.endsAt) : before ? iso(before.ends_at) : iso(day.ends_at)
    window(startsAt, endsAt, day)
    const projects = b.projects !== undefined ? await projectList(trx, a.schoolId, b.projects) : (before?.projects ?? '[]')
    let classYears = before?.class_years ?? '[]'
    if (b.classYears !== undefined) {
      const bad = b.classYears.find((y) => !/^\d{4}$/.test(y.trim()))
      if (bad !== undefined) throw fieldRefusal('classYears', 'givingDayClassYearInvalid', { value: bad })
      classYears = JSON.stringify([...new Set(b.classYears.map((y) => y.trim()))])
    }
    let colleges = before?.colleges ?? '[]'
    if (b.colleges !== undefined) {
      const list = [...new Set(b.colleges.map((c) => c.trim()).filter(Boolean))]
      if (list.some((c) => [...c].length > 100))
        throw fieldRefusal('colleges', 'givingDayTextTooLong', { field: label(a.lang, 'givingDayFieldColleges'), max: 100 })
      colleges = JSON.stringify(list)
    }
    const now = a.now.toISOString()
    const row = {
      sponsor,
      sponsor_en: sponsorEn,
      kind,
      rate_fen: rateFen,
      cap_fen: capFen,
      starts_at: startsAt,
      ends_at: endsAt,
      projects,
      class_years: classYears,
      colleges,
      updated_at: now
    }
    let id: number
    if (creating) id = await repo.insertMatch(trx, { ...row, school_id: a.schoolId, giving_day_id: dayId, created_at: now })
    else {
      id = Number(before.id)
      // the cap may not go below what gifts already took: checked by the UPDATE itself, not by a value read before
      if (!(await repo.updateMatch(trx, a.schoolId, id, row)))
        throw fieldRefusal('cap', 'givingDayCapBelowUsed', {
          used: fenToYuan(Number((await repo.findMatch(trx, a.schoolId, dayId, id))?.used_fen ?? 0))
        })
    }
    const after = await repo.findMatch(trx, a.schoolId, dayId, id)
    await recordAudit(trx, {
      schoolId: a.schoolId,
      staffId: a.staffId,
      action: creating ? 'givingday.match.create' : 'givingday.match.update',
      entity: 'giving_day_match',
      entityId: id,
      before: before && matchView(before),
      after: after && matchView(after)
    })
    return (await views(trx, a.schoolId, [day]))[0]
  })
}

export async function saveChallenge(
  db: Kysely<DB>,
  a: Actor,
  dayId: number,
  challengeId: number | null,
  b: StaffGivingDayChallengeBody
): Promise<StaffGivingDay> {
  return db.transaction().execute(async (trx) => {
    const day = await requireDay(trx, a.schoolId, dayId)
    const before = challengeId === null ? null : await repo.findChallenge(trx, a.schoolId, dayId, challengeId)
    if (challengeId !== null && !before) throw bizError('givingDayChallengeNotFound')
    const creating = before == null
    const sponsor =
      b.sponsor !== undefined || creating ? text(a.lang, 'sponsor', 'givingDayFieldSponsor', b.sponsor ?? '', 100, true) : before.sponsor
    const sponsorEn =
      b.sponsorEn !== undefined ? text(a.lang, 'sponsorEn', 'givingDayFieldSponsorEn', b.sponsorEn, 200, false) : (before?.sponsor_en ?? '')
    const kind = (b.kind !== undefined || creating ? (b.kind ?? '') : before.kind) as GivingDayChallengeKind
    if (!(CHALLENGE_KINDS as readonly string[]).includes(kind)) throw fieldRefusal('kind', 'givingDayKindInvalid')
    let target = before ? Number(before.target) : 0
    if (b.target !== undefined || creating || (before && kind !== before.kind)) {
      const raw = b.target ?? ''
      target =
        kind === 'donors'
          ? count(a.lang, 'target', 'givingDayFieldTarget', raw, 1)
          : yuan(a.lang, 'target', 'givingDayFieldTarget', raw, false)
    }
    if (before?.unlocked_at && (target !== Number(before.target) || kind !== before.kind))
      throw fieldRefusal('target', 'givingDayChallengeLocked')
    const rewardFen =
      b.reward !== undefined || creating ? yuan(a.lang, 'reward', 'givingDayFieldReward', b.reward ?? '', true) : Number(before.reward_fen)
    const startsAt =
      b.startsAt !== undefined ? instant(a.lang, 'startsAt', b.startsAt) : before ? iso(before.starts_at) : iso(day.starts_at)
    const endsAt = b.endsAt !== undefined ? instant(a.lang, 'endsAt', b.endsAt) : before ? iso(before.ends_at) : iso(day.ends_at)
    window(startsAt, endsAt, day)
    const now = a.now.toISOString()
    const row = {
      sponsor,
      sponsor_en: sponsorEn,
      kind,
      target,
      reward_fen: rewardFen,
      starts_at: startsAt,
      ends_at: endsAt,
      updated_at: now
    }
    let id: number
    if (creating) id = await repo.insertChallenge(trx, { ...row, school_id: a.schoolId, giving_day_id: dayId, created_at: now })
    else {
      id = Number(before.id)
      await repo.updateChallenge(trx, a.schoolId, id, row)
    }
    const after = await repo.findChallenge(trx, a.schoolId, dayId, id)
    await recordAudit(trx, {
      schoolId: a.schoolId,
      staffId: a.staffId,
      action: creating ? 'givingday.challenge.create' : 'givingday.challenge.update',
      entity: 'giving_day_challenge',
      entityId: id,
      before: before && challengeView(before),
      after: after && challengeView(after)
    })
    return (await views(trx, a.schoolId, [day]))[0]
  })
}

// ---- the donor side: public totals

const BOARD_SIZE = 20
const RECENT_SIZE = 10
/** projects with a give button on the landing page (decision 074) */
const LANDING_PROJECTS = 30

interface BoardRow {
  name: string
  fen: number
  donors: number
}

/** A board both ways: by money (then donors, then name) and by participation (then money, then name), top 20 each. */
function bothWays(rows: Array<{ name: string; raised: number | string | null; donors: number | string }>) {
  const all: BoardRow[] = rows.map((r) => ({ name: String(r.name), fen: Number(r.raised ?? 0), donors: Number(r.donors) }))
  const byMoney = [...all].sort((x, y) => y.fen - x.fen || y.donors - x.donors || x.name.localeCompare(y.name))
  const byDonors = [...all].sort((x, y) => y.donors - x.donors || y.fen - x.fen || x.name.localeCompare(y.name))
  const wire = (r: BoardRow) => ({ name: r.name, raised: fenToYuan(r.fen), donors: r.donors })
  return { byMoney: byMoney.slice(0, BOARD_SIZE).map(wire), byDonors: byDonors.slice(0, BOARD_SIZE).map(wire) }
}

/** An ambassador's name on the board: their nickname by the school's rules; a platform default nickname says nothing
 *  of the person, so it shows as the anonymous label. */
function ambassadorName(nickname: string | null, rules: { mask: boolean; lang: Lang }): string {
  const n = (nickname ?? '').trim()
  const platformDefault = !n || n === WECHAT_DEFAULT_NICKNAME || n === DEFAULT_NICKNAME
  return displayName({ donor_name: n, is_anonymous: platformDefault ? 1 : 0 }, rules)
}

export async function givingDayTotals(db: Kysely<DB>, schoolId: number, id: number, lang: Lang, now: Date): Promise<GivingDayTotals> {
  const day = await requireDay(db, schoolId, id)
  const [totals, matches, challenges, years, colleges, regions, ambassadors, recent, setting, projects] = await Promise.all([
    repo.dayTotals(db, schoolId, id),
    repo.matchesOf(db, schoolId, [id]),
    repo.challengesOf(db, schoolId, [id]),
    repo.groupBoard(db, schoolId, id, 'class_year'),
    repo.groupBoard(db, schoolId, id, 'college'),
    repo.groupBoard(db, schoolId, id, 'region'),
    repo.ambassadorBoard(db, schoolId, id, BOARD_SIZE),
    repo.recentGifts(db, schoolId, id, RECENT_SIZE),
    schoolSetting(db, schoolId),
    repo.landingProjects(db, schoolId, parseList<number>(day.projects), LANDING_PROJECTS)
  ])
  const rules = { mask: !!setting?.mask_donor_names, lang }
  const yearBoard = bothWays(years)
  const asYear = (r: { name: string; raised: string; donors: number }) => ({ classYear: r.name, raised: r.raised, donors: r.donors })
  const collegeBoard = bothWays(colleges)
  const regionBoard = bothWays(regions)
  const at = now.getTime()
  const en = lang === 'en'
  return {
    id,
    title: en && day.title_en ? day.title_en : day.title,
    startsAt: iso(day.starts_at),
    endsAt: iso(day.ends_at),
    state: at < Date.parse(day.starts_at) ? 'upcoming' : at < Date.parse(day.ends_at) ? 'open' : 'ended',
    goal: fenToYuan(Number(day.goal_fen)),
    participationGoal: Number(day.participation_goal),
    raised: fenToYuan(totals.raisedFen),
    donors: totals.donors,
    matched: fenToYuan(matches.reduce((s, m) => s + Number(m.used_fen), 0)),
    matches: matches.map((m) => ({
      sponsor: en && m.sponsor_en ? m.sponsor_en : m.sponsor,
      kind: m.kind,
      rate: fenToYuan(Number(m.rate_fen)),
      cap: fenToYuan(Number(m.cap_fen)),
      used: fenToYuan(Number(m.used_fen))
    })),
    challenges: challenges.map((c) => ({
      sponsor: en && c.sponsor_en ? c.sponsor_en : c.sponsor,
      kind: c.kind,
      targetDonors: c.kind === 'donors' ? Number(c.target) : 0,
      targetAmount: fenToYuan(c.kind === 'amount' ? Number(c.target) : 0),
      reward: fenToYuan(Number(c.reward_fen)),
      donors: Number(c.donors),
      raised: fenToYuan(Number(c.raised_fen)),
      unlocked: c.unlocked_at ? 1 : 0,
      unlockedAt: toWireDate(c.unlocked_at)
    })),
    classYearsByMoney: yearBoard.byMoney.map(asYear),
    classYearsByDonors: yearBoard.byDonors.map(asYear),
    collegesByMoney: collegeBoard.byMoney,
    collegesByDonors: collegeBoard.byDonors,
    regionsByMoney: regionBoard.byMoney,
    regionsByDonors: regionBoard.byDonors,
    ambassadors: ambassadors.map((a) => ({
      name: ambassadorName(a.nickname as string | null, rules),
      gifts: Number(a.gifts),
      raised: fenToYuan(Number(a.raised ?? 0))
    })),
    recentDonors: recent.map((g) => ({
      name: displayName(g, rules),
      money: fenToYuan(Number(g.amount_fen) - Number(g.refunded_fen)),
      classYear: g.class_year,
      time: toWireDate(g.paid_at)
    })),
    projects: projects.map((p) => {
      const words = projectWords(p, lang)
      return {
        id: Number(p.id),
        name: words.name,
        intro: words.intro,
        thumb: p.thumbnail_img,
        canGive: p.is_donate && !p.is_complete ? 1 : 0
      }
    })
  }
}

// ---- ambassadors (docs/decisions/075-giving-day-ambassadors-boards.md)

// no 0/O, 1/I/L: a code may be read aloud or typed from a poster
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
const CODE_LENGTH = 8
const newCode = () => Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')

/**
 * The caller's ambassador code for a day, made on the first call (one per donor and day: the unique key, so two taps
 * at once answer the same code) and answered with what it has brought. An ended day makes no new ambassadors; one who
 * already has a code still sees it.
 */
export async function myAmbassador(
  db: Kysely<DB>,
  caller: { schoolId: number; userId: number },
  dayId: number,
  now: Date
): Promise<GivingDayAmbassador> {
  const { schoolId, userId } = caller
  const day = await requireDay(db, schoolId, dayId)
  let mine = await repo.ambassadorOf(db, schoolId, dayId, userId)
  if (!mine) {
    if (now.getTime() >= Date.parse(day.ends_at)) throw bizError('givingDayEnded')
    // a drawn code already held by someone else inserts nothing: draw again (31^8 codes, so this is rare)
    for (let i = 0; i < 5 && !mine; i++) {
      await repo.insertAmbassador(db, schoolId, dayId, userId, newCode(), now.toISOString())
      mine = await repo.ambassadorOf(db, schoolId, dayId, userId)
    }
    if (!mine) throw new Error('no free ambassador code after 5 draws')
  }
  const t = await repo.ambassadorTotals(db, schoolId, Number(mine.id))
  return { dayId, code: mine.code, gifts: t.gifts, raised: fenToYuan(t.raisedFen) }
}

/**
 * The ambassador an order is made for, checked before the order is written: a code that is no ambassador's of this
 * school is refused, and so is the donor's own (self-referral is never credited). Absent or empty: none.
 */
export async function referralFor(db: Db, schoolId: number, code: string | null | undefined, userId: number): Promise<number | null> {
  const c = (code ?? '').trim().toUpperCase()
  if (!c) return null
  const a = /^[0-9A-Z]{4,16}$/.test(c) ? await repo.ambassadorByCode(db, schoolId, c) : undefined
  if (!a) throw bizError('givingDayAmbassadorUnknown')
  if (Number(a.user_id) === userId) throw bizError('givingDayAmbassadorSelf')
  return Number(a.id)
}

/**
 * A giving-day ambassador's poster (docs/decisions/084-joint-invite-poster-and-link.md, addendum): public like the
 * share link it carries (the code is in the link anyway). The ambassador is named as the landing page's board names
 * them (the school's masking rules); the QR code carries `{origin}/giving-day?id&ambassador&school`, the H5 address
 * the invite poster's link is built like. An unknown day, or a code that is no ambassador's of this day, is -1.
 */
export async function givingDayPoster(
  db: Kysely<DB>,
  school: { id: number; code: string; name: string; theme_color: string },
  dayId: number,
  rawCode: string,
  lang: Lang,
  origin: string,
  /** the drawing seam: the test reads what is drawn */
  render: (d: GivingDayPosterData) => Promise<Buffer> = renderGivingDayPoster
): Promise<{ png: Buffer; url: string; code: string }> {
  const day = await requireDay(db, school.id, dayId)
  const code = rawCode.trim().toUpperCase()
  const amb = /^[0-9A-Z]{4,16}$/.test(code) ? await repo.ambassadorOfDayByCode(db, school.id, dayId, code) : undefined
  if (!amb) throw bizError('givingDayAmbassadorUnknown')
  const [totals, setting] = await Promise.all([repo.dayTotals(db, school.id, dayId), schoolSetting(db, school.id)])
  const goalFen = Number(day.goal_fen)
  const url = `${origin}/giving-day?id=${dayId}&ambassador=${encodeURIComponent(code)}&school=${encodeURIComponent(school.code)}`
  const png = await render({
    lang: lang === 'en' ? 'en' : 'zh',
    schoolName: school.name,
    themeColor: school.theme_color,
    inviter: ambassadorName(amb.nickname as string | null, { mask: !!setting?.mask_donor_names, lang }),
    title: lang === 'en' && day.title_en ? day.title_en : day.title,
    startsAt: iso(day.starts_at),
    endsAt: iso(day.ends_at),
    raised: posterMoney(fenToYuan(totals.raisedFen)),
    goal: goalFen > 0 ? posterMoney(fenToYuan(goalFen)) : '',
    percent: goalFen > 0 ? Math.min(100, Math.floor((totals.raisedFen * 1000) / goalFen) / 10) : null,
    donors: totals.donors,
    url
  })
  return { png, url, code }
}

/** Records the code with the order, in the order's own transaction (read again when it is paid). */
export const recordReferral = (trx: Transaction<DB>, schoolId: number, donationId: number, ambassadorId: number, at: string) =>
  repo.insertReferral(trx, schoolId, donationId, ambassadorId, at)

/** What the giving days' matches gave a gift (certificate, decision 075): the fen and the sponsors, none when 0. */
export async function matchedForGift(db: Db, schoolId: number, donationId: number): Promise<{ fen: number; sponsors: string[] }> {
  const rows = await repo.matchedOfOrder(db, schoolId, donationId)
  return { fen: rows.reduce((s, r) => s + Number(r.matched_fen), 0), sponsors: [...new Set(rows.map((r) => r.sponsor))] }
}

/**
 * What the giving days' matches added to one paid gift, for the thank-you page's line "your ¥200 became ¥400"
 * (docs/decisions/074-giving-day-screens.md). The order opens as the thank-you call opens it: its owner's session, or
 * its pay-link token (checked before the order is looked up, so a refusal tells nothing about other bill numbers).
 */
export async function matchedForOrder(
  db: Db,
  schoolId: number,
  lang: Lang,
  billNo: string,
  access: { userId: number } | { payToken: string },
  now: Date
): Promise<GivingDayMatched> {
  if ('payToken' in access && !(await payTokenOpens(db, schoolId, billNo, access.payToken, now))) throw bizError('payLinkInvalid')
  const order = await repo.orderOfBill(db, schoolId, billNo)
  if (!order || ('userId' in access && Number(order.user_id) !== access.userId)) throw bizError('orderNotFound')
  if (order.status !== 'paid') throw bizError('orderNotPaid')
  const shares = await repo.matchSharesOfOrder(db, schoolId, Number(order.id))
  const amountFen = Number(order.amount_fen) - Number(order.refunded_fen)
  const matchedFen = shares.reduce((s, r) => s + Number(r.matched_fen), 0)
  return {
    amount: fenToYuan(amountFen),
    matched: fenToYuan(matchedFen),
    total: fenToYuan(amountFen + matchedFen),
    sponsors: [...new Set(shares.map((r) => (lang === 'en' && r.sponsor_en ? r.sponsor_en : r.sponsor)))]
  }
}
