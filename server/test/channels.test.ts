/**
 * Channels (docs/decisions/018): credentials per school and channel. Sign-in uses the channel's AppID and
 * secret; WeChat Pay JSAPI from the mini-program uses the mini-program's AppID, its own merchant and the openId its
 * sign-in gave, from WeChat's browser the official account's; the notification of a channel's merchant is verified
 * with that merchant's key; a pay type the channel cannot complete is refused with nothing written; older clients'
 * channel comes from donateFrom; no secret reaches an answer or a log line. WeChat (sign-in and WeChat Pay v3) is a
 * fake server on 127.0.0.1 that checks AppIDs and secrets and signs its answers with a platform key made here.
 */
import assert from 'node:assert/strict'
import { createCipheriv, createSign, generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { Api, ResultCode, type PaymentParams } from '../../types'
import { buildApp } from '../src/app'
import { payChannelOf } from '../src/domain/channel/credentials'
import { reconcile } from '../src/domain/order/reconcile'
import { agreeToPrivacy, call, login, startApp, TEST_BUILD_DEFAULTS, type TestContext } from './helpers'
import { demoBody, donate, projectIdOf, schoolIdOf } from './order-fixtures'
import { invalidateSchoolCache } from '../src/domain/school/cache'

const rsa = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' }
  })
const merchantKeys = rsa()
const platformKeys = rsa()
const SECRETS = {
  T_MINI_SECRET: 'mini-app-secret-0123456789abcdef',
  T_OA_SECRET: 'official-account-secret-fedcba98',
  T_V3_BASE: 'base-apiv3-key-0123456789abcdefg',
  T_V3_MINI: 'mini-apiv3-key-0123456789abcdefgh'.slice(0, 32),
  T_MCH_KEY: merchantKeys.privateKey,
  T_PLATFORM: platformKeys.publicKey
}
const PUBLIC = 'https://give.example.edu.cn'
// the deployment sets these names aside for secrets (lib/secret-env.ts)
const ENV = { ...SECRETS, SECRET_ENV_ALLOW: Object.keys(SECRETS).join(',') }

let wx: Server
let wxBase = ''
const wxCalls: Array<{ path: string; body: any; mchid: string }> = []
const queryAnswers = new Map<string, object>()

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = ''
    req.on('data', (c) => (s += c))
    req.on('end', () => resolve(s))
  })

/** headers WeChat Pay signs its answers and notifications with (platform key) */
function wechatpaySigned(body: string) {
  const ts = String(Math.floor(Date.now() / 1000))
  const nonce = randomBytes(8).toString('hex')
  const signature = createSign('RSA-SHA256').update(`${ts}\n${nonce}\n${body}\n`).sign(platformKeys.privateKey, 'base64')
  return { 'Wechatpay-Timestamp': ts, 'Wechatpay-Nonce': nonce, 'Wechatpay-Signature': signature, 'Wechatpay-Serial': 'PUB_KEY_ID_T' }
}

/** A WeChat Pay notification of a paid order, encrypted with the merchant's APIv3 key. */
function notification(apiV3Key: string, txn: object) {
  const nonce = randomBytes(6).toString('hex')
  const c = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce))
  c.setAAD(Buffer.from('transaction'))
  const ciphertext = Buffer.concat([c.update(JSON.stringify(txn)), c.final(), c.getAuthTag()]).toString('base64')
  const body = JSON.stringify({
    id: 'evt-1',
    event_type: 'TRANSACTION.SUCCESS',
    resource_type: 'encrypt-resource',
    resource: { algorithm: 'AEAD_AES_256_GCM', ciphertext, nonce, associated_data: 'transaction' }
  })
  return { body, headers: { 'content-type': 'application/json', ...wechatpaySigned(body) } }
}

let ctx: TestContext
let app: FastifyInstance
let demoId = 0
let scholarship = 0
const answers: string[] = []
const logLines: string[] = []
let logged: FastifyInstance

