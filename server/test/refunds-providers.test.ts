/**
 * Refunds through the staff console API against fake providers speaking the documented protocols (refund-fakes.ts):
 * WeChat Pay v3 (POST /v3/refund/domestic/refunds, GET …/{out_refund_no}, REFUND.* notifications), Alipay
 * (alipay.trade.refund, alipay.trade.fastpay.refund.query, TRADE_SUCCESS/TRADE_CLOSED with refund_fee), the campus
 * card service (POST /refunds) and the third-party platform (recorded outside, no call). Full and partial refunds;
 * refund notifications replayed concurrently move the money once; a refund made in the merchant console is picked
 * up from its notification; the reconciliation job settles a refund left processing.
 *
 * The gifts are paid through the sandbox and then handed to the provider under test (provider, pay type and the
 * provider's transaction id set on the row): paying through each provider is what the provider-*.test.ts files and
 * order-payment.test.ts cover; here the refund path is under test.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { Api, type DirectoryTotal } from '../../types'
import { reconcile } from '../src/domain/order/reconcile'
import type { RefundView } from '../src/domain/refund/service'
import { call, login, startApp, TEST_BUILD_DEFAULTS, type TestContext } from './helpers'
import { AVENUE, paidGift } from './center-fixtures'
import { projectIdOf, schoolIdOf } from './order-fixtures'
import { FakeAlipay, FakeCardService, FakeWechat } from './refund-fakes'
import { staffCall, staffLogin, type StaffLogin } from './staff-fixtures'
import { invalidateSchoolCache } from '../src/domain/school/cache'

const BASE = 'https://donate.example.edu'
let ctx: TestContext
let app: FastifyInstance
let sid: number
let finance: StaffLogin
let avenue: number
let donor: string
const wechat = new FakeWechat()
const alipay = new FakeAlipay()
const card = new FakeCardService()

before(async () => {
  await Promise.all([wechat.start(), alipay.start(), card.start()])
  // the fake providers listen on 127.0.0.1 (lib/outbound.ts: tests only)
  ctx = await startApp({ build: { orders: { ...TEST_BUILD_DEFAULTS.orders, publicBaseUrl: BASE }, outbound: { allowLoopback: true } } })
  app = ctx.app
  sid = await schoolIdOf(app, 'demo')
  finance = await staffLogin(app, 'demo', ['finance'], 'refund.providers')
  avenue = await projectIdOf(app, 'demo', AVENUE)
  donor = await login(app, 'demo', 'refund-providers-donor')
  const now = new Date().toISOString()
  await app.db.deleteFrom('payment_config').where('school_id', '=', sid).execute()
  await app.db
    .insertInto('payment_config')
    .values([
      {
        school_id: sid,
        pay_type: 1,
        provider: 'wechatpay',
        credentials: JSON.stringify(wechat.credentials()),
        enabled: 1,
        updated_at: now
      },
      { school_id: sid, pay_type: 2, provider: 'alipay', credentials: JSON.stringify(alipay.credentials()), enabled: 1, updated_at: now },
      {
        school_id: sid,
        pay_type: 9,
        provider: 'campus',
        credentials: JSON.stringify({ mode: 'http', baseUrl: card.baseUrl, secret: card.secret }),
        enabled: 1,
        updated_at: now
      },
      {
        school_id: sid,
        pay_type: 14,
        provider: 'thirdparty',
        credentials: JSON.stringify({ payUrl: 'https://pay.example-platform.cn/cashier', merchantId: 'M1', secret: 's' }),
        enabled: 1,
        updated_at: now
      }
    ])
    .execute()
  invalidateSchoolCache()
})
after(async () => {
  await ctx.close()
  await Promise.all([wechat.stop(), alipay.stop(), card.stop()])
})

/** A paid gift handed to `provider`: returns its id, bill number, amount and the provider's transaction id. */
async function giftOf(provider: string, payType: number, yuan: string) {
  // paid through the sandbox: the school's providers are switched off for the moment of the donation
  await app.db.updateTable('payment_config').set({ enabled: 0 }).where('school_id', '=', sid).execute()
  invalidateSchoolCache()
  const g = await paidGift(app, 'demo', donor, avenue, { currencyMoney: yuan }).finally(async () => {
    await app.db.updateTable('payment_config').set({ enabled: 1 }).where('school_id', '=', sid).execute()
    invalidateSchoolCache()
  })
  const tradeNo = `T${provider.toUpperCase()}${g.id}`
  await app.db.updateTable('donation').set({ provider, pay_type: payType, provider_trade_no: tradeNo }).where('id', '=', g.id).execute()
  return { id: Number(g.id), billNo: g.bill_no, fen: Number(g.amount_fen), tradeNo }
}

