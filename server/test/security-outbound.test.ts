/**
 * Secrets and outbound requests (docs/decisions/037-secrets-and-outbound.md): "env:NAME" resolves only names set aside
 * for secrets (UPLUS_SECRET_… or SECRET_ENV_ALLOW), refused when an administrator saves them and again when a row is
 * used; every request the server makes is https to the provider's hosts or OUTBOUND_HOSTS and never reaches a private,
 * loopback, link-local or CGNAT address, checked when the connection resolves the host; getAuthUrl sends donors back
 * only to the school's own origins.
 *
 * The main app here runs with the production outbound policy: a listener on 127.0.0.1 stands for an internal service
 * and must never see a request. A second app allows loopback (the test-only build option) so a fake WeChat can show
 * that an allowed name does reach the platform and a refused one never does.
 */
import assert from 'node:assert/strict'
import { generateKeyPairSync } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { Api, ResultCode } from '../../types'
import { checkOutboundUrl, isPrivateAddress, OutboundError, outboundFetch, outboundPolicy, WECHAT_API_HOSTS } from '../src/lib/outbound'
import { readSecretEnv, secretEnvAllowed } from '../src/lib/secret-env'
import { createHttpCampusCardService } from '../src/providers/campus-card/http'
import { createAlipay } from '../src/providers/payment/alipay'
import { ProviderError } from '../src/providers/payment/types'
import { createWechatPay } from '../src/providers/payment/wechatpay'
import { createTencentSms } from '../src/providers/sms/tencent'
import { call, startApp, TEST_BUILD_DEFAULTS, type TestContext } from './helpers'
import { schoolIdOf } from './order-fixtures'
import { staffCall, staffToken } from './staff-fixtures'
import { invalidateSchoolCache } from '../src/domain/school/cache'

const PUBLIC = 'https://give.example.edu.cn'
const DB_SECRET = 'postgres://uplus:db-password-must-not-leak@db.internal/uplus'
const ENV = {
  DATABASE_URL: DB_SECRET,
  HOME_SECRET_LIKE: 'home-value-must-not-leak',
  UPLUS_SECRET_T_OA: 'secret-of-wx-oa-allowed',
  LISTED_OA_SECRET: 'secret-of-wx-oa-listed',
  UPLUS_SECRET_T_CARD: 'card-secret',
  SECRET_ENV_ALLOW: 'LISTED_OA_SECRET, OTHER_LISTED'
}

/** an "internal service" on loopback: every request it sees is recorded */
let internal: Server
let internalUrl = ''
const seen: string[] = []
let ctx: TestContext
let app: FastifyInstance
let admin: string

