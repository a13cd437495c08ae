/**
 * Giving days: matches and challenges (docs/decisions/070-giving-days.md). Runs on SQLite and, with DATABASE_URL, on
 * PostgreSQL, where the payments really race on the connection pool.
 *
 * - 500 donors pay at once through the sandbox cashier's notify (the real paid path, order/notifications.ts) against a
 *   ¥10,000 match at 1:1 and a challenge at 300 donors: exactly ¥10,000 matched, never more, one partial share at
 *   most, one record per order, the challenge unlocked exactly once by one of the gifts, and the public totals equal
 *   to the fen to the sums computed here from the amounts this test paid.
 * - refunds give the match back (partial: what the remaining money no longer earns; full: all of it) and the
 *   challenge stays unlocked; a per-donor match gives once per donor and again after that gift was refunded.
 * - restrictions by project and class year; the window's edges (the start counts, the end does not).
 * - staff refusals: each names its field (data.field) in zh and en, and writes nothing.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { Api, type GivingDayTotals } from '../../types'
import type { StaffGivingDay } from '../../types/schema/staff-giving-day'
import { StaffApi, staffPath } from '../../types/staff-api'
import { applyNotification } from '../src/domain/order/notifications'
import { toWireDate } from '../src/lib/dates'
import { call, login, startApp, type TestContext } from './helpers'
import { AVENUE, SCHOLARSHIP } from './center-fixtures'
import { demoBody, orderRow, placeOrder, projectIdOf, sandboxNotify, schoolIdOf } from './order-fixtures'
import { staffCall, staffLogin, type StaffLogin } from './staff-fixtures'

let ctx: TestContext
let app: FastifyInstance
let sid: number
let admin: StaffLogin
let finance: StaffLogin
let scholarship: number
let avenue: number

before(async () => {
  ctx = await startApp()
  app = ctx.app
  sid = await schoolIdOf(app, 'demo')
  admin = await staffLogin(app, 'demo', ['admin'], 'gd.admin')
  finance = await staffLogin(app, 'demo', ['finance'], 'gd.finance')
  scholarship = await projectIdOf(app, 'demo', SCHOLARSHIP)
  avenue = await projectIdOf(app, 'demo', AVENUE)
})
after(async () => {
  await ctx.close()
})

/** 'YYYY-MM-DD HH:mm' in Beijing time, as staff type it */
const beijing = (d: Date) => toWireDate(d.toISOString()).slice(0, 16)
const HOUR = 3600_000

