/**
 * The COMPILED seat page (dist/weapp or dist/alipay, SIM_PLATFORM) against the real server and its seeded seat
 * campaign: the map loads with the server's seats in their states, tapping a free seat chooses it, a period is
 * picked, Confirm keeps the choice in storage 'gm' and opens the campaign's naming form, which shows that seat and
 * its amount (load, tap a seat, confirm).
 */
const path = require('node:path')
const { createMiniRuntime, textOf, findAll, tap, waitFor } = require('./harness')
const { startServer, apiGet } = require('./server')

const PLATFORM = process.env.SIM_PLATFORM || 'weapp'
const API = PLATFORM === 'alipay' ? 'my' : 'wx'
const dist = path.join(__dirname, '..', '..', 'dist', PLATFORM)
const P = '/uplus-foundation/app/v1/donateu'

let server
let itemsId
let seats
beforeAll(async () => {
  server = await startServer()
  const base = await apiGet(server.origin, 'demo', `${P}/index/baseConfig`)
  itemsId = base.settings.campaignItems.jnuSeat
  const areas = await apiGet(server.origin, 'demo', `${P}/items/areaList`, { itemsId })
  seats = await apiGet(server.origin, 'demo', `${P}/items/seatList`, { areaId: areas[0].id })
}, 120000)
afterAll(async () => {
  if (server) await server.stop()
})

const classes = (n) => (typeof n.cl === 'string' ? n.cl.split(/\s+/) : [])
const hasClass = (n, c) => classes(n).includes(c)
/**
 * miniprogram-simulate's storage APIs keep nothing; the choice travels from the seat page to the form through
 * storage 'gm' (docs/product §3), so the platform's storage is given a memory here, in both signatures: WeChat's
 * (key, data) and Alipay's ({ key, data }) / ({ key }) -> { data }.
 */
function withStorage(api) {
  const mem = new Map()
  api.setStorageSync = (k, v) => (typeof k === 'object' ? mem.set(k.key, k.data) : mem.set(k, v), undefined)
  api.getStorageSync = (k) => {
    if (typeof k === 'object') return { data: mem.has(k.key) ? mem.get(k.key) : null }
    return mem.has(k) ? mem.get(k) : ''
  }
  api.removeStorageSync = (k) => {
    mem.delete(typeof k === 'object' ? k.key : k)
  }
  return mem
}

const money = (yuan) => {
  const [w, f] = Number(yuan).toFixed(2).split('.')
  return `${w.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${f}`
}

test(`${PLATFORM}: the seat map loads, a free seat is chosen with a period, and Confirm opens the naming form with it`, async () => {
  expect(itemsId).toBeGreaterThan(0)
  const all = seats.twoArray.flat().filter(Boolean)
  const free = all.filter((s) => s.status === 1)
  const donated = all.filter((s) => s.status === 2)
  expect(free.length).toBeGreaterThan(0)
  expect(donated.length).toBeGreaterThan(0)

  const rt = createMiniRuntime(dist, { global: API, origin: server.origin })
  const storage = withStorage(rt.api)
  const page = rt.launch('pkg-naming/seat/index', { id: String(itemsId) })
  // map cells, not the legend's swatches
  const cells = (kind) =>
    findAll(page, (n) => hasClass(n, 'nm-seat') && hasClass(n, `nm-seat--${kind}`) && !hasClass(n, 'nm-legend__swatch'))
  await waitFor(() => cells('free').length > 0, 20000)
  // the server's states, cell for cell
  expect(cells('free').length).toBe(free.length)
  expect(cells('donated').length).toBe(donated.length)
  expect(cells('unavailable').length + cells('held').length).toBe(all.length - free.length - donated.length)

  // tap the first free seat of the map: it turns chosen and its card with the periods appears
  const cell = cells('free')[0]
  tap(page, cell)
  await waitFor(() => findAll(page, (n) => hasClass(n, 'nm-chosen')).length === 1, 10000)
  expect(cells('chosen').length).toBe(1)
  expect(cells('free').length).toBe(free.length - 1)
  const target = free[0]
  expect(textOf(page.data.root)).toContain(target.seat)

  // pick the longest period offered, then Confirm
  const period = target.priceList.reduce((a, b) => (Number(b.termMoney) > Number(a.termMoney) ? b : a))
  const chip = findAll(page, (n) => hasClass(n, 'nm-period') && textOf(n).includes(period.termName))[0]
  expect(chip).toBeTruthy()
  tap(page, chip)
  await waitFor(
    () => textOf(page.data.root).includes(`¥${money(period.termMoney)}`) && findAll(page, (n) => hasClass(n, 'nm-period--on')).length === 1,
    10000
  )
  const nav = jest.spyOn(rt.api, 'navigateTo')
  const confirm = findAll(page, (n) => hasClass(n, 'at-button--primary'))[0]
  tap(page, confirm)
  await waitFor(() => nav.mock.calls.length, 10000)
  // this school's jnu seat campaign confirms into its own form (docs/product §2)
  expect(nav.mock.calls[0][0].url).toBe(`/pkg-naming/seat-naming-jnu/form/index?id=${itemsId}`)

  const kept = storage.get('gm')
  expect(kept && kept.seats.map((s) => [s.seatId, s.termYear])).toEqual([[target.id, period.termYear]])

  const form = rt.top()
  expect(form.route).toBe('pkg-naming/seat-naming-jnu/form/index')
  await waitFor(() => textOf(form.data.root).includes(target.seat), 20000)
  const text = textOf(form.data.root)
  expect(text).toContain(period.termName)
  expect(text).toContain(`¥${money(period.termMoney)}`)
  expect(text).toContain('确认支付')
}, 60000)
