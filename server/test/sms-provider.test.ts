/**
 * SMS through Tencent Cloud (docs/decisions/018) against a fake SendSms endpoint on 127.0.0.1 that checks the
 * TC3-HMAC-SHA256 signature with its own copy of the secret (written here independently of the provider), so a wrong
 * signature fails: the code the fake received signs the donor in; each school's signature and template; a refused or
 * failed send is -1 in the donor's language without the provider's detail; a production school never falls back to
 * the console and is named in the log at start; neither the code nor a key reaches the log.
 */
import assert from 'node:assert/strict'
import { createHash, createHmac } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { Api, ResultCode, type MobileLoginAnswer } from '../../types'
import { buildApp } from '../src/app'
import { createSchool } from '../src/domain/school/service'
import { call, startApp, TEST_BUILD_DEFAULTS, type TestContext } from './helpers'
import { recordingSms, testClock } from './center-fixtures'
import { schoolIdOf } from './order-fixtures'

const SECRET_ID = 'AKIDtestsecretid0001'
const SECRET_KEY = 'tencent-secret-key-known-to-the-fake'
const clock = testClock(Date.parse('2026-06-01T03:00:00Z'))
const fallback = recordingSms()
const received: Array<{ body: any; region: string }> = []
let fake: Server
let endpoint = ''
let ctx: TestContext
let app: FastifyInstance
const logLines: string[] = []
let logged: FastifyInstance | null = null

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = ''
    req.on('data', (c) => (s += c))
    req.on('end', () => resolve(s))
  })

/** The fake's own TC3-HMAC-SHA256 check (Tencent Cloud API 3.0 signature v3). */
function verifyTc3(req: IncomingMessage, payload: string): boolean {
  const auth = String(req.headers.authorization ?? '')
  const m =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/sms\/tc3_request, SignedHeaders=([a-z;-]+), Signature=([0-9a-f]{64})$/.exec(
      auth
    )
  if (!m || m[1] !== SECRET_ID) return false
  const [, , date, signedHeaders, signature] = m
  const timestamp = Number(req.headers['x-tc-timestamp'])
  if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date) return false
  const canonicalHeaders = signedHeaders
    .split(';')
    .map(
      (h) =>
        `${h}:${String(req.headers[h] ?? '')
          .trim()
          .toLowerCase()}\n`
    )
    .join('')
  const hash = (s: string) => createHash('sha256').update(s).digest('hex')
  const canonical = ['POST', '/', '', canonicalHeaders, signedHeaders, hash(payload)].join('\n')
  const toSign = ['TC3-HMAC-SHA256', String(timestamp), `${date}/sms/tc3_request`, hash(canonical)].join('\n')
  const h = (k: Buffer | string, s: string) => createHmac('sha256', k).update(s).digest()
  const key = h(h(h(`TC3${SECRET_KEY}`, date), 'sms'), 'tc3_request')
  return signedHeaders.includes('host') && createHmac('sha256', key).update(toSign).digest('hex') === signature
}

