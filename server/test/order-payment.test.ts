/**
 * Payments end to end: a sandbox payment shows in project totals, payCounts, sub-project and joint-donation totals
 * and the directory to the fen; anonymity; 50 concurrent duplicate notifications count once; amount, provider and
 * sandbox-switch refusals change nothing; the raw-body /notify endpoint with a JSON provider (fake, signature over
 * the exact bytes) and the real Alipay provider (keys generated here, credentials from "env:" references);
 * reconciliation through provider.query.
 */
import assert from 'node:assert/strict'
import { createHash, createSign, generateKeyPairSync } from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import {
  Api,
  ResultCode,
  type DirectoryTotal,
  type DonationRecord,
  type Page,
  type Project,
  type SubItemStatistic,
  type TogetherDonation
} from '../../types'
import { invalidateSchoolCache } from '../src/domain/school/cache'
import { ProviderError, type PaymentProvider, type VerifiedNotification } from '../src/providers/payment/types'
import { call, login, startApp, TEST_BUILD_DEFAULTS, type TestContext } from './helpers'
import { demoBody, donate, fen, orderRow, placeOrder, projectIdOf, sandboxNotify, schoolIdOf, writeCounts } from './order-fixtures'

const rsa = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' }
  })
const appKeys = rsa()
const alipayKeys = rsa()
const strangerKeys = rsa()
const ALIPAY_APP_ID = '2021000000000042'
const GATEWAY = 'https://openapi-sandbox.dl.alipaydev.com/gateway.do'
const FAKE_SECRET = 'fake-wechat-secret-from-env'

/** Stands in for WeChat Pay at the HTTP boundary: JSON notifications signed over the raw bytes. */
const fakeQueries = new Map<string, VerifiedNotification | Error>()
let fakeSecretSeen = ''
function fakeWechat(secret: string): PaymentProvider {
  fakeSecretSeen = secret
  const sig = (raw: string) =>
    createHash('sha256')
      .update(secret + raw)
      .digest('hex')
  return {
    name: 'wechatpay',
    async create() {
      return {
        params: {
          provider: 'wechatpay',
          timeStamp: '1700000000',
          nonceStr: 'n',
          packageValue: 'prepay_id=fake',
          signType: 'RSA',
          paySign: 'x'
        }
      }
    },
    async verifyNotification(n) {
      if (n.headers['x-fake-signature'] !== sig(n.rawBody)) throw new ProviderError('signature does not verify', 'wechatpay', 'forged')
      const b = JSON.parse(n.rawBody) as { billNo: string; amountFen: number; tradeNo: string }
      return {
        provider: 'wechatpay',
        billNo: b.billNo,
        providerTradeNo: b.tradeNo,
        amountFen: b.amountFen,
        outcome: 'paid',
        raw: n.rawBody
      }
    },
    async query(billNo) {
      const v = fakeQueries.get(billNo)
      if (v instanceof Error) throw v
      return v ?? null
    },
    ack: (ok) =>
      ok
        ? { status: 204, contentType: 'text/plain', body: '' }
        : { status: 400, contentType: 'application/json', body: '{"code":"FAIL","message":"refused"}' }
  }
}
const fakeSign = (raw: string) =>
  createHash('sha256')
    .update(FAKE_SECRET + raw)
    .digest('hex')

let ctx: TestContext
let token: string
const ids: Record<string, number> = {}

