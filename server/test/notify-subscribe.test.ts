/**
 * WeChat subscribe messages and Alipay subscription messages (docs/decisions/049-subscribe-messages.md) against a fake
 * WeChat API and a fake Alipay gateway on 127.0.0.1, which keep what they were sent: staff set the school's templates
 * (validated), the app config lists their ids, a donor's "accept" in the subscribe dialog (notice/subscribe) allows
 * exactly one message, which carries the amount and the project; no grant, no message; WeChat's 43101 is a skip, not
 * a retry; a busy WeChat is retried with the same grant. The job worker (run by hand here) sends. On SQLite, and on
 * PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict'
import { createSign, createVerify, generateKeyPairSync } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../src/db/schema'
import { Api, type ApplyAnswer, type NoticePreferences, type NoticeSubscribeAnswer, type SchoolConfig } from '../../types'
import { saveFulfilmentConfig } from '../src/domain/fulfilment/config'
import { issueToken } from '../src/domain/user/service'
import { alipaySignContent } from '../src/providers/payment/alipay'
import { SCHOLARSHIP, paidGift } from './center-fixtures'
import { agreeToPrivacy, call, startApp, type TestContext } from './helpers'
import { projectIdOf, schoolIdOf } from './order-fixtures'
import { staffCall, staffToken } from './staff-fixtures'

/** a donor's unused grants per template */
async function unusedGrants(db: Kysely<DB>, schoolId: number, userId: number, channel: string) {
  const rows = await db
    .selectFrom('notice_grant')
    .select(['template_id', sql<number>`count(*)`.as('n')])
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('channel', '=', channel)
    .where('notification_id', 'is', null)
    .groupBy('template_id')
    .execute()
  return Object.fromEntries(rows.map((r) => [r.template_id, Number(r.n)]))
}

let ctx: TestContext
let app: FastifyInstance
let sid: number
let scholarship: number
let admin: string

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = ''
    req.on('data', (c) => (s += c))
    req.on('end', () => resolve(s))
  })

// ---------------------------------------------------------------- fake WeChat

interface WxSend {
  token: string
  body: {
    touser: string
    template_id: string
    page: string
    data: Record<string, { value: string }>
    miniprogram_state: string
    lang: string
  }
}
const wxSent: WxSend[] = []
/** the next answers of subscribe/send, one per call ({errcode: 0} when empty) */
const wxAnswers: Record<string, unknown>[] = []
let wechat: Server
let wechatBase = ''

// ---------------------------------------------------------------- fake Alipay gateway

const appKeys = generateKeyPairSync('rsa', { modulusLength: 2048 })
const alipayKeys = generateKeyPairSync('rsa', { modulusLength: 2048 })
const pem = (k: import('node:crypto').KeyObject, type: 'pkcs8' | 'spki') => k.export({ type, format: 'pem' }).toString()
const aliSent: { method: string; appId: string; biz: Record<string, string> }[] = []
let alipay: Server
let alipayBase = ''

