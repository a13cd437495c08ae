#!/usr/bin/env node
/**
 * Accessibility (docs/decisions/028-accessibility.md): axe-core 4.11 in Debian Chromium at 390x844 on the
 * built H5 app reports no critical and no serious violation on the twelve pages a donor walks (test/e2e/lib/
 * page-tour.js: project list, detail, giving form, cashier, thank-you, directory, personal centre, my gifts,
 * certificates, receipts, sign-in, article), in Chinese and in English, signed in as a donor with a paid gift.
 * A failing page prints each violation: rule id, impact, the selectors of the offending nodes and axe's help; the walk
 * goes on to the other pages and the journey fails. A page the school's setup cannot have is reported, not skipped.
 * A11Y_SCHOOLS=all walks the four demo schools instead of the one the server starts with (or A11Y_SCHOOLS=hhu,cpu).
 * A11Y_SHOTS=<folder> saves a 390x844 screenshot of each page as axe saw it (for people; not asserted).
 * Closing line: "e2e: N passed, N failed".
 */
const path = require('node:path')
const { launchChromium, createJourney, assert } = require('./harness')
const { startServer } = require('../mini/server')
const { PAGES, prepareTour, visit } = require('./lib/page-tour')

const root = path.resolve(__dirname, '..', '..')
const AXE = require.resolve('axe-core/axe.min.js')
const BLOCKING = new Set(['critical', 'serious'])
const { step, run } = createJourney()

/** axe on the page as it is now: the critical and serious violations, one line per rule. */
async function axeViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ path: AXE })
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }))
  return result.violations
    .filter((v) => BLOCKING.has(v.impact))
    .map((v) => `${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}: ${v.help}`)
}

/** The seeded demo schools (server/src/seed/schools.ts); the default walk takes the one the server opens with. */
const DEMO_SCHOOLS = ['demo', 'hhu', 'cpu', 'fzu']

async function schoolsToWalk(origin) {
  const wanted = process.env.A11Y_SCHOOLS || ''
  if (wanted === 'all') return DEMO_SCHOOLS
  if (wanted) return wanted.split(',').map((s) => s.trim())
  const index = await (await fetch(`${origin}/config/index.json`)).json()
  return [index.school]
}

;(async () => {
  const server = await startServer({ command: [process.execPath, path.join(root, 'scripts', 'start.js')] })
  const { origin } = server
  const browser = await launchChromium()
  const errors = []
  await run({ browser, server, errors }, async () => {
    for (const school of await schoolsToWalk(origin)) {
      const tour = await prepareTour({ origin, school, browser })
      for (const lang of ['zh', 'en']) {
        // bypassCSP: the app's CSP allows no inline script, and axe is injected as one (this test's contexts only)
        const context = await tour.newContext({ lang, viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, bypassCSP: true })
        const page = await context.newPage()
        page.on('pageerror', (e) => errors.push(`${school} ${lang}: ${e.message}`))
        for (const def of PAGES) {
          const name = `${school} ${lang}: ${def.title[lang]}: no critical or serious axe violation`
          await step(name, async () => {
            const r = await visit(page, def, tour.ctx, { origin, lang })
            if (!r.shown) {
              console.log(`       not shown for this school: ${r.reason}`)
              return
            }
            if (process.env.A11Y_SHOTS)
              await page.screenshot({ path: path.join(process.env.A11Y_SHOTS, `${school}-${lang}-${def.key}.png`) })
            const found = await axeViolations(page)
            if (found.length) console.log(`       ${found.join('\n       ')}`)
            assert(found.length === 0, `${found.length} rule(s) violated (listed above)`)
          }).catch(() => undefined)
        }
        await context.close()
      }
    }
  })
})()
