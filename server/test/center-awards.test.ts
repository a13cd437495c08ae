/**
 * Awards (docs/product §2 award?id, §3 Award, §9 default titles): the five defaults per school, the foundation's rules,
 * and earning on the paid transition through recordGiftForAwards called the way the order flow calls it
 * (domain/order/notifications.ts): inside the transaction that moves the order to paid, after the transition.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { Api, ResultCode, type Award } from '../../types'
import {
  awardFacts,
  evaluateRule,
  factsNeeded,
  heldAwardsAndFacts,
  recordGiftForAwards,
  ensureDefaultAwards
} from '../src/domain/award/service'
import { friendsJoined } from '../src/domain/center/repository'
// the rules are cached per school (every paid gift reads them): a rule changed in the database directly, as here,
// applies within the cache's 5 s, or at once after an invalidation
import { invalidateSchoolCache } from '../src/domain/school/cache'
import { transition } from '../src/domain/order/state'
import { applyNotification } from '../src/domain/order/notifications'
import { call, login, startApp, type TestContext } from './helpers'
import { SCHOLARSHIP, demoBody, paidGift, placeOrder, projectIdOf, userIdOf } from './center-fixtures'
import { orderRow, schoolIdOf } from './order-fixtures'

let ctx: TestContext
let app: FastifyInstance
let sid: number
let scholarship: number

before(async () => {
  ctx = await startApp()
  app = ctx.app
  sid = await schoolIdOf(app, 'demo')
  scholarship = await projectIdOf(app, 'demo', SCHOLARSHIP)
})
after(async () => {
  await ctx.close()
})

const list = async (token: string, lang = 'zh_CN') => (await call<Award[]>(app, 'demo', Api.awardList, { token, query: { lang } })).body
const held = async (userId: number) =>
  await app.db
    .selectFrom('award_record')
    .innerJoin('award', 'award.id', 'award_record.award_id')
    .select(['award.code', 'award_record.earned_at', 'award_record.source'])
    .where('award_record.user_id', '=', userId)
    .orderBy('award.sort_no')
    .execute()

/** What the order flow does on payment: the transition and the award hook in one transaction. */
async function payWithHook(billNo: string, opts: { failAfter?: boolean } = {}) {
  const order = await orderRow(app, billNo)
  const paidAt = new Date().toISOString()
  return app.db.transaction().execute(async (trx) => {
    assert.ok(await transition(trx, sid, order.id, 'pending', 'paid', { paid_at: paidAt }))
    const earned = await recordGiftForAwards(trx, {
      schoolId: sid,
      userId: order.user_id,
      donationId: order.id,
      amountFen: order.amount_fen,
      paidAt,
      // as the order flow passes it (notifications.ts): no launcher read for a gift through no joint donation
      togetherId: order.together_id
    })
    if (opts.failAfter) throw new Error('the payment transaction failed after the hook')
    return { earned, paidAt, donationId: order.id }
  })
}

/** 爱心大使's total threshold set by the foundation (a direct write: the cached award rules are told) */
async function ambassadorAtTotal(fen: number) {
  await app.db
    .updateTable('award')
    .set({ min_total_fen: fen })
    .where('school_id', '=', sid)
    .where('code', '=', 'loving_ambassador')
    .execute()
  invalidateSchoolCache()
}

describe('the default awards', () => {
  it('five per school, in order, localised, with the rule spelled out; none held by a new user', async () => {
    const t = await login(app, 'demo', 'award-new')
    const zh = await list(t)
    assert.equal(zh.code, 0)
    assert.deepEqual(
      zh.data.map((a) => a.name),
      ['爱心达人', '爱心天使', '爱心大使', '公益之星', '一呼百应']
    )
    assert.deepEqual(
      zh.data.map((a) => [a.recordCount, a.ranking, a.awardTime]),
      Array(5).fill([0, 0, ''])
    )
    assert.ok(zh.data.every((a) => a.picture.startsWith('/files/awards/') && a.description))
    assert.equal(zh.data[2].condition, '累计捐赠金额满1000.00元')
    const en = await list(t, 'en')
    assert.deepEqual(
      en.data.map((a) => a.name),
      ['Loving expert', 'Loving angel', 'Loving ambassador', 'Charity star', 'One call a hundred answers']
    )
    const pic = await app.inject({ url: zh.data[0].picture })
    assert.equal(pic.headers['content-type'], 'image/png')
  })
  it('each school has its own set', async () => {
    const t = await login(app, 'hhu', 'award-hhu')
    const hhu = (await call<Award[]>(app, 'hhu', Api.awardList, { token: t })).body.data
    const demo = (await list(await login(app, 'demo', 'award-new'))).data
    assert.equal(hhu.length, 5)
    assert.ok(hhu.every((a) => !demo.some((d) => d.id === a.id)))
  })
})