before(async () => {
  wechat = createServer(async (req, res) => {
    const u = new URL(req.url ?? '/', 'http://x')
    const raw = await readBody(req)
    res.setHeader('content-type', 'application/json')
    if (u.pathname === '/sns/jscode2session') {
      return res.end(JSON.stringify({ openid: `o-${u.searchParams.get('js_code')}`, session_key: 'k' }))
    }
    if (u.pathname === '/cgi-bin/token') {
      const ok = u.searchParams.get('appid') === 'wx-mini-1' && u.searchParams.get('secret') === 'wx-mini-secret'
      return res.end(JSON.stringify(ok ? { access_token: 'tok-1', expires_in: 7200 } : { errcode: 40013, errmsg: 'invalid appid' }))
    }
    if (u.pathname === '/cgi-bin/message/subscribe/send') {
      if (u.searchParams.get('access_token') !== 'tok-1') return res.end(JSON.stringify({ errcode: 40001, errmsg: 'invalid credential' }))
      const answer = wxAnswers.shift() ?? { errcode: 0, errmsg: 'ok', msgid: wxSent.length + 1 }
      if (answer.errcode === 0) wxSent.push({ token: u.searchParams.get('access_token') ?? '', body: JSON.parse(raw) as WxSend['body'] })
      return res.end(JSON.stringify(answer))
    }
    res.statusCode = 404
    res.end('{}')
  })
  alipay = createServer(async (req, res) => {
    const params = Object.fromEntries(new URLSearchParams(await readBody(req)))
    const signedOk = createVerify('RSA-SHA256').update(alipaySignContent(params)).verify(appKeys.publicKey, params.sign, 'base64')
    let member = 'error_response'
    let inner = '{"code":"40002","msg":"Invalid Arguments","sub_code":"isv.invalid-signature"}'
    if (signedOk && params.method === 'alipay.open.app.mini.templatemessage.send') {
      aliSent.push({ method: params.method, appId: params.app_id, biz: JSON.parse(params.biz_content) as Record<string, string> })
      member = 'alipay_open_app_mini_templatemessage_send_response'
      inner = '{"code":"10000","msg":"Success"}'
    }
    const sign = createSign('RSA-SHA256').update(inner).sign(alipayKeys.privateKey, 'base64')
    res.setHeader('content-type', 'application/json')
    res.end(`{"${member}":${inner},"sign":"${sign}"}`)
  })
  await new Promise<void>((r) => wechat.listen(0, '127.0.0.1', r))
  await new Promise<void>((r) => alipay.listen(0, '127.0.0.1', r))
  wechatBase = `http://127.0.0.1:${(wechat.address() as AddressInfo).port}`
  alipayBase = `http://127.0.0.1:${(alipay.address() as AddressInfo).port}/gateway.do`
  ctx = await startApp({ build: { outbound: { allowLoopback: true }, notify: { env: {} } } })
  app = ctx.app
  sid = await schoolIdOf(app, 'demo')
  scholarship = await projectIdOf(app, 'demo', SCHOLARSHIP)
  admin = await staffToken(app, 'demo', ['admin'])
  const stamp = new Date().toISOString()
  await app.db
    .insertInto('oauth_config')
    .values([
      {
        school_id: sid,
        platform: 'weapp',
        app_id: 'wx-mini-1',
        credentials: JSON.stringify({ secret: 'wx-mini-secret' }),
        api_base: wechatBase,
        enabled: 1,
        updated_at: stamp
      },
      {
        school_id: sid,
        platform: 'alipay',
        app_id: 'ali-app-1',
        credentials: JSON.stringify({ privateKey: pem(appKeys.privateKey, 'pkcs8'), alipayPublicKey: pem(alipayKeys.publicKey, 'spki') }),
        api_base: alipayBase,
        enabled: 1,
        updated_at: stamp
      }
    ])
    .execute()
})

after(async () => {
  await ctx?.close()
  wechat?.close()
  alipay?.close()
})

// ---------------------------------------------------------------- helpers

const PAID_WX = 'wx-tmpl-paid-01'
const CERT_WX = 'wx-tmpl-cert-01'
const PAID_ALI = 'ali-tmpl-paid-01'

/** signs in through the mini-program: the fake jscode2session answers openid o-<code> */
async function weappDonor(code: string) {
  const { body } = await call<{ token: string }>(app, 'demo', Api.getAuthToken, { query: { code, platform: 'weapp' } })
  assert.equal(body.code, 0, body.message)
  await agreeToPrivacy(app, 'demo', body.data.token)
  const user = await app.db.selectFrom('app_user').select(['id', 'source']).where('open_id', '=', `o-${code}`).executeTakeFirstOrThrow()
  assert.equal(user.source, 'weapp')
  return { token: body.data.token, id: Number(user.id), openId: `o-${code}` }
}

const subscribe = (token: string, channel: 'wechat' | 'alipay', results: { templateId: string; accepted: boolean }[]) =>
  call<NoticeSubscribeAnswer>(app, 'demo', Api.noticeSubscribe, { method: 'POST', token, body: { channel, results } })

const noticesOf = (kind: string, refId: number) =>
  app.db.selectFrom('notification').selectAll().where('kind', '=', kind).where('ref_id', '=', refId).orderBy('id').execute()

