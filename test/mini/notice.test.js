/**
 * WeChat subscribe messages in the COMPILED weapp (docs/decisions/049-subscribe-messages.md) against the real server
 * (test/mini/notice-server.ts: the demo school's mini-program credentials and "gift received" template point at a
 * fake WeChat API on 127.0.0.1, which signs the donor in (jscode2session), hands out the access_token and keeps every
 * subscribe message it is sent). The donor fills nothing in: a kept draft of the form (the app's own donateDraft)
 * holds the amount and their details; they tap the pay button, answer the subscribe dialog (wx.requestSubscribeMessage,
 * answered by the test) and pay in the sandbox cashier. Rejected: no message ever; accepted: the job worker sends one
 * with the amount and the project. On the compiled Alipay build (SIM_PLATFORM=alipay) the same tap asks
 * my.requestSubscribeMessage for the school's Alipay template and reports each answer; the demo school has no Alipay
 * credentials there, so the sending side is server/test/notify-subscribe.test.ts against a fake gateway.
 */
const path = require('node:path')
const { createServer } = require('node:http')
const Database = require('better-sqlite3')
const { createMiniRuntime, textOf, findAll, tap, waitFor, walk } = require('./harness')
const { startServer, apiGet } = require('./server')
const { httpRequest } = require('./http')
const { signedHeaders } = require('./server')

const PLATFORM = process.env.SIM_PLATFORM || 'weapp'
const API = PLATFORM === 'alipay' ? 'my' : 'wx'
const dist = path.join(__dirname, '..', '..', 'dist', PLATFORM)
const P = '/uplus-foundation/app/v1/donateu'
const TEMPLATE = 'wx-tmpl-paid-compiled'
const ALI_TEMPLATE = 'ali-tmpl-paid-compiled'
const CODE = `mini-notice-${Date.now()}`
const PROJECT = '校园林荫大道改造'

let fake
let server
let cfg
const sent = []

beforeAll(async () => {
  fake = createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => (raw += c))
    req.on('end', () => {
      const u = new URL(req.url, 'http://x')
      res.setHeader('content-type', 'application/json')
      if (u.pathname === '/sns/jscode2session')
        return res.end(JSON.stringify({ openid: `o-${u.searchParams.get('js_code')}`, session_key: 'k' }))
      if (u.pathname === '/cgi-bin/token') return res.end(JSON.stringify({ access_token: 'tok-compiled', expires_in: 7200 }))
      if (u.pathname === '/cgi-bin/message/subscribe/send' && u.searchParams.get('access_token') === 'tok-compiled') {
        sent.push(JSON.parse(raw))
        return res.end(JSON.stringify({ errcode: 0, errmsg: 'ok', msgid: sent.length }))
      }
      res.statusCode = 404
      res.end('{}')
    })
  })
  await new Promise((r) => fake.listen(0, '127.0.0.1', r))
  server = await startServer({
    command: [path.join(__dirname, '..', '..', 'node_modules', '.bin', 'tsx'), path.join(__dirname, 'notice-server.ts')],
    env: {
      FAKE_WECHAT_BASE: `http://127.0.0.1:${fake.address().port}`,
      NOTICE_TEMPLATE_ID: TEMPLATE,
      ALIPAY_NOTICE_TEMPLATE_ID: ALI_TEMPLATE
    }
  })
  cfg = (await httpRequest(`${server.origin}/config/demo/index.json`)).data
}, 120000)
afterAll(async () => {
  if (server) await server.stop()
  if (fake) fake.close()
})

async function signedCall(apiPath, { method = 'GET', query = {}, body, token } = {}) {
  const headers = { ...signedHeaders(cfg.signKey), 'content-type': 'application/json' }
  if (token) headers.authorization = token
  const qs = new URLSearchParams(query).toString()
  const r = await httpRequest(`${server.origin}${cfg.api}${apiPath}${qs ? `?${qs}` : ''}`, {
    method,
    headers,
    body: body && JSON.stringify(body)
  })
  if (r.data.code !== 0) throw new Error(`${apiPath}: ${r.data.code} ${r.data.message}`)
  return r.data.data
}

/** miniprogram-simulate's storage keeps nothing: a memory in both signatures, WeChat's (key, data) and Alipay's
 *  ({key, data}) / ({key}) -> {data} (as test/mini/naming.test.js) */
