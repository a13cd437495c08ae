/**
 * Orders at the real providers, through the app (docs/decisions/031-closing-provider-orders.md), against the fake
 * WeChat Pay server (fake-wechatpay.ts) and the fake Alipay gateway (fake-alipay.ts), which verify every request's
 * signature:
 * 1. cancel, replacement and expiry close the order at WeChat Pay / Alipay through a durable job, retried after a
 *    failure, never again once confirmed; money found by the close is late money for review;
 * 2. a school's second WeChat merchant (pay type 15) without a channel row: its notification is read with its own
 *    APIv3 key;
 * 3. setup traps: no start on an http PUBLIC_BASE_URL with a real provider; Wechatpay-Serial on every request; the
 *    payer's address behind a proxy.
 */
import assert from 'node:assert/strict'
import { generateKeyPairSync } from 'node:crypto'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { Api, ResultCode } from '../../types'
import { buildApp } from '../src/app'
import { reconcile } from '../src/domain/order/reconcile'
import { call, login, startApp, TEST_BUILD_DEFAULTS, type TestContext } from './helpers'
import { app as alipayApp, alipay as alipayKeys, APP_ID as ALIPAY_APP_ID, FakeAlipay } from './fake-alipay'
import {
  API_V3_KEY,
  FakeWechat,
  MCH_ID,
  merchant,
  notifyBody,
  platform,
  platformHeaders,
  PUB_KEY_ID,
  SERIAL,
  transaction
} from './fake-wechatpay'
import { demoBody, donate, orderRow, placeOrder, projectIdOf, schoolIdOf, writeCounts } from './order-fixtures'
import { invalidateSchoolCache } from '../src/domain/school/cache'

const PUBLIC = 'https://give.example.edu.cn'
/** the school's second WeChat merchant (pay type 15): its own key pair, certificate serial and APIv3 key */
const merchantB = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' }
})
const MCH_B = '1900000215'
const SERIAL_B = '6B2F3C0A9D8E7F6A5B4C3D2E1F0A9B8C7D6E5F4A'
const API_V3_KEY_B = 'b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7' // 32 bytes
const WX_APP_ID = 'wx-demo-official-account'

const wechat = new FakeWechat([
  { mchId: MCH_ID, serial: SERIAL, publicKey: merchant.publicKey },
  { mchId: MCH_B, serial: SERIAL_B, publicKey: merchantB.publicKey }
])
const alipay = new FakeAlipay()

const env = {
  T_WX_KEY_A: merchant.privateKey,
  T_WX_KEY_B: merchantB.privateKey,
  T_WX_V3_A: API_V3_KEY,
  T_WX_V3_B: API_V3_KEY_B,
  T_WX_PLATFORM: platform.publicKey,
  T_ALI_APP_KEY: alipayApp.privateKey,
  T_ALI_PUBLIC: alipayKeys.publicKey,
  // the names above are this test's secrets (lib/secret-env.ts)
  SECRET_ENV_ALLOW: 'T_WX_KEY_A,T_WX_KEY_B,T_WX_V3_A,T_WX_V3_B,T_WX_PLATFORM,T_ALI_APP_KEY,T_ALI_PUBLIC'
}

let ctx: TestContext
let app: FastifyInstance
let demoId = 0
let scholarship = 0
let gym = 0

const wechatCredentials = (mchId: string, serialNo: string, key: string, v3: string) =>
  JSON.stringify({
    mchId,
    appId: WX_APP_ID,
    serialNo,
    privateKeyPem: `env:${key}`,
    apiV3Key: `env:${v3}`,
    platformPublicKeyPem: 'env:T_WX_PLATFORM',
    platformSerial: PUB_KEY_ID,
    baseUrl: wechat.baseUrl
  })

// the fake WeChat Pay and Alipay servers listen on 127.0.0.1 (lib/outbound.ts: tests only)
const build = () => ({
  orders: { ...TEST_BUILD_DEFAULTS.orders, publicBaseUrl: PUBLIC },
  payments: { env },
  outbound: { allowLoopback: true }
})

