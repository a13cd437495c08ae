#!/usr/bin/env node
/**
 * English on EVERY page (docs/decisions/073-english-everywhere.md): the built H5 app in Debian Chromium at 390x844,
 * signed in as a donor with a paid gift (test/e2e/lib/page-tour.js), in English, on every page of the route list
 * (src/lib/route-list.ts through test/e2e/lib/every-page.js: a new page is walked without a change here) and in the
 * dialog states of test/e2e/lib/dialog-states.js. A page fails on any CJK character the app wrote itself.
 *
 * What may stay Chinese: school and user content that has no English. The demo seed writes English for every text
 * the school can translate (projects, sub-projects, categories, forms, articles, the foundation's name, the agreement:
 * server/src/seed/english.ts, seed/catalogue.ts), so those must read English here like any app text. What cannot be
 * translated is marked where it is drawn: an element with `data-content` holds words a person wrote (a donor's name
 * or message, a nameplate's inscription, a seat's or tree's label, a campaign's area or book-category title) and its text
 * is left out, nothing else. Marking keeps the check on the whole page: an app string placed inside a marked element
 * would escape it, so marks sit on the smallest element that holds the content alone. A part declared Chinese with
 * `lang="zh-CN"` (the language switch naming 中文, as language switches do) is read as declared.
 *
 * Which pages: by default every page of the default school and the pages only hhu or cpu runs, in theirs (as the
 * accessibility walk); ENGLISH_SCHOOLS=all every page in each of the four demo schools; ENGLISH_PAGES=form,seat only
 * those routes. A page that cannot be shown (a campaign no demo school runs, data the tour cannot make) is reported
 * with the reason and listed at the end, never skipped silently. ENGLISH_SHOTS=<folder> saves a screenshot of each
 * (for people; not asserted). Run: node test/e2e/english-walk.e2e.js (after npm run build:h5); npm test runs it as one
 * of its journeys (test/e2e/journeys.js), in its default scope.
 *
 * The walk makes its own data on a server of its own (the tours: a donor signed in, gifts paid, a joint donation
 * launched, a seat named), the schools' tours prepared together, and walks each school's pages in ENGLISH_LANES
 * lanes (2 by default), each a signed-in context of its own, so one page's waiting overlaps another's.
 * Closing line: "e2e: N passed, N failed".
 */
const path = require('node:path')
const fs = require('node:fs')
const { launchChromium, createJourney, assert, apiClient, settle } = require('./harness')
const { startServer } = require('../mini/server')
const { prepareTour, visit } = require('./lib/page-tour')
const { everyPage, widenTour } = require('./lib/every-page')
const { DIALOG_STATES } = require('./lib/dialog-states')

const root = path.resolve(__dirname, '..', '..')

/**
 * States only this walk opens (beside dialog-states.js): the personal centre after a nickname is saved in the popup,
 * where the tab bar's labels were once set again in Chinese.
 */
const ENGLISH_STATES = [
  {
    key: 'mine-nickname-saved',
    name: 'personal centre: the page and its tab bar after a nickname is saved',
    open: async (page, ctx, opts) => {
      const why = await DIALOG_STATES.find((d) => d.key === 'mine-nickname').open(page, ctx, opts)
      if (why) return why
      await page.locator('[data-testid="nickname-input"] input').fill('Ada Walker')
      await page.locator('[data-testid="nickname-save"] .at-button').tap()
      await page.locator('[data-testid="nickname-popup"]').waitFor({ state: 'hidden', timeout: 15000 })
      // the tab bar's labels are set through the platform's setTabBarItem after the page renders: on a loaded machine
      // they come late, so give them time before the check (a label still Chinese after 15 s is reported by it)
      await page
        .waitForFunction(
          (cjk) => [...document.querySelectorAll('.weui-tabbar__label')].every((el) => !new RegExp(cjk).test(el.textContent || '')),
          CJK.source,
          { timeout: 15000 }
        )
        .catch(() => undefined)
      await settle(page, { quietMs: 600 })
      return null
    }
  }
]
const DEMO_SCHOOLS = ['demo', 'hhu', 'cpu', 'fzu']
/** Chinese script: CJK ideographs, CJK punctuation and full-width forms (the app's English uses none of them). */
const CJK = /[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/
const { step, run } = createJourney()

/**
 * The Chinese the app wrote on the page as it is now: each run of visible text (and each placeholder and accessible
 * name, which a donor reads or hears too) that holds CJK, outside `[data-content]`, with where it sits.
 */
function chineseOnPage(page) {
  return page.evaluate((source) => {
    const re = new RegExp(source)
    const found = []
    const where = (el) => {
      const owner = el.closest('[data-testid]')
      const cls = (el.className && typeof el.className === 'string' ? el.className : '').split(' ').filter(Boolean)[0]
      return `${owner ? `[data-testid="${owner.getAttribute('data-testid')}"] ` : ''}${el.tagName.toLowerCase()}${cls ? '.' + cls : ''}`
    }
    // a part the page declares Chinese on purpose (lang="zh-CN": the language switch naming 中文), not the document
    const declaredChinese = (el) => {
      const part = el.closest('[lang]')
      return !!part && part !== document.documentElement && /^zh/i.test(part.getAttribute('lang') || '')
    }
    const shown = (el) =>
      !el.closest('[data-content], script, style, noscript, template') &&
      !declaredChinese(el) &&
      el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })
    // the live page's text nodes (not a clone: a cloned body would connect a second set of Taro's custom elements)
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement
      const text = (n.textContent || '').trim()
      if (el && text && re.test(text) && shown(el)) found.push(`${where(el)}: ${JSON.stringify(text.slice(0, 60))}`)
    }
    for (const el of document.querySelectorAll('[placeholder], [aria-label], img[alt]')) {
      for (const attr of ['placeholder', 'aria-label', 'alt']) {
        const v = el.getAttribute(attr)
        if (v && re.test(v) && shown(el)) found.push(`${where(el)} ${attr}: ${JSON.stringify(v.slice(0, 60))}`)
      }
    }
    return [...new Set(found)]
  }, CJK.source)
}