const refund = (id: number, amount: string) =>
  staffCall<RefundView>(app, 'demo', 'POST', `/ledger/${id}/refund`, { token: finance.token, body: { amount, reason: '捐赠人申请退款' } })
const donation = (id: number) => app.db.selectFrom('donation').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const refundsOf = (id: number) => app.db.selectFrom('refund').selectAll().where('donation_id', '=', id).orderBy('id').execute()
const totalFen = async () => {
  const t = (await call<DirectoryTotal>(app, 'demo', Api.total, { query: { itemsId: avenue } })).body.data.totalMoney
  const [w, f = ''] = t.split('.')
  return Number(w) * 100 + Number(f.padEnd(2, '0'))
}
const notify = (provider: string, payload: string, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: `/notify/demo/${provider}`, payload, headers })

describe('WeChat Pay v3', () => {
  it('a partial refund is asked with a signed request and settled by REFUND.SUCCESS replayed 20 times at once', async () => {
    const g = await giftOf('wechatpay', 1, '300.00')
    const before = await totalFen()
    wechat.answerStatus = 'PROCESSING'
    const r = await refund(g.id, '120.00')
    assert.equal(r.body.code, 0, r.body.message)
    assert.equal(r.body.data.state, 'processing')
    const sent = wechat.seen.filter((s) => s.path === '/v3/refund/domestic/refunds').at(-1)!
    assert.ok(sent.ok, 'our Authorization signature verifies with the merchant key')
    const body = JSON.parse(sent.body)
    assert.equal(body.transaction_id, g.tradeNo)
    assert.equal(body.out_refund_no, r.body.data.outRefundNo)
    assert.deepEqual(body.amount, { refund: 12000, total: 30000, currency: 'CNY' })
    assert.equal(body.notify_url, `${BASE}/notify/demo/wechatpay`)
    assert.equal(await totalFen(), before, 'nothing moves before WeChat says it succeeded')

    const n = wechat.refundNotification({
      billNo: g.billNo,
      transactionId: g.tradeNo,
      outRefundNo: r.body.data.outRefundNo,
      refundId: wechat.refunds.get(r.body.data.outRefundNo)!.refund_id,
      total: 30000,
      refund: 12000,
      status: 'SUCCESS'
    })
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify('wechatpay', n.raw, n.headers)))
    assert.ok(answers.every((a) => a.statusCode === 204))
    assert.equal(Number((await donation(g.id)).refunded_fen), 12000)
    assert.equal(before - (await totalFen()), 12000)
    const [row] = await refundsOf(g.id)
    assert.equal(row.state, 'succeeded')
    assert.equal(row.provider_refund_no, wechat.refunds.get(row.out_refund_no)!.refund_id)

    // the rest, answered SUCCESS at once: the gift is refunded in full
    wechat.answerStatus = 'SUCCESS'
    const rest = await refund(g.id, '180.00')
    assert.equal(rest.body.data.state, 'succeeded')
    assert.equal((await donation(g.id)).status, 'refunded')
    assert.equal(before - (await totalFen()), 30000)
    // a forged notification is refused and changes nothing
    const forged = { ...n.headers, 'wechatpay-signature': n.headers['wechatpay-signature'].replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) }
    assert.equal((await notify('wechatpay', n.raw, forged)).statusCode, 500)
  })

  it('a refund made in the merchant console is picked up from its notification; the job settles one left processing', async () => {
    const g = await giftOf('wechatpay', 1, '88.00')
    const before = await totalFen()
    const n = wechat.refundNotification({
      billNo: g.billNo,
      transactionId: g.tradeNo,
      outRefundNo: 'MCH-CONSOLE-0001',
      refundId: '50300000000000000001',
      total: 8800,
      refund: 800,
      status: 'SUCCESS'
    })
    await Promise.all(Array.from({ length: 10 }, () => notify('wechatpay', n.raw, n.headers)))
    const rows = await refundsOf(g.id)
    assert.equal(rows.length, 1)
    assert.equal(rows[0].origin, 'provider')
    assert.equal(before - (await totalFen()), 800)

    wechat.answerStatus = 'PROCESSING'
    const r = await refund(g.id, '8.00')
    assert.equal(r.body.data.state, 'processing')
    wechat.refunds.get(r.body.data.outRefundNo)!.status = 'SUCCESS'
    await app.db
      .updateTable('refund')
      .set({ updated_at: new Date(Date.now() - 5 * 60_000).toISOString() })
      .where('id', '=', r.body.data.id)
      .execute()
    const out = await reconcile(app.orders, new Date())
    assert.ok((out.refunds ?? 0) >= 1)
    assert.equal((await refundsOf(g.id)).find((x) => x.id === r.body.data.id)?.state, 'succeeded')
    assert.equal(before - (await totalFen()), 1600)
    assert.ok(wechat.seen.some((s) => s.method === 'GET' && s.path === `/v3/refund/domestic/refunds/${r.body.data.outRefundNo}` && s.ok))
  })

  it('WeChat refusing the refund (NOT_ENOUGH) fails it and releases the hold', async () => {
    const g = await giftOf('wechatpay', 1, '10.00')
    wechat.refuseNext = true
    const r = await refund(g.id, '10.00')
    assert.equal(r.body.code, 0)
    assert.equal(r.body.data.state, 'failed')
    assert.match(r.body.data.failReason, /NOT_ENOUGH/)
    const d = await donation(g.id)
    assert.deepEqual([Number(d.refunded_fen), Number(d.refund_held_fen), d.status], [0, 0, 'paid'])
  })

  it("the order query's trade_state REFUND pays a lost payment and flags it for staff", async () => {
    const g = await giftOf('wechatpay', 1, '66.00')
    // as if the payment notification had been lost: the order still pending, two minutes old
    await app.db
      .updateTable('donation')
      .set({ status: 'pending', paid_at: null, created_at: new Date(Date.now() - 3 * 60_000).toISOString() })
      .where('id', '=', g.id)
      .execute()
    await app.db.deleteFrom('payment_notification').where('bill_no', '=', g.billNo).execute()
    wechat.trades.set(g.billNo, { trade_state: 'REFUND', total: 6600, transaction_id: g.tradeNo })
    await reconcile(app.orders, new Date())
    const d = await donation(g.id)
    assert.equal(d.status, 'paid')
    assert.equal(d.refund_review, 1, 'paid, and a refund followed at WeChat: staff look at it')
  })
})