const yuanText = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`
const fenOf = (yuan: string) => {
  const [w, f = ''] = yuan.split('.')
  return Number(w) * 100 + Number(f.padEnd(2, '0'))
}

async function createDay(body: object): Promise<StaffGivingDay> {
  const r = await staffCall<StaffGivingDay>(app, 'demo', 'POST', StaffApi.givingDays, { token: admin.token, body })
  assert.equal(r.body.code, 0, r.body.message)
  return r.body.data
}
async function addMatch(dayId: number, body: object): Promise<StaffGivingDay> {
  const r = await staffCall<StaffGivingDay>(app, 'demo', 'POST', staffPath(StaffApi.givingDayMatches, { id: dayId }), {
    token: admin.token,
    body
  })
  assert.equal(r.body.code, 0, r.body.message)
  return r.body.data
}
async function addChallenge(dayId: number, body: object): Promise<StaffGivingDay> {
  const r = await staffCall<StaffGivingDay>(app, 'demo', 'POST', staffPath(StaffApi.givingDayChallenges, { id: dayId }), {
    token: admin.token,
    body
  })
  assert.equal(r.body.code, 0, r.body.message)
  return r.body.data
}
const totals = async (id: number, lang?: 'en') =>
  (await call<GivingDayTotals>(app, 'demo', Api.givingDayDetail, { query: { id, ...(lang ? { lang } : {}) } })).body

const matchRow = (id: number) => app.db.selectFrom('giving_day_match').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const challengeRow = (id: number) => app.db.selectFrom('giving_day_challenge').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const recordsOfMatch = (id: number) => app.db.selectFrom('giving_day_match_record').selectAll().where('match_id', '=', id).execute()

/** An order placed through donate and paid through applyNotification at `at` (the paid path with a chosen instant). */
async function payAt(token: string, itemsId: number, fen: number, at: Date, formDataMap: Record<string, string> = {}) {
  const billNo = await placeOrder(
    app,
    'demo',
    token,
    demoBody(itemsId, {
      currencyMoney: yuanText(fen),
      formDataMap: { name: '张三', mobile: '86-13800138000', isAlumni: '0', ...formDataMap }
    })
  )
  const r = await applyNotification(
    app.db,
    sid,
    { provider: 'sandbox', billNo, providerTradeNo: `SBX${billNo}`, amountFen: fen, outcome: 'paid', raw: '{}' },
    { now: at }
  )
  assert.equal(r.status, 'applied')
  return Number((await orderRow(app, billNo)).id)
}

const refund = (donationId: number, amount: string) =>
  staffCall(app, 'demo', 'POST', `/ledger/${donationId}/refund`, { token: finance.token, body: { amount, reason: '捐赠人申请退款' } })

describe('500 concurrent paid gifts against a ¥10,000 match at 1:1 and a challenge at 300 donors', () => {
  it('match exactly ¥10,000, never more; the challenge unlocked exactly once; totals exact to the fen', async () => {
    const now = Date.now()
    const day = await createDay({
      title: '校庆捐赠日',
      titleEn: 'Anniversary Giving Day',
      startsAt: beijing(new Date(now - HOUR)),
      endsAt: beijing(new Date(now + 2 * HOUR)),
      goal: '50000.00',
      participationGoal: 400,
      projects: [scholarship]
    })
    const withMatch = await addMatch(day.id, { sponsor: '校友企业家', kind: 'per_yuan', rate: '1.00', cap: '10000.00' })
    const matchId = withMatch.matches[0].id
    const withChallenge = await addChallenge(day.id, { sponsor: '校董会', kind: 'donors', target: '300', reward: '100000.00' })
    const challengeId = withChallenge.challenges[0].id

    const N = 500
    // amounts with odd fen: 20.00 + i × 0.37 yuan, ¥56,157.50 in all, well past the cap
    const amounts = Array.from({ length: N }, (_, i) => 2000 + i * 37)
    const tokens: string[] = []
    for (let i = 0; i < N; i += 50)
      tokens.push(...(await Promise.all(Array.from({ length: Math.min(50, N - i) }, (_, j) => login(app, 'demo', `gd-peak-${i + j}`)))))
    const bills: string[] = []
    for (let i = 0; i < N; i += 25)
      bills.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(25, N - i) }, (_, j) =>
            placeOrder(
              app,
              'demo',
              tokens[i + j],
              demoBody(scholarship, {
                currencyMoney: yuanText(amounts[i + j]),
                formDataMap: { name: `校友${i + j}`, mobile: '86-13800138000', isAlumni: '0', classYear: String(2000 + ((i + j) % 7)) }
              })
            )
          )
        ))
      )

    // every payment at once, through the sandbox cashier's notify route
    const paid = await Promise.all(bills.map((b) => sandboxNotify(app, 'demo', b)))
    assert.deepEqual(
      paid.map((p) => p.body.data?.status),
      bills.map(() => 'applied')
    )

    const m = await matchRow(matchId)
    assert.equal(Number(m.used_fen), 1_000_000)
    const records = await recordsOfMatch(matchId)
    assert.equal(
      records.reduce((s, r) => s + Number(r.matched_fen), 0),
      1_000_000
    )
    assert.equal(new Set(records.map((r) => Number(r.donation_id))).size, records.length, 'one record per order')
    const amountOf = new Map(
      (await app.db.selectFrom('donation').select(['id', 'amount_fen']).where('bill_no', 'in', bills).execute()).map((d) => [
        Number(d.id),
        Number(d.amount_fen)
      ])
    )
    const partial = records.filter((r) => Number(r.matched_fen) !== amountOf.get(Number(r.donation_id)))
    assert.ok(partial.length <= 1, 'at most one gift gets the remainder')
    for (const r of records) assert.ok(Number(r.matched_fen) > 0 && Number(r.matched_fen) <= amountOf.get(Number(r.donation_id))!)

    const c = await challengeRow(challengeId)
    assert.equal(Number(c.donors), N)
    const sum = amounts.reduce((s, a) => s + a, 0)
    assert.equal(sum, 5_615_750)
    assert.equal(Number(c.raised_fen), sum)
    assert.ok(c.unlocked_at, 'unlocked')
    assert.ok(amountOf.has(Number(c.unlocked_donation_id)), 'by one of the gifts')
    // each donor counted once toward the challenge
    const donors = await app.db
      .selectFrom('giving_day_donor')
      .select('donor_key')
      .where('scope', '=', 'challenge')
      .where('ref_id', '=', challengeId)
      .execute()
    assert.equal(donors.length, N)

    const pub = await totals(day.id)
    assert.equal(pub.code, 0, pub.message)
    assert.equal(pub.data.raised, yuanText(sum))
    assert.equal(pub.data.donors, N)
    assert.equal(pub.data.matched, '10000.00')
    assert.deepEqual(pub.data.matches, [{ sponsor: '校友企业家', kind: 'per_yuan', rate: '1.00', cap: '10000.00', used: '10000.00' }])
    assert.equal(pub.data.challenges.length, 1)
    assert.equal(pub.data.challenges[0].unlocked, 1)
    assert.equal(pub.data.challenges[0].donors, N)
    assert.equal(pub.data.state, 'open')
    // the class-year board adds up to the day, to the fen, by money and by donors
    const board = pub.data.classYearsByMoney
    assert.equal(board.length, 7)
    assert.equal(
      board.reduce((s, r) => s + fenOf(r.raised), 0),
      sum
    )
    assert.equal(
      board.reduce((s, r) => s + r.donors, 0),
      N
    )
    for (let y = 0; y < 7; y++) {
      const expected = amounts.filter((_, i) => i % 7 === y).reduce((s, a) => s + a, 0)
      assert.equal(board.find((r) => r.classYear === String(2000 + y))?.raised, yuanText(expected))
    }
    for (let i = 1; i < board.length; i++) assert.ok(fenOf(board[i - 1].raised) >= fenOf(board[i].raised))
    const byDonors = pub.data.classYearsByDonors
    for (let i = 1; i < byDonors.length; i++) assert.ok(byDonors[i - 1].donors >= byDonors[i].donors)
    assert.equal(pub.data.recentDonors.length, 10)
    assert.equal((await totals(day.id, 'en')).data.title, 'Anniversary Giving Day')

    // the unlock is written once: on SQLite, where paid transactions run one after another, by the 300th donor counted
    if (!ctx.databaseUrl) {
      const counted = await app.db
        .selectFrom('giving_day_donor')
        .select('donation_id')
        .where('scope', '=', 'challenge')
        .where('ref_id', '=', challengeId)
        .orderBy('id')
        .execute()
      assert.equal(Number(counted[299].donation_id), Number(c.unlocked_donation_id))
    }
    // one more donor afterwards: the spent match gives nothing, the unlock keeps its instant and order
    const late = await placeOrder(app, 'demo', await login(app, 'demo', 'gd-peak-late'), demoBody(scholarship, { currencyMoney: '50.00' }))
    assert.equal((await sandboxNotify(app, 'demo', late)).body.data.status, 'applied')
    assert.equal(Number((await matchRow(matchId)).used_fen), 1_000_000)
    assert.equal((await recordsOfMatch(matchId)).length, records.length)
    const afterLate = await challengeRow(challengeId)
    assert.equal(afterLate.unlocked_at, c.unlocked_at)
    assert.equal(Number(afterLate.unlocked_donation_id), Number(c.unlocked_donation_id))
    assert.equal(Number(afterLate.donors), N + 1)
    const pubLate = (await totals(day.id)).data
    assert.equal(pubLate.raised, yuanText(sum + 5000))
    assert.equal(pubLate.donors, N + 1)

    // a cap below what is used is refused, naming the field; at the used amount it is taken
    const low = await staffCall(app, 'demo', 'POST', staffPath(StaffApi.givingDayMatch, { id: day.id, matchId }), {
      token: admin.token,
      body: { cap: '9999.99' },
      lang: 'en'
    })
    assert.equal(low.body.code, -1)
    assert.equal(low.body.data?.field, 'cap')
    assert.match(low.body.message, /10000\.00/)
    assert.equal(Number((await matchRow(matchId)).cap_fen), 1_000_000)
    const equal = await staffCall<StaffGivingDay>(app, 'demo', 'POST', staffPath(StaffApi.givingDayMatch, { id: day.id, matchId }), {
      token: admin.token,
      body: { cap: '10000.00', sponsor: '校友企业家基金' }
    })
    assert.equal(equal.body.code, 0, equal.body.message)
    assert.equal(equal.body.data.matches[0].sponsor, '校友企业家基金')
    // an unlocked challenge's target is final
    const locked = await staffCall(app, 'demo', 'POST', staffPath(StaffApi.givingDayChallenge, { id: day.id, challengeId }), {
      token: admin.token,
      body: { target: '1000' }
    })
    assert.equal(locked.body.code, -1)
    assert.equal(locked.body.message, '挑战已解锁，不能再修改目标')
  })
})

describe('refunds, per-donor matches, restrictions and windows (paid at chosen instants)', () => {
  // far from now, so these days never hold the concurrency test's gifts nor each other's
  const T0 = Date.parse('2031-05-20T02:00:00.000Z')

  it('a refund gives the match back, partly then wholly; the challenge stays unlocked', async () => {
    const day = await createDay({
      title: '退款测试日',
      startsAt: beijing(new Date(T0)),
      endsAt: beijing(new Date(T0 + HOUR)),
      projects: [avenue]
    })
    const matchId = (await addMatch(day.id, { sponsor: '配捐方', kind: 'per_yuan', rate: '2.00', cap: '100000.00' })).matches[0].id
    const challengeId = (await addChallenge(day.id, { sponsor: '挑战方', kind: 'amount', target: '50.00', reward: '5000.00' }))
      .challenges[0].id
    const donor = await login(app, 'demo', 'gd-refund-1')
    const id = await payAt(donor, avenue, 10_000, new Date(T0 + 60_000))
    assert.equal(Number((await matchRow(matchId)).used_fen), 20_000)
    const unlockedAt = (await challengeRow(challengeId)).unlocked_at
    assert.ok(unlockedAt)

    assert.equal((await refund(id, '30.00')).body.data.state, 'succeeded')
    let rec = (await recordsOfMatch(matchId))[0]
    assert.equal(Number(rec.matched_fen), 14_000)
    assert.equal(Number(rec.returned_fen), 6_000)
    assert.equal(Number((await matchRow(matchId)).used_fen), 14_000)

    assert.equal((await refund(id, '70.00')).body.data.state, 'succeeded')
    rec = (await recordsOfMatch(matchId))[0]
    assert.equal(Number(rec.matched_fen), 0)
    assert.equal(Number(rec.returned_fen), 20_000)
    assert.equal(Number((await matchRow(matchId)).used_fen), 0)
    const c = await challengeRow(challengeId)
    assert.equal(c.unlocked_at, unlockedAt)
    assert.equal(Number(c.unlocked_donation_id), id)
    const pub = (await totals(day.id)).data
    assert.equal(pub.raised, '0.00')
    assert.equal(pub.donors, 0)
    assert.equal(pub.matched, '0.00')
    assert.equal(pub.challenges[0].unlocked, 1)
  })

  it('a per-donor match gives once per donor, again after that gift was refunded in full, and stops at its cap', async () => {
    const t = T0 + 2 * HOUR
    const day = await createDay({
      title: '每人配捐日',
      startsAt: beijing(new Date(t)),
      endsAt: beijing(new Date(t + HOUR)),
      projects: [avenue]
    })
    const matchId = (await addMatch(day.id, { sponsor: '每人配捐', kind: 'per_donor', rate: '20.00', cap: '50.00' })).matches[0].id
    const a = await login(app, 'demo', 'gd-donor-a')
    const b = await login(app, 'demo', 'gd-donor-b')
    const c = await login(app, 'demo', 'gd-donor-c')
    const a1 = await payAt(a, avenue, 500, new Date(t + 1000))
    await payAt(a, avenue, 700, new Date(t + 2000))
    assert.equal(Number((await matchRow(matchId)).used_fen), 2000, 'a second gift of the same donor is not matched again')
    assert.equal((await refund(a1, '5.00')).body.data.state, 'succeeded')
    assert.equal(Number((await matchRow(matchId)).used_fen), 0)
    await payAt(a, avenue, 800, new Date(t + 3000))
    await payAt(b, avenue, 800, new Date(t + 4000))
    await payAt(c, avenue, 800, new Date(t + 5000))
    // ¥20 + ¥20 + the ¥10 left of the ¥50 cap
    assert.equal(Number((await matchRow(matchId)).used_fen), 5000)
    assert.deepEqual(
      (await recordsOfMatch(matchId)).map((r) => Number(r.matched_fen)).sort((x, y) => x - y),
      [0, 1000, 2000, 2000]
    )
  })

  it('restrictions by project and class year; the window: its start counts, its end does not', async () => {
    const t = T0 + 4 * HOUR
    const day = await createDay({ title: '限定日', startsAt: beijing(new Date(t)), endsAt: beijing(new Date(t + HOUR)) })
    assert.deepEqual(day.projects, [])
    const matchId = (
      await addMatch(day.id, {
        sponsor: '2010级',
        kind: 'per_yuan',
        rate: '1.00',
        cap: '1000.00',
        projects: [scholarship],
        classYears: ['2010']
      })
    ).matches[0].id
    const donor = await login(app, 'demo', 'gd-restrict-1')
    await payAt(donor, scholarship, 1000, new Date(t), { classYear: '2010' })
    await payAt(donor, scholarship, 1100, new Date(t + 1000), { classYear: '2011' })
    await payAt(donor, avenue, 1200, new Date(t + 2000), { classYear: '2010' })
    await payAt(donor, scholarship, 1300, new Date(t + HOUR), { classYear: '2010' })
    await payAt(donor, scholarship, 1400, new Date(t - 1), { classYear: '2010' })
    assert.equal(Number((await matchRow(matchId)).used_fen), 1000, 'only the first gift meets the project, class year and window')
    const pub = (await totals(day.id)).data
    // the start instant counts, the end instant and before the start do not; every project counts in the day
    assert.equal(pub.raised, yuanText(1000 + 1100 + 1200))
    assert.equal(pub.donors, 1)
    assert.deepEqual(
      pub.classYearsByMoney.map((r) => [r.classYear, r.raised, r.donors]),
      [
        ['2010', '22.00', 1],
        ['2011', '11.00', 1]
      ]
    )
    // set in 2031: not yet begun as this test runs
    assert.equal(pub.state, 'upcoming')
  })
})

describe('two giving days open at once', () => {
  it('a gift to a project in both counts in each, and each day’s match gives its share once', async () => {
    const t = Date.parse('2031-05-21T02:00:00.000Z')
    const wide = await createDay({ title: '全校日', startsAt: beijing(new Date(t)), endsAt: beijing(new Date(t + 3 * HOUR)) })
    const narrow = await createDay({
      title: '奖学金日',
      startsAt: beijing(new Date(t + HOUR)),
      endsAt: beijing(new Date(t + 2 * HOUR)),
      projects: [scholarship]
    })
    const wideMatch = (await addMatch(wide.id, { sponsor: 'A', kind: 'per_yuan', rate: '0.50', cap: '1000.00' })).matches[0].id
    const narrowMatch = (await addMatch(narrow.id, { sponsor: 'B', kind: 'per_yuan', rate: '1.00', cap: '1000.00' })).matches[0].id
    const donor = await login(app, 'demo', 'gd-two-days')
    await payAt(donor, scholarship, 12_345, new Date(t + 90 * 60_000))
    await payAt(donor, avenue, 1_001, new Date(t + 90 * 60_000))
    // ¥123.45 × 0.5 = ¥61.72 (rounded down to the fen) + ¥10.01 × 0.5 = ¥5.00; the narrow day holds only the first gift
    assert.equal(Number((await matchRow(wideMatch)).used_fen), 6_172 + 500)
    assert.equal(Number((await matchRow(narrowMatch)).used_fen), 12_345)
    assert.equal((await totals(wide.id)).data.raised, '133.46')
    assert.equal((await totals(narrow.id)).data.raised, '123.45')
  })
})

describe('staff refusals', () => {
  const post = (url: string, body: object, lang?: 'en') => staffCall(app, 'demo', 'POST', url, { token: admin.token, body, lang })
  const days = async () =>
    Number(
      (
        await app.db
          .selectFrom('giving_day')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n
    )

  it('each refusal names its field in zh and en and writes nothing', async () => {
    const before = await days()
    const ok = { title: '日', startsAt: '2032-01-01 09:00', endsAt: '2032-01-02 09:00' }
    const cases: [object, string, string, RegExp][] = [
      [{ ...ok, title: ' ' }, 'title', '请填写捐赠日名称', /title/],
      [{ ...ok, startsAt: '2032-13-01 09:00' }, 'startsAt', '开始时间格式应为 YYYY-MM-DD HH:mm（北京时间）', /^Start must be/],
      [{ ...ok, endsAt: '2032-01-01 09:00' }, 'endsAt', '结束时间必须晚于开始时间', /later than the start/],
      [
        { ...ok, goal: '1.234' },
        'goal',
        '筹款目标请输入合法金额（最多两位小数，不超过10000000000000.00元）',
        /^Money goal: please enter a valid amount/
      ],
      [
        { ...ok, participationGoal: -1 },
        'participationGoal',
        '参与人数目标请输入0到100000000之间的整数',
        /^Participation goal: please enter a whole number/
      ],
      [{ ...ok, projects: [99999999] }, 'projects', '项目 99999999 不存在', /^Project 99999999 does not exist$/],
      [{ ...ok, title: '长'.repeat(101) }, 'title', '名称不能超过100个字', /^Title can not exceed 100 characters$/]
    ]
    for (const [body, field, zh, en] of cases) {
      const r = await post(StaffApi.givingDays, body)
      assert.equal(r.body.code, -1, JSON.stringify(body))
      assert.equal(r.body.data?.field, field)
      assert.equal(r.body.message, zh)
      const e = await post(StaffApi.givingDays, body, 'en')
      assert.match(e.body.message, en)
    }
    assert.equal(await days(), before)

    const day = await createDay(ok)
    const m = staffPath(StaffApi.givingDayMatches, { id: day.id })
    const goodMatch = { sponsor: 'S', kind: 'per_yuan', rate: '1.00', cap: '100.00' }
    const matchCases: [object, string][] = [
      [{ ...goodMatch, sponsor: '' }, 'sponsor'],
      [{ ...goodMatch, kind: 'double' }, 'kind'],
      [{ ...goodMatch, rate: '0' }, 'rate'],
      [{ ...goodMatch, cap: '-5' }, 'cap'],
      [{ ...goodMatch, classYears: ['10'] }, 'classYears'],
      [{ ...goodMatch, startsAt: '2031-12-31 09:00' }, 'startsAt']
    ]
    for (const [body, field] of matchCases) {
      const r = await post(m, body, 'en')
      assert.equal(r.body.code, -1, JSON.stringify(body))
      assert.equal(r.body.data?.field, field)
    }
    const ch = staffPath(StaffApi.givingDayChallenges, { id: day.id })
    for (const [body, field] of [
      [{ sponsor: 'S', kind: 'donors', target: '0', reward: '1.00' }, 'target'],
      [{ sponsor: 'S', kind: 'amount', target: 'x', reward: '1.00' }, 'target'],
      [{ sponsor: 'S', kind: 'people', target: '3', reward: '1.00' }, 'kind']
    ] as const) {
      const r = await post(ch, body)
      assert.equal(r.body.code, -1)
      assert.equal(r.body.data?.field, field)
    }
    const again = (
      await staffCall<StaffGivingDay>(app, 'demo', 'GET', staffPath(StaffApi.givingDay, { id: day.id }), { token: admin.token })
    ).body.data
    assert.equal(again.matches.length, 0)
    assert.equal(again.challenges.length, 0)
    // staff see Beijing time they typed back as the UTC instant
    assert.equal(again.startsAt, '2032-01-01T01:00:00.000Z')
    // an unknown giving day
    const none = await post(staffPath(StaffApi.givingDayMatches, { id: 99999999 }), goodMatch, 'en')
    assert.equal(none.body.message, 'The giving day does not exist')
    const missing = await totals(99999999)
    assert.equal(missing.code, -1)
    assert.equal(missing.message, '捐赠日不存在')
  })
})