before(async () => {
  // Fake WeChat: sign-in for two apps (mini-program wx-mini, official account wx-oa), WeChat Pay v3 orders and queries.
  wx = createServer(async (req, res) => {
    const u = new URL(req.url ?? '/', 'http://x')
    const raw = await readBody(req)
    const mchid = /mchid="([^"]+)"/.exec(String(req.headers.authorization ?? ''))?.[1] ?? ''
    wxCalls.push({ path: u.pathname + u.search, body: raw ? JSON.parse(raw) : null, mchid })
    const q = u.searchParams
    const send = (status: number, obj: object) => {
      const text = JSON.stringify(obj)
      res.writeHead(status, { 'content-type': 'application/json', ...(u.pathname.startsWith('/v3/') ? wechatpaySigned(text) : {}) })
      res.end(text)
    }
    const code = q.get('js_code') ?? q.get('code') ?? ''
    if (u.pathname === '/sns/jscode2session') {
      const ok = q.get('appid') === 'wx-mini' && q.get('secret') === SECRETS.T_MINI_SECRET && code.startsWith('good-')
      return send(200, ok ? { openid: `mini-${code.slice(5)}`, session_key: 'k' } : { errcode: 40029, errmsg: 'invalid code' })
    }
    if (u.pathname === '/sns/oauth2/access_token') {
      const ok = q.get('appid') === 'wx-oa' && q.get('secret') === SECRETS.T_OA_SECRET && code.startsWith('good-')
      return send(200, ok ? { openid: `oa-${code.slice(5)}`, access_token: 't' } : { errcode: 40029, errmsg: 'invalid code' })
    }
    if (u.pathname === '/v3/pay/transactions/jsapi') return send(200, { prepay_id: `prepay-${wxCalls.length}` })
    if (u.pathname.startsWith('/v3/pay/transactions/out-trade-no/')) {
      const billNo = decodeURIComponent(u.pathname.split('/').pop() ?? '')
      const a = queryAnswers.get(`${billNo}|${q.get('mchid')}`)
      return a ? send(200, a) : send(404, { code: 'ORDER_NOT_EXIST', message: 'no such order' })
    }
    send(404, { code: 'NOT_FOUND' })
  })
  await new Promise<void>((r) => wx.listen(0, '127.0.0.1', r))
  wxBase = `http://127.0.0.1:${(wx.address() as AddressInfo).port}`

  const build = {
    orders: { ...TEST_BUILD_DEFAULTS.orders, publicBaseUrl: PUBLIC },
    payments: { env: ENV },
    identity: { env: ENV },
    // the fake WeChat server listens on 127.0.0.1 (lib/outbound.ts: tests only)
    outbound: { allowLoopback: true }
  }
  ctx = await startApp({ build })
  app = ctx.app
  // every answer of the main app is kept, to look for secrets in them
  app.addHook('onSend', async (_req, _reply, payload) => {
    if (typeof payload === 'string') answers.push(payload)
    return payload
  })
  demoId = await schoolIdOf(app, 'demo')
  scholarship = await projectIdOf(app, 'demo', '示范大学励志奖学金')
  const now = new Date().toISOString()
  await app.db
    .insertInto('payment_config')
    .values({
      school_id: demoId,
      pay_type: 1,
      provider: 'wechatpay',
      enabled: 1,
      updated_at: now,
      credentials: JSON.stringify({
        mchId: '1900000001',
        appId: 'wx-base-unused',
        serialNo: 'MCH-SERIAL',
        privateKeyPem: 'env:T_MCH_KEY',
        apiV3Key: 'env:T_V3_BASE',
        platformPublicKeyPem: 'env:T_PLATFORM',
        platformSerial: 'PUB_KEY_ID_T',
        baseUrl: wxBase
      })
    })
    .execute()
  invalidateSchoolCache()
  await app.db
    .insertInto('school_channel_credential')
    .values([
      {
        school_id: demoId,
        channel: 'weapp',
        app_id: 'wx-mini',
        secret: 'env:T_MINI_SECRET',
        credentials: '{}',
        // the mini-program has its own merchant
        pay_credentials: JSON.stringify({ mchId: '1900000002', apiV3Key: 'env:T_V3_MINI' }),
        api_base: wxBase,
        enabled: 1,
        updated_at: now
      },
      {
        school_id: demoId,
        channel: 'wechat-h5',
        app_id: 'wx-oa',
        secret: 'env:T_OA_SECRET',
        credentials: '{}',
        pay_credentials: '{}',
        api_base: wxBase,
        enabled: 1,
        updated_at: now
      }
    ])
    .execute()

  // the same database behind a second app whose log is kept (the first one logs nothing)
  logged = await buildApp({
    ...TEST_BUILD_DEFAULTS,
    ...build,
    dataDir: ctx.dataDir,
    databaseUrl: ctx.databaseUrl,
    h5Dir: path.join(ctx.dataDir, 'no-h5'),
    seed: false,
    logger: { level: 'debug', stream: { write: (s: string) => void logLines.push(s) } }
  })
})
after(async () => {
  await logged?.close()
  await ctx.close()
  wx.close()
})

