/**
 * Big halls under WeChat's setData advice (docs/decisions/043): the COMPILED seat page (dist/weapp or dist/alipay,
 * SIM_PLATFORM) against the real server, whose database is given a 3,000-seat hall: a 50 x 60 grid area and the
 * hall's list area grown to 3,000 seats. Every setData the page sends while it opens the hall, scrolls to its far
 * corner and chooses a seat there stays under 256 KB, and the tapped seat is chosen.
 */
const path = require('node:path')
const Database = require('better-sqlite3')
const { createMiniRuntime, findAll, tap, textOf, waitFor, walk } = require('./harness')
const { startServer, apiGet } = require('./server')

const PLATFORM = process.env.SIM_PLATFORM || 'weapp'
const API = PLATFORM === 'alipay' ? 'my' : 'wx'
const dist = path.join(__dirname, '..', '..', 'dist', PLATFORM)
const P = '/uplus-foundation/app/v1/donateu'
/** WeChat's advice for one setData (its hard cap is 1 MB) */
const CAP = 256 * 1024
const ROWS = 50
const COLS = 60

let server
let itemsId
let gridAreaId
let listAreaId
/** one compiled app per process: both tests open their seat page in it */
let rt
beforeAll(async () => {
  server = await startServer()
  const base = await apiGet(server.origin, 'demo', `${P}/index/baseConfig`)
  itemsId = base.settings.campaignItems.hallNaming
  const [listArea] = await apiGet(server.origin, 'demo', `${P}/items/areaList`, { itemsId })
  listAreaId = listArea.id
  // the staff console edits seats but creates none; the hall is made in the server's own database, as the seed does
  const db = new Database(path.join(server.dataDir, 'uplus.db'))
  db.pragma('busy_timeout = 5000')
  const now = new Date().toISOString()
  const project = db.prepare('select school_id from naming_area where id = ?').get(listAreaId)
  db.transaction(() => {
    const area = db
      .prepare('insert into naming_area (school_id, items_id, title, type, price_list, sort_no) values (?, ?, ?, 1, ?, -1)')
      .run(
        project.school_id,
        itemsId,
        '三千座大厅',
        db.prepare('select price_list from naming_area where id = ?').get(listAreaId).price_list
      )
    gridAreaId = Number(area.lastInsertRowid)
    const seat = db.prepare(
      'insert into naming_seat (school_id, items_id, area_id, label, row_no, col_no, sort_no, status, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)'
    )
    for (let r = 1; r <= ROWS; r++)
      for (let c = 1; c <= COLS; c++)
        seat.run(project.school_id, itemsId, gridAreaId, `${r}排${c}座`, r, c, r * 100 + c, (r + c) % 7 ? 1 : 3, now)
    // the hall's list area grows to 3,000 seats
    const have = db.prepare('select count(*) as n from naming_seat where area_id = ?').get(listAreaId).n
    for (let k = have + 1; k <= 3000; k++) seat.run(project.school_id, itemsId, listAreaId, `加座${k}`, 0, 0, 100000 + k, 1, now)
  })()
  db.close()
}, 120000)
afterAll(async () => {
  if (server) await server.stop()
})

const classes = (n) => (typeof n.cl === 'string' ? n.cl.split(/\s+/) : [])
const hasClass = (n, c) => classes(n).includes(c)
const bytes = (patch) => Buffer.byteLength(JSON.stringify(patch))
/** a scroll of the scroll view, as the view layer reports it (bindscroll) */
function scroll(page, node, scrollLeft, scrollTop) {
  const id = node.uid || node.sid
  const target = { id, dataset: {} }
  page.eh({ type: 'scroll', timeStamp: Date.now(), target, currentTarget: target, detail: { scrollLeft, scrollTop } })
}
function findNode(page, pred) {
  let hit = null
  walk(page.data.root, (n) => {
    if (!hit && pred(n)) hit = n
  })
  return hit
}
function expectUnderCap(rt, from = 0) {
  const sizes = rt.setDataLog.slice(from).map((e) => bytes(e.patch))
  expect(sizes.length).toBeGreaterThan(0)
  expect(Math.max(...sizes)).toBeLessThan(CAP)
  return sizes
}

