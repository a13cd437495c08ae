/**
 * Content security (docs/decisions/042-content-security.md): a message, a nickname, a joint donation's sponsor and
 * slogan, a nameplate and an avatar are each checked before anyone else sees them, refused when the check says risky,
 * and held for staff (visible to their author only, listed in the console's moderation queue) when the check says
 * review or the school has no checker. Fake WeChat (msg_sec_check, media_check_async, the wxa_media_check push) and
 * a fake Alipay gateway (alipay.security.risk.content.detect) run on 127.0.0.1; the sandbox checker is the demo
 * school's. On SQLite, and on PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict'
import { createSign, createVerify, generateKeyPairSync } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { Api, type LeaveMessage, type Page, type TogetherDonation, type UserCenter } from '../../types'
import { invalidateSchoolCache } from '../src/domain/school/cache'
import { issueToken } from '../src/domain/user/service'
import { alipaySignContent } from '../src/providers/payment/alipay'
import { pushSignature } from '../src/routes/moderation/push'
import { agreeToPrivacy, call, login, startApp, type TestContext } from './helpers'
import { BOOK_PROJECT, bookBody, booksOf, donateNaming } from './naming-fixtures'
import { demoBody, donate, projectIdOf, schoolIdOf } from './order-fixtures'
import { staffCall, staffToken } from './staff-fixtures'
import { AVENUE } from './center-fixtures'

let ctx: TestContext
let app: FastifyInstance
let demoId: number
let avenue: number
let bookProject: number
let editor: string

let wechat: Server
let wechatBase = ''
const wxCalls: { path: string; body: Record<string, unknown> }[] = []
let alipay: Server
let alipayBase = ''
const aliCalls: string[] = []
const appKeys = generateKeyPairSync('rsa', { modulusLength: 2048 })
const alipayKeys = generateKeyPairSync('rsa', { modulusLength: 2048 })
const pem = (k: import('node:crypto').KeyObject, type: 'pkcs8' | 'spki') => k.export({ type, format: 'pem' }).toString()
const PUSH_TOKEN = 'push-token-1'

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = ''
    req.on('data', (c) => (s += c))
    req.on('end', () => resolve(s))
  })

/** the fakes' verdicts: BAD is risky, MAYBE needs review, anything else passes */
const suggestOf = (text: string) => (text.includes('BAD') ? 'risky' : text.includes('MAYBE') ? 'review' : 'pass')

before(async () => {
  wechat = createServer(async (req, res) => {
    const u = new URL(req.url ?? '/', 'http://x')
    const raw = await readBody(req)
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {}
    wxCalls.push({ path: u.pathname, body })
    res.setHeader('content-type', 'application/json')
    if (u.pathname === '/cgi-bin/token') {
      const ok = u.searchParams.get('appid') === 'wx-mini-1' && u.searchParams.get('secret') === 'wx-mini-secret'
      return res.end(JSON.stringify(ok ? { access_token: 'tok-1', expires_in: 7200 } : { errcode: 40013, errmsg: 'invalid appid' }))
    }
    if (u.searchParams.get('access_token') !== 'tok-1') return res.end(JSON.stringify({ errcode: 40001, errmsg: 'invalid credential' }))
    if (u.pathname === '/wxa/msg_sec_check') {
      assert.equal(body.version, 2)
      const suggest = body.openid === 'wx-open-1' ? suggestOf(String(body.content)) : 'review'
      return res.end(
        JSON.stringify({ errcode: 0, errmsg: 'ok', result: { suggest, label: suggest === 'pass' ? 100 : 20001 }, trace_id: 't' })
      )
    }
    if (u.pathname === '/wxa/media_check_async') {
      return res.end(JSON.stringify({ errcode: 0, errmsg: 'ok', trace_id: `trace-${wxCalls.length}` }))
    }
    res.statusCode = 404
    res.end('{}')
  })
  alipay = createServer(async (req, res) => {
    const params = Object.fromEntries(new URLSearchParams(await readBody(req)))
    const signedOk = createVerify('RSA-SHA256').update(alipaySignContent(params)).verify(appKeys.publicKey, params.sign, 'base64')
    const content =
      signedOk && params.method === 'alipay.security.risk.content.detect' ? String(JSON.parse(params.biz_content).content) : ''
    aliCalls.push(content)
    const inner = content
      ? JSON.stringify({
          code: '10000',
          msg: 'Success',
          action: suggestOf(content) === 'risky' ? 'REJECTED' : 'PASSED',
          keywords: [],
          unique_id: 'u1'
        })
      : '{"code":"40002","msg":"Invalid Arguments"}'
    const member = content ? 'alipay_security_risk_content_detect_response' : 'error_response'
    const sign = createSign('RSA-SHA256').update(inner).sign(alipayKeys.privateKey, 'base64')
    res.setHeader('content-type', 'application/json')
    res.end(`{"${member}":${inner},"sign":"${sign}"}`)
  })
  await new Promise<void>((r) => wechat.listen(0, '127.0.0.1', r))
  await new Promise<void>((r) => alipay.listen(0, '127.0.0.1', r))
  wechatBase = `http://127.0.0.1:${(wechat.address() as AddressInfo).port}`
  alipayBase = `http://127.0.0.1:${(alipay.address() as AddressInfo).port}/gateway.do`
  ctx = await startApp({ build: { outbound: { allowLoopback: true }, orders: { publicBaseUrl: 'https://give.example.edu' } } })
  app = ctx.app
  demoId = await schoolIdOf(app, 'demo')
  avenue = await projectIdOf(app, 'demo', AVENUE)
  bookProject = await projectIdOf(app, 'demo', BOOK_PROJECT)
  // messages open and not audited by the project, so only the content check decides
  await app.db.updateTable('project').set({ is_leave_message: 1, is_audit_message: 0 }).where('id', '=', avenue).execute()
  invalidateSchoolCache()
  editor = await staffToken(app, 'demo', ['editor'])
})

