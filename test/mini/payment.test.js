/**
 * The COMPILED payment pages (dist/weapp or dist/alipay, SIM_PLATFORM) against the real server: an order created
 * through the API as the mini-program would (donateFrom U6), its sandbox cashier page opened with the provider's
 * URL, Pay tapped: the sandbox notification, payback and the redirect to the thank-you page, which shows the donor.
 * Then the Alipay page: the WeChat mini-program shows the copy-link instructions (Alipay cannot run there); the
 * Alipay mini-program never gets that page (my.tradePay pays in place), so it is checked on weapp only.
 */
const path = require('node:path')
const { createCipheriv, randomBytes } = require('node:crypto')
const { ariaOf, createMiniRuntime, textOf, findAll, tap, waitFor } = require('./harness')
const { startServer } = require('./server')
const { httpRequest } = require('./http')

const PLATFORM = process.env.SIM_PLATFORM || 'weapp'
const API = PLATFORM === 'alipay' ? 'my' : 'wx'
const dist = path.join(__dirname, '..', '..', 'dist', PLATFORM)
const P = '/uplus-foundation/app/v1/donateu'

let server
let cfg
/** one runtime per file: the compiled app.js registers App() once per process */
let rt
beforeAll(async () => {
  server = await startServer()
  cfg = (await httpRequest(`${server.origin}/config/demo/index.json`)).data
}, 120000)
afterAll(async () => {
  if (server) await server.stop()
})

async function call(apiPath, { query = {}, method = 'GET', body, token } = {}) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  const nonce = Array.from(randomBytes(32), (b) => alphabet[b % 62]).join('')
  const c = createCipheriv('aes-128-cbc', Buffer.from(cfg.signKey), Buffer.from(nonce.slice(0, 16)))
  const signature = Buffer.concat([c.update(String(Date.now())), c.final()]).toString('base64')
  const headers = { nonce, signature, 'content-type': 'application/json' }
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

async function order(payType) {
  const { token } = await call('/uplus-system/app/v1/user/getAuthToken', { query: { billType: 2, code: `mini-${PLATFORM}-${Date.now()}` } })
  // the donor agreed to the privacy policy, as the app's consent prompt records it (docs/decisions/041)
  const { version } = await call(`${P}/privacy/status`, { token })
  await call(`${P}/privacy/consent`, { method: 'POST', token, body: { version } })
  const list = await call(`${P}/items/itemsList`, { query: { limit: 100, offset: 0 } })
  const project = list.rows.find((p) => p.name === '校园林荫大道改造')
  const answer = await call(`${P}/items/donate`, {
    method: 'POST',
    token,
    body: {
      currency: 'CNY',
      payType,
      currencyMoney: '1234.56',
      itemsId: project.id,
      itemsType: 1,
      isAnonymous: 0,
      donateFrom: 'U6',
      formDataMap: { name: '张赟喆', mobile: '86-13800138000', isAlumni: '0' },
      isAgree: 1
    }
  })
  return { token, project, billNo: answer.orderPayRequestDTO.billNo, params: answer.data, payToken: answer.payToken }
}

const classes = (n) => (typeof n.cl === 'string' ? n.cl.split(/\s+/) : [])

test(`${PLATFORM}: the sandbox cashier pays the order and moves on to the thank-you page`, async () => {
  const o = await order(1)
  expect(o.params.provider).toBe('sandbox')
  rt = createMiniRuntime(dist, { global: API, origin: server.origin })
  const query = Object.fromEntries(new URLSearchParams(o.params.url.split('?')[1]))
  delete query.school
  const cashier = rt.launch('pkg-donate/cashier/index', query)
  await waitFor(() => textOf(cashier.data.root).includes('1,234.56'), 20000)
  if (PLATFORM === 'weapp') {
    // the payment method's logo is named for WeChat's screen reader: role img and its label (config/mini-aria.js)
    const logo = findAll(cashier, (n) => classes(n).includes('pay-logo'))[0]
    expect(logo).toBeTruthy()
    const aria = ariaOf(dist, logo)
    expect(aria.role).toBe('img')
    expect(aria.label.length).toBeGreaterThan(1)
  }
  const text = textOf(cashier.data.root)
  expect(text).toContain('沙箱收银台')
  expect(text).toContain('不会产生真实扣款')
  expect(text).toContain('校园林荫大道改造')

  const pay = findAll(cashier, (n) => classes(n).includes('at-button--primary'))[0]
  expect(pay).toBeTruthy()
  const redirect = jest.spyOn(rt.api, 'redirectTo')
  tap(cashier, pay)
  await waitFor(() => redirect.mock.calls.length, 15000)
  expect(redirect.mock.calls[0][0].url).toBe(`/pkg-donate/success/index?billNo=${o.billNo}&payToken=${encodeURIComponent(o.payToken)}`)
  expect(await call(`${P}/items/payback`, { query: { donatePlatOrder: o.billNo }, token: o.token })).toBe(1)
  const notify = rt.requestLog.find((r) => r.url.endsWith('/sandbox/notify'))
  expect(notify && notify.method).toBe('POST')

  const success = rt.top()
  expect(success.route).toBe('pkg-donate/success/index')
  await waitFor(() => textOf(success.data.root).includes('张赟喆'), 20000)
  expect(textOf(success.data.root)).toContain('捐赠成功')
  expect(textOf(success.data.root)).toContain('校园林荫大道改造')
  if (PLATFORM === 'weapp') {
    // the certificate picture's name (imageAlt) is its aria-label on WeChat (config/mini-aria-runtime.js)
    const img = await waitFor(() => findAll(success, (n) => classes(n).includes('pm-cert__img'))[0], 20000)
    expect(ariaOf(dist, img).label).toBe('捐赠证书图片，点击查看大图')
  }
}, 60000)

;(PLATFORM === 'weapp' ? test : test.skip)(
  'weapp: the Alipay page shows the copy-link instructions with the pay link, never the session token',
  async () => {
    const o = await order(2)
    rt.api.navigateTo({ url: `/pkg-donate/alipay/index?billNo=${o.billNo}&payToken=${encodeURIComponent(o.payToken)}` })
    const page = rt.top()
    expect(page.route).toBe('pkg-donate/alipay/index')
    await waitFor(() => textOf(page.data.root).includes('复制链接'), 20000)
    const text = textOf(page.data.root)
    expect(text).toContain('小程序内无法使用支付宝付款')
    expect(text).toContain(`/alipay?billNo=${o.billNo}&payToken=${encodeURIComponent(o.payToken)}&school=demo`)
    expect(text).not.toContain(o.token)
    const copy = jest.spyOn(rt.api, 'setClipboardData')
    tap(page, findAll(page, (n) => classes(n).includes('at-button--primary'))[0])
    await waitFor(() => copy.mock.calls.length, 5000)
    expect(copy.mock.calls[0][0].data).toContain(`payToken=${encodeURIComponent(o.payToken)}`)
    expect(rt.requestLog.some((r) => r.url.includes('/donate4ali'))).toBe(false)
  },
  60000
)