before(async () => {
  ctx = await startApp({
    build: {
      // WeChat Pay and Alipay are configured below: their notify URLs come from PUBLIC_BASE_URL
      orders: { ...TEST_BUILD_DEFAULTS.orders, publicBaseUrl: 'https://give.example.edu.cn' },
      payments: {
        factories: { wechatpay: (c) => fakeWechat(String(c.credentials.secret)) },
        env: {
          T_FAKE_WX_SECRET: FAKE_SECRET,
          T_ALIPAY_APP_KEY: appKeys.privateKey,
          T_ALIPAY_PUBLIC_KEY: alipayKeys.publicKey,
          SECRET_ENV_ALLOW: 'T_FAKE_WX_SECRET,T_ALIPAY_APP_KEY,T_ALIPAY_PUBLIC_KEY'
        }
      }
    }
  })
  token = await login(ctx.app, 'demo', 'payer')
  for (const [k, name] of Object.entries({ scholarship: '示范大学励志奖学金', books: '书香校园·捐书计划', avenue: '校园林荫大道改造' })) {
    ids[k] = await projectIdOf(ctx.app, 'demo', name)
  }
  ids.hhu = await projectIdOf(ctx.app, 'hhu', '河海励志奖学金')
  const hhu = await schoolIdOf(ctx.app, 'hhu')
  const now = new Date().toISOString()
  await ctx.app.db
    .insertInto('payment_config')
    .values([
      {
        school_id: hhu,
        pay_type: 1,
        provider: 'wechatpay',
        credentials: JSON.stringify({ secret: 'env:T_FAKE_WX_SECRET' }),
        enabled: 1,
        updated_at: now
      },
      {
        school_id: hhu,
        pay_type: 2,
        provider: 'alipay',
        enabled: 1,
        updated_at: now,
        credentials: JSON.stringify({
          appId: ALIPAY_APP_ID,
          privateKeyPem: 'env:T_ALIPAY_APP_KEY',
          alipayPublicKeyPem: 'env:T_ALIPAY_PUBLIC_KEY',
          gateway: GATEWAY
        })
      }
    ])
    .execute()
  invalidateSchoolCache()
})
after(async () => {
  await ctx.close()
})

const detail = async (id: number, school = 'demo') => (await call<Project>(ctx.app, school, Api.itemsDetail, { query: { id } })).body.data
const total = async (itemsId: number) => (await call<DirectoryTotal>(ctx.app, 'demo', Api.total, { query: { itemsId } })).body.data
const directory = async (query: Record<string, string | number>, lang?: string) =>
  (
    await call<Page<DonationRecord>>(ctx.app, 'demo', Api.donateRecordPage, {
      query: { limit: 5, ...query },
      headers: lang ? { lang } : {}
    })
  ).body.data