before(async () => {
  await wechat.start()
  await alipay.start()
  ctx = await startApp({ build: build() })
  app = ctx.app
  demoId = await schoolIdOf(app, 'demo')
  scholarship = await projectIdOf(app, 'demo', '示范大学励志奖学金')
  gym = await projectIdOf(app, 'demo', '体育馆设施更新') // its form offers pay types 1, 2 and 15
  const now = new Date().toISOString()
  await app.db
    .insertInto('payment_config')
    .values([
      {
        school_id: demoId,
        pay_type: 1,
        provider: 'wechatpay',
        enabled: 1,
        updated_at: now,
        credentials: wechatCredentials(MCH_ID, SERIAL, 'T_WX_KEY_A', 'T_WX_V3_A')
      },
      {
        school_id: demoId,
        pay_type: 15,
        provider: 'wechatpay',
        enabled: 1,
        updated_at: now,
        credentials: wechatCredentials(MCH_B, SERIAL_B, 'T_WX_KEY_B', 'T_WX_V3_B')
      },
      {
        school_id: demoId,
        pay_type: 2,
        provider: 'alipay',
        enabled: 1,
        updated_at: now,
        credentials: JSON.stringify({
          appId: ALIPAY_APP_ID,
          privateKeyPem: 'env:T_ALI_APP_KEY',
          alipayPublicKeyPem: 'env:T_ALI_PUBLIC',
          gateway: alipay.gateway
        })
      }
    ])
    .execute()
  invalidateSchoolCache()
})
after(async () => {
  await ctx?.close()
  await wechat.stop()
  await alipay.stop()
})

const cancel = async (billNo: string, token: string) =>
  (await call(app, 'demo', Api.cancel, { query: { donatePlatOrder: billNo }, token })).body

/** the provider-close jobs of an order */
const closeJobs = async (donationId: number) =>
  (await app.db.selectFrom('job').selectAll().where('kind', '=', 'provider-close').execute()).filter(
    (j) => (JSON.parse(j.payload) as { donationId: number }).donationId === donationId
  )

const gymBody = (over: Record<string, unknown> = {}) =>
  demoBody(gym, { currencyMoney: '100', formDataMap: { name: '张三', mobile: '86-13800138000' }, ...over })

