#!/usr/bin/env node
/**
 * A phone whose clock is ten minutes fast (docs/decisions/040-clock-tolerance.md), end to end: the server started as
 * README says, Debian Chromium at 390x844 with the page's Date ten minutes ahead of the machine's (an init script:
 * timers run as usual, only the clock reads wrong, as on such a phone). The project list loads: the app signs with the
 * server's time learned from the runtime config's Date header. With that header hidden, the first signed calls are
 * refused (401, with the server's time), each is sent once more with the corrected clock, and the list loads.
 * Closing line: "e2e: N passed, N failed".
 */
const path = require('node:path')
const fs = require('node:fs')
const { createDecipheriv } = require('node:crypto')
const { launchChromium, createJourney, assert, settle } = require('./harness')
const { startServer, apiGet } = require('../mini/server')
const { httpRequest } = require('../mini/http')

const root = path.resolve(__dirname, '..', '..')
const shots = path.join(root, 'shots')
const P = '/uplus-foundation/app/v1/donateu'
const SKEW_MS = 10 * 60 * 1000
/** the server's window for a signed timestamp (types/routes.ts SIGNATURE.MAX_SKEW_MS) */
const MAX_SKEW_MS = 300_000
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
const { step, run } = createJourney()

/** In the page, before its scripts: Date reads `skew` ms ahead (Date.now, new Date(), Date()); all else as usual. */
function skewClock(skew) {
  const RealDate = Date
  function PhoneDate(...args) {
    if (!new.target) return new RealDate(RealDate.now() + skew).toString()
    return args.length ? new RealDate(...args) : new RealDate(RealDate.now() + skew)
  }
  PhoneDate.prototype = RealDate.prototype
  PhoneDate.now = () => RealDate.now() + skew
  PhoneDate.parse = RealDate.parse
  PhoneDate.UTC = RealDate.UTC
  globalThis.Date = PhoneDate
}

/** the timestamp a call was signed with (docs/decisions/006), read as the server reads it */
function signedAt(signKey, headers) {
  const d = createDecipheriv('aes-128-cbc', Buffer.from(signKey), Buffer.from(headers.nonce.slice(0, 16)))
  return Number(Buffer.concat([d.update(Buffer.from(headers.signature, 'base64')), d.final()]).toString())
}

;(async () => {
  fs.mkdirSync(shots, { recursive: true })
  const server = await startServer({ command: [process.execPath, path.join(root, 'scripts', 'start.js')] })
  const { origin } = server
  const school = (await httpRequest(`${origin}/config/index.json`)).data.school
  const signKey = (await httpRequest(`${origin}/config/${school}/index.json`)).data.signKey
  const list = await apiGet(origin, school, `${P}/items/itemsList`, { limit: 10, offset: 0 })
  assert(list.rows.length > 0, 'the default school has projects')
  const browser = await launchChromium()
  const errors = []

  /** a phone with the fast clock; every signed API call with its answer and the machine's time when it was sent */
  async function phone({ hideConfigDate = false } = {}) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      userAgent: IPHONE
    })
    await context.addInitScript(skewClock, SKEW_MS)
    if (hideConfigDate) {
      await context.route(/\/config\//, async (route) => {
        const res = await route.fetch()
        const headers = { ...res.headers() }
        delete headers.date
        await route.fulfill({ response: res, headers })
      })
    }
    const page = await context.newPage()
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
    const calls = []
    page.on('request', (r) => {
      if (r.url().includes('/api/')) calls.push({ request: r, sentAt: Date.now(), status: null, body: null })
    })
    page.on('response', async (res) => {
      const call = calls.find((c) => c.request === res.request())
      if (!call) return
      call.status = res.status()
      call.body = await res.json().catch(() => null)
    })
    return { context, page, calls }
  }

  async function listLoads(page, shot) {
    await page.goto(`${origin}/subject`, { waitUntil: 'domcontentloaded' })
    await page.getByText(list.rows[0].name, { exact: true }).first().waitFor({ timeout: 30000 })
    for (const p of list.rows.slice(0, 3)) {
      assert(await page.getByText(p.name, { exact: true }).first().isVisible(), `project "${p.name}" not visible`)
    }
    await settle(page)
    await page.screenshot({ path: path.join(shots, shot) })
    const phoneNow = await page.evaluate(() => Date.now())
    assert(phoneNow - Date.now() > SKEW_MS - 60_000, `the page's clock is ten minutes fast (${phoneNow - Date.now()} ms)`)
  }

  const pathOf = (call) => new URL(call.request.url()).pathname

  await run({ browser, server, errors, errorsStep: 'no uncaught errors in the pages' }, async () => {
    await step('clock ten minutes fast: the project list loads, every call signed with the server time', async () => {
      const { context, page, calls } = await phone()
      await listLoads(page, 'clock-fast-list.png')
      const answered = calls.filter((c) => c.status !== null)
      assert(answered.length > 0, 'no API calls seen')
      // the runtime config's Date header came first: no signed call was refused
      const refused = answered.filter((c) => c.status !== 200 || !c.body || c.body.code !== 0)
      assert(refused.length === 0, `refused: ${refused.map((c) => `${c.status} ${pathOf(c)} ${JSON.stringify(c.body)}`).join('; ')}`)
      for (const c of answered) {
        const skew = signedAt(signKey, c.request.headers()) - c.sentAt
        assert(Math.abs(skew) < MAX_SKEW_MS / 10, `${pathOf(c)} signed ${skew} ms from the server's time`)
      }
      await context.close()
    })

    await step('without the config Date: each first call refused once with the server time, sent again, the list loads', async () => {
      const { context, page, calls } = await phone({ hideConfigDate: true })
      await listLoads(page, 'clock-fast-retried.png')
      const answered = calls.filter((c) => c.status !== null)
      const refusals = answered.filter((c) => c.status === 401)
      assert(refusals.length > 0, 'the first signed calls, signed with the fast clock, were refused')
      for (const r of refusals) {
        assert(r.body && r.body.code === -1 && Number.isInteger(r.body.data && r.body.data.serverTime), `refusal ${JSON.stringify(r.body)}`)
        assert(signedAt(signKey, r.request.headers()) - r.sentAt > SKEW_MS - 60_000, `${pathOf(r)} refused for another reason`)
      }
      // every refused call was answered after its one retry; no path was refused twice
      const byPath = new Map()
      for (const c of answered) byPath.set(pathOf(c), [...(byPath.get(pathOf(c)) || []), c])
      for (const r of refusals) {
        const tries = byPath.get(pathOf(r))
        assert(
          tries.filter((c) => c.status === 401).length === 1,
          `${pathOf(r)} refused ${tries.filter((c) => c.status === 401).length} times`
        )
        assert(
          tries.some((c) => c.status === 200 && c.body && c.body.code === 0),
          `${pathOf(r)} answered after its retry`
        )
      }
      console.log(`       (${refusals.length} calls refused once and sent again, ${answered.length} answers in all)`)
      await context.close()
    })
  })
})()
