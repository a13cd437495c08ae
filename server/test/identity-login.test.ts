/**
 * Identity (docs/product §7 Login, §4 SMS countdown, §5 Login, §8 账号不存在): SMS codes (format, 60 s per mobile and per
 * IP, ten a day, 5-minute expiry, single use, newest code only, five wrong guesses burn it, races), mobile sign-in
 * and binding, password sign-in (unknown / wrong / right), the school's login switch, the console SMS line, and
 * real WeChat/Alipay code exchange against fake provider servers on 127.0.0.1.
 */
import assert from 'node:assert/strict'
import { generateKeyPairSync, createSign, createVerify } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { Api, ResultCode, SMS_LIMITS, type MobileLoginAnswer, type PassLoginAnswer, type SmsCodeAnswer, type UserCenter } from '../../types'
import { setDonorPassword, sha256Hex } from '../src/domain/identity/service'
import { saveLoginSettings } from '../src/domain/identity/settings'
import { createConsoleSms, smsLogLine } from '../src/providers/sms/console'
import { alipaySignContent, rawJsonMember } from '../src/providers/payment/alipay'
import { buildApp } from '../src/app'
import { call, login, signedHeaders, signKeyOf, startApp, TEST_BUILD_DEFAULTS, type TestContext } from './helpers'
import { count, recordingSms, testClock } from './center-fixtures'
import { schoolIdOf } from './order-fixtures'

const clock = testClock(Date.parse('2026-03-01T02:00:00Z'))
const sms = recordingSms()
let ctx: TestContext
let app: FastifyInstance
let demoId: number

let wechat: Server
let wechatBase = ''
const wechatCalls: string[] = []
let alipay: Server
let alipayBase = ''
let alipayForge = false
const appKeys = generateKeyPairSync('rsa', { modulusLength: 2048 })
const alipayKeys = generateKeyPairSync('rsa', { modulusLength: 2048 })
const pem = (k: import('node:crypto').KeyObject, type: 'pkcs8' | 'spki') => k.export({ type, format: 'pem' }).toString()

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = ''
    req.on('data', (c) => {
      s += c
    })
    req.on('end', () => resolve(s))
  })

before(async () => {
  // Fake WeChat: jscode2session and sns/oauth2/access_token; code "good-*" is valid, anything else errcode 40029.
  wechat = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x')
    wechatCalls.push(u.pathname + u.search)
    const code = u.searchParams.get('js_code') ?? u.searchParams.get('code') ?? ''
    const okCreds = u.searchParams.get('appid') === 'wx-app-1' && u.searchParams.get('secret') === 'wx-secret-from-env'
    res.setHeader('content-type', 'application/json')
    if (okCreds && code.startsWith('good-')) res.end(JSON.stringify({ openid: `wx-${code.slice(5)}`, session_key: 'k' }))
    else res.end(JSON.stringify({ errcode: 40029, errmsg: 'invalid code' }))
  })
  // Fake Alipay gateway: checks the RSA2 request signature with the app's public key, answers signed with Alipay's key.
  alipay = createServer(async (req, res) => {
    const params = Object.fromEntries(new URLSearchParams(await readBody(req)))
    const signedOk = createVerify('RSA-SHA256').update(alipaySignContent(params)).verify(appKeys.publicKey, params.sign, 'base64')
    const inner =
      signedOk && params.method === 'alipay.system.oauth.token' && params.code?.startsWith('good-')
        ? {
            member: 'alipay_system_oauth_token_response',
            body: `{"user_id":"2088000000000001","open_id":"ali-${params.code.slice(5)}","access_token":"t"}`
          }
        : { member: 'error_response', body: '{"code":"40002","msg":"Invalid Arguments","sub_code":"isv.code-invalid"}' }
    const sign = createSign('RSA-SHA256')
      .update(inner.body)
      .sign(alipayForge ? appKeys.privateKey : alipayKeys.privateKey, 'base64')
    res.setHeader('content-type', 'application/json')
    res.end(`{"${inner.member}":${inner.body},"sign":"${sign}"}`)
  })
  await new Promise<void>((r) => wechat.listen(0, '127.0.0.1', r))
  await new Promise<void>((r) => alipay.listen(0, '127.0.0.1', r))
  wechatBase = `http://127.0.0.1:${(wechat.address() as AddressInfo).port}`
  alipayBase = `http://127.0.0.1:${(alipay.address() as AddressInfo).port}/gateway.do`

  ctx = await startApp({
    build: {
      identity: {
        now: clock.now,
        sms,
        env: { WX_SECRET: 'wx-secret-from-env', ALI_KEY: pem(appKeys.privateKey, 'pkcs8'), SECRET_ENV_ALLOW: 'WX_SECRET,ALI_KEY' }
      },
      // the fake WeChat and Alipay servers listen on 127.0.0.1 (lib/outbound.ts: tests only)
      outbound: { allowLoopback: true }
    }
  })
  app = ctx.app
  demoId = await schoolIdOf(app, 'demo')
})
after(async () => {
  await ctx.close()
  wechat.close()
  alipay.close()
})