;(async () => {
  const t0 = Date.now()
  const server = await startServer({ command: [process.execPath, path.join(root, 'scripts', 'start.js')] })
  const { origin } = server
  const index = await (await fetch(`${origin}/config/index.json`)).json()
  const only = (process.env.ENGLISH_PAGES || '').split(',').filter(Boolean)
  const pages = everyPage().filter((d) => !only.length || only.includes(d.route))
  const all = process.env.ENGLISH_SCHOOLS === 'all'
  const named = !all && process.env.ENGLISH_SCHOOLS ? process.env.ENGLISH_SCHOOLS.split(',').map((s) => s.trim()) : null
  // school -> pages: by default the default school's pages and each page only another school runs, in that school
  const plan = new Map()
  if (all || named) for (const s of all ? DEMO_SCHOOLS : named) plan.set(s, pages)
  else {
    plan.set(
      index.school,
      pages.filter((d) => !d.school || d.school === index.school)
    )
    for (const d of pages.filter((x) => x.school && x.school !== index.school)) plan.set(d.school, [...(plan.get(d.school) || []), d])
  }
  const dialogs = only.length ? [] : [...DIALOG_STATES, ...ENGLISH_STATES]
  const shots = process.env.ENGLISH_SHOTS
  if (shots) fs.mkdirSync(shots, { recursive: true })
  const walked = new Set()
  const notShown = new Map()
  // pages are walked in lanes, each its own signed-in context (its own storage), so waiting for one page's content
  // overlaps another's (ENGLISH_LANES, 2 by default: npm test runs other journeys beside it on the same cores)
  const lanes = Math.max(1, Number(process.env.ENGLISH_LANES) || 2)
  const browser = await launchChromium()
  const errors = []
  await run({ browser, server, errors }, async () => {
    // every school's tour at once (each signs its own donor in and pays its own gift)
    const tours = await Promise.all(
      [...plan.keys()].map(async (school) => {
        // the orders placed in English, as an English-reading donor places them (the cashier shows their description)
        const tour = await prepareTour({ origin, school, browser, orderLang: 'en' })
        const cfg = await (await fetch(`${origin}/config/${school}/index.json`)).json()
        await widenTour(tour, { origin, ...apiClient(origin, cfg) })
        return [school, tour]
      })
    )
    console.log(`       tours ready (${[...plan.keys()].join(', ')}) after ${Math.round((Date.now() - t0) / 1000)} s`)
    for (const [school, tour] of tours) {
      const defs = plan.get(school)
      const jobs = [
        ...defs.map((def) => ({ kind: 'page', def })),
        ...dialogs.filter((x) => !x.school || x.school === school).map((d) => ({ kind: 'dialog', d }))
      ]
      await Promise.all(
        Array.from({ length: Math.min(lanes, jobs.length) }, async (_, lane) => {
          const context = await tour.newContext({ lang: 'en', viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 })
          const page = await context.newPage()
          page.on('pageerror', (e) => errors.push(`${school}: ${e.message}`))
          const check = async (label) => {
            if (shots) await page.screenshot({ path: path.join(shots, `${school}-${label}.png`) })
            const left = await chineseOnPage(page)
            // one write per page, named: the lanes' lines interleave
            if (left.length) console.log(`       ${school} ${label}:\n         ${left.join('\n         ')}`)
            assert(left.length === 0, `${left.length} Chinese text(s) the app wrote (listed above under ${school} ${label})`)
          }
          for (let i = lane; i < jobs.length; i += lanes) {
            const job = jobs[i]
            if (job.kind === 'page') {
              const { def } = job
              await step(`${school}: /${def.route} in English has no Chinese the app wrote`, async () => {
                const r = await visit(page, def, tour.ctx, { origin, lang: 'en' })
                if (!r.shown) {
                  console.log(`       ${school} /${def.route} not shown: ${r.reason}`)
                  if (!walked.has(def.route)) notShown.set(def.route, r.reason)
                  return
                }
                walked.add(def.route)
                notShown.delete(def.route)
                await check(def.key)
              }).catch(() => undefined)
            } else {
              const { d } = job
              await step(`${school}: ${d.name} in English has no Chinese the app wrote`, async () => {
                const why = await d.open(page, tour.ctx, { origin, lang: 'en', visit })
                if (why) {
                  console.log(`       ${school} ${d.name} not shown: ${why}`)
                  return
                }
                await check(d.key)
              }).catch(() => undefined)
            }
          }
          await context.close()
        })
      )
    }
    for (const [route, reason] of notShown) if (!walked.has(route)) console.log(`  note /${route} was walked in no school: ${reason}`)
  })
})()