before(async () => {
  internal = createServer((req, res) => {
    seen.push(req.url ?? '')
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify({ access_token: 'tok', expires_in: 7200, ticket: 'tkt', openid: 'stolen' }))
  })
  await new Promise<void>((r) => internal.listen(0, '127.0.0.1', r))
  internalUrl = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`
  // the production outbound policy: no build option opens loopback
  ctx = await startApp({
    build: {
      orders: { ...TEST_BUILD_DEFAULTS.orders, publicBaseUrl: PUBLIC },
      identity: { env: ENV },
      payments: { env: ENV }
    }
  })
  app = ctx.app
  admin = await staffToken(app, 'demo', ['admin'])
})
after(async () => {
  await ctx.close()
  internal.close()
})

describe('lib/outbound: addresses and URLs', () => {
  it('refuses private, loopback, link-local, CGNAT, unspecified and reserved addresses, IPv4 and IPv6', () => {
    const refused = [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.5',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.254',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '198.18.0.1',
      '::',
      '::1',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.5',
      '::ffff:169.254.169.254',
      '::127.0.0.1',
      '64:ff9b::a00:5',
      '2002:a00:5::1',
      '2001:db8::1',
      'not-an-address'
    ]
    for (const a of refused) assert.equal(isPrivateAddress(a), true, a)
    for (const a of ['8.8.8.8', '101.226.129.166', '172.32.0.1', '100.128.0.1', '2400:da00::6666', '::ffff:8.8.8.8', '64:ff9b::808:808']) {
      assert.equal(isPrivateAddress(a), false, a)
    }
  })

  it("https to the provider's hosts or OUTBOUND_HOSTS only; a literal private address even when listed", () => {
    const prod = outboundPolicy({ hosts: 'card.school.edu.cn, https://10.0.0.5' })
    assert.equal(checkOutboundUrl(prod, 'https://api.weixin.qq.com/cgi-bin/token', WECHAT_API_HOSTS).hostname, 'api.weixin.qq.com')
    assert.equal(checkOutboundUrl(prod, 'https://card.school.edu.cn/api/balance', []).hostname, 'card.school.edu.cn')
    for (const url of [
      'http://api.weixin.qq.com/cgi-bin/token',
      'https://attacker.example/',
      'https://user:pw@api.weixin.qq.com/',
      'https://10.0.0.5/',
      'https://127.0.0.1/',
      'https://[::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://2130706433/',
      'ftp://api.weixin.qq.com/',
      'not a url'
    ]) {
      assert.throws(() => checkOutboundUrl(prod, url, WECHAT_API_HOSTS), OutboundError, url)
    }
  })

  it('the test-only loopback option opens loopback, never another private address', () => {
    const test = outboundPolicy({ allowLoopback: true })
    assert.equal(checkOutboundUrl(test, 'http://127.0.0.1:8080/x', []).port, '8080')
    for (const url of ['https://10.0.0.5/', 'http://192.168.1.1/', 'https://169.254.169.254/latest', 'https://attacker.example/']) {
      assert.throws(() => checkOutboundUrl(test, url, []), OutboundError, url)
    }
  })

  it('checks the addresses a host resolves to on the request itself: a listed name for loopback connects nowhere', async () => {
    const before = seen.length
    const port = (internal.address() as AddressInfo).port
    // "localhost" passes the host list, but resolves to 127.0.0.1 / ::1
    const f = outboundFetch(outboundPolicy({ hosts: 'localhost' }), [])
    await assert.rejects(
      f(`https://localhost:${port}/`),
      (err: Error) => err instanceof OutboundError && /resolves to a private/.test(err.message)
    )
    assert.equal(seen.length, before, 'the internal listener saw no request')
  })
})

describe('lib/secret-env', () => {
  it('UPLUS_SECRET_… and SECRET_ENV_ALLOW names only', () => {
    assert.equal(secretEnvAllowed('UPLUS_SECRET_DEMO_WEAPP', {}), true)
    assert.equal(secretEnvAllowed('UPLUS_SECRET_', {}), false)
    assert.equal(secretEnvAllowed('DATABASE_URL', {}), false)
    assert.equal(secretEnvAllowed('DATABASE_URL', { SECRET_ENV_ALLOW: 'DATABASE_URL_X' }), false)
    assert.equal(secretEnvAllowed('A_KEY', { SECRET_ENV_ALLOW: ' A_KEY , B' }), true)
    assert.equal(secretEnvAllowed('lower_case', { SECRET_ENV_ALLOW: 'lower_case' }), false)
    const refused = readSecretEnv('DATABASE_URL', ENV)
    assert.equal(refused.ok, false)
    assert.ok(!JSON.stringify(refused).includes(DB_SECRET))
    assert.deepEqual(readSecretEnv('LISTED_OA_SECRET', ENV), { ok: true, value: 'secret-of-wx-oa-listed' })
  })
})

const saveChannel = (channel: string, body: object, lang?: 'en') =>
  staffCall(app, 'demo', 'POST', `/channels/${channel}`, { token: admin, body, ...(lang ? { lang } : {}) })

