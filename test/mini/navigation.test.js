/**
 * Navigation of the COMPILED mini-program (dist/weapp or dist/alipay, SIM_PLATFORM) against the real server (issue
 * 12): the build asks for the origin it was built with (README: https://give.example.edu.cn, which the harness points
 * at the local server), opens on home with the server's totals and projects, has the four-tab bar in its app config,
 * switches tabs (the directory shows the server's donors, mine signs in), reaches my gifts from home, and the
 * donation form offers only this platform's payment method. A page opened alone (a shared link) offers the way home.
 */
const fs = require('node:fs')
const path = require('node:path')
const { BUILD_ORIGIN, createMiniRuntime, textOf, findAll, tap, waitFor } = require('./harness')
const { startServer, apiGet } = require('./server')

const PLATFORM = process.env.SIM_PLATFORM || 'weapp'
const API = PLATFORM === 'alipay' ? 'my' : 'wx'
const dist = path.join(__dirname, '..', '..', 'dist', PLATFORM)
const P = '/uplus-foundation/app/v1/donateu'

let server
beforeAll(async () => {
  server = await startServer()
}, 120000)
afterAll(async () => {
  if (server) await server.stop()
})

const hasClass = (n, c) => typeof n.cl === 'string' && n.cl.split(/\s+/).includes(c)
const byClass = (page, c) => findAll(page, (n) => hasClass(n, c))
const money = (v) => {
  const [i, f] = Number(v).toFixed(2).split('.')
  return `${i.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${f}`
}

test(`${PLATFORM}: home, the tab bar, my gifts and this platform's payment options`, async () => {
  const appJson = JSON.parse(fs.readFileSync(path.join(dist, 'app.json'), 'utf8'))
  const tabs = (appJson.tabBar.list || appJson.tabBar.items).map((i) => i.pagePath)
  expect(tabs).toEqual(['pages/home/index', 'pages/subject/index', 'pages/jzml/index', 'pages/mine/index'])
  expect(appJson.pages[0]).toBe('pages/home/index')

  const rt = createMiniRuntime(dist, { global: API, origin: server.origin })
  const code = `mini-nav-${PLATFORM}-${Date.now()}`
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

  // home: the school's totals and its first projects, from the server
  const total = await apiGet(server.origin, 'demo', `${P}/index/total`, {})
  const featured = await apiGet(server.origin, 'demo', `${P}/items/itemsList`, { limit: 4, offset: 0 })
  const home = rt.launch('pages/home/index')
  await waitFor(() => textOf(home.data.root).includes(featured.rows[0].name), 20000)
  await waitFor(() => textOf(home.data.root).includes(money(total.totalMoney)), 10000)
  expect(textOf(home.data.root)).toContain('精选项目')
  expect(byClass(home, 'home__project').length).toBe(featured.rows.length)
  // the app asked the origin it was built with; nothing went to a relative URL
  const asked = rt.requestLog.map((r) => r.requestedUrl)
  expect(asked.length).toBeGreaterThan(0)
  expect(asked.filter((u) => !u.startsWith(BUILD_ORIGIN + '/'))).toEqual([])
  // the home tab has no home button (it is home)
  expect(byClass(home, 'home-button')).toEqual([])

  // the directory tab, through the shortcut (switchTab: a tab page cannot be opened by navigateTo)
  const switchTab = jest.spyOn(rt.api, 'switchTab')
  const navigateTo = jest.spyOn(rt.api, 'navigateTo')
  tap(home, byClass(home, 'home__shortcut')[0])
  await waitFor(() => switchTab.mock.calls.length === 1)
  expect(switchTab.mock.calls[0][0].url).toBe('/pages/jzml/index')
  const directory = rt.top()
  expect(directory.route).toBe('pages/jzml/index')
  const donors = await apiGet(server.origin, 'demo', `${P}/index/donateRecordPage`, { limit: 20, offset: 0 })
  await waitFor(() => textOf(directory.data.root).includes(donors.rows[0].itemsName), 20000)

  // the mine tab (as the native tab bar switches), signed in with the platform code
  await rt.api.switchTab({ url: '/pages/mine/index' })
  const mine = rt.top()
  expect(mine.route).toBe('pages/mine/index')
  await waitFor(() => textOf(mine.data.root).includes('我的捐赠'), 20000)

  // back to home, then my gifts from its shortcut
  await rt.api.switchTab({ url: '/pages/home/index' })
  const home2 = rt.top()
  // the directory, my gifts and the tax tool
  await waitFor(() => byClass(home2, 'home__shortcut').length === 3, 20000)
  tap(home2, byClass(home2, 'home__shortcut')[1])
  await waitFor(() => navigateTo.mock.calls.length === 1)
  expect(navigateTo.mock.calls[0][0].url).toBe('/pkg-mine/mine-don/index')
  const gifts = rt.top()
  expect(gifts.route).toBe('pkg-mine/mine-don/index')
  await waitFor(
    () => rt.requestLog.some((r) => /\/user\/center\/(itemsDonateGroup|donateRecordList)/.test(r.url) && r.data && r.data.code === 0),
    20000
  )
  // reached from home: the stack has two pages, so no home button
  expect(byClass(gifts, 'home-button')).toEqual([])

  // a shared project link opens alone: it offers the way home, and the donation form offers only this platform's
  // payment method (the demo form configures WeChat Pay and Alipay)
  const list = await apiGet(server.origin, 'demo', `${P}/items/itemsList`, { limit: 100, offset: 0 })
  const project = list.rows.find((p) => p.name === '校园林荫大道改造')
  await rt.api.reLaunch({ url: `/pkg-project/detail/index?id=${project.id}` })
  const detail = rt.top()
  await waitFor(() => textOf(detail.data.root).includes(project.name), 20000)
  await waitFor(() => byClass(detail, 'home-button').length === 1, 5000)
  tap(detail, byClass(detail, 'home-button')[0])
  await waitFor(() => rt.top().route === 'pages/home/index', 5000)

  await rt.api.navigateTo({ url: `/pkg-donate/form/index?id=${project.id}` })
  const form = rt.top()
  await waitFor(() => byClass(form, 'dn-pay').length > 0, 20000)
  const offered = byClass(form, 'dn-pay').map((n) => textOf(n))
  expect(offered).toEqual([PLATFORM === 'alipay' ? expect.stringContaining('支付宝') : expect.stringContaining('微信支付')])
}, 120000)