describe('Alipay', () => {
  it('partial and full refunds through alipay.trade.refund; their TRADE_SUCCESS/TRADE_CLOSED notifications replayed change nothing more', async () => {
    const g = await giftOf('alipay', 2, '500.00')
    alipay.totals.set(g.billNo, g.fen)
    const before = await totalFen()
    const part = await refund(g.id, '100.50')
    assert.equal(part.body.code, 0, part.body.message)
    assert.equal(part.body.data.state, 'succeeded')
    const sent = alipay.seen.filter((s) => s.method === 'alipay.trade.refund').at(-1)!
    assert.ok(sent.ok, 'our RSA2 request signature verifies with the app public key')
    const biz = JSON.parse(new URLSearchParams(sent.body).get('biz_content')!)
    assert.deepEqual([biz.out_trade_no, biz.refund_amount, biz.out_request_no], [g.billNo, '100.50', part.body.data.outRefundNo])
    assert.equal(before - (await totalFen()), 10050)

    const tradeNo = alipay.refunds.get(part.body.data.outRefundNo)!.tradeNo
    const partial = alipay.refundNotification({
      billNo: g.billNo,
      tradeNo,
      totalFen: 50000,
      refundedFen: 10050,
      outBizNo: part.body.data.outRefundNo,
      closed: false
    })
    const form = { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }
    const answers = await Promise.all(Array.from({ length: 10 }, () => notify('alipay', partial, form)))
    assert.ok(answers.every((a) => a.body === 'success'))
    assert.equal(Number((await donation(g.id)).refunded_fen), 10050)

    const rest = await refund(g.id, '399.50')
    assert.equal(rest.body.data.state, 'succeeded')
    const closed = alipay.refundNotification({
      billNo: g.billNo,
      tradeNo,
      totalFen: 50000,
      refundedFen: 50000,
      outBizNo: rest.body.data.outRefundNo,
      closed: true
    })
    await Promise.all(Array.from({ length: 10 }, () => notify('alipay', closed, form)))
    const d = await donation(g.id)
    assert.equal(d.status, 'refunded')
    assert.equal(Number(d.refunded_fen), 50000)
    assert.equal(before - (await totalFen()), 50000)
    assert.equal((await refundsOf(g.id)).length, 2)
  })

  it('a refund made in the Alipay console (refund_fee, its own out_biz_no) is applied once under concurrent replays', async () => {
    const g = await giftOf('alipay', 2, '60.00')
    const before = await totalFen()
    const form = { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }
    const n = alipay.refundNotification({
      billNo: g.billNo,
      tradeNo: g.tradeNo,
      totalFen: 6000,
      refundedFen: 2500,
      outBizNo: 'HZ01RF001',
      closed: false
    })
    await Promise.all(Array.from({ length: 20 }, () => notify('alipay', n, form)))
    assert.equal(Number((await donation(g.id)).refunded_fen), 2500)
    assert.equal(before - (await totalFen()), 2500)
    const rows = await refundsOf(g.id)
    assert.equal(rows.length, 1)
    assert.equal(rows[0].origin, 'provider')
    // the rest, also in the console: TRADE_CLOSED with everything refunded
    const full = alipay.refundNotification({
      billNo: g.billNo,
      tradeNo: g.tradeNo,
      totalFen: 6000,
      refundedFen: 6000,
      outBizNo: 'HZ01RF002',
      closed: true
    })
    await Promise.all(Array.from({ length: 20 }, () => notify('alipay', full, form)))
    assert.equal((await donation(g.id)).status, 'refunded')
    assert.equal(before - (await totalFen()), 6000)
  })
})