describe('1. orders ended here are closed at the provider', () => {
  it('cancel: one signed close request WeChat Pay verifies (mchid in the body, Wechatpay-Serial sent), then never again', async () => {
    const t = await login(app, 'demo', 'close-cancel')
    const bill = await placeOrder(app, 'demo', t, demoBody(scholarship))
    const row = await orderRow(app, bill)
    assert.equal(wechat.orders.get(bill)?.trade_state, 'NOTPAY')
    assert.deepEqual(await closeJobs(row.id), [], 'nothing to close while the order is open')

    assert.equal((await cancel(bill, t)).code, 0)
    const [job] = await closeJobs(row.id)
    assert.ok(job, 'the close job is written with the cancel')
    assert.equal(job.status, 'pending')

    await app.jobs.runJobsOnce()
    const closes = wechat.closes(bill)
    assert.equal(closes.length, 1)
    assert.equal(closes[0].signatureValid, true)
    assert.equal(closes[0].authorization.mchid, MCH_ID)
    assert.deepEqual(JSON.parse(closes[0].body), { mchid: MCH_ID })
    assert.equal(closes[0].headers['wechatpay-serial'], PUB_KEY_ID)
    assert.equal(wechat.orders.get(bill)?.trade_state, 'CLOSED')
    assert.equal((await closeJobs(row.id))[0].status, 'done')

    await app.jobs.runJobsOnce(new Date(Date.now() + 3 * 3600_000))
    assert.equal(wechat.closes(bill).length, 1, 'a confirmed close is never sent again')
  })

  it('replacement: a new order for the same project closes the earlier one at the provider', async () => {
    const t = await login(app, 'demo', 'close-replace')
    const first = await placeOrder(app, 'demo', t, demoBody(scholarship))
    const second = await placeOrder(app, 'demo', t, demoBody(scholarship))
    assert.equal((await orderRow(app, first)).close_reason, 'replaced')
    await app.jobs.runJobsOnce()
    assert.equal(wechat.closes(first).length, 1)
    assert.equal(wechat.closes(first)[0].signatureValid, true)
    assert.equal(wechat.orders.get(first)?.trade_state, 'CLOSED')
    assert.equal(wechat.closes(second).length, 0, 'the new order stays payable')
    assert.equal(wechat.orders.get(second)?.trade_state, 'NOTPAY')
  })

  it('a failed close is retried with backoff until WeChat Pay confirms', async () => {
    const t = await login(app, 'demo', 'close-retry')
    const bill = await placeOrder(app, 'demo', t, demoBody(scholarship))
    const row = await orderRow(app, bill)
    wechat.closeFailures.push({ status: 500, body: { code: 'SYSTEM_ERROR', message: '系统错误' } })
    assert.equal((await cancel(bill, t)).code, 0)
    const t0 = Date.now()
    const first = await app.jobs.runJobsOnce(new Date(t0))
    assert.ok(first.failed >= 1)
    let [job] = await closeJobs(row.id)
    assert.equal(job.status, 'pending')
    assert.equal(job.attempts, 1)
    assert.match(job.last_error, /SYSTEM_ERROR/)
    assert.ok(Date.parse(job.run_after) > t0, 'not before its backoff')
    assert.equal(wechat.orders.get(bill)?.trade_state, 'NOTPAY')

    await app.jobs.runJobsOnce(new Date(t0 + 1000))
    assert.equal(wechat.closes(bill).length, 1, 'nothing is sent before the backoff has passed')
    await app.jobs.runJobsOnce(new Date(t0 + 60_000))
    ;[job] = await closeJobs(row.id)
    assert.equal(job.status, 'done')
    assert.equal(wechat.closes(bill).length, 2)
    assert.ok(wechat.closes(bill).every((c) => c.signatureValid))
    assert.equal(wechat.orders.get(bill)?.trade_state, 'CLOSED')
    await app.jobs.runJobsOnce(new Date(t0 + 3 * 3600_000))
    assert.equal(wechat.closes(bill).length, 2)
  })

  it('expiry: the reconciliation expires the order and the close follows', async () => {
    const t = await login(app, 'demo', 'close-expire')
    const bill = await placeOrder(app, 'demo', t, demoBody(scholarship))
    const row = await orderRow(app, bill)
    const later = new Date(Date.parse(row.expires_at ?? '') + 60_000)
    await reconcile(app.orders, later)
    assert.deepEqual([(await orderRow(app, bill)).status, (await orderRow(app, bill)).close_reason], ['expired', 'expired'])
    assert.equal((await closeJobs(row.id)).length, 1)
    await app.jobs.runJobsOnce(later)
    assert.equal(wechat.closes(bill).length, 1)
    assert.equal(wechat.closes(bill)[0].signatureValid, true)
    assert.equal(wechat.orders.get(bill)?.trade_state, 'CLOSED')
  })

  it('money paid before the close arrived: the close finds it, and it goes to review as late money', async () => {
    const t = await login(app, 'demo', 'close-late')
    const bill = await placeOrder(app, 'demo', t, demoBody(scholarship))
    const row = await orderRow(app, bill)
    assert.equal((await cancel(bill, t)).code, 0)
    // the donor paid at WeChat a moment after cancelling here; the notification is still on its way
    const order = wechat.orders.get(bill)
    assert.ok(order)
    order.trade_state = 'SUCCESS'
    await app.jobs.runJobsOnce()
    const after = await orderRow(app, bill)
    assert.deepEqual([after.status, after.refund_review, after.paid_at], ['cancelled', 1, null])
    const n = await app.db.selectFrom('payment_notification').select('result').where('bill_no', '=', bill).execute()
    assert.deepEqual(
      n.map((x) => x.result),
      ['late']
    )
    assert.equal((await closeJobs(row.id))[0].status, 'done', 'nothing left to close')
  })

  it('Alipay: alipay.trade.close signed and verified; a trade the buyer never opened is nothing to close', async () => {
    const t = await login(app, 'demo', 'close-alipay')
    const opened = await placeOrder(app, 'demo', t, demoBody(scholarship, { payType: 2 }))
    // the wap cashier creates the trade when the buyer opens it
    alipay.trades.set(opened, { total_amount: '100.00', trade_no: `2026${Date.now()}`, trade_status: 'WAIT_BUYER_PAY' })
    alipay.closeFailures.push({ code: '20000', msg: 'Service Currently Unavailable', sub_code: 'ACQ.SYSTEM_ERROR', sub_msg: '系统错误' })
    assert.equal((await cancel(opened, t)).code, 0)
    const t0 = Date.now()
    await app.jobs.runJobsOnce(new Date(t0))
    assert.equal(alipay.trades.get(opened)?.trade_status, 'WAIT_BUYER_PAY')
    await app.jobs.runJobsOnce(new Date(t0 + 60_000))
    const closes = alipay.closes(opened)
    assert.equal(closes.length, 2)
    assert.ok(closes.every((c) => c.signatureValid))
    assert.equal(alipay.trades.get(opened)?.trade_status, 'TRADE_CLOSED')
    const openedRow = await orderRow(app, opened)
    assert.equal((await closeJobs(openedRow.id))[0].status, 'done')

    const never = await placeOrder(app, 'demo', t, demoBody(scholarship, { payType: 2 }))
    assert.equal((await cancel(never, t)).code, 0)
    await app.jobs.runJobsOnce(new Date(t0 + 120_000))
    assert.equal(alipay.closes(never).length, 1)
    const neverRow = await orderRow(app, never)
    assert.equal((await closeJobs(neverRow.id))[0].status, 'done', 'ACQ.TRADE_NOT_EXIST: nothing to close')
  })

  it('the sandbox keeps no order of its own: nothing is enqueued', async () => {
    const t = await login(app, 'hhu', 'close-sandbox')
    const hhuProject = await projectIdOf(app, 'hhu', '河海励志奖学金')
    const bill = await placeOrder(app, 'hhu', t, {
      ...demoBody(hhuProject, { currencyMoney: '1.00' }),
      formDataMap: { name: '张三', mobile: '13800138000' }
    })
    const row = await orderRow(app, bill)
    assert.equal(row.provider, 'sandbox')
    const c = await call(app, 'hhu', Api.cancel, { query: { donatePlatOrder: bill }, token: t })
    assert.equal(c.body.code, 0)
    assert.equal((await orderRow(app, bill)).status, 'cancelled')
    assert.deepEqual(await closeJobs(row.id), [])
  })
})