test(`${PLATFORM}: a 3,000-seat grid hall opens, scrolls to its far corner and a seat there is chosen, every setData under 256 KB`, async () => {
  const seats = await apiGet(server.origin, 'demo', `${P}/items/seatList`, { areaId: gridAreaId })
  expect(seats.twoArray.flat().filter(Boolean).length).toBe(ROWS * COLS)

  rt = createMiniRuntime(dist, { global: API, origin: server.origin })
  const page = rt.launch('pkg-naming/seat/index', { id: String(itemsId) })
  const cells = () => findAll(page, (n) => hasClass(n, 'nm-seat') && !hasClass(n, 'nm-legend__swatch') && !hasClass(n, 'nm-seat--gap'))
  await waitFor(() => cells().length > 0, 30000)
  // a window of the hall is drawn, not 3,000 cells
  expect(cells().length).toBeGreaterThan(100)
  expect(cells().length).toBeLessThanOrEqual(600)

  // scroll to the last rows and columns: the window follows
  const grid = findNode(page, (n) => hasClass(n, 'nm-grid'))
  expect(grid).toBeTruthy()
  const last = seats.twoArray[ROWS - 1][COLS - 1]
  expect(last.status).toBe(1)
  // the drawn seat at (row, col), 1-based: the stage holds the screen strip, the window's rows, then their numbers
  // (seat-grid.tsx); a free seat shows its column number
  const seatAt = (row, col) => {
    const kids = findNode(page, (n) => n.sid === grid.sid).cn[0].cn
    const nos = kids.filter((n) => hasClass(n, 'nm-grid__row-no'))
    const i = nos.findIndex((n) => textOf(n) === String(row))
    if (i < 0) return null
    const rowView = kids.filter((n) => hasClass(n, 'nm-grid__row'))[i]
    return rowView.cn.find((c) => hasClass(c, 'nm-seat--chosen') || textOf(c) === String(col)) || null
  }
  expect(seatAt(1, 1)).toBeTruthy()
  expect(seatAt(ROWS, COLS)).toBeNull()
  scroll(page, grid, COLS * 34, ROWS * 34)
  const far = await waitFor(() => seatAt(ROWS, COLS), 20000)
  expect(hasClass(far, 'nm-seat--free')).toBe(true)
  // the first row is no longer drawn
  expect(seatAt(1, 1)).toBeNull()
  expect(cells().length).toBeLessThanOrEqual(600)

  tap(page, far)
  await waitFor(() => findAll(page, (n) => hasClass(n, 'nm-seat--chosen') && !hasClass(n, 'nm-legend__swatch')).length === 1, 10000)
  // the chosen seat is the far corner's: its row's last cell, and the chosen list names it
  expect(hasClass(seatAt(ROWS, COLS), 'nm-seat--chosen')).toBe(true)
  await waitFor(() => textOf(page.data.root).includes(last.seat), 10000)

  const sizes = expectUnderCap(rt)
  console.log(`${PLATFORM} grid hall: ${sizes.length} setData, largest ${Math.max(...sizes)} bytes`)
}, 120000)

test(`${PLATFORM}: the hall's 3,000-seat list area opens, scrolls to its end and its last seat is chosen, every setData under 256 KB`, async () => {
  const seats = await apiGet(server.origin, 'demo', `${P}/items/seatList`, { areaId: listAreaId })
  expect(seats.oneArray.length).toBe(3000)
  const lastFree = [...seats.oneArray].reverse().find((s) => s.status === 1)

  // the same app (a compiled app is loaded once per process), a new seat page on its stack
  rt = rt || createMiniRuntime(dist, { global: API, origin: server.origin })
  const page = rt.stack.length
    ? (await rt.api.navigateTo({ url: `/pkg-naming/seat/index?id=${itemsId}` }), rt.top())
    : rt.launch('pkg-naming/seat/index', { id: String(itemsId) })
  const logFrom = rt.setDataLog.length
  // the hall's own area is the second tab (the grid area sorts first)
  const tab = await waitFor(() => findAll(page, (n) => hasClass(n, 'nm-tabs__item'))[1], 30000)
  expect(textOf(tab)).toBe('一楼')
  tap(page, tab)
  const list = await waitFor(() => findNode(page, (n) => hasClass(n, 'nm-slist')), 30000)
  const rows = () => findAll(page, (n) => hasClass(n, 'nm-slist__row'))
  await waitFor(() => rows().length > 0, 20000)
  expect(rows().length).toBeLessThanOrEqual(40)

  // a list row names its seat; the far seat is not drawn until the list is scrolled to it
  const seatNode = (s) => findNode(page, (n) => hasClass(n, 'nm-slist__row') && textOf(n).includes(s.seat))
  expect(seatNode(lastFree)).toBeNull()
  scroll(page, list, 0, seats.oneArray.indexOf(lastFree) * 48)
  const row = await waitFor(() => seatNode(lastFree), 20000)
  tap(page, row)
  await waitFor(() => hasClass(seatNode(lastFree) || {}, 'nm-slist__row--chosen'), 10000)

  const sizes = expectUnderCap(rt, logFrom)
  console.log(`${PLATFORM} list hall: ${sizes.length} setData, largest ${Math.max(...sizes)} bytes`)
}, 120000)
