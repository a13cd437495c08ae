#!/usr/bin/env node
/**
 * Accessibility (docs/decisions/060-axe-everywhere.md, amending 028): axe-core 4.11 in Debian Chromium at 390x844 on
 * the built H5 app reports no critical and no serious violation on EVERY page of the app, in Chinese and in English,
 * signed in as a donor with a paid gift (test/e2e/lib/page-tour.js), and in the dialog and flow states listed in
 * test/e2e/lib/dialog-states.js.
 *  - The pages come from the route list, src/lib/route-list.ts (test/e2e/lib/every-page.js), so a new page is walked without a change
 *    here. A page runs in the demo school that has it (hhu's and cpu's campaign and agreement pages in theirs); a page
 *    that cannot be shown (a campaign no demo school runs, data the tour cannot make) is reported with the reason,
 *    and listed again at the end, never skipped silently.
 *  - Default walk (npm test): the twelve pages a donor walks (page-tour.js) in the default school, and the dialog
 *    states, in zh and en. A11Y_PAGES=all walks every page of the default school (and the pages only hhu or cpu runs,
 *    in theirs); A11Y_SCHOOLS=all (npm run test:axe) every page and dialog state in each of the four demo schools, each
 *    with its own theme colour (or A11Y_SCHOOLS=hhu,fzu). The wider walk is clean and runs in .ci/run after npm test
    (docs/decisions/072).
 *  - While fixing: A11Y_PAGES=form,seat walks only those routes (A11Y_PAGES=none no page), A11Y_DIALOGS=mine-nickname
 *    only those states, A11Y_LANGS=en one language; A11Y_SHOTS=<folder> saves a 390x844 screenshot of each state as
 *    axe saw it (for people; not asserted).
 * A failing state prints each violation: rule id, impact, the selectors of the offending nodes and axe's help; the
 * walk goes on and the journey fails. Closing line: "e2e: N passed, N failed".
 */
const path = require('node:path')
const { launchChromium, createJourney, assert, apiClient } = require('./harness')
const { startServer } = require('../mini/server')
const { PAGES, prepareTour, visit } = require('./lib/page-tour')
const { everyPage, widenTour } = require('./lib/every-page')
const { DIALOG_STATES } = require('./lib/dialog-states')

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
    .map((v) => {
      // colour-contrast findings carry the colours axe measured: what to change is then plain
      const at = v.nodes.map((n) => {
        const d = (n.any[0] && n.any[0].data) || {}
        return `${n.target.join(' ')}${d.fgColor ? ` [${d.fgColor} on ${d.bgColor}, ${d.contrastRatio}:1]` : ''}`
      })
      return `${v.id} (${v.impact}) at ${at.join(', ')}: ${v.help}`
    })
}

/** The seeded demo schools (server/src/seed/schools.ts), each with its own theme colour. */
const DEMO_SCHOOLS = ['demo', 'hhu', 'cpu', 'fzu']