after(async () => {
  await ctx?.close()
  wechat?.close()
  alipay?.close()
})

// ------------------------------------------------------------------ helpers

async function donor(source: string, openId: string): Promise<{ id: number; token: string }> {
  const r = await app.db
    .insertInto('app_user')
    .values({
      school_id: demoId,
      source,
      open_id: openId,
      nickname: '爱心校友',
      avatar: '',
      name: '',
      mobile: '',
      id_no: '',
      created_at: new Date().toISOString()
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const id = Number(r.id)
  const { token } = await issueToken(app.db, demoId, id)
  // a donor who agreed to the privacy policy (docs/decisions/041): the checks under test come after consent
  await agreeToPrivacy(app, 'demo', token)
  return { id, token }
}

const post = (token: string, api: string, body: unknown, lang?: 'en') =>
  call(app, 'demo', api, { method: 'POST', token, body, ...(lang ? { query: { lang } } : {}) })

const publicMessages = async () =>
  (await call<Page<LeaveMessage>>(app, 'demo', Api.leavewordList, { query: { itemsId: avenue, limit: 50 } })).body.data.rows.map(
    (m) => m.content
  )
const publicTogethers = async () =>
  (await call<Page<TogetherDonation>>(app, 'demo', Api.togetherList, { query: { itemsId: avenue, limit: 50 } })).body.data.rows
const messageCount = async (content: string) =>
  Number(
    (
      await app.db
        .selectFrom('leave_message')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('content', '=', content)
        .executeTakeFirstOrThrow()
    ).n
  )
const queue = async (state = 'held') =>
  (
    await staffCall<{ total: number; rows: { id: number; kind: string; content: string; checker: string; reason: string }[] }>(
      app,
      'demo',
      'GET',
      `/moderation?state=${state}`,
      { token: editor }
    )
  ).body.data.rows
const decide = (id: number, action: 'approve' | 'reject') =>
  staffCall(app, 'demo', 'POST', `/moderation/${id}/${action}`, { token: editor, body: {} })
const my = async (token: string) => (await call<UserCenter>(app, 'demo', Api.centerMy, { token })).body.data
const userRow = (id: number) => app.db.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const launch = (token: string, sponsor: string, slogan: string, lang?: 'en') =>
  post(token, Api.insertTogether, { itemsId: avenue, sponsor, slogan, targetMoney: '1000.00' }, lang)
async function avatarUpload(userId: number, name: string) {
  const url = `/files/uploads/${name}.png`
  await app.db
    .insertInto('uploaded_file')
    .values({
      school_id: demoId,
      user_id: userId,
      url,
      kind: 'avatar',
      mime: 'image/png',
      size_bytes: 10,
      created_at: new Date().toISOString()
    })
    .execute()
  return url
}
async function nameplateOrder(token: string, donorName: string, lang?: 'en', over: Record<string, unknown> = {}) {
  const [book] = (await booksOf(app, 'demo', bookProject)).filter((b) => b.stock > 0)
  const body = bookBody(
    bookProject,
    [{ book, count: 1, plates: [{ donorName, donorIdentity: '教师', donationMessage: '饮水思源' }] }],
    over
  )
  return donateNaming(app, 'demo', token, lang ? { ...body, lang } : body)
}
const donationCount = async () =>
  Number(
    (
      await app.db
        .selectFrom('donation')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n
  )

// ------------------------------------------------------------------ the sandbox checker (demo schools)

describe('the sandbox checker of the demo school', () => {
  it('passes plain text at once, refuses risky text with nothing stored, holds review text for staff', async () => {
    const token = await login(app, 'demo', 'mod-sandbox-1')
    assert.equal((await post(token, Api.insertLeaveword, { itemsId: avenue, content: '祝母校越来越好' })).body.code, 0)
    assert.ok((await publicMessages()).includes('祝母校越来越好'))

    const risky = await post(token, Api.insertLeaveword, { itemsId: avenue, content: '【违规】广告' }, 'en')
    assert.equal(risky.body.code, -1)
    assert.match(risky.body.message, /message contains content the platform's rules do not allow/)
    assert.equal(await messageCount('【违规】广告'), 0)

    const review = await post(token, Api.insertLeaveword, { itemsId: avenue, content: '【待审】请看' })
    assert.equal(review.body.code, 0)
    assert.equal(review.body.data.audited, false)
    assert.ok(!(await publicMessages()).includes('【待审】请看'))
    const held = (await queue()).find((r) => r.content === '【待审】请看')
    assert.ok(held, 'listed in the moderation queue')
    assert.equal(held.kind, 'message')
    assert.equal(held.checker, 'sandbox')
    // another school's editor can neither see nor decide it
    const hhuEditor = await staffToken(app, 'hhu', ['editor'])
    const foreign = await staffCall(app, 'hhu', 'POST', `/moderation/${held.id}/approve`, { token: hhuEditor, body: {} })
    assert.equal(foreign.body.code, -1)
    assert.ok(
      !(await staffCall(app, 'hhu', 'GET', '/moderation', { token: hhuEditor })).body.data.rows.some(
        (r: { id: number }) => r.id === held.id
      )
    )
    assert.ok(!(await publicMessages()).includes('【待审】请看'))
    assert.equal((await decide(held.id, 'approve')).body.code, 0)
    assert.ok((await publicMessages()).includes('【待审】请看'))
    // decided once: a second decision is refused
    assert.equal((await decide(held.id, 'reject')).body.code, -1)
    const audit = await app.db.selectFrom('audit_log').select('action').where('entity_id', '=', String(held.id)).execute()
    assert.deepEqual(
      audit.map((a) => a.action),
      ['moderation.approve']
    )
  })

  it('only editors (or admins) see and work the queue', async () => {
    const finance = await staffToken(app, 'demo', ['finance'])
    assert.notEqual((await staffCall(app, 'demo', 'GET', '/moderation', { token: finance })).body.code, 0)
  })
})

// ------------------------------------------------------------------ WeChat (mini-program donors)

describe('WeChat msgSecCheck and mediaCheckAsync for mini-program donors', () => {
  let w: { id: number; token: string }
  before(async () => {
    await app.db
      .insertInto('oauth_config')
      .values({
        school_id: demoId,
        platform: 'weapp',
        app_id: 'wx-mini-1',
        credentials: JSON.stringify({ secret: 'wx-mini-secret', pushToken: PUSH_TOKEN }),
        api_base: wechatBase,
        enabled: 1,
        updated_at: new Date().toISOString()
      })
      .execute()
    w = await donor('weapp', 'wx-open-1')
  })

  it('a message: pass is public, risky refused before storing, review held; WeChat saw each with the openid', async () => {
    wxCalls.length = 0
    assert.equal((await post(w.token, Api.insertLeaveword, { itemsId: avenue, content: 'wx hello' })).body.code, 0)
    assert.ok((await publicMessages()).includes('wx hello'))
    const risky = await post(w.token, Api.insertLeaveword, { itemsId: avenue, content: 'wx BAD words' })
    assert.equal(risky.body.code, -1)
    assert.match(risky.body.message, /留言含有不符合平台规范的内容/)
    assert.equal(await messageCount('wx BAD words'), 0)
    assert.equal((await post(w.token, Api.insertLeaveword, { itemsId: avenue, content: 'wx MAYBE' })).body.code, 0)
    assert.ok(!(await publicMessages()).includes('wx MAYBE'))
    assert.ok((await queue()).some((r) => r.content === 'wx MAYBE' && r.checker === 'wechat' && r.reason.startsWith('review')))
    const checks = wxCalls.filter((c) => c.path === '/wxa/msg_sec_check')
    assert.deepEqual(
      checks.map((c) => [c.body.content, c.body.openid, c.body.scene]),
      [
        ['wx hello', 'wx-open-1', 2],
        ['wx BAD words', 'wx-open-1', 2],
        ['wx MAYBE', 'wx-open-1', 2]
      ]
    )
  })

  it('a nickname: risky refused, review held (its author sees it, the public does not), then approved', async () => {
    const risky = await post(w.token, Api.updateUser, { nickname: 'BAD 名字' }, 'en')
    assert.equal(risky.body.code, -1)
    assert.match(risky.body.message, /nickname contains content/)
    assert.equal((await userRow(w.id)).nickname, '爱心校友')
    const held = await post(w.token, Api.updateUser, { nickname: 'MAYBE 名字' })
    assert.equal(held.body.code, 0)
    assert.match(held.body.message, /昵称已提交审核/)
    assert.equal((await my(w.token)).nickname, 'MAYBE 名字')
    assert.equal((await userRow(w.id)).nickname, '爱心校友', 'public nickname unchanged')
    const row = (await queue()).find((r) => r.kind === 'nickname' && r.content === 'MAYBE 名字')
    assert.ok(row)
    assert.equal(wxCalls.at(-1)?.body.scene, 1)
    assert.equal((await decide(row.id, 'approve')).body.code, 0)
    assert.equal((await userRow(w.id)).nickname, 'MAYBE 名字')
    assert.equal((await post(w.token, Api.updateUser, { nickname: '好名字' })).body.code, 0)
    assert.equal((await userRow(w.id)).nickname, '好名字')
  })

  it('a slogan: risky refused with no joint donation stored; review held off the public list and share page', async () => {
    const before = await publicTogethers()
    const risky = await launch(w.token, '王同学', 'BAD slogan')
    assert.equal(risky.body.code, -1)
    assert.match(risky.body.message, /发起人或宣传语含有不符合平台规范的内容/)
    const held = await launch(w.token, '王同学', 'MAYBE slogan')
    assert.equal(held.body.code, 0)
    const id = held.body.data as number
    assert.equal((await publicTogethers()).length, before.length)
    const stranger = await login(app, 'demo', 'mod-stranger')
    assert.equal((await call(app, 'demo', Api.togetherDetail, { query: { id }, token: stranger })).body.code, -1)
    const mine = await call(app, 'demo', Api.togetherDetail, { query: { id }, token: w.token })
    assert.equal(mine.body.data.contentHeld, 1)
    assert.equal(mine.body.data.slogan, 'MAYBE slogan')
    const row = (await queue()).find((r) => r.kind === 'together' && r.content.includes('MAYBE slogan'))
    assert.ok(row)
    assert.equal((await decide(row.id, 'approve')).body.code, 0)
    assert.ok((await publicTogethers()).some((t) => t.id === id))
    assert.equal((await call(app, 'demo', Api.togetherDetail, { query: { id }, token: stranger })).body.data.contentHeld, 0)
  })

  it('a nameplate: risky refused before any order exists', async () => {
    const n = await donationCount()
    const r = await nameplateOrder(w.token, 'BAD 名')
    assert.equal(r.body.code, -1)
    assert.match(r.body.message, /铭牌内容含有不符合平台规范的内容/)
    assert.equal(await donationCount(), n)
    assert.ok(wxCalls.some((c) => c.path === '/wxa/msg_sec_check' && String(c.body.content).includes('BAD 名')))
  })

  it('an avatar: checking until the signed wxa_media_check event; risky never shown, pass shown', async () => {
    const a1 = await avatarUpload(w.id, 'wx-risky')
    const r1 = await post(w.token, Api.updateUser, { avatar: a1 })
    assert.match(r1.body.message, /头像已提交审核/)
    const started = wxCalls.filter((c) => c.path === '/wxa/media_check_async').at(-1)
    assert.equal(started?.body.media_url, `https://give.example.edu${a1}`)
    assert.equal(started?.body.media_type, 2)
    assert.equal((await userRow(w.id)).avatar, '')
    assert.equal((await my(w.token)).avatar, a1)
    const checking = (await queue('checking')).find((r) => r.content === a1)
    assert.ok(checking)
    const traceOf = async (url: string) =>
      (await app.db.selectFrom('content_check').select('trace_id').where('content', '=', url).executeTakeFirstOrThrow()).trace_id.split(
        '|'
      )[1]

    const push = (trace: string, suggest: string, sig?: string) => {
      const q = { timestamp: '1700000000', nonce: 'n1' }
      const signature = sig ?? pushSignature(PUSH_TOKEN, q.timestamp, q.nonce)
      return app.inject({
        method: 'POST',
        url: `/wechat-push/demo?signature=${signature}&timestamp=${q.timestamp}&nonce=${q.nonce}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          Event: 'wxa_media_check',
          appid: 'wx-mini-1',
          trace_id: trace,
          version: 2,
          errcode: 0,
          result: { suggest, label: 20002 }
        })
      })
    }
    // a forged event changes nothing
    const forged = await push(await traceOf(a1), 'pass', 'f'.repeat(40))
    assert.equal(forged.statusCode, 401)
    assert.equal((await userRow(w.id)).avatar, '')
    const risky = await push(await traceOf(a1), 'risky')
    assert.equal(risky.statusCode, 200)
    assert.equal(risky.body, 'success')
    assert.equal((await userRow(w.id)).avatar, '')
    assert.equal((await userRow(w.id)).pending_avatar, '')

    const a2 = await avatarUpload(w.id, 'wx-fine')
    await post(w.token, Api.updateUser, { avatar: a2 })
    await push(await traceOf(a2), 'pass')
    assert.equal((await userRow(w.id)).avatar, a2)

    // the URL check of the message push configuration
    const sig = pushSignature(PUSH_TOKEN, '1', '2')
    const echo = await app.inject({ url: `/wechat-push/demo?signature=${sig}&timestamp=1&nonce=2&echostr=hello` })
    assert.equal(echo.body, 'hello')
  })
})

// ------------------------------------------------------------------ Alipay (every other donor, when configured)

describe('Alipay content.detect for donors outside the mini-program', () => {
  before(async () => {
    await app.db
      .insertInto('oauth_config')
      .values({
        school_id: demoId,
        platform: 'alipay',
        app_id: 'ali-app-1',
        credentials: JSON.stringify({ privateKey: pem(appKeys.privateKey, 'pkcs8'), alipayPublicKey: pem(alipayKeys.publicKey, 'spki') }),
        api_base: alipayBase,
        enabled: 1,
        updated_at: new Date().toISOString()
      })
      .execute()
  })
  after(async () => {
    await app.db.deleteFrom('oauth_config').where('school_id', '=', demoId).where('platform', '=', 'alipay').execute()
  })

  it('refuses what Alipay rejects and publishes what it passes; an avatar waits for staff (no image check)', async () => {
    const a = await donor('sms', 'ali-donor-1')
    aliCalls.length = 0
    assert.equal((await post(a.token, Api.insertLeaveword, { itemsId: avenue, content: 'ali BAD' })).body.code, -1)
    assert.equal((await post(a.token, Api.insertLeaveword, { itemsId: avenue, content: 'ali fine' })).body.code, 0)
    assert.ok((await publicMessages()).includes('ali fine'))
    assert.deepEqual(aliCalls, ['ali BAD', 'ali fine'])
    const url = await avatarUpload(a.id, 'ali-avatar')
    assert.equal((await post(a.token, Api.updateUser, { avatar: url })).body.code, 0)
    assert.equal((await userRow(a.id)).avatar, '')
    assert.ok((await queue()).some((r) => r.kind === 'avatar' && r.content === url && r.checker === 'alipay'))
  })
})

// ------------------------------------------------------------------ no checker: everything waits for staff

describe('a school with no checker configured holds everything for staff', () => {
  let form: { id: number; pay_platform_list: string }
  // without the sandbox the school takes real money only: the school's own payment platform (pay type 14, which
  // creates a redirect URL and calls nobody) stands for it. The settings cache is told of the direct write, as the
  // staff routes tell it: donate must not go on seeing the sandbox that the content check no longer sees.
  before(async () => {
    await app.db.updateTable('school_setting').set({ sandbox_enabled: 0 }).where('school_id', '=', demoId).execute()
    await app.db
      .insertInto('payment_config')
      .values({
        school_id: demoId,
        pay_type: 14,
        provider: 'thirdparty',
        credentials: JSON.stringify({ payUrl: 'https://pay.example.edu/pay', merchantId: 'M1', secret: 'moderation-test' }),
        enabled: 1,
        updated_at: new Date().toISOString()
      })
      .execute()
    // the book project's form offers it
    const { form_id } = await app.db.selectFrom('project').select('form_id').where('id', '=', bookProject).executeTakeFirstOrThrow()
    form = await app.db
      .selectFrom('donation_form')
      .select(['id', 'pay_platform_list'])
      .where('school_id', '=', demoId)
      .$if(!!form_id, (q) => q.where('id', '=', form_id!))
      .orderBy('is_default', 'desc')
      .orderBy('id', 'asc')
      .executeTakeFirstOrThrow()
    const types = JSON.parse(form.pay_platform_list) as number[]
    await app.db
      .updateTable('donation_form')
      .set({ pay_platform_list: JSON.stringify([...types, 14]) })
      .where('id', '=', form.id)
      .execute()
    invalidateSchoolCache()
  })
  after(async () => {
    await app.db.updateTable('donation_form').set({ pay_platform_list: form.pay_platform_list }).where('id', '=', form.id).execute()
    await app.db.deleteFrom('payment_config').where('school_id', '=', demoId).where('pay_type', '=', 14).execute()
    await app.db.updateTable('school_setting').set({ sandbox_enabled: 1 }).where('school_id', '=', demoId).execute()
    invalidateSchoolCache()
  })

  it('a message, a nickname, a slogan and an avatar are seen by their author only until staff decide', async () => {
    const d = await donor('sms', 'none-donor-1')
    const calls = wxCalls.length
    assert.equal((await post(d.token, Api.insertLeaveword, { itemsId: avenue, content: 'none msg' })).body.code, 0)
    assert.ok(!(await publicMessages()).includes('none msg'))
    assert.equal((await post(d.token, Api.updateUser, { nickname: 'none nick' })).body.code, 0)
    assert.equal((await userRow(d.id)).nickname, '爱心校友')
    assert.equal((await my(d.token)).nickname, 'none nick')
    const tg = await launch(d.token, 'none sponsor', 'none slogan', 'en')
    assert.equal(tg.body.code, 0)
    assert.match(tg.body.message, /sent for review/)
    assert.ok(!(await publicTogethers()).some((t) => t.id === tg.body.data))
    const url = await avatarUpload(d.id, 'none-avatar')
    await post(d.token, Api.updateUser, { avatar: url })
    assert.equal((await userRow(d.id)).avatar, '')
    assert.equal(wxCalls.length, calls, 'nobody outside was asked')

    const rows = (await queue()).filter((r) => r.checker === 'none')
    assert.deepEqual(rows.map((r) => r.kind).sort(), ['avatar', 'message', 'nickname', 'together'])
    for (const r of rows) assert.equal(r.reason, 'unconfigured')
    // staff reject the slogan and the message, approve the nickname and the avatar
    for (const r of rows)
      assert.equal((await decide(r.id, r.kind === 'message' || r.kind === 'together' ? 'reject' : 'approve')).body.code, 0)
    assert.ok(!(await publicMessages()).includes('none msg'))
    assert.ok(!(await publicTogethers()).some((t) => t.id === tg.body.data))
    assert.equal((await userRow(d.id)).nickname, 'none nick')
    assert.equal((await userRow(d.id)).avatar, url)
    // nobody can give to the rejected joint donation
    const gift = await donate(app, 'demo', d.token, demoBody(avenue, { isDonateTogether: 1, donateTogetherId: tg.body.data }))
    assert.equal(gift.body.code, -1)
    const m = await app.db.selectFrom('leave_message').select('status').where('content', '=', 'none msg').executeTakeFirstOrThrow()
    assert.equal(m.status, 'hidden')
  })

  it('a nameplate is accepted into the order without asking anyone; the nameplate review holds it after payment', async () => {
    const d = await donor('sms', 'none-donor-2')
    const [wx, ali] = [wxCalls.length, aliCalls.length]
    const r = await nameplateOrder(d.token, '赟喆䶮', undefined, { payType: 14 })
    assert.equal(r.body.code, 0, r.body.message)
    assert.equal(r.body.data.data?.provider, 'thirdparty')
    assert.deepEqual([wxCalls.length, aliCalls.length], [wx, ali])
  })
})
