/**
 * The COMPILED personal centre (dist/weapp or dist/alipay, SIM_PLATFORM) against the real server: mine opened
 * without a token signs in with the platform's login code (wx.login / my.getAuthCode, exchanged by getAuthToken
 * naming the platform), shows the donor from the server, offers 'bind mobile' (a platform account has no mobile
 * yet) and the bind prompt opens the login page in bind mode (SMS only).
 */
const path = require('node:path')
const { createMiniRuntime, textOf, findAll, tap, waitFor } = require('./harness')
const { startServer } = require('./server')

const PLATFORM = process.env.SIM_PLATFORM || 'weapp'
const API = PLATFORM === 'alipay' ? 'my' : 'wx'
const dist = path.join(__dirname, '..', '..', 'dist', PLATFORM)

let server
beforeAll(async () => {
  server = await startServer()
}, 120000)
afterAll(async () => {
  if (server) await server.stop()
})

const hasClass = (n, c) => typeof n.cl === 'string' && n.cl.split(/\s+/).includes(c)
// Taro's Alipay runtime sends header names in lower case
const authOf = (r) => r.header.Authorization || r.header.authorization

test(`${PLATFORM}: mine signs in with the platform code, shows the donor and leads to bind mobile`, async () => {
  const rt = createMiniRuntime(dist, { global: API, origin: server.origin })
  const code = `mini-center-${PLATFORM}-${Date.now()}`
  rt.api.login = (opts = {}) => {
    const res = { code, errMsg: 'login:ok' }
    opts.success && opts.success(res)
    return Promise.resolve(res)
  }
  rt.api.getAuthCode = (opts = {}) => {
    const res = { authCode: code }
    opts.success && opts.success(res)
    return Promise.resolve(res)
  }
  const mine = rt.launch('pages/mine/index')
  await waitFor(() => textOf(mine.data.root).includes('我的捐赠'), 20000)
  const text = textOf(mine.data.root)
  // the sandbox identity's default nickname, in the app's word for it (decision 073), the server's own 爱心校友, and an empty record
  expect(text).toContain('爱心校友')
  expect(text).not.toContain('微信用户')
  expect(text).toContain('¥0.00')
  expect(text).toContain('我的勋章')
  const exchange = rt.requestLog.find((r) => r.url.includes('/getAuthToken'))
  expect(exchange).toBeTruthy()
  const q = new URL(exchange.url).searchParams
  expect(q.get('code')).toBe(code)
  expect(q.get('platform')).toBe(PLATFORM)
  // the token the exchange answered travels in the Authorization header of the signed-in calls, never in a URL
  const token = exchange.data && exchange.data.data && exchange.data.data.token
  expect(token).toBeTruthy()
  expect(rt.requestLog.filter((r) => /token=|authorization=/i.test(r.url) || r.url.includes(token)).map((r) => r.url)).toEqual([])
  const my = rt.requestLog.filter((r) => /\/user\/center\/my(\?|$)/.test(r.url))
  expect(my.length).toBeGreaterThan(0)
  expect(my.map((r) => [r.status, r.data.code, authOf(r)])).toEqual(my.map(() => [200, 0, token]))
  // the exchange itself goes without one (there is none yet); every API call carries the UI's language
  expect(authOf(exchange)).toBeUndefined()
  expect(rt.requestLog.filter((r) => r.url.includes('/api/') && r.header.lang !== 'zh_CN').map((r) => r.url)).toEqual([])

  const bind = findAll(mine, (n) => hasClass(n, 'mine-bind'))[0]
  expect(bind).toBeTruthy()
  const spy = jest.spyOn(rt.api, 'navigateTo')
  tap(mine, bind)
  await waitFor(() => spy.mock.calls.length)
  expect(spy.mock.calls[0][0].url).toBe('/pages/login/index?bind=1')
  const login = rt.top()
  expect(login.route).toBe('pages/login/index')
  await waitFor(() => textOf(login.data.root).includes('获取验证码'), 10000)
  expect(textOf(login.data.root)).not.toContain('密码登录')
}, 60000)