describe('a paid gift shows everywhere, to the fen', () => {
  it('project completeMoney and payCounts, directory total, sub-project statistic, list row, directory row', async () => {
    const id = ids.scholarship
    const sub = await ctx.app.db
      .selectFrom('sub_project')
      .select(['id', 'name'])
      .where('items_id', '=', id)
      .orderBy('sort_no')
      .executeTakeFirstOrThrow()
    const subStat = async () =>
      (await call<SubItemStatistic[]>(ctx.app, 'demo', Api.subItemsStatistics, { query: { itemsId: id } })).body.data.find(
        (s) => s.id === sub.id
      )!
    const [p0, t0, s0] = [await detail(id), await total(id), await subStat()]

    // an order cancelled and one left pending change nothing
    const dropped = await placeOrder(ctx.app, 'demo', token, demoBody(id, { currencyMoney: '500.00' }))
    await call(ctx.app, 'demo', Api.cancel, { query: { donatePlatOrder: dropped }, token })
    const bill = await placeOrder(
      ctx.app,
      'demo',
      token,
      demoBody(id, { currencyMoney: '1234.56', subItemsId: sub.id, formDataMap: { name: '赟喆䶮', mobile: '13800138000', isAlumni: '0' } })
    )
    assert.equal((await detail(id)).completeMoney, p0.completeMoney, 'pending counts for nothing')
    assert.equal((await sandboxNotify(ctx.app, 'demo', bill)).body.data.status, 'applied')

    const [p1, t1, s1] = [await detail(id), await total(id), await subStat()]
    assert.equal(fen(p1.completeMoney) - fen(p0.completeMoney), 123456)
    assert.equal(p1.payCounts - p0.payCounts, 1)
    assert.equal(fen(t1.totalMoney) - fen(t0.totalMoney), 123456)
    assert.equal(t1.totalCount - t0.totalCount, 1)
    assert.equal(fen(s1.completeMoney) - fen(s0.completeMoney), 123456)
    const listed = (
      await call<Page<{ id: number; completeMoney: string; payCounts: number }>>(ctx.app, 'demo', Api.itemsList, { query: { limit: 100 } })
    ).body.data.rows.find((r) => r.id === id)!
    assert.deepEqual([listed.completeMoney, listed.payCounts], [p1.completeMoney, p1.payCounts])
    const top = (await directory({ itemsId: id })).rows[0]
    assert.deepEqual([top.name, top.donateMoney, top.subItemsName, top.itemsName], ['赟喆䶮', '1234.56', sub.name, '示范大学励志奖学金'])
    // completeMoney = offline + the sum of paid records, exactly
    const paid = await ctx.app.db
      .selectFrom('donation')
      .select('amount_fen')
      .where('items_id', '=', id)
      .where('status', '=', 'paid')
      .execute()
    const offline = (await ctx.app.db.selectFrom('project').select('offline_fen').where('id', '=', id).executeTakeFirstOrThrow())
      .offline_fen
    assert.equal(fen(p1.completeMoney), offline + paid.reduce((a, r) => a + r.amount_fen, 0))
  })

  it('a donor who asks to be left out of the directory is not listed, and the gift still counts', async () => {
    const id = ids.scholarship
    const [t0, d0] = [await total(id), await directory({ itemsId: id, limit: 100 })]
    const bill = await placeOrder(
      ctx.app,
      'demo',
      token,
      demoBody(id, { currencyMoney: '321.09', isNoData: 1, formDataMap: { name: '不愿具名校友', mobile: '13800138000', isAlumni: '0' } })
    )
    await sandboxNotify(ctx.app, 'demo', bill)
    const [t1, d1] = [await total(id), await directory({ itemsId: id, limit: 100 })]
    assert.equal(t1.totalCount - t0.totalCount, 1, 'counted')
    assert.equal(fen(t1.totalMoney) - fen(t0.totalMoney), 32109, 'summed')
    assert.equal(d1.total, d0.total, 'not listed')
    assert.ok(!d1.rows.some((r) => r.name === '不愿具名校友'))
    const searched = await directory({ s: '不愿具名校友' })
    assert.equal(searched.total, 0, 'not findable by name either')
  })

  it('goods: completeMaterialNumber and completeMoney (quantity × price)', async () => {
    const p0 = await detail(ids.books)
    const bill = await placeOrder(ctx.app, 'demo', token, demoBody(ids.books, { currencyMoney: '90.00', donateMaterialNumber: 3 } as never))
    await sandboxNotify(ctx.app, 'demo', bill)
    const p1 = await detail(ids.books)
    assert.equal(p1.completeMaterialNumber - p0.completeMaterialNumber, 3)
    assert.equal(fen(p1.completeMoney) - fen(p0.completeMoney), 9000)
    const row = (await directory({ itemsId: ids.books })).rows[0]
    assert.deepEqual([row.donateMaterialNumber, row.crowdType, row.materialUnit, row.donateMoney], [3, 2, '册', '90.00'])
  })

  it('joint donation totals and participants', async () => {
    const tg = (
      await ctx.app.db
        .selectFrom('together_donation')
        .select('id')
        .where('items_id', '=', ids.avenue)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id
    const find = async () =>
      (
        await call<Page<TogetherDonation>>(ctx.app, 'demo', Api.togetherList, { query: { itemsId: ids.avenue, limit: 50 } })
      ).body.data.rows.find((r) => r.id === tg)!
    const before = await find()
    const bill = await placeOrder(
      ctx.app,
      'demo',
      token,
      demoBody(ids.avenue, { currencyMoney: '88.88', donateTogetherId: tg, isDonateTogether: 1 })
    )
    await sandboxNotify(ctx.app, 'demo', bill)
    const afterPay = await find()
    assert.equal(fen(afterPay.completeMoney) - fen(before.completeMoney), 8888)
    assert.equal(afterPay.participants - before.participants, 1)
    const byTogether = await directory({ donateTogetherId: tg })
    assert.equal(byTogether.rows[0].donateMoney, '88.88')
  })

  it('an anonymous gift shows the anonymous label and cannot be found by the real name', async () => {
    const bill = await placeOrder(
      ctx.app,
      'demo',
      token,
      demoBody(ids.scholarship, { isAnonymous: 1, currencyMoney: '77.77', formDataMap: { name: '欧阳锋独有名' } })
    )
    await sandboxNotify(ctx.app, 'demo', bill)
    const row = (await directory({ itemsId: ids.scholarship })).rows[0]
    assert.deepEqual([row.name, row.donateMoney, row.avatar], ['匿名爱心人士', '77.77', ''])
    assert.equal((await directory({ itemsId: ids.scholarship }, 'en')).rows[0].name, 'Anonymous donor')
    assert.equal((await directory({ s: '欧阳锋独有名' })).total, 0)
  })
})

describe('notifications are idempotent and checked', () => {
  it('50 concurrent duplicate notifications count once', async () => {
    const id = ids.scholarship
    const p0 = await detail(id)
    const bill = await placeOrder(ctx.app, 'demo', token, demoBody(id, { currencyMoney: '10.01' }))
    const results = await Promise.all(Array.from({ length: 50 }, () => sandboxNotify(ctx.app, 'demo', bill)))
    const statuses = results.map((r) => r.body.data?.status)
    assert.equal(statuses.filter((s) => s === 'applied').length, 1, JSON.stringify(statuses))
    assert.equal(statuses.filter((s) => s === 'duplicate').length, 49)
    const p1 = await detail(id)
    assert.equal(fen(p1.completeMoney) - fen(p0.completeMoney), 1001)
    assert.equal(p1.payCounts - p0.payCounts, 1)
    const row = await orderRow(ctx.app, bill)
    assert.equal((await ctx.app.db.selectFrom('payment_notification').select('id').where('bill_no', '=', bill).execute()).length, 1)
    const jobs = await ctx.app.db.selectFrom('job').select('payload').where('kind', '=', 'certificate').execute()
    assert.equal(jobs.filter((j) => JSON.parse(j.payload).donationId === row.id).length, 1)
  })

  it('an amount that does not match the order is refused and changes nothing', async () => {
    const p0 = await detail(ids.scholarship)
    const bill = await placeOrder(ctx.app, 'demo', token, demoBody(ids.scholarship, { currencyMoney: '300.00' }))
    const before = await writeCounts(ctx.app)
    const r = await sandboxNotify(ctx.app, 'demo', bill, 'paid', '0.01')
    assert.equal(r.body.code, ResultCode.ERROR)
    assert.match(r.body.message, /amount_mismatch/)
    assert.equal((await orderRow(ctx.app, bill)).status, 'pending')
    assert.deepEqual(await writeCounts(ctx.app), before)
    assert.equal((await detail(ids.scholarship)).completeMoney, p0.completeMoney)
    assert.equal(
      (await sandboxNotify(ctx.app, 'demo', bill, 'paid', '300.00')).body.data.status,
      'applied',
      'the right amount is then taken'
    )
  })

  it('unknown bill numbers are refused', async () => {
    const r = await sandboxNotify(ctx.app, 'demo', 'D2026000000000000NOPE')
    assert.equal(r.body.code, ResultCode.ERROR)
    assert.match(r.body.message, /unknown_order/)
  })

  it('sandbox notify is refused (403) when the school has the sandbox off; donate with a sandbox-served pay type too', async () => {
    const sid = await schoolIdOf(ctx.app, 'demo')
    const bill = await placeOrder(ctx.app, 'demo', token, demoBody(ids.scholarship))
    // a direct write, as the CLI's: this process's settings cache is told, as the staff routes tell it
    await ctx.app.db.updateTable('school_setting').set({ sandbox_enabled: 0 }).where('school_id', '=', sid).execute()
    invalidateSchoolCache()
    try {
      const r = await sandboxNotify(ctx.app, 'demo', bill)
      assert.equal(r.status, 403)
      assert.equal(r.body.code, ResultCode.ERROR)
      assert.equal((await orderRow(ctx.app, bill)).status, 'pending')
      const before = await writeCounts(ctx.app)
      const d = await donate(ctx.app, 'demo', token, demoBody(ids.scholarship))
      assert.equal(d.body.code, ResultCode.ERROR)
      assert.match(d.body.message, /暂未开通/)
      assert.deepEqual(await writeCounts(ctx.app), before)
    } finally {
      await ctx.app.db.updateTable('school_setting').set({ sandbox_enabled: 1 }).where('school_id', '=', sid).execute()
      invalidateSchoolCache()
    }
  })

  it('the sandbox cannot pay an order another provider created', async () => {
    const t = await login(ctx.app, 'hhu', 'hhu-payer')
    const r = await donate(ctx.app, 'hhu', t, demoBody(ids.hhu, { payType: 1, formDataMap: { name: '张三', mobile: '13800138000' } }))
    assert.equal(r.body.data.data?.provider, 'wechatpay')
    assert.equal(fakeSecretSeen, FAKE_SECRET, 'credentials came from the env: reference')
    const bill = r.body.data.orderPayRequestDTO.billNo
    const n = await sandboxNotify(ctx.app, 'hhu', bill)
    assert.equal(n.body.code, ResultCode.ERROR)
    assert.match(n.body.message, /provider_mismatch/)
    assert.equal((await orderRow(ctx.app, bill)).status, 'pending')
  })
})

describe('POST /notify/{school}/{provider}: raw bodies, provider answers', () => {
  const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } })

  it('JSON provider: the signature covers the exact bytes; forged or mismatched amounts are refused', async () => {
    const t = await login(ctx.app, 'hhu', 'hhu-notify')
    const bill = (
      await donate(
        ctx.app,
        'hhu',
        t,
        demoBody(ids.hhu, { payType: 1, currencyMoney: '12.34', formDataMap: { name: '张三', mobile: '13800138000' } })
      )
    ).body.data.orderPayRequestDTO.billNo
    // key order and spacing a re-serialisation would change
    const raw = `{ "tradeNo":"4200000001",  "amountFen": 1234,\n "billNo": "${bill}" }`
    const forged = await post('/notify/hhu/wechatpay', raw, { 'x-fake-signature': fakeSign(raw.replace('  ', ' ')) })
    assert.equal(forged.statusCode, 400)
    assert.deepEqual(forged.json(), { code: 'FAIL', message: 'refused' })
    assert.equal((await orderRow(ctx.app, bill)).status, 'pending')

    const wrongAmount = raw.replace('1234', '1')
    const mismatch = await post('/notify/hhu/wechatpay', wrongAmount, { 'x-fake-signature': fakeSign(wrongAmount) })
    assert.equal(mismatch.statusCode, 400)
    assert.equal((await orderRow(ctx.app, bill)).status, 'pending')

    const ok = await post('/notify/hhu/wechatpay', raw, { 'x-fake-signature': fakeSign(raw) })
    assert.equal(ok.statusCode, 204)
    const row = await orderRow(ctx.app, bill)
    assert.deepEqual([row.status, row.provider_trade_no], ['paid', '4200000001'])
    const again = await post('/notify/hhu/wechatpay', raw, { 'x-fake-signature': fakeSign(raw) })
    assert.equal(again.statusCode, 204, 'a retry is acknowledged')
    assert.equal((await ctx.app.db.selectFrom('payment_notification').select('id').where('bill_no', '=', bill).execute()).length, 1)
  })

  it('unknown school, unknown or unconfigured provider, and the sandbox: 404', async () => {
    for (const url of [
      '/notify/nope/wechatpay',
      '/notify/hhu/paypal',
      '/notify/demo/wechatpay',
      '/notify/demo/sandbox',
      '/notify/hhu/wechatpay/2'
    ]) {
      assert.equal((await post(url, '{}')).statusCode, 404, url)
    }
  })

  it('Alipay (real provider, keys generated here): wap form, form-urlencoded notify verified, tampering refused', async () => {
    const t = await login(ctx.app, 'hhu', 'hhu-alipay')
    const r = await donate(
      ctx.app,
      'hhu',
      t,
      demoBody(ids.hhu, { payType: 2, currencyMoney: '0.29', formDataMap: { name: '张三', mobile: '13800138000' } })
    )
    assert.equal(r.body.code, 0, JSON.stringify(r.body))
    const bill = r.body.data.orderPayRequestDTO.billNo
    assert.ok(r.body.data.data?.url?.startsWith(GATEWAY))
    const page = (await call<{ data: string }>(ctx.app, 'hhu', Api.donate4ali, { query: { donatePlatOrder: bill }, token: t })).body.data
      .data
    assert.ok(page.includes(`action="${GATEWAY}?charset=utf-8"`), page.slice(0, 200))
    assert.match(page, /method="post"/)
    assert.ok(page.includes(`notify_url`) && page.includes(`/notify/hhu/alipay`))

    const params = (over: Record<string, string> = {}) => ({
      app_id: ALIPAY_APP_ID,
      out_trade_no: bill,
      trade_no: '2026112222001446881000000042',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '0.29',
      subject: '捐赠 河海励志奖学金',
      notify_type: 'trade_status_sync',
      sign_type: 'RSA2',
      charset: 'utf-8',
      ...over
    })
    const signed = (p: Record<string, string>, key = alipayKeys.privateKey) => {
      const content = Object.keys(p)
        .filter((k) => k !== 'sign' && k !== 'sign_type')
        .sort()
        .map((k) => `${k}=${p[k]}`)
        .join('&')
      return new URLSearchParams({ ...p, sign: createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64') }).toString()
    }
    const form = { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }
    const tampered = signed(params()).replace('total_amount=0.29', 'total_amount=0.01')
    const bad = await post('/notify/hhu/alipay', tampered, form)
    assert.deepEqual([bad.statusCode, bad.body], [200, 'fail'])
    assert.equal((await post('/notify/hhu/alipay', signed(params(), strangerKeys.privateKey), form)).body, 'fail', 'wrong key')
    assert.equal((await post('/notify/hhu/alipay', signed(params({ total_amount: '0.30' })), form)).body, 'fail', 'signed but wrong amount')
    assert.equal((await orderRow(ctx.app, bill)).status, 'pending')

    const ok = await post('/notify/hhu/alipay', signed(params()), form)
    assert.deepEqual([ok.statusCode, ok.body], [200, 'success'])
    assert.equal((await orderRow(ctx.app, bill)).status, 'paid')
  })
})

