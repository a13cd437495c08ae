/**
 * What every end-to-end journey shares: Debian Chromium launched with the flags this machine needs (RECIPES.md),
 * named steps that print ok/FAIL as they go, the closing every journey ends with (page errors checked, browser and
 * server stopped), and the closing line `e2e: N passed, N failed` that scripts/test-all.js adds up. Also the waits
 * the journeys use instead of fixed sleeps: `settle` (the page is quiet), `waitForText`, `waitUntil`, `toastGone`.
 */
const { chromium } = require('playwright-core')

// Without the background-networking flags Chromium keeps dialling out, and this machine refuses every connection.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync'
]

/**
 * Chromium as the journeys use it. Every page of every context it makes has its requests tracked from its first one
 * (trackNetwork), so that `settle` knows what is still loading.
 */
async function launchChromium() {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS })
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (...args) => {
    const context = await newContext(...args)
    context.on('page', trackNetwork)
    context.on('page', agreeToPrivacy)
    return context
  }
  return browser
}

/** The privacy consent dialogs each page agreed to (agreeToPrivacy). */
const consents = new WeakMap()
const PRIVACY_TITLE = /^(隐私政策|Privacy policy)$/

/**
 * A donor's first form that collects personal data asks for consent to the school's privacy policy, once
 * (docs/decisions/041-privacy-and-account-deletion.md). The journeys' donors agree whenever it shows, with a finger
 * where the page has touch; `consentsGiven(page)` says how many times, so a journey can check it was asked.
 */
function agreeToPrivacy(page) {
  consents.set(page, 0)
  let open = true
  page.on('close', () => (open = false))
  const title = page.locator('.taro-modal__title', { hasText: PRIVACY_TITLE })
  const agree = page.locator('.taro-model__confirm').first()
  ;(async () => {
    while (open) {
      try {
        if (await title.isVisible()) {
          await agree.tap().catch(() => agree.click())
          consents.set(page, consents.get(page) + 1)
          await title.waitFor({ state: 'hidden', timeout: 5000 })
        }
      } catch {
        // the page navigated or closed between two looks: look again
      }
      await sleep(250)
    }
  })()
}

const consentsGiven = (page) => consents.get(page) || 0

// ---- waiting on conditions ------------------------------------------------------------------------------------

/** Resource types `settle` waits for; long-lived ones (eventsource, websocket) and media streams are left out. */
const TRACKED = new Set(['document', 'fetch', 'xhr', 'script', 'stylesheet', 'image', 'font'])
/** page -> { inflight: Set<Request>, seen: number (requests started so far) } */
const networks = new WeakMap()

/** Counts a page's requests in flight (once per page; launchChromium does it for every new page). */
function trackNetwork(page) {
  let net = networks.get(page)
  if (net) return net
  net = { inflight: new Set(), seen: 0 }
  networks.set(page, net)
  page.on('request', (r) => {
    if (!TRACKED.has(r.resourceType())) return
    net.inflight.add(r)
    net.seen++
  })
  const done = (r) => net.inflight.delete(r)
  page.on('requestfinished', done)
  page.on('requestfailed', done)
  // a closed page's requests never finish
  page.on('close', () => net.inflight.clear())
  return net
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/**
 * In the page: what is still moving or loading. Running finite animations and transitions (the router, modals, toasts
 * fading; infinite ones such as spinners and skeleton shimmer never end and are left out), and <img> elements not yet
 * complete (a lazy image outside the view is not loading, and is left out). `list` false: whether all is quiet.
 * A function, never a string: the app's CSP forbids eval.
 */
function pageBusy(list) {
  const busy = []
  const name = (el) => {
    if (!el || !el.tagName) return '?'
    const id = el.getAttribute('data-testid')
    return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/)[0]}` : ''}`
  }
  for (const a of document.getAnimations()) {
    if (a.playState !== 'running') continue
    const timing = a.effect && a.effect.getComputedTiming ? a.effect.getComputedTiming() : {}
    if (!Number.isFinite(timing.endTime)) continue
    const what = a.animationName || a.transitionProperty || a.id || 'animation'
    busy.push(`${a.constructor.name} ${what} on ${name(a.effect && a.effect.target)}`)
  }
  for (const img of document.images) {
    if (img.complete) continue
    if (img.loading === 'lazy') {
      const r = img.getBoundingClientRect()
      if (r.bottom < 0 || r.top > window.innerHeight || r.width === 0) continue
    }
    busy.push(`img ${(img.currentSrc || img.src).slice(0, 120)}`)
  }
  return list ? busy : busy.length === 0
}

