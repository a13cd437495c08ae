/* eslint-env jest */
/**
 * The COMPILED mini-program (dist/weapp or dist/alipay, SIM_PLATFORM) on a phone whose clock is ten minutes fast
 * (docs/decisions/040-clock-tolerance.md): the app's Date reads ten minutes ahead of the server's (which runs in its
 * own process on the machine's clock), and the project list still loads. First as it happens on such a phone: the
 * runtime config's Date header sets the clock before any signed call. Then with that header hidden: the first signed
 * calls are refused with the server's time, each is sent once more with the corrected clock, and the list loads.
 */
const path = require('node:path')
const { createDecipheriv } = require('node:crypto')
const { createMiniRuntime, textOf, findAll, waitFor } = require('./harness')
const { startServer, apiGet } = require('./server')
const { httpRequest } = require('./http')

const PLATFORM = process.env.SIM_PLATFORM || 'weapp'
const API = PLATFORM === 'alipay' ? 'my' : 'wx'
const dist = path.join(__dirname, '..', '..', 'dist', PLATFORM)
const P = '/uplus-foundation/app/v1/donateu'
const SKEW_MS = 10 * 60 * 1000
const RealDate = Date

/** The phone's clock: Date.now, new Date() and Date() read `skew` ms ahead; timers run as usual. */
function phoneDate(skew) {
  function PhoneDate(...args) {
    if (!new.target) return new RealDate(RealDate.now() + skew).toString()
    return args.length ? new RealDate(...args) : new RealDate(RealDate.now() + skew)
  }
  PhoneDate.prototype = RealDate.prototype
  PhoneDate.now = () => RealDate.now() + skew
  PhoneDate.parse = RealDate.parse
  PhoneDate.UTC = RealDate.UTC
  return PhoneDate
}

/** the timestamp a call was signed with (docs/decisions/006), read as the server reads it */
function signedAt(signKey, header) {
  const d = createDecipheriv('aes-128-cbc', Buffer.from(signKey), Buffer.from(header.nonce.slice(0, 16)))
  return Number(Buffer.concat([d.update(Buffer.from(header.signature, 'base64')), d.final()]).toString())
}

let server
let expected
let signKey
beforeAll(async () => {
  server = await startServer()
  expected = await apiGet(server.origin, 'demo', `${P}/items/itemsList`, { limit: 10, offset: 0 })
  signKey = (await httpRequest(`${server.origin}/config/demo/index.json`)).data.signKey
}, 120000)
afterAll(async () => {
  global.Date = RealDate
  if (server) await server.stop()
})
beforeEach(() => {
  // a fresh app each time: the learned clock lives in the app's memory
  jest.resetModules()
  global.Date = phoneDate(SKEW_MS)
})
afterEach(() => {
  global.Date = RealDate
})

const hasClass = (n, c) => typeof n.cl === 'string' && n.cl.split(/\s+/).includes(c)

/** Launch the project list; every signed API call the app made, with the server's verdict and the signing skew. */
async function launchList(rt) {
  const list = rt.launch('pages/subject/index')
  await waitFor(() => textOf(list.data.root).includes(expected.rows[0].name), 20000)
  expect(findAll(list, (n) => hasClass(n, 'pj-card')).length).toBe(expected.rows.length)
  // the phone's clock really is ten minutes fast
  expect(Date.now() - RealDate.now()).toBeGreaterThan(SKEW_MS - 1000)
  return rt.requestLog
    .filter((r) => r.url.includes('/api/'))
    .map((r) => ({
      path: new URL(r.url).pathname,
      status: r.status,
      code: r.data && r.data.code,
      data: r.data && r.data.data,
      header: r.header
    }))
}

test(`${PLATFORM}: with the phone clock ten minutes fast the project list loads, signed with the server's time`, async () => {
  const rt = createMiniRuntime(dist, { global: API, origin: server.origin })
  const calls = await launchList(rt)
  expect(calls.length).toBeGreaterThan(0)
  // the runtime config came first and its Date header set the clock: no call was refused
  expect(calls.filter((c) => c.status !== 200 || c.code !== 0).map((c) => `${c.status} ${c.path}`)).toEqual([])
  // each signed within seconds of the server's clock (this process's real clock, shared with the server)
  for (const c of calls) expect(Math.abs(signedAt(signKey, c.header) - RealDate.now())).toBeLessThan(30_000)
}, 60000)

test(`${PLATFORM}: without the config's Date header, each first call is refused once, sent again, and the list loads`, async () => {
  const rt = createMiniRuntime(dist, { global: API, origin: server.origin })
  const send = rt.api.request
  rt.api.request = (opts) => {
    if (!opts.url.includes('/config/')) return send(opts)
    // the same call, its answer handed to the app without a Date header
    const strip = (cb) => cb && ((res) => cb({ ...res, header: {}, headers: {} }))
    return send({ ...opts, success: strip(opts.success), complete: strip(opts.complete) })
  }
  const calls = await launchList(rt)
  const refused = calls.filter((c) => c.status === 401)
  expect(refused.length).toBeGreaterThan(0)
  for (const r of refused) {
    expect(r).toMatchObject({ code: -1, data: { serverTime: expect.any(Number) } })
    // refused for the fast clock, not for anything else
    expect(signedAt(signKey, r.header) - RealDate.now()).toBeGreaterThan(SKEW_MS - 60_000)
  }
  // once per call: each refused path was refused once and then answered
  for (const p of new Set(refused.map((r) => r.path))) {
    const tries = calls.filter((c) => c.path === p)
    expect(tries.filter((c) => c.status === 401).length).toBe(1)
    expect(tries.some((c) => c.status === 200 && c.code === 0)).toBe(true)
  }
}, 60000)