describe('an administrator saving channel credentials', () => {
  it('cannot name env:DATABASE_URL (or any name not set aside for secrets): -1 in the request language, nothing stored', async () => {
    const zh = await saveChannel('wechat-h5', { appId: 'wx-evil', secret: 'env:DATABASE_URL' })
    assert.equal(zh.status, 200)
    assert.equal(zh.body.code, ResultCode.ERROR)
    assert.match(zh.body.message, /secret 不能引用 env:DATABASE_URL.*UPLUS_SECRET_.*SECRET_ENV_ALLOW/)
    const en = await saveChannel('wechat-h5', { appId: 'wx-evil', secret: 'env:DATABASE_URL' }, 'en')
    assert.equal(
      en.body.message,
      'secret may not name env:DATABASE_URL: only environment variables starting with UPLUS_SECRET_ or listed in SECRET_ENV_ALLOW'
    )
    for (const body of [
      { credentials: { privateKey: 'env:REDIS_URL' } },
      { payCredentials: { apiV3Key: 'env:HOME_SECRET_LIKE' } },
      { secret: 'env:lower_case' }
    ]) {
      const r = await saveChannel('weapp', { appId: 'wx-mini', ...body }, 'en')
      assert.equal(r.body.code, ResultCode.ERROR, JSON.stringify(body))
      assert.match(r.body.message, /may not name env:/)
    }
    const rows = await app.db
      .selectFrom('school_channel_credential')
      .select('channel')
      .where('school_id', '=', await schoolIdOf(app, 'demo'))
      .execute()
    assert.deepEqual(rows, [], 'nothing was stored')
  })

  it('may name UPLUS_SECRET_… and the names SECRET_ENV_ALLOW lists', async () => {
    const a = await saveChannel('wechat-h5', { appId: 'wx-oa', secret: 'env:UPLUS_SECRET_T_OA' })
    assert.equal(a.body.code, 0, a.body.message)
    assert.equal(a.body.data.secret, 'env:UPLUS_SECRET_T_OA')
    const b = await saveChannel('wechat-h5', { secret: 'env:LISTED_OA_SECRET', payCredentials: { apiV3Key: 'env:OTHER_LISTED' } })
    assert.equal(b.body.code, 0, b.body.message)
  })

  it("cannot point apiBase (or a payCredentials URL) anywhere but the platform's own https hosts", async () => {
    for (const [field, body] of [
      ['apiBase', { apiBase: internalUrl }],
      ['apiBase', { apiBase: 'https://10.0.0.5' }],
      ['apiBase', { apiBase: 'https://attacker.example/cgi' }],
      ['apiBase', { apiBase: 'https://[::ffff:7f00:1]/' }],
      ['apiBase', { apiBase: 'https://100.64.1.1/' }],
      ['payCredentials.baseUrl', { payCredentials: { baseUrl: 'https://169.254.169.254/latest' } }],
      ['payCredentials.gateway', { payCredentials: { gateway: 'http://openapi.alipay.com/gateway.do' } }]
    ] as const) {
      const r = await saveChannel('wechat-h5', body, 'en')
      assert.equal(r.body.code, ResultCode.ERROR, JSON.stringify(body))
      assert.equal(
        r.body.message,
        `${field} must be an https URL on the platform's own host or one listed in OUTBOUND_HOSTS, never a private or local address`
      )
    }
    const zh = await saveChannel('wechat-h5', { apiBase: 'https://10.0.0.5' })
    assert.match(zh.body.message, /^apiBase 须为 https 地址/)
    const row = await app.db
      .selectFrom('school_channel_credential')
      .select(['api_base', 'pay_credentials'])
      .where('school_id', '=', await schoolIdOf(app, 'demo'))
      .where('channel', '=', 'wechat-h5')
      .executeTakeFirstOrThrow()
    assert.equal(row.api_base, '')
    assert.ok(!row.pay_credentials.includes('169.254'))
    const real = await saveChannel('wechat-h5', { apiBase: 'https://api.weixin.qq.com' })
    assert.equal(real.body.code, 0, real.body.message)
    assert.equal((await saveChannel('wechat-h5', { apiBase: '' })).body.code, 0)
    assert.equal(seen.length, 0, 'saving called nothing')
  })
})

