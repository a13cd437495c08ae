/**
 * Offline gifts in giving days (docs/decisions/088-offline-gifts-in-giving-days.md). Runs on SQLite and, with
 * DATABASE_URL, on PostgreSQL.
 *
 * - an offline gift entered by finance for a project in a day, dated on a Beijing day the day's window meets, counts
 *   in the day's public totals (raised, donors: once per donor name), its newest gifts and its challenges (the unlock
 *   written once, by the gift that crossed the target); it is never matched and it is on no board (no profile)
 * - a gift dated outside the window, or for a project not in the day, does not count
 * - voiding takes it out of the day (the challenges keep their counters and their unlock, as after a refund);
 *   a correction of the amount or the date moves it (a challenge counts only an increase)
 * - a challenge counts a gift once, however it is corrected: moved out of its dates and back, or under another donor
 *   name, it adds neither money nor a donor; its amount lowered and raised again adds only past the most counted
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { Api, type GivingDayTotals } from '../../types'
import type { StaffGivingDay } from '../../types/schema/staff-giving-day'
import type { LedgerRow } from '../../types/schema/staff-money'
import { StaffApi, staffPath } from '../../types/staff-api'
import { BEIJING_OFFSET_MS } from '../src/lib/dates'
import { call, startApp, type TestContext } from './helpers'
import { AVENUE, SCHOLARSHIP } from './center-fixtures'
import { projectIdOf } from './order-fixtures'
import { staffCall, staffLogin, type StaffLogin } from './staff-fixtures'

let ctx: TestContext
let app: FastifyInstance
let admin: StaffLogin
let finance: StaffLogin
let scholarship: number
let avenue: number

before(async () => {
  ctx = await startApp()
  app = ctx.app
  admin = await staffLogin(app, 'demo', ['admin'], 'gdo.admin')
  finance = await staffLogin(app, 'demo', ['finance'], 'gdo.finance')
  scholarship = await projectIdOf(app, 'demo', SCHOLARSHIP)
  avenue = await projectIdOf(app, 'demo', AVENUE)
})
after(async () => {
  await ctx.close()
})

const DAY = 86_400_000
/** the Beijing calendar date `n` days before today's */
const daysAgo = (n: number) => new Date(Date.now() + BEIJING_OFFSET_MS - n * DAY).toISOString().slice(0, 10)

async function staff<T>(login: StaffLogin, path: string, body: object): Promise<T> {
  const r = await staffCall<T>(app, 'demo', 'POST', path, { token: login.token, body })
  assert.equal(r.body.code, 0, r.body.message)
  return r.body.data
}
const createDay = (body: object) => staff<StaffGivingDay>(admin, StaffApi.givingDays, body)
const addMatch = (dayId: number, body: object) => staff<StaffGivingDay>(admin, staffPath(StaffApi.givingDayMatches, { id: dayId }), body)
const addChallenge = (dayId: number, body: object) =>
  staff<StaffGivingDay>(admin, staffPath(StaffApi.givingDayChallenges, { id: dayId }), body)

/** the gift's id; its answer's givingDays (the console's "counts in" line) kept in `lastDays` */
let lastDays: string[] | undefined
async function offlineGift(projectId: number, amount: string, donorName: string, donatedOn: string): Promise<number> {
  const row = await staff<LedgerRow>(finance, StaffApi.offlineGifts, { projectId, amount, donorName, donatedOn, channel: 'bank', note: '' })
  lastDays = row.givingDays
  return row.id
}
const correct = (id: number, body: object) =>
  staff<LedgerRow>(finance, staffPath(StaffApi.offlineGift, { id }), { ...body, reason: '财务核对更正' })
const voidGift = (id: number) => staff<LedgerRow>(finance, staffPath(StaffApi.offlineGiftVoid, { id }), { reason: '重复录入' })

async function totals(id: number): Promise<GivingDayTotals> {
  const r = await call<GivingDayTotals>(app, 'demo', Api.givingDayDetail, { query: { id } })
  assert.equal(r.body.code, 0, r.body.message)
  return r.body.data
}
const challengeRow = (id: number) => app.db.selectFrom('giving_day_challenge').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const matchRecordsOf = (donationIds: number[]) =>
  app.db.selectFrom('giving_day_match_record').selectAll().where('donation_id', 'in', donationIds).execute()

