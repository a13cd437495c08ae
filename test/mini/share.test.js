/* eslint-env jest */
/**
 * Shared cards in the COMPILED mini-program (dist/weapp or dist/alipay, SIM_PLATFORM) against the real server
 * (docs/product §2 Sharing): a card opened cold boots the school it names, the page's own share answer carries that
 * school, and a card of another school shown while the app runs in the background switches the app to that school.
 */
const path = require('node:path')
const { createMiniRuntime, textOf, waitFor } = require('./harness')
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

test(`${PLATFORM}: a shared card opens its school, shares with it, and a card of another school switches the running app`, async () => {
  const rt = createMiniRuntime(dist, { global: API, origin: server.origin })
  const asked = () => rt.requestLog.map((r) => r.requestedUrl || r.url)
  const hhu = await apiGet(server.origin, 'hhu', `${P}/items/itemsList`, { limit: 4, offset: 0 })
  const project = hhu.rows[0]

  // cold start on a project card shared from hhu (not the server's default school)
  const launchQuery = { id: String(project.id), school: 'hhu' }
  rt.api.getLaunchOptionsSync = () => ({ path: 'pkg-project/detail/index', query: launchQuery, scene: 1007 })
  const detail = rt.launch('pkg-project/detail/index', launchQuery)
  await waitFor(() => textOf(detail.data.root).includes(project.name), 20000)
  expect(asked().some((u) => u.endsWith('/config/hhu/index.json'))).toBe(true)
  expect(asked().some((u) => u.includes('/config/demo/'))).toBe(false)

  // the donor shares it on: the chat card and (WeChat) Moments carry the school
  const card = await detail.onShareAppMessage({ from: 'menu' })
  expect(card.path).toBe(`/pkg-project/detail/index?id=${project.id}&school=hhu`)
  expect(card.title).toBe(project.name)
  if (PLATFORM === 'weapp') {
    expect(typeof detail.onShareTimeline).toBe('function')
    expect((await detail.onShareTimeline()).query).toBe(`id=${project.id}&school=hhu`)
  }

  const cpu = await apiGet(server.origin, 'cpu', `${P}/items/itemsList`, { limit: 4, offset: 0 })
  // a card of cpu opened while the app runs: App onShow with that card's query (no new launch), then the platform
  // opens the card's page alone
  const other = cpu.rows[0]
  const query = { id: String(other.id), school: 'cpu' }
  const before = rt.requestLog.length
  global.getApp().onShow({ path: 'pkg-project/detail/index', query, scene: 1007 })
  rt.api.reLaunch({ url: `/pkg-project/detail/index?id=${other.id}&school=cpu` })
  const opened = rt.top()
  await waitFor(() => textOf(opened.data.root).includes(other.name), 20000)
  const now = asked().slice(before)
  expect(now.some((u) => u.endsWith('/config/cpu/index.json'))).toBe(true)
  expect(now.some((u) => u.includes('/api/cpu/') && u.includes('itemsDetail'))).toBe(true)
  expect(now.some((u) => u.includes('/api/hhu/'))).toBe(false)
  expect(opened.onShareAppMessage({ from: 'menu' }).path).toBe(`/pkg-project/detail/index?id=${other.id}&school=cpu`)
}, 90000)