before(async () => {
  fake = createServer(async (req, res) => {
    const payload = await readBody(req)
    res.setHeader('content-type', 'application/json')
    const requestId = 'req-1'
    if (req.headers['x-tc-action'] !== 'SendSms' || req.headers['x-tc-version'] !== '2021-01-11' || !verifyTc3(req, payload)) {
      res.end(
        JSON.stringify({
          Response: {
            Error: { Code: 'AuthFailure.SignatureFailure', Message: 'The provided credentials could not be validated' },
            RequestId: requestId
          }
        })
      )
      return
    }
    const body = JSON.parse(payload)
    received.push({ body, region: String(req.headers['x-tc-region']) })
    const phone = body.PhoneNumberSet[0]
    const code = phone === '+8613900000009' ? 'LimitExceeded.PhoneNumberDailyLimit' : 'Ok'
    res.end(
      JSON.stringify({
        Response: {
          SendStatusSet: [{ SerialNo: 's', PhoneNumber: phone, Fee: 1, Code: code, Message: code === 'Ok' ? 'send success' : 'limit' }],
          RequestId: requestId
        }
      })
    )
  })
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r))
  endpoint = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`
  const env = { T_SMS_ID: SECRET_ID, T_SMS_KEY: SECRET_KEY, SECRET_ENV_ALLOW: 'T_SMS_ID,T_SMS_KEY' }
  // the fake SendSms endpoint listens on 127.0.0.1 (lib/outbound.ts: tests only)
  ctx = await startApp({ build: { identity: { now: clock.now, sms: fallback, env }, outbound: { allowLoopback: true } } })
  app = ctx.app
  const now = new Date().toISOString()
  const cfg = (school: number, over: Record<string, string>) => ({
    school_id: school,
    provider: 'tencent' as const,
    secret_id: 'env:T_SMS_ID',
    secret_key: 'env:T_SMS_KEY',
    sdk_app_id: '1400000001',
    sign_name: '示范大学教育基金会',
    template_id: '100001',
    template_params: 'code,minutes',
    region: 'ap-guangzhou',
    endpoint,
    enabled: 1,
    updated_at: now,
    ...over
  })
  await app.db
    .insertInto('sms_config')
    .values([
      cfg(await schoolIdOf(app, 'demo'), {}),
      cfg(await schoolIdOf(app, 'hhu'), {
        sign_name: '河海大学教育发展基金会',
        template_id: '200002',
        template_params: 'code',
        region: 'ap-nanjing'
      }),
      // a key the fake does not know: its signature must fail
      cfg(await schoolIdOf(app, 'cpu'), { secret_key: 'a-wrong-secret-key' })
    ])
    .execute()
  await createSchool(app.db, { code: 'prodx', name: '正式大学教育基金会', sandbox: false })
  await createSchool(app.db, { code: 'trialx', name: '试用大学教育基金会', sandbox: true })
  logged = await buildApp({
    ...TEST_BUILD_DEFAULTS,
    dataDir: ctx.dataDir,
    databaseUrl: ctx.databaseUrl,
    h5Dir: path.join(ctx.dataDir, 'no-h5'),
    seed: false,
    identity: { now: clock.now, sms: fallback, env },
    outbound: { allowLoopback: true },
    logger: { level: 'debug', stream: { write: (s: string) => void logLines.push(s) } }
  })
})
after(async () => {
  await logged?.close()
  await ctx.close()
  fake.close()
})

const smsCode = async (a: FastifyInstance, school: string, mobile: string, lang = 'zh_CN') => {
  clock.advance(61_000) // one code a minute per address
  return (await call(a, school, Api.getSmsCode, { method: 'POST', body: { mobile }, query: { lang } })).body
}

describe('Tencent Cloud SMS', () => {
  it('sends a signed SendSms with the school signature and template; the code received signs the donor in', async () => {
    const r = await smsCode(app, 'demo', '86-13800138001')
    assert.equal(r.code, 0, r.message)
    const sent = received.at(-1)!
    assert.deepEqual(sent.body.PhoneNumberSet, ['+8613800138001'])
    assert.deepEqual([sent.body.SmsSdkAppId, sent.body.SignName, sent.body.TemplateId], ['1400000001', '示范大学教育基金会', '100001'])
    assert.equal(sent.body.TemplateParamSet.length, 2)
    assert.match(sent.body.TemplateParamSet[0], /^\d{6}$/)
    assert.equal(sent.body.TemplateParamSet[1], '5')
    assert.equal(fallback.sent.length, 0)
    const login = await call<MobileLoginAnswer>(app, 'demo', Api.mobileLogin, {
      method: 'POST',
      body: { mobile: '86-13800138001', code: sent.body.TemplateParamSet[0] }
    })
    assert.equal(login.body.code, 0, login.body.message)
    assert.ok(login.body.data.token)
  })
  it('another school: its own signature, template, parameters and region', async () => {
    assert.equal((await smsCode(app, 'hhu', '86-13800138002')).code, 0)
    const sent = received.at(-1)!
    assert.deepEqual([sent.body.SignName, sent.body.TemplateId, sent.region], ['河海大学教育发展基金会', '200002', 'ap-nanjing'])
    assert.equal(sent.body.TemplateParamSet.length, 1)
  })
  it('a wrong signature is refused by the fake: -1 without the provider detail', async () => {
    const before = received.length
    const r = await smsCode(app, 'cpu', '86-13800138003')
    assert.deepEqual([r.code, r.message], [ResultCode.ERROR, '验证码发送失败，请稍后再试'])
    assert.equal(received.length, before)
  })
  it("a provider's refusal is -1 in the donor's language", async () => {
    const r = await smsCode(app, 'demo', '86-13900000009', 'en')
    assert.deepEqual([r.code, r.message], [ResultCode.ERROR, 'The code could not be sent, please try again later'])
    assert.ok(!JSON.stringify(r).includes('LimitExceeded'))
  })
})

describe('console provider', () => {
  it('serves only a school with no gateway that is not in production', async () => {
    assert.equal((await smsCode(app, 'trialx', '86-13800138004')).code, 0)
    assert.equal(fallback.sent.at(-1)?.mobile, '86-13800138004')
  })
  it('a production school without a gateway: -1 "SMS not configured", nothing sent, named in the log at start', async () => {
    const before = fallback.sent.length
    const r = await smsCode(app, 'prodx', '86-13800138005')
    assert.deepEqual([r.code, r.message], [ResultCode.ERROR, '短信服务未配置，请使用其他方式登录'])
    assert.equal(fallback.sent.length, before)
    const prod = await app.db.selectFrom('school').select('is_production').where('code', '=', 'prodx').executeTakeFirstOrThrow()
    assert.equal(prod.is_production, 1)
    const line = logLines.find((l) => l.includes('SMS is not configured for production school prodx'))
    assert.ok(line, 'configuration error at start')
    assert.equal(JSON.parse(line!).level, 50)
  })
  it('the log never holds a code or a key', async () => {
    assert.equal((await smsCode(logged!, 'demo', '86-13800138006')).code, 0)
    assert.equal((await smsCode(logged!, 'cpu', '86-13800138007')).code, ResultCode.ERROR)
    const code = received.at(-1)!.body.TemplateParamSet[0]
    const all = logLines.join('\n')
    assert.ok(all.includes('sms provider refused'), 'the refusal is logged')
    for (const s of [SECRET_KEY, 'a-wrong-secret-key', `code=${code}`, `"${code}"`]) assert.ok(!all.includes(s), `log holds ${s}`)
  })
})