describe('recordGiftForAwards inside the paid transaction', () => {
  it('the first paid gift earns 爱心达人 at the payment time, in the same transaction; a repeat is a no-op', async () => {
    const t = await login(app, 'demo', 'award-first')
    const uid = await userIdOf(app, 'demo', 'award-first')
    const bill = await placeOrder(app, 'demo', t, demoBody(scholarship, { currencyMoney: '100.00' }))
    const r = await payWithHook(bill)
    assert.deepEqual(r.earned, { donor: ['loving_expert'], launcher: [] })
    assert.deepEqual(await held(uid), [{ code: 'loving_expert', earned_at: r.paidAt, source: `donation:${r.donationId}` }])
    const again = await app.db
      .transaction()
      .execute((trx) =>
        recordGiftForAwards(trx, { schoolId: sid, userId: uid, donationId: r.donationId, amountFen: 10000, paidAt: r.paidAt })
      )
    assert.deepEqual(again, { donor: [], launcher: [] })
    assert.equal((await held(uid)).length, 1)
    const a = (await list(t)).data[0]
    assert.equal(a.recordCount, 1)
    assert.ok(a.ranking >= 1)
    assert.equal(a.awardTime.length, 19)
  })
  it('a payment transaction that fails after the hook leaves no award (and the order pending)', async () => {
    const t = await login(app, 'demo', 'award-rollback')
    const uid = await userIdOf(app, 'demo', 'award-rollback')
    const bill = await placeOrder(app, 'demo', t, demoBody(scholarship))
    await assert.rejects(payWithHook(bill, { failAfter: true }))
    assert.deepEqual(await held(uid), [])
    assert.equal((await orderRow(app, bill)).status, 'pending')
  })
  it('a gift not yet marked paid when the hook runs still counts (the hook does not depend on call order)', async () => {
    const t = await login(app, 'demo', 'award-early')
    const uid = await userIdOf(app, 'demo', 'award-early')
    const order = await orderRow(app, await placeOrder(app, 'demo', t, demoBody(scholarship)))
    const earned = await app.db
      .transaction()
      .execute((trx) =>
        recordGiftForAwards(trx, { schoolId: sid, userId: uid, donationId: order.id, amountFen: order.amount_fen, paidAt: new Date() })
      )
    assert.deepEqual(earned.donor, ['loving_expert'])
  })
  it("the foundation's thresholds decide: total given crosses on the gift that took it over", async () => {
    await ambassadorAtTotal(15_000)
    const t = await login(app, 'demo', 'award-total')
    const uid = await userIdOf(app, 'demo', 'award-total')
    const first = await payWithHook(await placeOrder(app, 'demo', t, demoBody(scholarship, { currencyMoney: '100.00' })))
    assert.deepEqual(first.earned.donor, ['loving_expert'])
    const second = await payWithHook(await placeOrder(app, 'demo', t, demoBody(scholarship, { currencyMoney: '50.00' })))
    assert.deepEqual(second.earned.donor, ['loving_ambassador'])
    const rec = (await held(uid)).find((h) => h.code === 'loving_ambassador')
    assert.equal(rec?.earned_at, second.paidAt)
    const detail = (await call<Award>(app, 'demo', Api.awardDetail, { token: t, query: { awardId: (await list(t)).data[2].id } })).body.data
    assert.deepEqual([detail.name, detail.recordCount, detail.condition], ['爱心大使', 1, '累计捐赠金额满150.00元'])
  })
  it('through the payment notification: the first gift earns 爱心达人, the gift that crosses the total 爱心大使', async () => {
    // on PostgreSQL the paid statement reads the donor's awards and earlier gifts itself (notifications.ts
    // paidWithAwards): the facts it hands back decide as a read of their own would
    await ambassadorAtTotal(15_000)
    const t = await login(app, 'demo', 'award-notified')
    const uid = await userIdOf(app, 'demo', 'award-notified')
    const pay = async (money: string) => {
      const billNo = await placeOrder(app, 'demo', t, demoBody(scholarship, { currencyMoney: money }))
      const order = await orderRow(app, billNo)
      const r = await applyNotification(app.db, sid, {
        provider: 'sandbox',
        billNo,
        providerTradeNo: `SBX${billNo}`,
        amountFen: order.amount_fen,
        outcome: 'paid',
        raw: '{}'
      })
      assert.equal(r.status, 'applied')
      return (await held(uid)).map((h) => h.code)
    }
    assert.deepEqual(await pay('100.00'), ['loving_expert'])
    assert.deepEqual(await pay('40.00'), ['loving_expert'], '140.00 in all: under the threshold')
    assert.deepEqual((await pay('10.00')).sort(), ['loving_ambassador', 'loving_expert'], '150.00 in all crosses it')
    const rec = (await held(uid)).find((h) => h.code === 'loving_ambassador')
    assert.ok(rec?.source.startsWith('donation:'))
  })
  it('ranking follows the order of earning', async () => {
    const t1 = await login(app, 'demo', 'rank-a')
    const t2 = await login(app, 'demo', 'rank-b')
    await payWithHook(await placeOrder(app, 'demo', t1, demoBody(scholarship)))
    await payWithHook(await placeOrder(app, 'demo', t2, demoBody(scholarship)))
    const r1 = (await list(t1)).data[0]
    const r2 = (await list(t2)).data[0]
    assert.equal(r2.ranking, r1.ranking + 1)
    assert.equal(r1.holderCount, r2.holderCount)
  })
  it('friends who join a joint donation earn the launcher 一呼百应 on the gift that completes the rule', async () => {
    const launcherId = await userIdOf(app, 'demo', 'seed-user-2')
    const tg = await app.db
      .selectFrom('together_donation')
      .select(['id', 'items_id'])
      .where('user_id', '=', launcherId)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow()
    await ensureDefaultAwards(app.db, sid)
    // the launcher's own seeded history is reviewed first (awardList), so only the joint-donation award is at stake
    await list(await login(app, 'demo', 'seed-user-2'))
    const already = await friendsJoined(app.db, sid, launcherId)
    await app.db
      .updateTable('award')
      .set({ min_friends_joined: already + 2 })
      .where('school_id', '=', sid)
      .where('code', '=', 'one_call')
      .execute()
    invalidateSchoolCache()
    const project = await app.db
      .selectFrom('project')
      .select(['fix_money', 'is_fix_money'])
      .where('id', '=', tg.items_id)
      .executeTakeFirstOrThrow()
    const amount = project.is_fix_money ? ((JSON.parse(project.fix_money) as { fen: number }[])[0].fen / 100).toFixed(2) : '10.00'
    const give = async (who: string) => {
      const t = await login(app, 'demo', who)
      return payWithHook(
        await placeOrder(app, 'demo', t, demoBody(tg.items_id, { isDonateTogether: 1, donateTogetherId: tg.id, currencyMoney: amount }))
      )
    }
    const one = await give('friend-one')
    assert.deepEqual(one.earned.launcher, [])
    const two = await give('friend-two')
    assert.deepEqual(two.earned.launcher, ['one_call'])
    const rec = (await held(launcherId)).find((h) => h.code === 'one_call')
    assert.deepEqual(rec, { code: 'one_call', earned_at: two.paidAt, source: `donation:${two.donationId}` })
    // a friend giving twice is still one friend
    const oneCall = await app.db
      .selectFrom('award')
      .select('id')
      .where('school_id', '=', sid)
      .where('code', '=', 'one_call')
      .executeTakeFirstOrThrow()
    await app.db.deleteFrom('award_record').where('user_id', '=', launcherId).where('award_id', '=', oneCall.id).execute()
    await app.db
      .updateTable('award')
      .set({ min_friends_joined: already + 3 })
      .where('school_id', '=', sid)
      .where('code', '=', 'one_call')
      .execute()
    invalidateSchoolCache()
    assert.deepEqual((await give('friend-two')).earned.launcher, [])
  })
  it("launching a joint donation counts for a launch rule (at the launcher's next look: no launch flow exists yet)", async () => {
    await app.db
      .insertInto('award')
      .values({
        school_id: sid,
        code: 'first_launch',
        name: '发起人',
        name_en: 'Launcher',
        picture: '',
        description: '',
        description_en: '',
        sort_no: 9,
        min_gift_count: 0,
        min_total_fen: 0,
        min_together_launched: 1,
        min_friends_joined: 0,
        enabled: 1,
        created_at: new Date().toISOString()
      })
      .execute()
    invalidateSchoolCache()
    const t = await login(app, 'demo', 'launcher-new')
    const uid = await userIdOf(app, 'demo', 'launcher-new')
    // the row a launch writes (seeded joint donations are such rows)
    const launchedAt = new Date().toISOString()
    const { id } = await app.db
      .insertInto('together_donation')
      .values({
        school_id: sid,
        items_id: scholarship,
        user_id: uid,
        sponsor: '发起人',
        avatar: '',
        slogan: '一起捐',
        is_target: 0,
        target_fen: 0,
        status: 'active',
        created_at: launchedAt
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    assert.ok(id)
    assert.equal((await list(t)).data.find((a) => a.name === '发起人')?.recordCount, 1)
    assert.deepEqual(
      (await held(uid)).find((h) => h.code === 'first_launch'),
      { code: 'first_launch', earned_at: launchedAt, source: 'review' }
    )
  })
})

describe('awardDetail', () => {
  it("another school's award or an unknown id is -1; a disabled award disappears", async () => {
    const t = await login(app, 'demo', 'award-detail')
    const hhuToken = await login(app, 'hhu', 'award-hhu')
    const hhuAward = (await call<Award[]>(app, 'hhu', Api.awardList, { token: hhuToken })).body.data[0]
    const r = (await call(app, 'demo', Api.awardDetail, { token: t, query: { awardId: hhuAward.id } })).body
    assert.deepEqual([r.code, r.message], [ResultCode.ERROR, '勋章不存在'])
    assert.equal((await call(app, 'demo', Api.awardDetail, { token: t, query: { awardId: 999999 } })).body.code, ResultCode.ERROR)
    const charity = (await list(t)).data.find((a) => a.name === '公益之星')!
    await app.db.updateTable('award').set({ enabled: 0 }).where('id', '=', charity.id).execute()
    invalidateSchoolCache()
    assert.ok(!(await list(t)).data.some((a) => a.id === charity.id))
    assert.equal((await call(app, 'demo', Api.awardDetail, { token: t, query: { awardId: charity.id } })).body.code, ResultCode.ERROR)
    await app.db.updateTable('award').set({ enabled: 1 }).where('id', '=', charity.id).execute()
    invalidateSchoolCache()
  })
  it('a lowered threshold is honoured at the next look, dated when the rule was actually met', async () => {
    const t = await login(app, 'demo', 'award-late')
    const uid = await userIdOf(app, 'demo', 'award-late')
    const g = await paidGift(app, 'demo', t, scholarship, { currencyMoney: '30.00' })
    await app.db.updateTable('award').set({ min_total_fen: 3000 }).where('school_id', '=', sid).where('code', '=', 'charity_star').execute()
    invalidateSchoolCache()
    const star = (await list(t)).data.find((a) => a.name === '公益之星')!
    assert.equal(star.recordCount, 1)
    assert.equal((await held(uid)).find((h) => h.code === 'charity_star')?.earned_at, g.paid_at)
  })
})

describe('evaluateRule', () => {
  const at = (m: number) => new Date(Date.UTC(2026, 0, 1, 0, m)).toISOString()
  const facts = {
    gifts: [
      { id: 1, at: at(1), fen: 100 },
      { id: 2, at: at(5), fen: 900 },
      { id: 3, at: at(3), fen: 50 }
    ],
    launches: [{ id: 1, at: at(2) }],
    friendGifts: [
      { userId: 7, at: at(4) },
      { userId: 7, at: at(6) },
      { userId: 8, at: at(9) }
    ]
  }
  const rule = (r: Partial<Record<'min_gift_count' | 'min_total_fen' | 'min_together_launched' | 'min_friends_joined', number>>) => ({
    min_gift_count: 0,
    min_total_fen: 0,
    min_together_launched: 0,
    min_friends_joined: 0,
    ...r
  })
  it('each threshold crosses at its own time; the rule at the latest; unmet or empty rules never', () => {
    assert.equal(evaluateRule(rule({ min_gift_count: 2 }), facts), at(3))
    assert.equal(evaluateRule(rule({ min_total_fen: 1000 }), facts), at(5))
    assert.equal(evaluateRule(rule({ min_together_launched: 1, min_friends_joined: 2 }), facts), at(9))
    assert.equal(evaluateRule(rule({ min_gift_count: 4 }), facts), null)
    assert.equal(evaluateRule(rule({ min_friends_joined: 3 }), facts), null)
    assert.equal(evaluateRule(rule({}), facts), null)
  })

  it('factsNeeded names what a rule reads: on only those facts every rule answers as on all of them', () => {
    const rules = [
      rule({ min_gift_count: 2 }),
      rule({ min_total_fen: 1000 }),
      rule({ min_together_launched: 1 }),
      rule({ min_friends_joined: 2 }),
      rule({ min_gift_count: 1, min_friends_joined: 2 }),
      rule({ min_gift_count: 9 }),
      rule({})
    ]
    for (const r of rules) {
      const needs = factsNeeded([r])
      const only = {
        gifts: needs.gifts ? facts.gifts : [],
        launches: needs.launches ? facts.launches : [],
        friendGifts: needs.friendGifts ? facts.friendGifts : []
      }
      assert.equal(evaluateRule(r, only), evaluateRule(r, facts), JSON.stringify(r))
    }
    assert.deepEqual(factsNeeded([rule({ min_together_launched: 1 })]), { gifts: false, launches: true, friendGifts: false })
    assert.deepEqual(factsNeeded([rule({ min_total_fen: 1 }), rule({ min_friends_joined: 1 })]), {
      gifts: true,
      launches: true,
      friendGifts: true
    })
  })

  it('awardFacts reads only what is needed: a donor holding every gift award is not read their giving history', async () => {
    const t = await login(app, 'demo', 'award-needs')
    const uid = await userIdOf(app, 'demo', 'award-needs')
    await payWithHook(await placeOrder(app, 'demo', t, demoBody(scholarship, { currencyMoney: '12.00' })))
    const all = await awardFacts(app.db, sid, uid)
    assert.equal(all.gifts.length, 1)
    const launchesOnly = await awardFacts(app.db, sid, uid, { gifts: false, launches: true, friendGifts: false })
    assert.deepEqual(launchesOnly, { gifts: [], launches: all.launches, friendGifts: [] })
  })

  it('held awards and facts in one statement: the facts awardFacts reads, none of a kind whose awards are all held', async () => {
    const t = await login(app, 'demo', 'award-one-read')
    const uid = await userIdOf(app, 'demo', 'award-one-read')
    await payWithHook(await placeOrder(app, 'demo', t, demoBody(scholarship, { currencyMoney: '12.00' })))
    const second = await payWithHook(await placeOrder(app, 'demo', t, demoBody(scholarship, { currencyMoney: '3.45' })))
    // part of it refunded: its money counts less (docs/decisions/032-refunds.md)
    await app.db.updateTable('donation').set({ refunded_fen: 45 }).where('id', '=', second.donationId).execute()
    const enabled = await app.db.selectFrom('award').selectAll().where('school_id', '=', sid).where('enabled', '=', 1).execute()
    const launcherId = await userIdOf(app, 'demo', 'seed-user-2')
    const sortBy = <T extends { at: string }>(l: T[]) =>
      [...l].sort((a, b) => a.at.localeCompare(b.at) || JSON.stringify(a).localeCompare(JSON.stringify(b)))
    for (const user of [uid, launcherId]) {
      // the same rules under ids nobody holds: every fact is read, as awardFacts reads it (ISO times, fen after refunds)
      const unheld = enabled.map((a, i) => ({ ...a, id: -1 - i }))
      const read = await heldAwardsAndFacts(app.db, sid, user, unheld)
      const expected = await awardFacts(app.db, sid, user)
      assert.deepEqual(
        [sortBy(read.facts.gifts), sortBy(read.facts.launches), sortBy(read.facts.friendGifts)],
        [sortBy(expected.gifts), sortBy(expected.launches), sortBy(expected.friendGifts)]
      )
      const records = await app.db.selectFrom('award_record').select('award_id').where('user_id', '=', user).execute()
      assert.deepEqual([...read.held].sort(), records.map((r) => r.award_id).sort())
    }
    const mine = await heldAwardsAndFacts(app.db, sid, uid, enabled)
    assert.equal(mine.facts.gifts.length, 2)
    assert.ok(mine.facts.gifts.every((g) => g.at === new Date(g.at).toISOString()))
    assert.deepEqual(
      mine.facts.gifts.map((g) => g.fen).sort((a, b) => a - b),
      [300, 1200]
    )
    // holding every gift award: the giving history is not read
    const giftAwards = enabled.filter((a) => a.min_gift_count > 0 || a.min_total_fen > 0)
    assert.ok(giftAwards.every((a) => mine.held.has(a.id) || mine.todo.includes(a)))
    const asHeld = await heldAwardsAndFacts(
      app.db,
      sid,
      uid,
      enabled.filter((a) => !giftAwards.includes(a) || mine.held.has(a.id))
    )
    assert.deepEqual(asHeld.facts.gifts, [])
    assert.deepEqual(
      asHeld.todo.filter((a) => giftAwards.includes(a)),
      []
    )
  })
})
