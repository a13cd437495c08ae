/**
 * Order states (docs/product §4): pending -> paid | cancelled | expired | reconciling, reconciling -> paid | cancelled and
 * nothing else; cancel, payback, success,
 * donate4ali; the earlier unpaid order replaced by a new one; expiry after ORDER_TTL_MINUTES; pay type 99;
 * the campus card paying inside donate; rate limits on order creation.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { Api, ResultCode, type SuccessData } from '../../types'
import { canTransition, IllegalTransition, transition, TRANSITIONS } from '../src/domain/order/state'
import type { DonationStatus } from '../src/db/schema'
import { call, login, startApp, type TestContext } from './helpers'
import { demoBody, donate, orderRow, placeOrder, projectIdOf, sandboxNotify, schoolIdOf, writeCounts } from './order-fixtures'

let ctx: TestContext
let alice: string
let bob: string
let scholarship: number
let avenue: number

before(async () => {
  ctx = await startApp()
  alice = await login(ctx.app, 'demo', 'alice')
  bob = await login(ctx.app, 'demo', 'bob')
  scholarship = await projectIdOf(ctx.app, 'demo', '示范大学励志奖学金')
  avenue = await projectIdOf(ctx.app, 'demo', '校园林荫大道改造')
})
after(async () => {
  await ctx.close()
})

const payback = async (billNo: string, token = alice) =>
  (await call(ctx.app, 'demo', Api.payback, { query: { donatePlatOrder: billNo }, token })).body
const cancel = async (billNo: string, token?: string) =>
  (await call(ctx.app, 'demo', Api.cancel, { query: { donatePlatOrder: billNo }, token })).body
const minutes = (n: number) => new Date(Date.now() + n * 60_000)

describe('the transition table', () => {
  it('only pending -> paid | cancelled | expired | reconciling, reconciling -> paid | cancelled, paid -> refunded', () => {
    const all: DonationStatus[] = ['pending', 'paid', 'cancelled', 'expired', 'reconciling', 'refunded']
    const allowed = all.flatMap((from) => all.filter((to) => canTransition(from, to)).map((to) => `${from}>${to}`))
    assert.deepEqual(allowed, [
      'pending>paid',
      'pending>cancelled',
      'pending>expired',
      'pending>reconciling',
      // refunds reached the whole amount (docs/decisions/032-refunds.md)
      'paid>refunded',
      'reconciling>paid',
      'reconciling>cancelled'
    ])
    assert.deepEqual(TRANSITIONS.refunded, [])
  })
  it('an illegal pair throws before touching the database', async () => {
    const sid = await schoolIdOf(ctx.app, 'demo')
    await assert.rejects(transition(ctx.app.db, sid, 1, 'paid', 'cancelled'), IllegalTransition)
    await assert.rejects(transition(ctx.app.db, sid, 1, 'expired', 'paid'), IllegalTransition)
    await assert.rejects(transition(ctx.app.db, sid, 1, 'cancelled', 'pending'), IllegalTransition)
    await assert.rejects(transition(ctx.app.db, sid, 1, 'reconciling', 'expired'), IllegalTransition)
    await assert.rejects(transition(ctx.app.db, sid, 1, ['pending', 'paid'], 'cancelled'), IllegalTransition)
  })
})

describe('pending -> paid', () => {
  it('payback answers 0 until the sandbox notification, then 1', async () => {
    const bill = await placeOrder(ctx.app, 'demo', alice, demoBody(scholarship))
    const row = await orderRow(ctx.app, bill)
    assert.equal(row.status, 'pending')
    assert.equal(row.provider, 'sandbox')
    assert.equal(row.amount_fen, 10000)
    assert.equal((await payback(bill)).data, 0)
    assert.equal((await sandboxNotify(ctx.app, 'demo', bill)).body.data.status, 'applied')
    assert.equal((await payback(bill)).data, 1)
    const paid = await orderRow(ctx.app, bill)
    assert.equal(paid.status, 'paid')
    assert.ok(paid.paid_at)
    assert.equal(paid.provider_trade_no, `SBX${bill}`)
  })
  it('paid -> cancelled is refused (cancel answers -1, the order stays paid)', async () => {
    const bill = await placeOrder(ctx.app, 'demo', alice, demoBody(scholarship))
    await sandboxNotify(ctx.app, 'demo', bill)
    const r = await cancel(bill, alice)
    assert.equal(r.code, ResultCode.ERROR)
    assert.match(r.message, /无法取消/)
    assert.equal((await orderRow(ctx.app, bill)).status, 'paid')
  })
  it('paid -> expired never happens: reconciliation long after leaves paid orders alone', async () => {
    const bill = await placeOrder(ctx.app, 'demo', alice, demoBody(scholarship))
    await sandboxNotify(ctx.app, 'demo', bill)
    await ctx.app.jobs.reconcileOnce(minutes(60))
    assert.equal((await orderRow(ctx.app, bill)).status, 'paid')
  })
  it('a "failed" outcome closes a pending order (pending -> cancelled, payment_failed)', async () => {
    const bill = await placeOrder(ctx.app, 'demo', alice, demoBody(scholarship))
    assert.equal((await sandboxNotify(ctx.app, 'demo', bill, 'failed')).body.data.status, 'closed')
    const row = await orderRow(ctx.app, bill)
    assert.deepEqual([row.status, row.close_reason], ['cancelled', 'payment_failed'])
    assert.equal((await payback(bill)).data, 0)
  })
})

describe('pending -> cancelled', () => {
  it('only the owner cancels, only a pending order; then cancelled -> paid is refused (late money is flagged)', async () => {
    const bill = await placeOrder(ctx.app, 'demo', alice, demoBody(scholarship))
    const byBob = await cancel(bill, bob)
    assert.equal(byBob.code, ResultCode.ERROR)
    assert.match(byBob.message, /订单不存在/)
    assert.equal((await cancel(bill)).code, ResultCode.TOKEN_INVALID)
    assert.equal((await orderRow(ctx.app, bill)).status, 'pending')

    const ok = await cancel(bill, alice)
    assert.deepEqual([ok.code, ok.message], [0, '取消成功'])
    const row = await orderRow(ctx.app, bill)
    assert.deepEqual([row.status, row.close_reason], ['cancelled', 'user'])
    assert.equal((await cancel(bill, alice)).code, ResultCode.ERROR, 'cancelled -> cancelled refused')

    // money arriving after the cancel: recorded and flagged, the order is not resurrected
    const late = await sandboxNotify(ctx.app, 'demo', bill)
    assert.equal(late.body.data.status, 'late')
    const after = await orderRow(ctx.app, bill)
    assert.deepEqual([after.status, after.refund_review, after.paid_at], ['cancelled', 1, null])
    const n = await ctx.app.db.selectFrom('payment_notification').select('result').where('bill_no', '=', bill).execute()
    assert.deepEqual(
      n.map((x) => x.result),
      ['late']
    )
    assert.equal((await payback(bill)).data, 0)
    assert.equal(
      (await ctx.app.db.selectFrom('job').select('id').where('payload', 'like', `%"donationId":${row.id}}%`).execute()).length,
      0,
      'no certificate job'
    )
  })
  it("a new donate cancels the caller's earlier unpaid order for the same project only", async () => {
    const first = await placeOrder(ctx.app, 'demo', alice, demoBody(scholarship))
    const otherProject = await placeOrder(ctx.app, 'demo', alice, demoBody(avenue))
    const bobs = await placeOrder(ctx.app, 'demo', bob, demoBody(scholarship))
    const second = await placeOrder(ctx.app, 'demo', alice, demoBody(scholarship, { currencyMoney: '200.00' }))
    const f = await orderRow(ctx.app, first)
    assert.deepEqual([f.status, f.close_reason], ['cancelled', 'replaced'])
    assert.equal((await orderRow(ctx.app, second)).status, 'pending')
    assert.equal((await orderRow(ctx.app, otherProject)).status, 'pending')
    assert.equal((await orderRow(ctx.app, bobs)).status, 'pending')
  })
})

describe('pending -> expired', () => {
  it('expires_at = created + ORDER_TTL_MINUTES (15); reconciliation expires only after it', async () => {
    const bill = await placeOrder(ctx.app, 'demo', bob, demoBody(avenue))
    const row = await orderRow(ctx.app, bill)
    const ttl = Date.parse(row.expires_at!) - Date.parse(row.created_at)
    assert.equal(ttl, 15 * 60_000)
    await ctx.app.jobs.reconcileOnce(minutes(5))
    assert.equal((await orderRow(ctx.app, bill)).status, 'pending', 'not yet')
    await ctx.app.jobs.reconcileOnce(minutes(16))
    const ex = await orderRow(ctx.app, bill)
    assert.deepEqual([ex.status, ex.close_reason], ['expired', 'expired'])
    // expired -> cancelled and expired -> paid are refused
    assert.equal((await cancel(bill, bob)).code, ResultCode.ERROR)
    assert.equal((await sandboxNotify(ctx.app, 'demo', bill)).body.data.status, 'late')
    const after = await orderRow(ctx.app, bill)
    assert.deepEqual([after.status, after.refund_review], ['expired', 1])
    // and the legacy seeded pending orders (no expires_at) expire by created_at + TTL
    const seededPending = await ctx.app.db
      .selectFrom('donation')
      .select('id')
      .where('status', '=', 'pending')
      .where('expires_at', 'is', null)
      .execute()
    assert.equal(seededPending.length, 0)
  })
  it('a cancelled order is never expired (cancelled -> expired refused)', async () => {
    const bill = await placeOrder(ctx.app, 'demo', bob, demoBody(scholarship))
    await cancel(bill, bob)
    await ctx.app.jobs.reconcileOnce(minutes(30))
    assert.equal((await orderRow(ctx.app, bill)).status, 'cancelled')
  })
  it('ORDER_TTL_MINUTES is configurable', async () => {
    const c = await startApp({ build: { orders: { ttlMinutes: 1, rateLimits: { perUser: 1000, perIp: 1000 } } } })
    try {
      const t = await login(c.app, 'demo', 'ttl-user')
      const bill = await placeOrder(c.app, 'demo', t, demoBody(await projectIdOf(c.app, 'demo', '示范大学励志奖学金')))
      const row = await orderRow(c.app, bill)
      assert.equal(Date.parse(row.expires_at!) - Date.parse(row.created_at), 60_000)
      await c.app.jobs.reconcileOnce(minutes(2.5))
      assert.equal((await orderRow(c.app, bill)).status, 'expired')
    } finally {
      await c.close()
    }
  })
})

describe('success, donate4ali, pay type 99', () => {
  it("success: the owner's paid order only; certificateImg empty until the certificate exists", async () => {
    const bill = await placeOrder(ctx.app, 'demo', alice, demoBody(scholarship, { currencyMoney: '66.60' }))
    const early = (await call(ctx.app, 'demo', Api.success, { query: { donatePlatOrder: bill }, token: alice })).body
    assert.equal(early.code, ResultCode.ERROR)
    assert.match(early.message, /尚未支付/)
    await sandboxNotify(ctx.app, 'demo', bill)
    const s = (await call<SuccessData>(ctx.app, 'demo', Api.success, { query: { donatePlatOrder: bill }, token: alice })).body
    assert.equal(s.code, 0)
    assert.equal(s.data.name, '张三')
    assert.equal(s.data.itemsId, scholarship)
    assert.equal(s.data.itemsName, '示范大学励志奖学金')
    assert.ok(s.data.itemsThumbnailImg.startsWith('/files/'))
    assert.ok(s.data.avatar.startsWith('/files/'))
    assert.match(s.data.successWord, /感谢/)
    assert.equal(s.data.certificateImg, '')
    assert.equal((await call(ctx.app, 'demo', Api.success, { query: { donatePlatOrder: bill }, token: bob })).body.code, ResultCode.ERROR)
  })
  it('donate4ali: an HTML form that sends the browser to the cashier (sandbox: GET to the cashier page)', async () => {
    const bill = await placeOrder(ctx.app, 'demo', alice, demoBody(scholarship, { payType: 2 }))
    const r = (await call<{ data: string }>(ctx.app, 'demo', Api.donate4ali, { query: { donatePlatOrder: bill }, token: alice })).body
    assert.equal(r.code, 0)
    assert.match(r.data.data, /<form [^>]*action="\/cashier" method="get">/)
    assert.ok(r.data.data.includes(`name="billNo" value="${bill}"`))
    assert.match(r.data.data, /\.submit\(\)/)
    assert.equal(
      (await call(ctx.app, 'demo', Api.donate4ali, { query: { donatePlatOrder: bill }, token: bob })).body.code,
      ResultCode.ERROR
    )
    await cancel(bill, alice)
    assert.equal(
      (await call(ctx.app, 'demo', Api.donate4ali, { query: { donatePlatOrder: bill }, token: alice })).body.code,
      ResultCode.ERROR
    )
    const wechat = await placeOrder(ctx.app, 'demo', alice, demoBody(scholarship, { payType: 1 }))
    assert.equal(
      (await call(ctx.app, 'demo', Api.donate4ali, { query: { donatePlatOrder: wechat }, token: alice })).body.code,
      ResultCode.ERROR
    )
  })
  it("pay type 99 (cpu's bank-app option): validated, code 0, no bill number, nothing written", async () => {
    const t = await login(ctx.app, 'cpu', 'cpu-user')
    const id = await projectIdOf(ctx.app, 'cpu', '药大励志奖学金')
    const before = await writeCounts(ctx.app)
    const r = await donate(ctx.app, 'cpu', t, demoBody(id, { payType: 99, formDataMap: { name: '王五', mobile: '13700137000' } }))
    assert.equal(r.body.code, 0, JSON.stringify(r.body))
    assert.deepEqual(r.body.data, { orderPayRequestDTO: { billNo: '' }, data: null })
    assert.deepEqual(await writeCounts(ctx.app), before)
    const bad = await donate(
      ctx.app,
      'cpu',
      t,
      demoBody(id, { payType: 99, currencyMoney: '10.50', formDataMap: { name: '王五', mobile: '13700137000' } })
    )
    assert.equal(bad.body.code, ResultCode.ERROR, 'still validated (integer-only form)')
  })
  it('third-party (cpu type 14) is served by the sandbox until configured', async () => {
    const t = await login(ctx.app, 'cpu', 'cpu-user-2')
    const id = await projectIdOf(ctx.app, 'cpu', '药大励志奖学金')
    const r = await donate(ctx.app, 'cpu', t, demoBody(id, { payType: 14, formDataMap: { name: '王五', mobile: '13700137000' } }))
    assert.equal(r.body.data.data?.provider, 'sandbox')
    assert.match(
      r.body.data.data?.url ?? '',
      /^\/cashier\?billNo=D\d{14}[0-9A-Z]{10}&amount=100\.00&school=cpu&payType=14&subject=[^&]+&payToken=\d{10}\.[\w-]{43}$/
    )
  })
})

describe('campus card (hhu, pay type 9, demo card system)', () => {
  it('getCardBlance, a payment that completes inside donate, and the balance checks of docs/product §5', async () => {
    const t = await login(ctx.app, 'hhu', 'card-user')
    const id = await projectIdOf(ctx.app, 'hhu', '河海励志奖学金')
    const bal = async (stuWorkNo: string) => (await call(ctx.app, 'hhu', Api.getCardBlance, { query: { stuWorkNo }, token: t })).body
    const proveBal = async (stuWorkNo: string, password: string) =>
      (await call(ctx.app, 'hhu', Api.getCardBlance, { method: 'POST', body: { stuWorkNo, password }, token: t })).body
    // the number alone shows nothing until the donor proves the card (security-orders.test.ts has the rules)
    assert.match((await bal('20230001')).message, /请输入该一卡通的密码/)
    assert.deepEqual((await proveBal('20230001', '011234')).data, { balance: '5000.00' })
    assert.deepEqual((await bal('20230001')).data, { balance: '5000.00' })
    assert.match((await proveBal('20239999', '081236')).message, /读取余额失败/)

    const body = (stuWorkNo: string, passwork: string, money = '100.00') =>
      demoBody(id, { payType: 9, currencyMoney: money, formDataMap: { name: '张同学', mobile: '13800138000', stuWorkNo, passwork } })
    const r = await donate(ctx.app, 'hhu', t, body('20230001', '011234'))
    assert.equal(r.body.code, 0, JSON.stringify(r.body))
    assert.equal(r.body.data.data?.provider, 'campus')
    assert.equal(r.body.data.data?.paid, true)
    const row = await orderRow(ctx.app, r.body.data.orderPayRequestDTO.billNo)
    assert.deepEqual([row.status, row.provider], ['paid', 'campus'])
    assert.deepEqual((await bal('20230001')).data, { balance: '4900.00' })
    const stored = await ctx.app.db
      .selectFrom('donation_submission')
      .select('form_data')
      .where('donation_id', '=', row.id)
      .executeTakeFirstOrThrow()
    assert.equal(JSON.parse(stored.form_data).passwork, undefined, 'the card password is never stored')

    const poor = await donate(ctx.app, 'hhu', t, body('20230003', '063318'))
    assert.equal(poor.body.code, ResultCode.ERROR)
    assert.match(poor.body.message, /一卡通余额不足/)
    const wrong = await donate(ctx.app, 'hhu', t, body('20230001', '000000'))
    assert.equal(wrong.body.code, ResultCode.ERROR)
    assert.match(wrong.body.message, /密码错误/)
    // the refused orders were closed, never paid
    const closed = await ctx.app.db
      .selectFrom('donation')
      .select(['status', 'close_reason'])
      .where('user_id', '=', row.user_id!)
      .where('status', '!=', 'paid')
      .execute()
    assert.ok(closed.length >= 2 && closed.every((c) => c.status === 'cancelled' && c.close_reason === 'provider_error'))
  })
})

describe('rate limits on order creation', () => {
  it('per user and per IP: HTTP 429 with a localised -1', async () => {
    const c = await startApp({ build: { orders: { rateLimits: { perUser: 3, perIp: 5 } } } })
    try {
      const id = await projectIdOf(c.app, 'demo', '示范大学励志奖学金')
      const u1 = await login(c.app, 'demo', 'rl-1')
      const u2 = await login(c.app, 'demo', 'rl-2')
      for (let i = 0; i < 3; i++) assert.equal((await donate(c.app, 'demo', u1, demoBody(id))).body.code, 0)
      const fourth = await donate(c.app, 'demo', u1, demoBody(id))
      assert.equal(fourth.status, 429)
      assert.equal(fourth.body.code, ResultCode.ERROR)
      assert.match(fourth.body.message, /过于频繁/)
      const en = await call(c.app, 'demo', Api.donate, { method: 'POST', body: demoBody(id), token: u1, headers: { lang: 'en' } })
      assert.match(en.body.message, /Too many/)
      // u2 is within its own limit but the IP (127.0.0.1) has used its 5
      const other = await donate(c.app, 'demo', u2, demoBody(id))
      assert.equal(other.status, 429)
    } finally {
      await c.close()
    }
  })
})