describe('campus card and third-party platform', () => {
  it('the card service gives a partial and then the full amount back (POST /refunds, HMAC-signed)', async () => {
    const g = await giftOf('campus', 9, '40.00')
    card.debits.set(g.billNo, g.fen)
    const before = await totalFen()
    const a = await refund(g.id, '15.00')
    assert.equal(a.body.data.state, 'succeeded', a.body.data.failReason)
    const b = await refund(g.id, '25.00')
    assert.equal(b.body.data.state, 'succeeded')
    assert.ok(card.seen.filter((s) => s.path === '/refunds').every((s) => s.ok))
    assert.deepEqual(
      [...card.refunds.values()].filter((r) => r.billNo === g.billNo).map((r) => r.amountFen),
      [1500, 2500]
    )
    assert.equal((await donation(g.id)).status, 'refunded')
    assert.equal(before - (await totalFen()), 4000)
  })

  it('a refusal by the card service fails the refund and releases the hold', async () => {
    const g = await giftOf('campus', 9, '30.00')
    card.debits.set(g.billNo, 1000) // the card system debited less than the order says
    const r = await refund(g.id, '20.00')
    assert.equal(r.body.data.state, 'failed')
    const d = await donation(g.id)
    assert.equal(Number(d.refunded_fen), 0)
    assert.equal(Number(d.refund_held_fen), 0)
  })

  it('the third-party platform: staff record the refund made outside, no call is made', async () => {
    const g = await giftOf('thirdparty', 14, '20.00')
    const before = await totalFen()
    const r = await refund(g.id, '20.00')
    assert.equal(r.body.data.state, 'succeeded')
    assert.equal(JSON.parse((await refundsOf(g.id))[0].raw).recordedOutside, true)
    assert.equal((await donation(g.id)).status, 'refunded')
    assert.equal(before - (await totalFen()), 2000)
  })
})