/** The route name a twelve-page tour definition opens ('/subject-detail?id=1' -> 'subject-detail'). */
const TWELVE = Object.fromEntries(
  PAGES.map((def) => {
    const fake = { itemsId: 1, billNo: 'x', payToken: 'x', cashierPath: '/cashier', articleId: 1, missing: {} }
    return [def.path(fake).split('?')[0].replace(/^\//, ''), def]
  })
)

/** every-page definitions, with the twelve-page tour's own waits where it has one (its content, not the shell). */
function pagesToWalk() {
  const only = (process.env.A11Y_PAGES || '').split(',').filter(Boolean)
  // npm test walks the twelve pages a donor walks; A11Y_PAGES=all or A11Y_SCHOOLS (npm run test:axe) every page
  const everything = only.includes('all') || (!only.length && Boolean(process.env.A11Y_SCHOOLS))
  return everyPage()
    .filter((def) => (only.length && !everything ? only.includes(def.route) : everything || Boolean(TWELVE[def.route])))
    .map((def) => {
      const twelve = TWELVE[def.route]
      return twelve ? { ...def, ready: [...twelve.ready, ...def.ready], extra: twelve.extra } : def
    })
}

;(async () => {
  const server = await startServer({ command: [process.execPath, path.join(root, 'scripts', 'start.js')] })
  const { origin } = server
  const index = await (await fetch(`${origin}/config/index.json`)).json()
  const all = process.env.A11Y_SCHOOLS === 'all'
  const named = !all && process.env.A11Y_SCHOOLS ? process.env.A11Y_SCHOOLS.split(',').map((s) => s.trim()) : null
  const pages = pagesToWalk()
  // school -> the pages walked there: every page in each school walked; by default the default school's pages and
  // the pages another school runs, in that school
  const plan = new Map()
  if (all || named) for (const s of all ? DEMO_SCHOOLS : named) plan.set(s, pages)
  else {
    plan.set(
      index.school,
      pages.filter((d) => !d.school || d.school === index.school)
    )
    for (const d of pages.filter((x) => x.school && x.school !== index.school)) plan.set(d.school, [...(plan.get(d.school) || []), d])
  }
  const onlyDialogs = (process.env.A11Y_DIALOGS || '').split(',').filter(Boolean)
  const dialogs = (process.env.A11Y_PAGES && !onlyDialogs.length ? [] : DIALOG_STATES)
    .filter((d) => !onlyDialogs.length || onlyDialogs.includes(d.key))
    .filter((d) => all || named || !d.school || plan.has(d.school))
  // A11Y_LANGS=en walks one language (while fixing); both by default
  const langs = ['zh', 'en'].filter((l) => !process.env.A11Y_LANGS || process.env.A11Y_LANGS.split(',').includes(l))
  const walked = new Set()
  const notShown = new Map()
  const browser = await launchChromium()
  const errors = []
  await run({ browser, server, errors }, async () => {
    for (const [school, defs] of plan) {
      const tour = await prepareTour({ origin, school, browser })
      const cfg = await (await fetch(`${origin}/config/${school}/index.json`)).json()
      await widenTour(tour, { origin, ...apiClient(origin, cfg) })
      for (const lang of langs) {
        // bypassCSP: the app's CSP allows no inline script, and axe is injected as one (this test's contexts only)
        const context = await tour.newContext({ lang, viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, bypassCSP: true })
        const page = await context.newPage()
        page.on('pageerror', (e) => errors.push(`${school} ${lang}: ${e.message}`))
        const check = async (label) => {
          if (process.env.A11Y_SHOTS) await page.screenshot({ path: path.join(process.env.A11Y_SHOTS, `${school}-${lang}-${label}.png`) })
          const found = await axeViolations(page)
          if (found.length) console.log(`       ${found.join('\n       ')}`)
          assert(found.length === 0, `${found.length} rule(s) violated (listed above)`)
        }
        for (const def of defs) {
          await step(`${school} ${lang}: /${def.route}: no critical or serious axe violation`, async () => {
            const r = await visit(page, def, tour.ctx, { origin, lang })
            if (!r.shown) {
              console.log(`       not shown: ${r.reason}`)
              if (!walked.has(def.route)) notShown.set(def.route, r.reason)
              return
            }
            walked.add(def.route)
            notShown.delete(def.route)
            await check(def.key)
          }).catch(() => undefined)
        }
        for (const d of dialogs.filter((x) => !x.school || x.school === school)) {
          await step(`${school} ${lang}: ${d.name}: no critical or serious axe violation`, async () => {
            const why = await d.open(page, tour.ctx, { origin, lang, visit })
            if (why) {
              console.log(`       not shown: ${why}`)
              return
            }
            await check(d.key)
          }).catch(() => undefined)
        }
        await context.close()
      }
    }
    for (const [route, reason] of notShown) if (!walked.has(route)) console.log(`  note /${route} was walked in no school: ${reason}`)
  })
})()