/**
 * Resolves once the page is quiet: no request in flight (document, fetch/XHR, script, style, image, font), no running
 * finite animation or transition, every <img> complete, and two animation frames passed with nothing new started. A
 * page already quiet costs a few tens of ms. `quietMs` asks the network to have been idle that long (for pages whose
 * requests follow one another with gaps). Throws after `timeout` naming what was still busy.
 */
async function settle(page, { timeout = 10000, quietMs = 0 } = {}) {
  const net = trackNetwork(page)
  const deadline = Date.now() + timeout
  let idleSince = net.inflight.size ? 0 : Date.now()
  let lastBusy = []
  for (;;) {
    if (net.inflight.size) {
      idleSince = 0
      lastBusy = [...net.inflight].map((r) => `${r.resourceType()} ${r.method()} ${r.url().slice(0, 160)}`)
    } else {
      if (!idleSince) idleSince = Date.now()
      if (Date.now() - idleSince >= quietMs) {
        const seen = net.seen
        const left = Math.max(1, deadline - Date.now())
        // polled on every frame; once quiet, two more frames for the last layout and paint
        const quiet = await page
          .waitForFunction(pageBusy, false, { polling: 'raf', timeout: left })
          .then(() => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))))
          .catch(() => false)
        if (quiet && net.seen === seen && !net.inflight.size) return
        if (!quiet) lastBusy = await page.evaluate(pageBusy, true).catch((e) => [`the page: ${e.message.split('\n')[0]}`])
        else idleSince = 0
      }
    }
    if (Date.now() > deadline) {
      const busy = lastBusy.length ? lastBusy : [...net.inflight].map((r) => `${r.resourceType()} ${r.url().slice(0, 160)}`)
      throw new Error(
        `settle: the page was not quiet within ${timeout} ms at ${page.url()}; still busy: ${busy.join('; ') || '(network not idle for quietMs)'}`
      )
    }
    await sleep(net.inflight.size ? 20 : Math.min(20, Math.max(1, quietMs - (Date.now() - idleSince))))
  }
}

/**
 * Polls `fn` (sync or async) until it answers something truthy, and returns that. Throws after `timeout` with
 * `message` (a string, or a function of the last answer).
 */
async function waitUntil(fn, { timeout = 10000, interval = 50, message = 'condition' } = {}) {
  const deadline = Date.now() + timeout
  let last
  for (;;) {
    last = await fn()
    if (last) return last
    if (Date.now() > deadline) throw new Error(`waited ${timeout} ms for ${typeof message === 'function' ? message(last) : message}`)
    await sleep(interval)
  }
}

/**
 * Waits until the locator's textContent is `expected` (a string: equal; a RegExp: matches; a function: true for it), up
 * to `timeout`, and returns the text it last read: the caller's own assertion then says what was wrong, so a wait never
 * hides a check. The locator stays strict: pass `.first()` for one of several.
 */
async function waitForText(locator, expected, { timeout = 5000 } = {}) {
  const ok = (t) => (typeof expected === 'function' ? expected(t) : expected instanceof RegExp ? expected.test(t || '') : t === expected)
  const deadline = Date.now() + timeout
  let text = await locator.textContent({ timeout })
  while (!ok(text) && Date.now() < deadline) {
    await sleep(25)
    text = await locator.textContent({ timeout: Math.max(1, deadline - Date.now()) }).catch(() => text)
  }
  return text
}

