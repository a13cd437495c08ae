/**
 * @jest-environment jsdom
 *
 * The weapp VIEW layer: Taro's compiled WXML (base.wxml templates + utils.wxs) rendered by the official WeChat
 * compiler `wcc` bundled in miniprogram-simulate, driven by the real compiled page JS, with wx.request reaching
 * the real server. Alipay's AXML has no compiler outside Alipay's own tools, so this runs for weapp only.
 */
const path = require('node:path')
const simulate = require('miniprogram-simulate')
const { httpRequest } = require('./http')
const { startServer, apiGet } = require('./server')
const { ariaOf, toLocal, walk, waitFor } = require('./harness')

const PLATFORM = process.env.SIM_PLATFORM || 'weapp'
const dist = path.join(__dirname, '..', '..', 'dist', 'weapp')
const P = '/uplus-foundation/app/v1/donateu'
const maybe = PLATFORM === 'weapp' ? test : test.skip

let server
beforeAll(async () => {
  if (PLATFORM === 'weapp') server = await startServer()
}, 120000)
afterAll(async () => {
  if (server) await server.stop()
})

function installWx(origin) {
  const api = Object.assign({}, require('miniprogram-simulate/src/api'))
  api.request = (opts) => {
    const url = toLocal(opts.url, origin)
    const method = (opts.method || 'GET').toUpperCase()
    const body = method === 'GET' || opts.data === undefined ? undefined : JSON.stringify(opts.data)
    httpRequest(url, { method, headers: opts.header || {}, body }).then(
      (r) => {
        const res = { statusCode: r.status, data: r.data, header: r.headers, errMsg: 'request:ok' }
        opts.success && opts.success(res)
        opts.complete && opts.complete(res)
      },
      (e) => opts.fail && opts.fail({ errMsg: `request:fail ${e.message}` })
    )
    return { abort() {} }
  }
  api.navigateTo = jest.fn(() => Promise.resolve({ errMsg: 'navigateTo:ok' }))
  api.getSystemInfoSync = () => ({
    pixelRatio: 2,
    windowWidth: 390,
    windowHeight: 844,
    platform: 'devtools',
    language: 'zh_CN',
    SDKVersion: '3.5.0'
  })
  api.getLaunchOptionsSync = () => ({ path: 'pages/subject/index', query: {}, scene: 1001 })
  global.wx = api
  return api
}

maybe(
  "weapp view: the project list renders through wcc with the server's projects; tapping a card navigates",
  async () => {
    const expected = await apiGet(server.origin, 'demo', `${P}/items/itemsList`, { limit: 10, offset: 0 })
    const wx = installWx(server.origin)
    global.getCurrentPages = () => []
    global.getApp = () => global.__app
    global.requirePlugin = () => ({})
    global.App = (cfg) => {
      global.__app = cfg
    }
    global.Page = (cfg) => {
      // j-component renders custom components, not pages: adapt the Page config to a Component definition
      const methods = {}
      Object.keys(cfg).forEach((k) => {
        if (typeof cfg[k] === 'function') methods[k] = cfg[k]
      })
      global.Component({
        data: cfg.data,
        methods,
        lifetimes: {
          attached() {
            this.route = this.__route__ = 'pages/subject/index'
            this.onLoad({})
            this.onShow && this.onShow()
            this.onReady && this.onReady()
          }
        }
      })
    }
    require(path.join(dist, 'app.js'))
    global.__app.onLaunch({ path: 'pages/subject/index', query: {} })

    const id = simulate.load(path.join(dist, 'pages/subject/index'), 'subject-page', { compiler: 'official', rootPath: dist })
    const comp = simulate.render(id)
    comp.attach(document.createElement('parent-wrapper'))
    await waitFor(() => comp.dom.textContent.includes(expected.rows[0].name), 20000)

    const text = comp.dom.textContent
    for (const row of expected.rows) expect(text).toContain(row.name)
    // The school's theme reaches the stylesheets through custom properties on the page root (src/styles/theme.ts):
    // a mini-program has no document to set them on, and every themed rule reads var(--theme-color).
    const school = (await httpRequest(`${server.origin}/config/demo/index.json`)).data
    const pageRoot = comp.dom.querySelector('.subject-page--page-shell')
    const rootStyle = (pageRoot && pageRoot.getAttribute('style')) || ''
    expect(rootStyle.replace(/\s+/g, '')).toContain(`--theme-color:${school.themeColor.toLowerCase()};`)
    expect(rootStyle).toMatch(/--theme-color-soft:\s*#[0-9a-f]{6}/)
    // j-component prefixes classes with the component tag
    const cards = Array.from(comp.dom.querySelectorAll('.subject-page--pj-card'))
    expect(cards).toHaveLength(expected.rows.length)
    expect(comp.dom.querySelectorAll('.subject-page--pj-badge, [class*="badge"]').length).toBeGreaterThan(0)

    // pressable's role and label reach WeChat as aria-role and aria-label (config/mini-aria.js, docs/decisions/043).
    // j-component keeps only class, style and data-* on its DOM, so the binding is read from the node's own template
    // in base.wxml: the attribute's alias, then the node's value under it
    const all = []
    walk(comp.instance.data.root, (n) => all.push(n))
    const cardNodes = all.filter((n) => typeof n.cl === 'string' && n.cl.split(/\s+/).includes('pj-card'))
    expect(cardNodes).toHaveLength(expected.rows.length)
    for (const n of cardNodes) expect(ariaOf(dist, n).role).toBe('button')
    // the theme tabs: a tablist of tabs
    const roles = all.map((n) => ariaOf(dist, n).role)
    expect(roles).toContain('tablist')
    expect(roles).toContain('tab')

    const target = expected.rows[2]
    const el = cards.find((c) => c.textContent.includes(target.name))
    let nodeId
    walk(comp.instance.data.root, (n) => {
      if (n.sid === el.getAttribute('data-sid')) nodeId = n.uid || n.sid
    })
    comp.querySelector('#' + nodeId).dispatchEvent('tap')
    await waitFor(() => wx.navigateTo.mock.calls.length)
    expect(wx.navigateTo).toHaveBeenCalledTimes(1)
    expect(wx.navigateTo).toHaveBeenCalledWith(expect.objectContaining({ url: `/pkg-project/detail/index?id=${target.id}` }))
  },
  60000
)