/** A signed POST from a chosen client IP. */
async function post<T>(path: string, body: unknown, opts: { ip?: string; token?: string; school?: string } = {}) {
  const school = opts.school ?? 'demo'
  const headers: Record<string, string> = { ...signedHeaders(await signKeyOf(app, school)), 'content-type': 'application/json' }
  if (opts.token) headers.authorization = opts.token
  const res = await app.inject({
    method: 'POST',
    url: `/api/${school}${path}`,
    headers,
    payload: JSON.stringify(body),
    remoteAddress: opts.ip ?? '10.0.0.1'
  })
  return res.json() as { code: number; message: string; data: T }
}

let ipSeq = 0
/** a fresh client IP per request, so only the limit under test can bite */
const freshIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`
const getCode = (mobile: string, ip = freshIp()) => post<SmsCodeAnswer>(Api.getSmsCode, { mobile }, { ip })
const mobileLogin = (mobile: string, code: string, opts: { ip?: string; token?: string } = {}) =>
  post<MobileLoginAnswer>(Api.mobileLogin, { mobile, code }, { ip: opts.ip ?? freshIp(), token: opts.token })
const my = async (token: string) => (await call<UserCenter>(app, 'demo', Api.centerMy, { token })).body

describe('getSmsCode', () => {
  it('refuses malformed mobiles with -1 and sends nothing', async () => {
    const before = await count(app, 'sms_code')
    for (const mobile of ['86-1380013800', '86-23800138000', 'abc', '86-138001380001', '', '86-', '+86-13800abc000']) {
      const r = await getCode(mobile)
      assert.equal(r.code, ResultCode.ERROR, mobile)
      assert.equal(r.message, '请输入合法的手机号')
    }
    assert.equal(await count(app, 'sms_code'), before)
    assert.equal(sms.sent.length, 0)
  })

  it('sends a 6-digit code through the provider, stores only its salted hash, answers the countdown', async () => {
    const r = await getCode('86-13900000001')
    assert.equal(r.code, 0)
    assert.deepEqual(r.data, { resendAfter: 60, expiresIn: 300 })
    const code = sms.last('86-13900000001')
    assert.match(code, /^\d{6}$/)
    const row = await app.db.selectFrom('sms_code').selectAll().where('mobile', '=', '86-13900000001').executeTakeFirstOrThrow()
    assert.notEqual(row.code_hash, code)
    assert.ok(!JSON.stringify(row).includes(`"${code}"`), 'the code itself is nowhere in the row')
    assert.equal(Date.parse(row.expires_at) - Date.parse(row.created_at), 300_000)
    // a bare 11-digit number means +86
    assert.equal((await getCode('13900000002')).code, 0)
    assert.equal(sms.sent.at(-1)?.mobile, '86-13900000002')
  })

  it('one per 60 s per mobile (whatever the IP); the 61st second is fine', async () => {
    assert.equal((await getCode('86-13900000003')).code, 0)
    clock.advance(30_000)
    const again = await getCode('86-13900000003')
    assert.equal(again.code, ResultCode.ERROR)
    assert.match(again.message, /30秒后再试/)
    clock.advance(30_000)
    assert.equal((await getCode('86-13900000003')).code, 0)
  })

  it('one per 60 s per IP (whatever the mobile)', async () => {
    assert.equal((await getCode('86-13900000004', '10.9.9.9')).code, 0)
    const other = await getCode('86-13900000005', '10.9.9.9')
    assert.equal(other.code, ResultCode.ERROR)
    assert.match(other.message, /秒后再试/)
    // the refused request used nothing of the other mobile's allowance
    assert.equal((await getCode('86-13900000005')).code, 0)
    clock.advance(61_000)
    assert.equal((await getCode('86-13900000006', '10.9.9.9')).code, 0)
  })

  it('ten per 24 hours per mobile; the window reopens a day after it started', async () => {
    const mobile = '86-13900000007'
    for (let i = 0; i < SMS_LIMITS.PER_DAY; i++) {
      assert.equal((await getCode(mobile)).code, 0, `send ${i + 1}`)
      clock.advance(61_000)
    }
    const eleventh = await getCode(mobile)
    assert.equal(eleventh.code, ResultCode.ERROR)
    assert.equal(eleventh.message, '今日获取验证码次数已达上限，请明天再试')
    clock.advance(24 * 3600_000 - 10 * 61_000)
    assert.equal((await getCode(mobile)).code, 0)
  })

  it('ten per 24 hours per IP', async () => {
    const ip = '10.8.8.8'
    for (let i = 0; i < SMS_LIMITS.PER_DAY; i++) {
      assert.equal((await getCode(`86-1370000000${i}`, ip)).code, 0)
      clock.advance(61_000)
    }
    assert.equal((await getCode('86-13700000010', ip)).code, ResultCode.ERROR)
  })

  it('concurrent requests for one mobile: exactly one is sent', async () => {
    const mobile = '86-13900000008'
    const before = sms.sent.length
    const rs = await Promise.all(Array.from({ length: 6 }, () => getCode(mobile)))
    assert.equal(rs.filter((r) => r.code === 0).length, 1)
    assert.equal(sms.sent.length - before, 1)
  })

  it('a provider failure is a -1 (the code is not usable without delivery, the throttle still counts)', async () => {
    sms.fail = true
    try {
      const r = await getCode('86-13900000009')
      assert.equal(r.code, ResultCode.ERROR)
      assert.equal(r.message, '验证码发送失败，请稍后再试')
    } finally {
      sms.fail = false
    }
  })

  it('English messages with lang=en', async () => {
    const headers = { ...signedHeaders(await signKeyOf(app, 'demo')), 'content-type': 'application/json' }
    const res = await app.inject({
      method: 'POST',
      url: `/api/demo${Api.getSmsCode}?lang=en`,
      headers,
      payload: JSON.stringify({ mobile: '86-12' })
    })
    assert.equal(res.json().message, 'Please enter a valid mobile number')
  })
})

describe('mobileLogin', () => {
  it('creates the user on first use, signs the same user in later; the code is single use', async () => {
    const mobile = '86-13600000001'
    await getCode(mobile)
    const code = sms.last(mobile)
    const first = await mobileLogin(mobile, code)
    assert.equal(first.code, 0, first.message)
    assert.equal(first.data.isNewUser, 1)
    assert.ok(first.data.token)
    const me = await my(first.data.token)
    assert.equal(me.code, 0)
    assert.equal(me.data.accountType, 2)
    const replay = await mobileLogin(mobile, code)
    assert.equal(replay.code, ResultCode.ERROR)
    assert.equal(replay.message, '验证码错误或已失效')

    clock.advance(61_000)
    await getCode(mobile)
    const second = await mobileLogin(mobile, sms.last(mobile))
    assert.equal(second.data.isNewUser, 0)
    assert.equal((await my(second.data.token)).data.userId, me.data.userId)
    const base = (await call(app, 'demo', Api.baseInfo, { token: second.data.token })).body
    assert.equal(base.data.mobile, '13600000001')
  })

  it('expires after 5 minutes', async () => {
    const mobile = '86-13600000002'
    await getCode(mobile)
    const code = sms.last(mobile)
    clock.advance(300_000 + 1000)
    assert.equal((await mobileLogin(mobile, code)).code, ResultCode.ERROR)
  })

  it('works until the last second of the 5 minutes', async () => {
    const mobile = '86-13600000003'
    await getCode(mobile)
    clock.advance(299_000)
    assert.equal((await mobileLogin(mobile, sms.last(mobile))).code, 0)
  })

  it('a newer code replaces the older one', async () => {
    const mobile = '86-13600000004'
    await getCode(mobile)
    const old = sms.last(mobile)
    clock.advance(61_000)
    await getCode(mobile)
    const fresh = sms.last(mobile)
    if (old !== fresh) assert.equal((await mobileLogin(mobile, old)).code, ResultCode.ERROR)
    assert.equal((await mobileLogin(mobile, fresh)).code, 0)
  })

  it('five wrong guesses burn the code', async () => {
    const mobile = '86-13600000005'
    await getCode(mobile)
    const code = sms.last(mobile)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < SMS_LIMITS.MAX_ATTEMPTS; i++) assert.equal((await mobileLogin(mobile, wrong)).code, ResultCode.ERROR)
    assert.equal((await mobileLogin(mobile, code)).code, ResultCode.ERROR, 'burnt')
  })

  it('a code sent to one mobile does not sign in another', async () => {
    await getCode('86-13600000006')
    assert.equal((await mobileLogin('86-13600000007', sms.last('86-13600000006'))).code, ResultCode.ERROR)
  })

  it('two logins with one code at once: exactly one wins', async () => {
    const mobile = '86-13600000008'
    await getCode(mobile)
    const code = sms.last(mobile)
    const rs = await Promise.all(Array.from({ length: 5 }, () => mobileLogin(mobile, code)))
    assert.equal(rs.filter((r) => r.code === 0).length, 1)
    assert.equal(
      await app.db
        .selectFrom('user_login')
        .select('id')
        .where('login_key', '=', mobile)
        .execute()
        .then((r) => r.length),
      1
    )
  })

  it('with a token it binds the mobile to that user (accountType 1 -> 2); a taken mobile or a second mobile is refused', async () => {
    const wx = await login(app, 'demo', 'bind-me')
    assert.equal((await my(wx)).data.accountType, 1)
    const mobile = '86-13600000009'
    await getCode(mobile)
    const bound = await mobileLogin(mobile, sms.last(mobile), { token: wx })
    assert.equal(bound.code, 0, bound.message)
    assert.equal(bound.data.isBind, 1)
    assert.equal((await my(bound.data.token)).data.userId, (await my(wx)).data.userId)
    assert.equal((await my(wx)).data.accountType, 2)

    const other = await login(app, 'demo', 'bind-me-too')
    clock.advance(61_000)
    await getCode(mobile)
    const taken = await mobileLogin(mobile, sms.last(mobile), { token: other })
    assert.equal(taken.code, ResultCode.ERROR)
    assert.equal(taken.message, '该手机号已绑定其他账号')
    assert.equal((await my(other)).data.accountType, 1)

    await getCode('86-13600000010')
    const second = await mobileLogin('86-13600000010', sms.last('86-13600000010'), { token: wx })
    assert.equal(second.code, ResultCode.ERROR)
    assert.equal(second.message, '当前账号已绑定其他手机号')
  })
})

describe('passLogin', () => {
  before(async () => {
    await setDonorPassword(app.db, demoId, { username: 'Alumni.Wang', clientHash: sha256Hex('correct horse'), nickname: '王同学' })
  })
  const passLogin = (username: string, password: string) => post<PassLoginAnswer>(Api.passLogin, { username, password }, { ip: freshIp() })

  it('unknown account: code 0, isRegister 0, no token', async () => {
    const r = await passLogin('nobody', sha256Hex('x'))
    assert.equal(r.code, 0)
    assert.deepEqual(r.data, { isRegister: 0 })
  })
  it('wrong password: -1', async () => {
    const r = await passLogin('alumni.wang', sha256Hex('wrong'))
    assert.equal(r.code, ResultCode.ERROR)
    assert.equal(r.message, '账号或密码错误')
  })
  it('right password (account name case-insensitive): isRegister 1 and a working token', async () => {
    const r = await passLogin('ALUMNI.WANG', sha256Hex('correct horse'))
    assert.equal(r.code, 0)
    assert.equal(r.data.isRegister, 1)
    const token = (r.data as { token: string }).token
    const me = await my(token)
    assert.equal(me.data.nickname, '王同学')
    assert.equal(me.data.accountType, 1)
  })
  it('the password must arrive as a SHA-256 hex (plain text refused)', async () => {
    const r = await passLogin('alumni.wang', 'correct horse')
    assert.equal(r.code, ResultCode.ERROR)
    assert.equal(r.message, '密码格式不正确')
  })
  it('stores scrypt with a per-record salt, never the client hash', async () => {
    const row = await app.db
      .selectFrom('user_login')
      .selectAll()
      .where('kind', '=', 'password')
      .where('login_key', '=', 'alumni.wang')
      .executeTakeFirstOrThrow()
    assert.match(row.secret_hash, /^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/)
    assert.ok(!row.secret_hash.includes(sha256Hex('correct horse')))
    await setDonorPassword(app.db, demoId, { username: 'twin', clientHash: sha256Hex('correct horse') })
    const twin = await app.db.selectFrom('user_login').select('secret_hash').where('login_key', '=', 'twin').executeTakeFirstOrThrow()
    assert.notEqual(twin.secret_hash, row.secret_hash, 'same password, different salt')
  })
  it('accounts are per school', async () => {
    const headers = { ...signedHeaders(await signKeyOf(app, 'hhu')), 'content-type': 'application/json' }
    const res = await app.inject({
      method: 'POST',
      url: `/api/hhu${Api.passLogin}`,
      headers,
      payload: JSON.stringify({ username: 'alumni.wang', password: sha256Hex('correct horse') })
    })
    assert.deepEqual(res.json().data, { isRegister: 0 })
  })
})

describe("the school's login switch", () => {
  it('closed: getSmsCode, mobileLogin and passLogin answer -1; my says isOpenLogin 0', async () => {
    const hhu = await schoolIdOf(app, 'hhu')
    await saveLoginSettings(app.db, hhu, { isOpenLogin: false, loginNotes: '请联系基金会' })
    try {
      const r = await post(Api.getSmsCode, { mobile: '86-13500000001' }, { school: 'hhu', ip: freshIp() })
      assert.equal(r.code, ResultCode.ERROR)
      assert.equal(r.message, '暂未开放手机号和账号登录')
      assert.equal((await post(Api.passLogin, { username: 'a', password: sha256Hex('a') }, { school: 'hhu' })).code, ResultCode.ERROR)
      const t = await login(app, 'hhu', 'hhu-user')
      const me = (await call<UserCenter>(app, 'hhu', Api.centerMy, { token: t })).body.data
      assert.deepEqual([me.isOpenLogin, me.loginNotes], [0, '请联系基金会'])
    } finally {
      await saveLoginSettings(app.db, hhu, { isOpenLogin: true, loginNotes: '' })
    }
  })
})

describe('console SMS provider', () => {
  it('writes one greppable line to the log', async () => {
    const lines: string[] = []
    await createConsoleSms({ info: (m) => lines.push(m) }).sendCode({
      schoolCode: 'demo',
      mobile: '86-13800138000',
      code: '123456',
      ttlSeconds: 300
    })
    assert.deepEqual(lines, ['[sms] to=86-13800138000 code=123456 school=demo ttl=300s'])
    assert.match(lines[0], /\[sms\] to=86-13800138000 code=(\d{6})/)
  })
  it("survives the server logger unredacted (pino with the server's redact paths; SQLite in a temp folder)", async () => {
    const out: string[] = []
    const dir = mkdtempSync(path.join(tmpdir(), 'uplus-smslog-'))
    const a = await buildApp({
      ...TEST_BUILD_DEFAULTS,
      dataDir: dir,
      h5Dir: path.join(dir, 'no-h5'),
      logger: {
        level: 'info',
        redact: { paths: ['req.headers.authorization', 'req.headers.signature'], censor: '[REDACTED]' },
        stream: {
          write: (s: string) => {
            out.push(s)
          }
        }
      }
    })
    try {
      const headers = { ...signedHeaders(await signKeyOf(a, 'demo')), 'content-type': 'application/json' }
      const res = await a.inject({
        method: 'POST',
        url: `/api/demo${Api.getSmsCode}`,
        headers,
        payload: JSON.stringify({ mobile: '86-13800138000' })
      })
      assert.equal(res.json().code, 0)
      const line = out.find((l) => l.includes('[sms]'))
      assert.ok(line, 'sms line logged')
      assert.match(JSON.parse(line!).msg, /^\[sms\] to=86-13800138000 code=\d{6} school=demo ttl=300s$/)
      assert.equal(smsLogLine({ schoolCode: 'demo', mobile: '86-1', code: '1', ttlSeconds: 1 }), '[sms] to=86-1 code=1 school=demo ttl=1s')
    } finally {
      await a.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('WeChat and Alipay code exchange', () => {
  before(async () => {
    const now = new Date().toISOString()
    await app.db
      .insertInto('oauth_config')
      .values([
        {
          school_id: demoId,
          platform: 'weapp',
          app_id: 'wx-app-1',
          credentials: JSON.stringify({ secret: 'env:WX_SECRET' }),
          api_base: wechatBase,
          enabled: 1,
          updated_at: now
        },
        {
          school_id: demoId,
          platform: 'h5',
          app_id: 'wx-app-1',
          credentials: JSON.stringify({ secret: 'env:WX_SECRET' }),
          api_base: wechatBase,
          enabled: 1,
          updated_at: now
        },
        {
          school_id: demoId,
          platform: 'alipay',
          app_id: '2021000000000001',
          credentials: JSON.stringify({ privateKey: 'env:ALI_KEY', alipayPublicKey: pem(alipayKeys.publicKey, 'spki') }),
          api_base: alipayBase,
          enabled: 1,
          updated_at: now
        }
      ])
      .execute()
  })
  const authToken = (query: Record<string, string>, school = 'demo') =>
    call<{ token: string }>(app, school, Api.getAuthToken, { query: { billType: 2, ...query } })

  it("weapp: jscode2session with the school's appid and env secret; a WeChat user shows the placeholder nickname flag", async () => {
    const r = (await authToken({ code: 'good-alice', platform: 'weapp' })).body
    assert.equal(r.code, 0, r.message)
    assert.ok(wechatCalls.some((c) => c.startsWith('/sns/jscode2session?') && c.includes('js_code=good-alice')))
    const me = (await my(r.data.token)).data
    assert.deepEqual([me.nickname, me.isDefaultNickname], ['微信用户', 1])
    const user = await app.db.selectFrom('app_user').select(['source', 'open_id']).where('id', '=', me.userId).executeTakeFirstOrThrow()
    assert.deepEqual(user, { source: 'weapp', open_id: 'wx-alice' })
    // same code again: the same person
    assert.equal((await my((await authToken({ code: 'good-alice', platform: 'weapp' })).body.data.token)).data.userId, me.userId)
  })
  it('weapp: an invalid code is -1; a sandbox-style code cannot bypass configured credentials', async () => {
    const bad = (await authToken({ code: 'seed-user-1', platform: 'weapp' })).body
    assert.equal(bad.code, ResultCode.ERROR)
    assert.equal(bad.message, '登录失败，请重试')
  })
  it("h5 (official account): sns/oauth2/access_token; getAuthUrl points at WeChat's authorize page", async () => {
    const r = (await authToken({ code: 'good-bob' })).body
    assert.equal(r.code, 0, r.message)
    assert.ok(wechatCalls.some((c) => c.startsWith('/sns/oauth2/access_token?') && c.includes('code=good-bob')))
    // the school's own origin (no PUBLIC_BASE_URL here: the origin the request came to)
    const url = (await call<string>(app, 'demo', Api.getAuthUrl, { query: { billType: 2, url: 'http://localhost/mine?x=1' } })).body.data
    const u = new URL(url)
    assert.equal(u.origin + u.pathname, 'https://open.weixin.qq.com/connect/oauth2/authorize')
    assert.equal(u.searchParams.get('appid'), 'wx-app-1')
    assert.equal(u.searchParams.get('redirect_uri'), 'http://localhost/mine?x=1')
    assert.equal(u.hash, '#wechat_redirect')
  })
  it('alipay: signed alipay.system.oauth.token, answer signature verified; a forged answer is refused', async () => {
    const r = (await authToken({ code: 'good-carol', platform: 'alipay' })).body
    assert.equal(r.code, 0, r.message)
    const me = (await my(r.data.token)).data
    const user = await app.db.selectFrom('app_user').select(['source', 'open_id']).where('id', '=', me.userId).executeTakeFirstOrThrow()
    assert.deepEqual(user, { source: 'alipay', open_id: 'ali-carol' })
    assert.equal((await authToken({ code: 'bad', platform: 'alipay' })).body.code, ResultCode.ERROR)
    alipayForge = true
    try {
      assert.equal((await authToken({ code: 'good-dave', platform: 'alipay' })).body.code, ResultCode.ERROR)
    } finally {
      alipayForge = false
    }
    assert.ok(rawJsonMember('{"a_response":{"x":1},"sign":"s"}', 'a_response'))
  })
  it('a school without credentials keeps the sandbox; the foundation can turn the sandbox off', async () => {
    assert.equal((await authToken({ code: 'sandbox-user', platform: 'weapp' }, 'hhu')).body.code, 0)
    const hhu = await schoolIdOf(app, 'hhu')
    await saveLoginSettings(app.db, hhu, { sandboxLogin: false })
    try {
      const r = (await authToken({ code: 'sandbox-user', platform: 'weapp' }, 'hhu')).body
      assert.equal(r.code, ResultCode.ERROR)
      assert.equal(r.message, '当前平台暂未开通登录')
    } finally {
      await saveLoginSettings(app.db, hhu, { sandboxLogin: true })
    }
  })
})