function withStorage(api) {
  const mem = new Map()
  api.setStorageSync = (k, v) => (typeof k === 'object' ? mem.set(k.key, k.data) : mem.set(k, v), undefined)
  api.getStorageSync = (k) => {
    if (typeof k === 'object') return { data: mem.has(k.key) ? mem.get(k.key) : null }
    return mem.has(k) ? mem.get(k) : ''
  }
  api.removeStorageSync = (k) => {
    const key = typeof k === 'object' ? k.key : k
    mem.delete(key)
    removed.push(key)
  }
  const removed = []
  mem.removed = removed
  return mem
}

const classes = (n) => (typeof n.cl === 'string' ? n.cl.split(/\s+/) : [])
/** the first node with class `cls` inside the first node with class `within` */
function inside(page, within, cls) {
  const box = findAll(page, (n) => classes(n).includes(within))[0]
  let hit = null
  walk(box, (n) => {
    if (!hit && classes(n).includes(cls)) hit = n
  })
  return hit
}

/** One gift through the compiled form: draft kept, pay tapped, the dialog answered `answer`, the sandbox cashier paid. */
async function giveThroughTheForm(rt, storage, project, amount, answer) {
  const drops = storage.removed.filter((k) => k === 'donateDraft').length
  storage.set('donateDraft', {
    itemsId: project.id,
    savedAt: Date.now(),
    state: { handMoney: amount, fixedMoney: null, values: { name: '张赟喆', mobile: '13800138000', isAlumni: '0' }, agreed: true }
  })
  // the platform's dialog, answered as each platform answers: WeChat per tmplId, Alipay with the subscribed entityIds
  rt.api.requestSubscribeMessage = jest.fn((opts) => {
    const res =
      PLATFORM === 'alipay'
        ? {
            behavior: answer === 'accept' ? 'subscribe' : '',
            show: true,
            result: {
              subscribeEntityIds: answer === 'accept' ? opts.entityIds : [],
              subscribedEntityIds: answer === 'accept' ? opts.entityIds : [],
              unsubscribedEntityIds: answer === 'accept' ? [] : opts.entityIds,
              currentSubscribedEntityIds: answer === 'accept' ? opts.entityIds : []
            }
          }
        : Object.fromEntries([['errMsg', 'requestSubscribeMessage:ok'], ...opts.tmplIds.map((id) => [id, answer])])
    opts.success && opts.success(res)
    opts.complete && opts.complete(res)
  })
  // a fresh stack: the thank-you page of the gift before (which drops the draft whenever it refreshes) is gone
  await rt.api.reLaunch({ url: `/pkg-donate/form/index?id=${project.id}` })
  const form = rt.top()
  await waitFor(() => textOf(form.data.root).includes(amount), 20000)
  const pay = await waitFor(() => inside(form, 'dn-bar__action', 'at-button'), 5000)
  tap(form, pay)
  // the dialog is asked by the tap itself (WeChat shows it from a tap only), for the school's template
  expect(rt.api.requestSubscribeMessage).toHaveBeenCalledTimes(1)
  const asked = rt.api.requestSubscribeMessage.mock.calls[0][0]
  if (PLATFORM === 'alipay') expect(asked.entityIds).toEqual([ALI_TEMPLATE])
  else expect(asked.tmplIds).toEqual([TEMPLATE])
  await waitFor(() => rt.top().route === 'pkg-donate/cashier/index', 20000)
  const cashier = rt.top()
  await waitFor(() => textOf(cashier.data.root).includes(project.name), 20000)
  tap(cashier, findAll(cashier, (n) => classes(n).includes('at-button--primary'))[0])
  await waitFor(() => rt.top().route === 'pkg-donate/success/index', 20000)
  // paid: the form drops its kept draft, and so does the thank-you page once it shows the gift; both are done before
  // the next gift's draft is set
  await waitFor(() => storage.removed.filter((k) => k === 'donateDraft').length >= drops + 2, 20000)
  const reported = rt.requestLog.filter((r) => r.url.includes('/notice/subscribe'))
  return reported[reported.length - 1]
}