describe('2. a second WeChat merchant (pay type 15) without a channel row', () => {
  it("its notification is read with that merchant's APIv3 key and pays the order", async () => {
    const t = await login(app, 'demo', 'merchant-b')
    const r = await donate(app, 'demo', t, gymBody({ payType: 15 }))
    assert.equal(r.body.code, 0, r.body.message)
    const bill = r.body.data.orderPayRequestDTO.billNo
    const created = wechat.orders.get(bill)
    assert.equal(created?.mchid, MCH_B, 'created with the second merchant')
    const notify = new URL(String(created?.notify_url))
    assert.equal(notify.origin, PUBLIC)
    assert.equal(notify.pathname, '/notify/demo/wechatpay/15')

    const raw = notifyBody(
      transaction({ appid: WX_APP_ID, mchid: MCH_B, out_trade_no: bill, amount: { total: 10000, currency: 'CNY' } }),
      API_V3_KEY_B
    )
    const res = await app.inject({
      method: 'POST',
      url: notify.pathname,
      headers: { 'content-type': 'application/json', ...platformHeaders(raw) },
      payload: raw
    })
    assert.equal(res.statusCode, 204, res.body)
    assert.equal((await orderRow(app, bill)).status, 'paid')
  })

  it('an order notified at the bare URL (made before notify URLs named the pay type) is read with the right merchant too', async () => {
    const t = await login(app, 'demo', 'merchant-b-old')
    const bill = await placeOrder(app, 'demo', t, gymBody({ payType: 15 }))
    const raw = notifyBody(
      transaction({ appid: WX_APP_ID, mchid: MCH_B, out_trade_no: bill, amount: { total: 10000, currency: 'CNY' } }),
      API_V3_KEY_B
    )
    const res = await app.inject({
      method: 'POST',
      url: '/notify/demo/wechatpay',
      headers: { 'content-type': 'application/json', ...platformHeaders(raw) },
      payload: raw
    })
    assert.equal(res.statusCode, 204, res.body)
    assert.equal((await orderRow(app, bill)).status, 'paid')
    // a notification neither merchant's key reads is still refused
    const forged = notifyBody(transaction({ out_trade_no: bill }), 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz')
    const refused = await app.inject({
      method: 'POST',
      url: '/notify/demo/wechatpay',
      headers: { 'content-type': 'application/json', ...platformHeaders(forged) },
      payload: forged
    })
    assert.equal(refused.statusCode, 500)
  })

  it('pay type 1 orders keep the first merchant and its notify URL', async () => {
    const t = await login(app, 'demo', 'merchant-a')
    const bill = await placeOrder(app, 'demo', t, gymBody({ payType: 1 }))
    assert.equal(wechat.orders.get(bill)?.mchid, MCH_ID)
    assert.equal(new URL(String(wechat.orders.get(bill)?.notify_url)).pathname, '/notify/demo/wechatpay/1')
  })
})

describe('3. setup traps', () => {
  const buildOn = (c: TestContext, publicBaseUrl: string, extra: Record<string, unknown> = {}) =>
    buildApp({
      ...TEST_BUILD_DEFAULTS,
      dataDir: c.dataDir,
      databaseUrl: c.databaseUrl,
      logger: false,
      h5Dir: path.join(c.dataDir, 'no-h5'),
      seed: false,
      orders: { ...TEST_BUILD_DEFAULTS.orders, publicBaseUrl },
      payments: { env },
      outbound: { allowLoopback: true },
      ...extra
    })

  it('an http PUBLIC_BASE_URL is refused at start while WeChat Pay or Alipay is configured, loopback included', async () => {
    for (const url of ['http://give.example.edu.cn', 'http://127.0.0.1:3000']) {
      await assert.rejects(buildOn(ctx, url), (err: Error) => {
        assert.match(err.message, /PUBLIC_BASE_URL/)
        assert.match(err.message, /https/)
        assert.match(err.message, /demo \(wechatpay, pay type 1\)/)
        return true
      })
    }
    const ok = await buildOn(ctx, 'https://give.example.edu.cn/')
    await ok.close()
  })

  it('plain loopback http serves the sandbox; a real provider enabled later is refused, nothing written', async () => {
    const c = await startApp({
      build: {
        orders: { ...TEST_BUILD_DEFAULTS.orders, publicBaseUrl: 'http://127.0.0.1:3000' },
        payments: { env },
        outbound: { allowLoopback: true }
      }
    })
    try {
      const hhuProject = await projectIdOf(c.app, 'hhu', '河海励志奖学金')
      const t = await login(c.app, 'hhu', 'http-sandbox')
      const body = { ...demoBody(hhuProject, { currencyMoney: '1.00' }), formDataMap: { name: '张三', mobile: '13800138000' } }
      assert.equal((await donate(c.app, 'hhu', t, body)).body.code, 0, 'the sandbox works on http')
      await c.app.db
        .insertInto('payment_config')
        .values({
          school_id: await schoolIdOf(c.app, 'hhu'),
          pay_type: 1,
          provider: 'wechatpay',
          enabled: 1,
          updated_at: new Date().toISOString(),
          credentials: wechatCredentials(MCH_ID, SERIAL, 'T_WX_KEY_A', 'T_WX_V3_A')
        })
        .execute()
      invalidateSchoolCache()
      const before = await writeCounts(c.app)
      const r = await donate(c.app, 'hhu', t, body)
      assert.equal(r.body.code, ResultCode.ERROR)
      assert.match(r.body.message, /暂未开通/)
      assert.deepEqual(await writeCounts(c.app), before)
    } finally {
      await c.close()
    }
  })

  it("WeChat H5 payer_client_ip is the visitor's address as TRUST_PROXY computes it; without it a warning, once", async () => {
    const lines: string[] = []
    const logged = await buildOn(ctx, PUBLIC, {
      trustProxy: '',
      logger: { level: 'warn', stream: { write: (s: string) => void lines.push(s) } }
    })
    const proxied = await buildOn(ctx, PUBLIC, { trustProxy: '127.0.0.1' })
    try {
      const viaProxy = { 'x-forwarded-for': '203.0.113.9' }
      const t1 = await login(proxied, 'demo', 'proxy-visitor')
      const b1 = await call(proxied, 'demo', Api.donate, { method: 'POST', body: demoBody(scholarship), token: t1, headers: viaProxy })
      assert.equal(b1.body.code, 0, b1.body.message)
      const sent = JSON.parse(wechat.seen.filter((s) => s.url === '/v3/pay/transactions/h5').at(-1)?.body ?? '{}')
      assert.equal(sent.out_trade_no, b1.body.data.orderPayRequestDTO.billNo)
      assert.equal(sent.scene_info.payer_client_ip, '203.0.113.9')

      const t2 = await login(logged, 'demo', 'proxy-unnamed')
      for (let i = 0; i < 2; i++) {
        const b = await call(logged, 'demo', Api.donate, { method: 'POST', body: demoBody(scholarship), token: t2, headers: viaProxy })
        assert.equal(b.body.code, 0, b.body.message)
        const s = JSON.parse(wechat.seen.filter((x) => x.url === '/v3/pay/transactions/h5').at(-1)?.body ?? '{}')
        assert.equal(s.scene_info.payer_client_ip, '127.0.0.1', "without TRUST_PROXY only the proxy's address is seen")
      }
      const warnings = lines.filter((l) => /TRUST_PROXY/.test(l))
      assert.equal(warnings.length, 1, lines.join('\n'))
      assert.match(warnings[0], /payer_client_ip/)
    } finally {
      await logged.close()
      await proxied.close()
    }
  })
})
