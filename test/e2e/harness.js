/**
 * What every end-to-end journey shares: Debian Chromium launched with the flags this machine needs (RECIPES.md),
 * named steps that print ok/FAIL as they go, the closing every journey ends with (page errors checked, browser and
 * server stopped), and the closing line `e2e: N passed, N failed` that scripts/test-all.js adds up.
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

function launchChromium() {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS })
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

module.exports = { launchChromium, createJourney, assert, apiClient, staffCli, CHROMIUM_ARGS }