;(PLATFORM === 'weapp' ? test : test.skip)(
  'weapp: the pay tap asks for the subscription; rejected, no message; accepted, one message with the amount and project',
  async () => {
    expect(cfg.noticeTemplates.wechat.paid).toBe(TEMPLATE)
    // the donor as the mini-program signs them in (the fake jscode2session: openid o-<code>), privacy agreed
    const { token } = await signedCall('/uplus-system/app/v1/user/getAuthToken', { query: { billType: 2, code: CODE, platform: 'weapp' } })
    const { version } = await signedCall(`${P}/privacy/status`, { token })
    await signedCall(`${P}/privacy/consent`, { method: 'POST', token, body: { version } })

    const rt = createMiniRuntime(dist, { global: API, origin: server.origin })
    // signed in already (a token of another school would be dropped at start: the school is remembered with it)
    const storage = withStorage(rt.api)
    storage.set('school', 'demo')
    storage.set('token', token)
    rt.api.login = (opts = {}) => {
      const res = { code: CODE, errMsg: 'login:ok' }
      opts.success && opts.success(res)
      return Promise.resolve(res)
    }
    const list = await apiGet(server.origin, 'demo', `${P}/items/itemsList`, { limit: 100, offset: 0 })
    const project = list.rows.find((p) => p.name === PROJECT)
    const home = rt.launch('pages/home/index')
    await waitFor(() => textOf(home.data.root).length > 0, 20000)

    const rejected = await giveThroughTheForm(rt, storage, project, '66.00', 'reject')
    expect(rejected.data.data.granted).toBe(0)
    const accepted = await giveThroughTheForm(rt, storage, project, '128.00', 'accept')
    expect(accepted.data.code).toBe(0)
    expect(accepted.data.data.granted).toBe(1)

    // the job worker sends after the payment: one message, the accepted gift's, to the donor's openid
    await waitFor(() => sent.length > 0, 30000)
    expect(sent).toHaveLength(1)
    const m = sent[0]
    expect(m.touser).toBe(`o-${CODE}`)
    expect(m.template_id).toBe(TEMPLATE)
    expect(m.data.thing1.value).toBe(PROJECT)
    expect(m.data.amount2.value).toBe('¥128.00')
    // the rejected gift has no message waiting either: the donor turned nothing on by rejecting
    const db = new Database(path.join(server.dataDir, 'uplus.db'), { readonly: true })
    try {
      const gifts = db
        .prepare(
          `select d.amount_fen, (select n.state from notification n where n.kind = 'paid' and n.ref_id = d.id) as notice
           from donation d join app_user u on u.id = d.user_id where u.open_id = ? and d.status = 'paid' order by d.id`
        )
        .all(`o-${CODE}`)
      expect(gifts).toEqual([
        { amount_fen: 6600, notice: null },
        { amount_fen: 12800, notice: 'sent' }
      ])
    } finally {
      db.close()
    }
  },
  120000
)

;(PLATFORM === 'alipay' ? test : test.skip)(
  'alipay: the pay tap asks my.requestSubscribeMessage for the school template and reports each answer',
  async () => {
    expect(cfg.noticeTemplates.alipay.paid).toBe(ALI_TEMPLATE)
    const rt = createMiniRuntime(dist, { global: API, origin: server.origin })
    const storage = withStorage(rt.api)
    // no Alipay credentials at the demo school: the app signs in with the sandbox (the code is the identity)
    rt.api.getAuthCode = (opts = {}) => {
      const res = { authCode: CODE }
      opts.success && opts.success(res)
      return Promise.resolve(res)
    }
    const { token } = await signedCall('/uplus-system/app/v1/user/getAuthToken', { query: { billType: 2, code: CODE, platform: 'alipay' } })
    const { version } = await signedCall(`${P}/privacy/status`, { token })
    await signedCall(`${P}/privacy/consent`, { method: 'POST', token, body: { version } })
    storage.set('school', 'demo')
    storage.set('token', token)
    const list = await apiGet(server.origin, 'demo', `${P}/items/itemsList`, { limit: 100, offset: 0 })
    const project = list.rows.find((p) => p.name === PROJECT)
    const home = rt.launch('pages/home/index')
    await waitFor(() => textOf(home.data.root).length > 0, 20000)

    const rejected = await giveThroughTheForm(rt, storage, project, '66.00', 'reject')
    expect(rejected.data.data.granted).toBe(0)
    const accepted = await giveThroughTheForm(rt, storage, project, '128.00', 'accept')
    expect(accepted.data.data.granted).toBe(1)
    // what the server kept: one grant of the Alipay template, and Alipay messages turned on for gifts received
    const db = new Database(path.join(server.dataDir, 'uplus.db'), { readonly: true })
    try {
      const user = db.prepare('select id from app_user where open_id = ?').get(CODE)
      expect(db.prepare('select channel, template_id, notification_id from notice_grant where user_id = ?').all(user.id)).toEqual([
        { channel: 'alipay', template_id: ALI_TEMPLATE, notification_id: null }
      ])
      expect(
        db.prepare("select enabled from notify_preference where user_id = ? and kind = 'paid' and channel = 'alipay'").get(user.id)
      ).toEqual({
        enabled: 1
      })
    } finally {
      db.close()
    }
  },
  120000
)
