/**
 * WeChat subscribe messages in the COMPILED weapp (docs/decisions/049-subscribe-messages.md) against the real server
 * (test/mini/notice-server.ts: the demo school's mini-program credentials and "gift received" template point at a
 * fake WeChat API on 127.0.0.1, which signs the donor in (jscode2session), hands out the access_token and keeps every
 * subscribe message it is sent). The donor fills nothing in: a kept draft of the form (the app's own donateDraft)
 * holds the amount and their details; they tap the pay button, answer the subscribe dialog (wx.requestSubscribeMessage,
 * answered by the test) and pay in the sandbox cashier. Rejected: no message ever; accepted: the job worker sends one
 * with the amount and the project. Alipay's dialog has no simulator here: its server side is server/test/notify-subscribe.test.ts.
 */
const path = require('node:path')
const { createServer } = require('node:http')
const Database = require('better-sqlite3')
const { createMiniRuntime, textOf, findAll, tap, waitFor, walk } = require('./harness')
const { startServer, apiGet } = require('./server')
const { httpRequest } = require('./http')
const { signedHeaders } = require('./server')

const PLATFORM = process.env.SIM_PLATFORM || 'weapp'
const dist = path.join(__dirname, '..', '..', 'dist', 'weapp')
const P = '/uplus-foundation/app/v1/donateu'
const TEMPLATE = 'wx-tmpl-paid-compiled'
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
    env: { FAKE_WECHAT_BASE: `http://127.0.0.1:${fake.address().port}`, NOTICE_TEMPLATE_ID: TEMPLATE }
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
  storage.set('donateDraft', {
    itemsId: project.id,
    savedAt: Date.now(),
    state: { handMoney: amount, fixedMoney: null, values: { name: '张赟喆', mobile: '13800138000', isAlumni: '0' }, agreed: true }
  })
  rt.api.requestSubscribeMessage = jest.fn((opts) => {
    const res = { errMsg: 'requestSubscribeMessage:ok' }
    for (const id of opts.tmplIds) res[id] = answer
    opts.success && opts.success(res)
    opts.complete && opts.complete(res)
  })
  await rt.api.navigateTo({ url: `/pkg-donate/form/index?id=${project.id}` })
  const form = rt.top()
  await waitFor(() => textOf(form.data.root).includes(amount), 20000)
  const pay = await waitFor(() => inside(form, 'dn-bar__action', 'at-button'), 5000)
  tap(form, pay)
  // the dialog is asked by the tap itself (WeChat shows it from a tap only), for the school's template
  expect(rt.api.requestSubscribeMessage).toHaveBeenCalledTimes(1)
  expect(rt.api.requestSubscribeMessage.mock.calls[0][0].tmplIds).toEqual([TEMPLATE])
  await waitFor(() => rt.top().route === 'pkg-donate/cashier/index', 20000)
  const cashier = rt.top()
  await waitFor(() => textOf(cashier.data.root).includes(project.name), 20000)
  tap(cashier, findAll(cashier, (n) => classes(n).includes('at-button--primary'))[0])
  await waitFor(() => rt.top().route === 'pkg-donate/success/index', 20000)
  // paid: the form drops its kept draft (after the redirect), so the next gift starts from the one set here
  await waitFor(() => !storage.has('donateDraft'), 5000)
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

    const rt = createMiniRuntime(dist, { global: 'wx', origin: server.origin })
    // signed in already (a token of another school would be dropped at start: the school is remembered with it)
    const storage = new Map([
      ['school', 'demo'],
      ['token', token]
    ])
    rt.api.getStorageSync = (k) => (storage.has(k) ? storage.get(k) : '')
    rt.api.setStorageSync = (k, v) => void storage.set(k, v)
    rt.api.removeStorageSync = (k) => void storage.delete(k)
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