// ---------------------------------------------------------------- tests

describe('templates per school and kind', () => {
  it('staff save the templates (field keys and facts validated); the app config lists their ids', async () => {
    const bad = await staffCall(app, 'demo', 'POST', '/notice-templates', {
      token: admin,
      body: { templates: [{ channel: 'wechat', kind: 'paid', templateId: PAID_WX, fields: { keyword1: 'project' } }] }
    })
    assert.equal(bad.body.code, -1)
    assert.match(bad.body.message, /消息模板无效/)
    const en = await staffCall(app, 'demo', 'POST', '/notice-templates', {
      token: admin,
      lang: 'en',
      body: { templates: [{ channel: 'alipay', kind: 'paid', templateId: PAID_ALI, fields: { thing1: 'project' } }] }
    })
    assert.match(en.body.message, /^Invalid message template/)

    const saved = await staffCall(app, 'demo', 'POST', '/notice-templates', {
      token: admin,
      body: {
        templates: [
          {
            channel: 'wechat',
            kind: 'paid',
            templateId: PAID_WX,
            fields: { thing1: 'project', amount2: 'amount', time3: 'time', phrase4: 'status' }
          },
          { channel: 'wechat', kind: 'certificate', templateId: CERT_WX, fields: { thing1: 'project', thing2: 'note' } },
          { channel: 'alipay', kind: 'paid', templateId: PAID_ALI, fields: { keyword1: 'project', keyword2: 'amount' } }
        ]
      }
    })
    assert.equal(saved.body.code, 0, saved.body.message)
    const listed = await staffCall(app, 'demo', 'GET', '/notice-templates', { token: admin })
    assert.equal(listed.body.data.length, 3)
    const cfg = (await app.inject({ url: '/config/demo/index.json' })).json() as SchoolConfig
    assert.deepEqual(cfg.noticeTemplates, { wechat: { paid: PAID_WX, certificate: CERT_WX }, alipay: { paid: PAID_ALI } })
  })
})