/** plants a wechat-h5 row the way a hand-edited database or a row from before the rules would hold it */
async function plant(school: string, secret: string, apiBase: string, appId = 'wx-evil') {
  const sid = await schoolIdOf(app, school)
  const row = {
    app_id: appId,
    secret,
    credentials: '{}',
    pay_credentials: '{}',
    api_base: apiBase,
    enabled: 1,
    updated_at: new Date().toISOString()
  }
  await app.db
    .insertInto('school_channel_credential')
    .values({ school_id: sid, channel: 'wechat-h5', ...row })
    .onConflict((oc) => oc.columns(['school_id', 'channel']).doUpdateSet(row))
    .execute()
}

describe('a hostile row planted in the database', () => {
  it('anonymous getWechatShare and getAuthToken?platform=h5 never call it, and no variable leaves', async () => {
    const answers: string[] = []
    const probe = async () => {
      const share = await call(app, 'cpu', Api.getWechatShare, { query: { billType: 2, url: `${PUBLIC}/mine` } })
      const auth = await call(app, 'cpu', Api.getAuthToken, { query: { billType: 2, code: 'any-code', platform: 'h5' } })
      answers.push(JSON.stringify(share.body), JSON.stringify(auth.body))
      assert.equal(share.status, 200)
      assert.equal(share.body.code, ResultCode.ERROR)
      assert.equal(auth.body.code, ResultCode.ERROR)
    }
    // the attack as found: a host the admin controls (here: loopback) and env:DATABASE_URL
    await plant('cpu', 'env:DATABASE_URL', internalUrl)
    await probe()
    // an allowed secret, but the base still points inside
    await plant('cpu', 'env:UPLUS_SECRET_T_OA', internalUrl)
    await probe()
    for (const base of ['https://10.0.0.5', 'https://169.254.169.254', 'https://[::1]', 'https://attacker.example']) {
      await plant('cpu', 'env:UPLUS_SECRET_T_OA', base)
      await probe()
    }
    assert.deepEqual(seen, [], 'the internal listener saw no request')
    const text = answers.join('\n')
    for (const v of [DB_SECRET, ENV.UPLUS_SECRET_T_OA]) assert.ok(!text.includes(v))
  })

  it('payment_config with env:DATABASE_URL or a card system on loopback is a configuration error, nothing called', async () => {
    const hhu = await schoolIdOf(app, 'hhu')
    const setCard = async (credentials: object) => {
      await app.db
        .updateTable('payment_config')
        .set({ credentials: JSON.stringify(credentials), updated_at: new Date().toISOString() })
        .where('school_id', '=', hhu)
        .where('pay_type', '=', 9)
        .execute()
      // the registry reads the row through the per-process cache (school/cache.ts)
      invalidateSchoolCache()
    }
    await setCard({ mode: 'http', baseUrl: 'https://card.school.edu.cn', secret: 'env:DATABASE_URL' })
    await assert.rejects(app.payments.forPayType(hhu, 9), (err: Error) => {
      assert.ok(err instanceof ProviderError && err.kind === 'config')
      assert.match(err.message, /DATABASE_URL is not a secret name/)
      assert.ok(!err.message.includes(DB_SECRET))
      return true
    })
    await setCard({ mode: 'http', baseUrl: internalUrl, secret: 'env:UPLUS_SECRET_T_CARD' })
    await assert.rejects(app.payments.forPayType(hhu, 9), (err: Error) => err instanceof ProviderError && err.kind === 'config')
    // an https card system not in OUTBOUND_HOSTS
    await setCard({ mode: 'http', baseUrl: 'https://card.school.edu.cn', secret: 'env:UPLUS_SECRET_T_CARD' })
    await assert.rejects(app.payments.forPayType(hhu, 9), /neither the provider's nor listed in OUTBOUND_HOSTS/)
    assert.deepEqual(seen, [])
  })

  it('WeChat Pay, Alipay, the card system and SMS refuse a private base URL under the production policy', async () => {
    const prod = outboundPolicy()
    const rsa = () =>
      generateKeyPairSync('rsa', {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' }
      })
    const k = rsa()
    const wx = {
      mchId: '1900000001',
      appId: 'wx1',
      serialNo: 'S',
      privateKeyPem: k.privateKey,
      apiV3Key: 'a'.repeat(32),
      platformPublicKeyPem: k.publicKey,
      platformSerial: 'P',
      outbound: prod
    }
    for (const baseUrl of [internalUrl, 'https://10.0.0.5', 'https://attacker.example']) {
      assert.throws(
        () => createWechatPay({ ...wx, baseUrl }),
        (err: Error) => err instanceof ProviderError && err.kind === 'config',
        baseUrl
      )
      assert.throws(
        () =>
          createAlipay({ appId: '2021', privateKeyPem: k.privateKey, alipayPublicKeyPem: k.publicKey, gateway: baseUrl, outbound: prod }),
        (err: Error) => err instanceof ProviderError && err.kind === 'config',
        baseUrl
      )
      assert.throws(() => createHttpCampusCardService({ baseUrl, secret: 's', outbound: prod }), ProviderError, baseUrl)
    }
    assert.ok(createWechatPay(wx), 'the real WeChat Pay host is fine')
    const sms = createTencentSms({
      secretId: 'id',
      secretKey: 'key',
      sdkAppId: '1400000001',
      signName: '签名',
      templateId: '1',
      templateParams: ['code'],
      region: 'ap-guangzhou',
      endpoint: internalUrl,
      outbound: prod
    })
    await assert.rejects(sms.sendCode({ schoolCode: 'demo', mobile: '86-13800138000', code: '123456', ttlSeconds: 300 }))
    assert.deepEqual(seen, [])
  })
})

describe('env: references at use, against a fake WeChat (loopback allowed: tests only)', () => {
  let wx: Server
  let tctx: TestContext
  const secretsSeen: string[] = []
  before(async () => {
    wx = createServer((req, res) => {
      const q = new URL(req.url ?? '/', 'http://x').searchParams
      if (q.get('secret')) secretsSeen.push(q.get('secret')!)
      res.setHeader('content-type', 'application/json')
      if (req.url?.startsWith('/cgi-bin/token'))
        return res.end(JSON.stringify({ access_token: `tok-${secretsSeen.length}`, expires_in: 7200 }))
      if (req.url?.startsWith('/cgi-bin/ticket/getticket')) return res.end(JSON.stringify({ errcode: 0, ticket: 'tkt', expires_in: 7200 }))
      res.end(JSON.stringify({ errcode: 40029, errmsg: 'invalid code' }))
    })
    await new Promise<void>((r) => wx.listen(0, '127.0.0.1', r))
    tctx = await startApp({
      build: {
        orders: { ...TEST_BUILD_DEFAULTS.orders, publicBaseUrl: PUBLIC },
        identity: { env: ENV },
        outbound: { allowLoopback: true }
      }
    })
  })
  after(async () => {
    await tctx.close()
    wx.close()
  })
  const base = () => `http://127.0.0.1:${(wx.address() as AddressInfo).port}`
  async function row(secret: string, appId: string) {
    const sid = await schoolIdOf(tctx.app, 'demo')
    const r = {
      app_id: appId,
      secret,
      credentials: '{}',
      pay_credentials: '{}',
      api_base: base(),
      enabled: 1,
      updated_at: new Date().toISOString()
    }
    await tctx.app.db
      .insertInto('school_channel_credential')
      .values({ school_id: sid, channel: 'wechat-h5', ...r })
      .onConflict((oc) => oc.columns(['school_id', 'channel']).doUpdateSet(r))
      .execute()
  }
  const share = () => call(tctx.app, 'demo', Api.getWechatShare, { query: { billType: 2, url: `${PUBLIC}/mine` } })

  it('a row naming env:DATABASE_URL never resolves: nothing is sent', async () => {
    await row('env:DATABASE_URL', 'wx-db')
    assert.equal((await share()).body.code, ResultCode.ERROR)
    assert.equal(
      (await call(tctx.app, 'demo', Api.getAuthToken, { query: { billType: 2, code: 'c', platform: 'h5' } })).body.code,
      ResultCode.ERROR
    )
    assert.deepEqual(secretsSeen, [])
  })
  it('an UPLUS_SECRET_ name and a SECRET_ENV_ALLOW name do resolve', async () => {
    await row('env:UPLUS_SECRET_T_OA', 'wx-prefixed')
    const a = await share()
    assert.equal(a.body.code, 0, a.body.message)
    await row('env:LISTED_OA_SECRET', 'wx-listed')
    const b = await share()
    assert.equal(b.body.code, 0, b.body.message)
    assert.deepEqual(secretsSeen, [ENV.UPLUS_SECRET_T_OA, ENV.LISTED_OA_SECRET])
  })
})

describe('getAuthUrl', () => {
  const authUrl = (school: string, url: string, lang?: string) =>
    call<string>(app, school, Api.getAuthUrl, { query: { billType: 2, url, ...(lang ? { lang } : {}) } })
  before(async () => {
    // demo: the sandbox (the rows saved above are gone)
    await app.db
      .deleteFrom('school_channel_credential')
      .where('school_id', '=', await schoolIdOf(app, 'demo'))
      .execute()
    // cpu serves its H5 app on its own domain too (listed on the official-account channel); no AppID: still the sandbox
    const sid = await schoolIdOf(app, 'cpu')
    const r = {
      app_id: '',
      secret: '',
      credentials: JSON.stringify({ shareOrigins: 'https://give.cpu.edu.cn' }),
      pay_credentials: '{}',
      api_base: '',
      enabled: 1,
      updated_at: new Date().toISOString()
    }
    await app.db
      .insertInto('school_channel_credential')
      .values({ school_id: sid, channel: 'wechat-h5', ...r })
      .onConflict((oc) => oc.columns(['school_id', 'channel']).doUpdateSet(r))
      .execute()
  })
  it("in sandbox mode answers only the school's own origins (PUBLIC_BASE_URL, its listed origins) and same-origin paths", async () => {
    const own = await authUrl('demo', `${PUBLIC}/mine?x=1`)
    assert.equal(own.body.code, 0, own.body.message)
    assert.match(own.body.data, /^https:\/\/give\.example\.edu\.cn\/mine\?x=1&code=[A-Za-z0-9]{24}$/)
    assert.match((await authUrl('demo', '/mine')).body.data, /^\/mine\?code=/)
    assert.equal((await authUrl('cpu', 'https://give.cpu.edu.cn/mine')).body.code, 0)
    for (const [school, url] of [
      ['demo', 'https://evil.example/steal'],
      ['demo', 'https://give.example.edu.cn.evil.example/'],
      ['demo', 'http://give.example.edu.cn/mine'],
      ['demo', 'https://give.cpu.edu.cn/mine'], // another school's origin
      ['demo', 'http://localhost/mine'] // the request's own host counts only where PUBLIC_BASE_URL is unset
    ]) {
      const r = await authUrl(school, url, 'en')
      assert.equal(r.status, 200)
      assert.equal(r.body.code, ResultCode.ERROR, url)
      assert.equal(r.body.message, "After sign-in you can only return to this school's own pages")
      assert.equal(r.body.data, null)
    }
    assert.equal((await authUrl('demo', 'https://evil.example/')).body.message, '登录后只能返回本校的页面')
  })
})
