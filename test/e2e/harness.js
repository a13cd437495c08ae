/**
 * What every end-to-end journey shares: Debian Chromium launched with the flags this machine needs (RECIPES.md),
 * named steps that print ok/FAIL as they go, and the closing line `e2e: N passed, N failed` that
 * scripts/test-all.js adds up.
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

  return { step, finish }
}

module.exports = { launchChromium, createJourney, assert, CHROMIUM_ARGS }