const signIn = async (a: FastifyInstance, code: string, platform: 'weapp' | 'h5') => {
  const r = await call<{ token: string }>(a, 'demo', Api.getAuthToken, { query: { billType: 2, code, platform } })
  assert.equal(r.body.code, 0, r.body.message)
  // the donor agreed in the app's privacy prompt before the form's first collection (docs/decisions/041)
  await agreeToPrivacy(a, 'demo', r.body.data.token)
  return r.body.data.token
}
const submission = (billNo: string) =>
  app.db
    .selectFrom('donation_submission')
    .innerJoin('donation', 'donation.id', 'donation_submission.donation_id')
    .select(['donation_submission.pay_channel', 'donation.status', 'donation.amount_fen', 'donation.id'])
    .where('donation.bill_no', '=', billNo)
    .executeTakeFirstOrThrow()
const orderCount = async () =>
  Number(
    (
      await app.db
        .selectFrom('donation')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n
  )

describe('sign-in with the channel credentials', () => {
  it("weapp: jscode2session with the mini-program's AppID and secret; h5: the official account's OAuth", async () => {
    await signIn(app, 'good-amy', 'weapp')
    const js = wxCalls.filter((c) => c.path.startsWith('/sns/jscode2session')).pop()!
    assert.match(js.path, /appid=wx-mini/)
    await signIn(app, 'good-ben', 'h5')
    const oa = wxCalls.filter((c) => c.path.startsWith('/sns/oauth2/access_token')).pop()!
    assert.match(oa.path, /appid=wx-oa/)
    const users = await app.db
      .selectFrom('app_user')
      .select(['source', 'open_id'])
      .where('school_id', '=', demoId)
      .where('open_id', 'in', ['mini-amy', 'oa-ben'])
      .orderBy('open_id')
      .execute()
    assert.deepEqual(users, [
      { source: 'weapp', open_id: 'mini-amy' },
      { source: 'wechat', open_id: 'oa-ben' }
    ])
    // getAuthUrl sends the browser to the official account's OAuth page
    const url = (await call<string>(app, 'demo', Api.getAuthUrl, { query: { billType: 2, url: `${PUBLIC}/mine` } })).body.data
    assert.equal(new URL(url).searchParams.get('appid'), 'wx-oa')
  })
})

describe('WeChat Pay per channel', () => {
  it("weapp: JSAPI with the mini-program's AppID, its own merchant and its openId; notify URL names the channel", async () => {
    const token = await signIn(app, 'good-amy', 'weapp')
    const r = await donate(app, 'demo', token, demoBody(scholarship, { donateFrom: 'U6', payChannel: 'weapp' }))
    assert.equal(r.body.code, 0, r.body.message)
    const order = wxCalls.filter((c) => c.path === '/v3/pay/transactions/jsapi').pop()!
    assert.equal(order.body.appid, 'wx-mini')
    assert.equal(order.body.mchid, '1900000002')
    assert.equal(order.mchid, '1900000002')
    assert.equal(order.body.payer.openid, 'mini-amy')
    assert.equal(order.body.notify_url, `${PUBLIC}/notify/demo/wechatpay/1/weapp`)
    const params = r.body.data.data as Extract<PaymentParams, { provider: 'wechatpay' }>
    assert.equal((params as { appId?: string }).appId, 'wx-mini')
    assert.equal((await submission(r.body.data.orderPayRequestDTO.billNo)).pay_channel, 'weapp')
  })
  it("WeChat's browser: the official account's AppID and openId with the school's merchant", async () => {
    const token = await signIn(app, 'good-ben', 'h5')
    const r = await donate(app, 'demo', token, demoBody(scholarship, { donateFrom: 'U5', payChannel: 'wechat-h5' }))
    assert.equal(r.body.code, 0, r.body.message)
    const order = wxCalls.filter((c) => c.path === '/v3/pay/transactions/jsapi').pop()!
    assert.deepEqual([order.body.appid, order.body.mchid, order.body.payer.openid], ['wx-oa', '1900000001', 'oa-ben'])
    assert.equal(order.body.notify_url, `${PUBLIC}/notify/demo/wechatpay/1/wechat-h5`)
    assert.equal((await submission(r.body.data.orderPayRequestDTO.billNo)).pay_channel, 'wechat-h5')
  })
  it("an openId of another app cannot pay: the mini-program user in WeChat's browser, a sandbox user in the mini-program", async () => {
    const before = await orderCount()
    const mini = await signIn(app, 'good-amy', 'weapp')
    const r1 = await donate(app, 'demo', mini, demoBody(scholarship, { donateFrom: 'U5', payChannel: 'wechat-h5' }))
    assert.deepEqual([r1.body.code, r1.body.message], [ResultCode.ERROR, '请先使用微信登录后再进行微信支付'])
    // demo has no Alipay sign-in credentials: the sandbox identity, not a WeChat one
    const sandboxUser = (
      await call<{ token: string }>(app, 'demo', Api.getAuthToken, {
        query: { billType: 2, code: 'not-a-wechat-user', platform: 'alipay' }
      })
    ).body.data.token
    await agreeToPrivacy(app, 'demo', sandboxUser)
    const r2 = await call(app, 'demo', Api.donate, {
      method: 'POST',
      token: sandboxUser,
      body: demoBody(scholarship, { donateFrom: 'U6', payChannel: 'weapp' }),
      query: { lang: 'en' }
    })
    assert.deepEqual([r2.body.code, r2.body.message], [ResultCode.ERROR, 'Please sign in with WeChat before paying with WeChat Pay'])
    assert.equal(await orderCount(), before)
  })
  it("the channel's notification is verified with its own merchant key, at its own URL only", async () => {
    const token = await signIn(app, 'good-amy', 'weapp')
    const r = await donate(app, 'demo', token, demoBody(scholarship, { donateFrom: 'U6', payChannel: 'weapp' }))
    const billNo = r.body.data.orderPayRequestDTO.billNo
    const txn = {
      appid: 'wx-mini',
      mchid: '1900000002',
      out_trade_no: billNo,
      transaction_id: `4200${Date.now()}`,
      trade_state: 'SUCCESS',
      amount: { total: 10000, currency: 'CNY' }
    }
    const n = notification(SECRETS.T_V3_MINI, txn)
    // at the school's base URL the base merchant's key cannot read it: refused, nothing changes
    const wrong = await app.inject({ method: 'POST', url: '/notify/demo/wechatpay', headers: n.headers, payload: n.body })
    assert.equal(wrong.statusCode, 500)
    assert.equal((await submission(billNo)).status, 'pending')
    const right = await app.inject({ method: 'POST', url: '/notify/demo/wechatpay/1/weapp', headers: n.headers, payload: n.body })
    assert.equal(right.statusCode, 204)
    assert.equal((await submission(billNo)).status, 'paid')
    const unknown = await app.inject({ method: 'POST', url: '/notify/demo/wechatpay/1/qq', headers: n.headers, payload: n.body })
    assert.equal(unknown.statusCode, 404)
  })
  it("reconciliation asks the channel's merchant about the order", async () => {
    const token = await signIn(app, 'good-amy', 'weapp')
    const r = await donate(app, 'demo', token, demoBody(scholarship, { donateFrom: 'U6', payChannel: 'weapp' }))
    const billNo = r.body.data.orderPayRequestDTO.billNo
    queryAnswers.set(`${billNo}|1900000002`, {
      appid: 'wx-mini',
      mchid: '1900000002',
      out_trade_no: billNo,
      transaction_id: 'q-1',
      trade_state: 'SUCCESS',
      amount: { total: 10000 }
    })
    const result = await reconcile(app.orders, new Date(Date.now() + 3 * 60_000))
    assert.ok(result.paid >= 1)
    assert.equal((await submission(billNo)).status, 'paid')
  })
})

describe('pay types per channel', () => {
  it('a pay type the channel cannot complete is -1 with nothing written; an unknown channel is 400', async () => {
    const token = await login(app, 'cpu', 'channel-tester')
    const cpuItem = await projectIdOf(app, 'cpu', (await firstProjectName('cpu'))!)
    const before = await orderCount()
    for (const [payChannel, payType] of [
      ['weapp', 2],
      ['weapp', 14],
      ['alipay', 1],
      ['wechat-h5', 2]
    ] as const) {
      const r = await donate(
        app,
        'cpu',
        token,
        demoBody(cpuItem, { donateFrom: payChannel === 'weapp' || payChannel === 'alipay' ? 'U6' : 'U5', payChannel, payType })
      )
      assert.deepEqual(
        [r.body.code, r.body.message],
        [ResultCode.ERROR, '当前环境不支持该支付方式，请选择其他支付方式'],
        `${payChannel} ${payType}`
      )
    }
    assert.equal(await orderCount(), before)
    const bad = await donate(app, 'cpu', token, demoBody(cpuItem, { payChannel: 'qq' as never }))
    assert.equal(bad.status, 400)
  })
  it('older clients: the channel comes from donateFrom and the pay type, and is stored on the order', async () => {
    assert.deepEqual(
      [
        payChannelOf('U6', 1),
        payChannelOf('U6', 2),
        payChannelOf('U5', 1),
        payChannelOf('U5', 15),
        payChannelOf('U5', 2),
        payChannelOf('U1', 1)
      ],
      ['weapp', 'alipay', 'wechat-h5', 'wechat-h5', 'h5', 'h5']
    )
    const token = await login(app, 'cpu', 'old-client')
    const cpuItem = await projectIdOf(app, 'cpu', (await firstProjectName('cpu'))!)
    for (const [donateFrom, payType, stored] of [
      ['U6', 2, 'alipay'],
      ['U6', 1, 'weapp'],
      ['U5', 1, 'wechat-h5'],
      ['U5', 2, 'h5'],
      ['U1', 14, 'h5']
    ] as const) {
      const r = await donate(app, 'cpu', token, demoBody(cpuItem, { donateFrom, payType }))
      assert.equal(r.body.code, 0, `${donateFrom} ${payType}: ${r.body.message}`)
      assert.equal((await submission(r.body.data.orderPayRequestDTO.billNo)).pay_channel, stored)
    }
  })
})

async function firstProjectName(code: string) {
  const sid = await schoolIdOf(app, code)
  const p = await app.db
    .selectFrom('project')
    .select('name')
    .where('school_id', '=', sid)
    .where('items_type', '=', 1)
    .where('is_donate', '=', 1)
    .where('alumni_only', '=', 0)
    .where('form_id', 'is', null)
    .orderBy('id')
    .executeTakeFirst()
  return p?.name
}

describe('secrets', () => {
  it('never reach an answer or a log line: sign-in failures, payment, refusals', async () => {
    // the logged app: a failing sign-in, a payment, a refused payment, a broken credential
    const bad = await call(logged, 'demo', Api.getAuthToken, { query: { billType: 2, code: 'bad-code', platform: 'weapp' } })
    assert.equal(bad.body.code, ResultCode.ERROR)
    const token = await signIn(logged, 'good-amy', 'weapp')
    assert.equal((await donate(logged, 'demo', token, demoBody(scholarship, { donateFrom: 'U6', payChannel: 'weapp' }))).body.code, 0)
    await app.db
      .updateTable('school_channel_credential')
      .set({ secret: 'env:T_NOT_SET' })
      .where('school_id', '=', demoId)
      .where('channel', '=', 'wechat-h5')
      .execute()
    const broken = await call(logged, 'demo', Api.getAuthToken, { query: { billType: 2, code: 'good-ben', platform: 'h5' } })
    assert.equal(broken.body.code, ResultCode.ERROR)
    assert.ok(
      logLines.some((l) => l.includes('T_NOT_SET')),
      'the broken credential is named in the log'
    )
    await app.db
      .updateTable('school_channel_credential')
      .set({ secret: 'env:T_OA_SECRET' })
      .where('school_id', '=', demoId)
      .where('channel', '=', 'wechat-h5')
      .execute()
    assert.ok(logLines.length > 5)
    const secrets = [
      SECRETS.T_MINI_SECRET,
      SECRETS.T_OA_SECRET,
      SECRETS.T_V3_BASE,
      SECRETS.T_V3_MINI,
      merchantKeys.privateKey.split('\n')[1]
    ]
    for (const s of secrets) {
      assert.ok(!logLines.some((l) => l.includes(s)), `a log line holds ${s.slice(0, 6)}…`)
      assert.ok(!answers.some((a) => a.includes(s)), `an answer holds ${s.slice(0, 6)}…`)
    }
  })
})