describe('WeChat subscribe messages', () => {
  it('an accepted subscription: the gift sends one message with the amount and project; the next gift has no grant', async () => {
    const d = await weappDonor('wx-accept')
    const sub = await subscribe(d.token, 'wechat', [
      { templateId: PAID_WX, accepted: true },
      { templateId: CERT_WX, accepted: false },
      { templateId: 'not-ours', accepted: true }
    ])
    assert.equal(sub.body.code, 0, sub.body.message)
    assert.equal(sub.body.data.granted, 1)
    // the tap turned WeChat on for that kind only
    const prefs = (await call<NoticePreferences>(app, 'demo', Api.noticePreferences, { token: d.token })).body.data
    assert.deepEqual(
      prefs.choices.filter((c) => c.enabled).map((c) => `${c.kind}.${c.channel}`),
      ['paid.wechat', 'receipt.email']
    )

    const before = wxSent.length
    const gift = await paidGift(app, 'demo', d.token, scholarship, { currencyMoney: '128.00' })
    assert.equal(wxSent.length, before, 'nothing is sent on the request path')
    await app.jobs.runJobsOnce()
    assert.equal(wxSent.length, before + 1)
    const m = wxSent[before].body
    assert.equal(m.touser, d.openId)
    assert.equal(m.template_id, PAID_WX)
    assert.equal(m.page, 'pkg-mine/mine-don/index')
    assert.equal(m.data.thing1.value, SCHOLARSHIP)
    assert.equal(m.data.amount2.value, '¥128.00')
    assert.match(m.data.time3.value, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
    assert.equal(m.data.phrase4.value, '已到账')
    assert.deepEqual([m.miniprogram_state, m.lang], ['trial', 'zh_CN'])
    const [n] = await noticesOf('paid', gift.id)
    assert.deepEqual([n.state, n.channel, n.recipient], ['sent', 'wechat', d.openId])
    assert.deepEqual(await unusedGrants(app.db, sid, d.id, 'wechat'), {})

    // one accept, one message: the next gift finds no grant and is skipped with the reason
    const second = await paidGift(app, 'demo', d.token, scholarship, { currencyMoney: '5.00' })
    await app.jobs.runJobsOnce()
    assert.equal(wxSent.length, before + 1)
    const [n2] = await noticesOf('paid', second.id)
    assert.equal(n2.state, 'skipped')
    assert.match(n2.last_error, /wechat: the donor gave no subscription/)
  })

  it('a rejected subscription: no grant, no message', async () => {
    const d = await weappDonor('wx-reject')
    const sub = await subscribe(d.token, 'wechat', [{ templateId: PAID_WX, accepted: false }])
    assert.equal(sub.body.data.granted, 0)
    const before = wxSent.length
    const gift = await paidGift(app, 'demo', d.token, scholarship, { currencyMoney: '66.00' })
    await app.jobs.runJobsOnce()
    assert.equal(wxSent.length, before)
    assert.equal((await noticesOf('paid', gift.id)).length, 0, 'a donor who turned nothing on makes no row')
  })

  it('43101 (refused or used up) is a skip, never retried; a busy WeChat is retried with the same grant', async () => {
    const d = await weappDonor('wx-errors')
    await subscribe(d.token, 'wechat', [{ templateId: PAID_WX, accepted: true }])
    wxAnswers.push({ errcode: 43101, errmsg: 'user refuse to accept the msg' })
    const refused = await paidGift(app, 'demo', d.token, scholarship, { currencyMoney: '10.00' })
    const before = wxSent.length
    await app.jobs.runJobsOnce()
    let [n] = await noticesOf('paid', refused.id)
    assert.equal(n.state, 'skipped')
    assert.match(n.last_error, /43101/)
    const [job] = (await app.db.selectFrom('job').selectAll().where('kind', '=', 'notify').execute()).filter(
      (j) => (JSON.parse(j.payload) as { notificationId: number }).notificationId === Number(n.id)
    )
    assert.equal(job.status, 'done')

    await subscribe(d.token, 'wechat', [{ templateId: PAID_WX, accepted: true }])
    wxAnswers.push({ errcode: -1, errmsg: 'system error' })
    const busy = await paidGift(app, 'demo', d.token, scholarship, { currencyMoney: '20.00' })
    const t0 = Date.now()
    assert.equal((await app.jobs.runJobsOnce(new Date(t0))).failed, 1)
    ;[n] = await noticesOf('paid', busy.id)
    assert.equal(n.state, 'retrying')
    assert.match(n.last_error, /errcode -1/)
    assert.ok(!n.last_error.includes('tok-1'), 'the access_token is never stored')
    await app.jobs.runJobsOnce(new Date(t0 + 60_000))
    ;[n] = await noticesOf('paid', busy.id)
    assert.equal(n.state, 'sent')
    assert.equal(wxSent.length, before + 1)
    assert.equal(wxSent[before].body.data.amount2.value, '¥20.00')
    const grants = await app.db.selectFrom('notice_grant').selectAll().where('user_id', '=', d.id).orderBy('id').execute()
    assert.deepEqual(
      grants.map((g) => Number(g.notification_id)),
      [Number((await noticesOf('paid', refused.id))[0].id), Number(n.id)],
      'each message spent exactly one grant, the retry none more'
    )
  })
})

describe('an e-mail receipt told by WeChat', () => {
  it('without SMTP the WeChat message tells of the receipt, and the receipt waits for staff (only e-mail carries the file)', async () => {
    await saveFulfilmentConfig(app.db, sid, {
      isOpenPaper: true,
      certificateWays: [1, 2],
      isOpenReceipt: true,
      validType: 1,
      isCreditCode: false
    })
    await staffCall(app, 'demo', 'POST', '/notice-templates', {
      token: admin,
      body: {
        templates: [
          {
            channel: 'wechat',
            kind: 'paid',
            templateId: PAID_WX,
            fields: { thing1: 'project', amount2: 'amount', time3: 'time', phrase4: 'status' }
          },
          {
            channel: 'wechat',
            kind: 'receipt',
            templateId: 'wx-tmpl-receipt-01',
            fields: { thing1: 'project', amount2: 'amount', thing3: 'note' }
          },
          { channel: 'alipay', kind: 'paid', templateId: PAID_ALI, fields: { keyword1: 'project', keyword2: 'amount' } }
        ]
      }
    })
    const d = await weappDonor('wx-receipt')
    const gift = await paidGift(app, 'demo', d.token, scholarship, { currencyMoney: '300.00' })
    await subscribe(d.token, 'wechat', [{ templateId: 'wx-tmpl-receipt-01', accepted: true }])
    const applied = await call<ApplyAnswer>(app, 'demo', Api.receiptInsert, {
      method: 'POST',
      token: d.token,
      body: { donorType: 1, donorName: '张三', receiptType: 2, receiptWay: 3, postalEmail: 'zhang@example.com', donateRecordIds: [gift.id] }
    })
    assert.equal(applied.body.code, 0, applied.body.message)
    const id = applied.body.data.ids[0]
    const fulfil = await staffToken(app, 'demo', ['fulfilment'])
    const boundary = '----subscribetest'
    const upload = await app.inject({
      method: 'POST',
      url: `/staff-api/demo/receipts/${id}/file`,
      headers: { authorization: `Staff ${fulfil}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.pdf"\r\nContent-Type: application/pdf\r\n\r\n`
        ),
        Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
        Buffer.from(`\r\n--${boundary}--\r\n`)
      ])
    })
    assert.equal((upload.json() as { code: number; message: string }).code, 0, upload.body)
    const before = wxSent.length
    await app.jobs.runJobsOnce()
    assert.equal(wxSent.length, before + 1)
    const m = wxSent[before].body
    assert.equal(m.template_id, 'wx-tmpl-receipt-01')
    assert.equal(m.page, 'pkg-cert/mine-paper/index')
    assert.deepEqual([m.data.thing1.value, m.data.amount2.value, m.data.thing3.value], [SCHOLARSHIP, '¥300.00', '可在“我的票据”中查看'])
    const [n] = await noticesOf('receipt', id)
    assert.deepEqual([n.state, n.channel], ['sent', 'wechat'])
    const r = await app.db.selectFrom('receipt_request').select('status').where('id', '=', id).executeTakeFirstOrThrow()
    assert.notEqual(r.status, 7, 'not Sent: the file went nowhere')
  })
})