/** Waits until no Taro H5 toast shows (its element stays; it fades, then gets display: none). */
async function toastGone(page, { timeout = 10000 } = {}) {
  await page.waitForFunction(
    () => [...document.querySelectorAll('.taro__toast')].every((t) => getComputedStyle(t).display === 'none'),
    null,
    { polling: 'raf', timeout }
  )
}

function assert(cond, msg) {
  if (!cond) throw new Error(msg)
}

function createJourney() {
  const results = []

  /** Runs one named step; a failure is printed and rethrown, so the journey stops there. */
  async function step(name, fn) {
    const t0 = Date.now()
    try {
      await fn()
      results.push({ name, ok: true })
      console.log(`  ok   ${name} (${Date.now() - t0} ms)`)
    } catch (e) {
      results.push({ name, ok: false })
      console.log(`  FAIL ${name}: ${e.message.split('\n')[0]}`)
      throw e
    }
  }

  /** Prints the closing line and returns the exit code. An error outside any step counts as one failure. */
  function finish(setupError) {
    const stepFailed = results.some((r) => !r.ok)
    if (setupError && !stepFailed) console.log(`  FAIL setup: ${setupError.message}`)
    const passed = results.filter((r) => r.ok).length
    const failed = results.filter((r) => !r.ok).length + (setupError && !stepFailed ? 1 : 0)
    console.log(`e2e: ${passed} passed, ${failed} failed`)
    return failed ? 1 : 0
  }

  /**
   * Runs a journey's steps and closes it the same way every time: a last step that fails on any page error gathered
   * in `errors`, then the browser closed, the server stopped, `cleanup` (files the journey made) and the process
   * ended with the closing line's code. A failure stops the steps; `onFailure` may show what the journey saw then
   * (server log, screenshots) while the browser is still open.
   */
  async function run({ browser, server, errors, errorsStep = 'no uncaught errors in the pages', onFailure, cleanup }, steps) {
    let setupError = null
    try {
      await steps()
      await step(errorsStep, async () => {
        assert(errors.length === 0, errors.join('\n'))
      })
    } catch (e) {
      setupError = e
      if (onFailure) await onFailure()
    } finally {
      await browser.close()
      await server.stop()
      if (cleanup) cleanup()
    }
    process.exit(finish(setupError))
  }

  return { step, finish, run }
}

/**
 * The school's API as the app calls it: signed, `lang=zh_CN` on GETs, the token as Authorization. `api` answers the
 * envelope; `data` its data, throwing on a refusal.
 */
function apiClient(origin, cfg) {
  const { signedHeaders } = require('../mini/server')
  const { httpRequest } = require('../mini/http')
  async function api(apiPath, { query = {}, method = 'GET', body, token } = {}) {
    const qs = new URLSearchParams(method === 'GET' ? { lang: 'zh_CN', ...query } : query).toString()
    const headers = { ...signedHeaders(cfg.signKey), 'content-type': 'application/json' }
    if (token) headers.authorization = token
    const r = await httpRequest(`${origin}${cfg.api}${apiPath}${qs ? `?${qs}` : ''}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    return r.data
  }
  async function data(apiPath, opts) {
    const b = await api(apiPath, opts)
    if (!b || b.code !== 0) throw new Error(`${apiPath}: ${b && b.code} ${b && b.message}`)
    return b.data
  }
  return { api, data }
}

/** The staff CLI on the journey's data folder, as staff run it; its output, or an error with what it printed. */
function staffCli(dataDir, args) {
  const path = require('node:path')
  const { spawnSync } = require('node:child_process')
  const root = path.resolve(__dirname, '../..')
  const r = spawnSync(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(root, 'server', 'src', 'cli', 'staff.ts'), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8'
  })
  if (r.status !== 0) throw new Error(`staff.ts ${args.join(' ')}: ${r.stderr || r.stdout}`)
  return r.stdout
}

module.exports = {
  launchChromium,
  createJourney,
  consentsGiven,
  assert,
  apiClient,
  staffCli,
  settle,
  trackNetwork,
  waitUntil,
  waitForText,
  toastGone,
  CHROMIUM_ARGS
}