describe('offline gifts in a giving day', () => {
  // day 1 is two Beijing dates ago and yesterday, 10:00 to 18:00 the next day; day 2 is the date five days ago
  const first = daysAgo(2)
  const second = daysAgo(1)
  let day1: number
  let day2: number
  let amountChallenge: number
  let donorsChallenge: number
  let matchId: number
  const gifts: Record<string, number> = {}

  it('counts a gift dated on a day of the window, for a project in the day: raised, donors, challenges; never matched', async () => {
    const d1 = await createDay({
      title: '线下捐赠日',
      startsAt: `${first} 10:00`,
      endsAt: `${second} 18:00`,
      goal: '10000.00',
      projects: [scholarship]
    })
    day1 = d1.id
    day2 = (
      await createDay({ title: '另一捐赠日', startsAt: `${daysAgo(5)} 00:00`, endsAt: `${daysAgo(4)} 00:00`, projects: [scholarship] })
    ).id
    matchId = (await addMatch(day1, { sponsor: '配捐企业', kind: 'per_yuan', rate: '1.00', cap: '100000.00' })).matches[0].id
    amountChallenge = (await addChallenge(day1, { sponsor: '校董会', kind: 'amount', target: '1000.00', reward: '5000.00' })).challenges[0]
      .id
    donorsChallenge = (await addChallenge(day1, { sponsor: '校友会', kind: 'donors', target: '2', reward: '2000.00' })).challenges[1].id

    // dated on the window's first date, before 10:00 (a date without a time): it counts, shown at the day's start
    gifts.a = await offlineGift(scholarship, '600.00', '校友企业甲', first)
    assert.deepEqual(lastDays, ['线下捐赠日'])
    let t = await totals(day1)
    assert.equal(t.raised, '600.00')
    assert.equal(t.donors, 1)
    assert.equal(t.matched, '0.00')
    assert.equal(t.recentDonors.length, 1)
    assert.equal(t.recentDonors[0].money, '600.00')
    assert.equal(t.recentDonors[0].time.slice(0, 16), `${first} 10:00`)
    assert.deepEqual(t.classYearsByMoney, [], 'no profile: on no board')
    assert.deepEqual(t.collegesByMoney, [])
    assert.deepEqual(t.regionsByMoney, [])
    let c = await challengeRow(amountChallenge)
    assert.equal(Number(c.raised_fen), 60_000)
    assert.equal(Number(c.donors), 1)
    assert.equal(c.unlocked_at, null)

    // the second one crosses ¥1,000 and the 2 donors: both unlocked by it
    gifts.b = await offlineGift(scholarship, '500.00', '校友企业乙', second)
    t = await totals(day1)
    assert.equal(t.raised, '1100.00')
    assert.equal(t.donors, 2)
    c = await challengeRow(amountChallenge)
    assert.equal(Number(c.raised_fen), 110_000)
    assert.ok(c.unlocked_at, 'unlocked')
    assert.equal(Number(c.unlocked_donation_id), gifts.b)
    const unlockedAt = c.unlocked_at
    const dc = await challengeRow(donorsChallenge)
    assert.equal(Number(dc.donors), 2)
    assert.equal(Number(dc.unlocked_donation_id), gifts.b)
    assert.deepEqual(
      t.challenges.map((x) => x.unlocked),
      [1, 1]
    )

    // the same name again: one donor, more money; the unlock is not written again
    gifts.c = await offlineGift(scholarship, '100.00', '校友企业甲', second)
    t = await totals(day1)
    assert.equal(t.raised, '1200.00')
    assert.equal(t.donors, 2)
    c = await challengeRow(amountChallenge)
    assert.equal(Number(c.raised_fen), 120_000)
    assert.equal(Number(c.donors), 2)
    assert.equal(c.unlocked_at, unlockedAt)
    assert.equal(Number(c.unlocked_donation_id), gifts.b)
    assert.equal(Number((await challengeRow(donorsChallenge)).donors), 2)

    // never matched: no record, nothing used
    assert.deepEqual(await matchRecordsOf([gifts.a, gifts.b, gifts.c]), [])
    const m = await app.db.selectFrom('giving_day_match').selectAll().where('id', '=', matchId).executeTakeFirstOrThrow()
    assert.equal(Number(m.used_fen), 0)
  })

  it('does not count a gift dated outside the window, nor one for a project not in the day', async () => {
    const before = await totals(day1)
    const outside = await offlineGift(scholarship, '300.00', '校友企业丙', daysAgo(3))
    const otherProject = await offlineGift(avenue, '300.00', '校友企业丁', first)
    assert.deepEqual(lastDays, [])
    const after = await totals(day1)
    assert.equal(after.raised, before.raised)
    assert.equal(after.donors, before.donors)
    assert.equal(Number((await challengeRow(amountChallenge)).raised_fen), 120_000)
    const rows = await app.db.selectFrom('giving_day_gift').select('id').where('donation_id', 'in', [outside, otherProject]).execute()
    assert.deepEqual(rows, [])
  })

  it('voiding takes the gift out of the day; the challenges keep their counters and their unlock', async () => {
    await voidGift(gifts.b)
    const t = await totals(day1)
    assert.equal(t.raised, '700.00')
    assert.equal(t.donors, 1)
    assert.equal(t.recentDonors.length, 2)
    // its gift row is gone (the totals would leave a cancelled gift out anyway: they sum paid rows)
    assert.deepEqual(await app.db.selectFrom('giving_day_gift').select('id').where('donation_id', '=', gifts.b).execute(), [])
    const c = await challengeRow(amountChallenge)
    assert.equal(Number(c.raised_fen), 120_000)
    assert.ok(c.unlocked_at)
    assert.equal(t.challenges[0].unlocked, 1)
  })

  it('a correction moves the gift: a larger amount, another date (into another day)', async () => {
    await correct(gifts.a, { amount: '800.00' })
    let t = await totals(day1)
    assert.equal(t.raised, '900.00')
    // the challenge counted the gift already: it counts the ¥200 more, and no second donor
    let c = await challengeRow(amountChallenge)
    assert.equal(Number(c.raised_fen), 140_000)
    assert.equal(Number(c.donors), 2)

    // a smaller amount: the day follows, the challenge keeps what it counted (as after a partial refund)
    await correct(gifts.a, { amount: '700.00' })
    t = await totals(day1)
    assert.equal(t.raised, '800.00')
    c = await challengeRow(amountChallenge)
    assert.equal(Number(c.raised_fen), 140_000)

    // the ¥100 gift moved to day 2's date: out of day 1, into day 2
    assert.deepEqual((await correct(gifts.c, { donatedOn: daysAgo(5) })).givingDays, ['另一捐赠日'])
    t = await totals(day1)
    assert.equal(t.raised, '700.00')
    assert.equal(t.donors, 1)
    const t2 = await totals(day2)
    assert.equal(t2.raised, '100.00')
    assert.equal(t2.donors, 1)
    assert.equal(t2.recentDonors.length, 1)

    // and back into day 1 under another name: a new donor there
    await correct(gifts.c, { donatedOn: second, donorName: '校友企业戊' })
    t = await totals(day1)
    assert.equal(t.raised, '800.00')
    assert.equal(t.donors, 2)
    assert.equal((await totals(day2)).raised, '0.00')
    assert.deepEqual(await matchRecordsOf([gifts.a, gifts.c]), [])
    // the challenges counted it before it left: neither its money nor a donor under the new name counts again
    c = await challengeRow(amountChallenge)
    assert.equal(Number(c.raised_fen), 140_000)
    assert.equal(Number(c.donors), 2)
    assert.equal(Number((await challengeRow(donorsChallenge)).donors), 2)
  })

  it('a challenge counts a corrected gift only past the most it counted of it, after any number of moves', async () => {
    // gift a: counted ¥800 at most, now ¥700; ¥750 adds nothing
    await correct(gifts.a, { amount: '750.00' })
    assert.equal(Number((await challengeRow(amountChallenge)).raised_fen), 140_000)
    // out of the day's dates and back, twice: counted once
    for (let i = 0; i < 2; i++) {
      assert.deepEqual((await correct(gifts.a, { donatedOn: daysAgo(3) })).givingDays, [])
      assert.deepEqual((await correct(gifts.a, { donatedOn: first })).givingDays, ['线下捐赠日'])
    }
    let c = await challengeRow(amountChallenge)
    assert.equal(Number(c.raised_fen), 140_000)
    assert.equal(Number(c.donors), 2)
    // ¥900: the ¥100 past the ¥800 counted
    await correct(gifts.a, { amount: '900.00' })
    c = await challengeRow(amountChallenge)
    assert.equal(Number(c.raised_fen), 150_000)
    assert.equal(Number(c.donors), 2)
    const t = await totals(day1)
    assert.equal(t.raised, '1000.00')
    const shares = await app.db
      .selectFrom('giving_day_challenge_share')
      .select(['challenge_id', 'counted_fen'])
      .where('donation_id', '=', gifts.a)
      .orderBy('challenge_id')
      .execute()
    assert.deepEqual(
      shares.map((r) => [Number(r.challenge_id), Number(r.counted_fen)]),
      [
        [amountChallenge, 90_000],
        [donorsChallenge, 90_000]
      ]
    )
  })
})