describe('Alipay subscription messages', () => {
  it('an accepted subscription sends alipay.open.app.mini.templatemessage.send, signed, with the amount and project', async () => {
    const u = await app.db
      .insertInto('app_user')
      .values({
        school_id: sid,
        source: 'alipay',
        open_id: '074a1iRbGgNnRj8YVzqLqXbwLBYP2oyZ',
        nickname: '爱心校友',
        avatar: '',
        name: '',
        mobile: '',
        id_no: '',
        created_at: new Date().toISOString()
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const { token } = await issueToken(app.db, sid, Number(u.id))
    await agreeToPrivacy(app, 'demo', token)
    assert.equal((await subscribe(token, 'alipay', [{ templateId: PAID_ALI, accepted: true }])).body.data.granted, 1)
    const gift = await paidGift(app, 'demo', token, scholarship, { currencyMoney: '88.80' })
    await app.jobs.runJobsOnce()
    assert.equal(aliSent.length, 1)
    const biz = aliSent[0].biz
    assert.equal(aliSent[0].appId, 'ali-app-1')
    assert.equal(biz.to_open_id, '074a1iRbGgNnRj8YVzqLqXbwLBYP2oyZ')
    assert.equal(biz.user_template_id, PAID_ALI)
    assert.equal(biz.page, 'pkg-mine/mine-don/index')
    assert.deepEqual(JSON.parse(biz.data), { keyword1: { value: SCHOLARSHIP }, keyword2: { value: '¥88.80' } })
    const [n] = await noticesOf('paid', gift.id)
    assert.deepEqual([n.state, n.channel], ['sent', 'alipay'])

    // no grant left: the next gift goes nowhere
    const next = await paidGift(app, 'demo', token, scholarship, { currencyMoney: '1.00' })
    await app.jobs.runJobsOnce()
    assert.equal(aliSent.length, 1)
    assert.equal((await noticesOf('paid', next.id))[0].state, 'skipped')
  })
})