describe('reconciliation through provider.query', () => {
  it('a paid order whose notification was lost is applied; a failed one closed; an unreachable provider does not block expiry', async () => {
    const t = await login(ctx.app, 'hhu', 'hhu-reconcile')
    const body = (money: string) =>
      demoBody(ids.hhu, { payType: 1, currencyMoney: money, formDataMap: { name: '张三', mobile: '13800138000' } })
    const lost = (await donate(ctx.app, 'hhu', t, body('5.00'))).body.data.orderPayRequestDTO.billNo
    const t2 = await login(ctx.app, 'hhu', 'hhu-reconcile-2')
    const failed = (await donate(ctx.app, 'hhu', t2, body('6.00'))).body.data.orderPayRequestDTO.billNo
    const t3 = await login(ctx.app, 'hhu', 'hhu-reconcile-3')
    const down = (await donate(ctx.app, 'hhu', t3, body('7.00'))).body.data.orderPayRequestDTO.billNo
    fakeQueries.set(lost, { provider: 'wechatpay', billNo: lost, providerTradeNo: 'Q1', amountFen: 500, outcome: 'paid', raw: '{}' })
    fakeQueries.set(failed, { provider: 'wechatpay', billNo: failed, providerTradeNo: 'Q2', amountFen: 600, outcome: 'failed', raw: '{}' })
    fakeQueries.set(down, new Error('connect ECONNREFUSED'))

    await ctx.app.jobs.reconcileOnce(new Date(Date.now() + 60_000))
    assert.equal((await orderRow(ctx.app, lost)).status, 'pending', 'younger than two minutes: not asked yet')
    await ctx.app.jobs.reconcileOnce(new Date(Date.now() + 3 * 60_000))
    assert.equal((await orderRow(ctx.app, lost)).status, 'paid')
    assert.deepEqual(
      [(await orderRow(ctx.app, failed)).status, (await orderRow(ctx.app, failed)).close_reason],
      ['cancelled', 'payment_failed']
    )
    assert.equal((await orderRow(ctx.app, down)).status, 'pending')
    await ctx.app.jobs.reconcileOnce(new Date(Date.now() + 16 * 60_000))
    assert.equal((await orderRow(ctx.app, down)).status, 'expired')
  })
})
