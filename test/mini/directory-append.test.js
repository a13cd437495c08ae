/**
 * The donation directory's next page (docs/decisions/043): the COMPILED jzml page (dist/weapp or dist/alipay,
 * SIM_PLATFORM) against the real server. When the page reaches the bottom and the second page of gifts arrives, the
 * setData that draws it carries only the new rows (path keys at indexes past the first page) and the footer, never the
 * rows already drawn: its size is about the new rows', not the whole list's.
 */
const path = require('node:path')
const { createMiniRuntime, findAll, textOf, waitFor } = require('./harness')
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

const classes = (n) => (typeof n.cl === 'string' ? n.cl.split(/\s+/) : [])
const bytes = (v) => Buffer.byteLength(JSON.stringify(v))
/** waits until the page has sent nothing for 300 ms */
async function settled(rt) {
  for (let n = -1; n !== rt.setDataLog.length;) {
    n = rt.setDataLog.length
    await new Promise((r) => setTimeout(r, 300))
  }
}

test(`${PLATFORM}: the directory's second page is sent as its new rows only`, async () => {
  const first = await apiGet(server.origin, 'demo', `${P}/index/donateRecordPage`, { limit: 20, offset: 0 })
  const second = await apiGet(server.origin, 'demo', `${P}/index/donateRecordPage`, { limit: 20, offset: 20 })
  expect(first.rows.length).toBe(20)
  expect(second.rows.length).toBeGreaterThan(0)

  const rt = createMiniRuntime(dist, { global: API, origin: server.origin })
  const page = rt.launch('pages/jzml/index', {})
  const rows = () => findAll(page, (n) => classes(n).includes('donor-row'))
  await waitFor(() => rows().length === 20, 30000)
  // the first page's own later updates (pictures, totals, footer) are done before the next page is asked for
  await settled(rt)
  const drawn = rt.setDataLog.length

  page.onReachBottom()
  await waitFor(() => rows().length === 20 + second.rows.length, 30000)
  await settled(rt)
  // the new rows show the server's second page
  expect(textOf(page.data.root)).toContain(second.rows[second.rows.length - 1].itemsName)

  const after = rt.setDataLog.slice(drawn)
  expect(after.length).toBeGreaterThan(0)
  // every row sent is a new one: its path key indexes past the first page
  const rowsSent = after.flatMap((e) =>
    Object.entries(e.patch).filter(([, v]) => v && typeof v === 'object' && classes(v).includes('donor-row'))
  )
  expect(rowsSent.length).toBe(second.rows.length)
  for (const [k] of rowsSent) expect(Number(k.match(/\[(\d+)\]$/)[1])).toBeGreaterThanOrEqual(20)
  // no value re-sends a subtree holding the rows already drawn (a whole `cn` list of the directory)
  for (const e of after)
    for (const [k, v] of Object.entries(e.patch)) {
      if (!Array.isArray(v)) continue
      expect([k, v.filter((n) => n && classes(n).includes('donor-row')).length]).toEqual([k, 0])
    }
  const appendBytes = after.reduce((s, e) => s + bytes(e.patch), 0)
  const perRow = bytes(rowsSent[0][1])
  // the new rows, their footer and small changes (the footer's state): well under the whole list again
  expect(appendBytes).toBeLessThan(perRow * (second.rows.length + 10))
  console.log(`${PLATFORM} directory append: ${after.length} setData, ${appendBytes} bytes for ${rowsSent.length} rows`)
}, 120000)
