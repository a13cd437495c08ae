#!/usr/bin/env node
/**
 * Accessibility (issue 13, docs/decisions/028-accessibility.md): axe-core 4.11 in Debian Chromium at 390x844 on the
 * built H5 app reports no critical and no serious violation on the twelve pages a donor walks: project list, project
 * detail, giving form, cashier, thank-you, directory, personal centre, my gifts, certificates, receipts, sign-in and
 * an article, in Chinese and in English, on the demo school the server starts with. A failure names each violation:
 * rule id, impact, the selectors of the offending nodes and axe's help text.
 * A11Y_SCHOOLS=all walks every demo school instead of the first one.
 * Closing line: "e2e: N passed, N failed".
 */
const path = require('node:path')
const { launchChromium, createJourney, assert } = require('./harness')
const { startServer } = require('../mini/server')

const root = path.resolve(__dirname, '..', '..')
const AXE = require.resolve('axe-core/axe.min.js')
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
const BLOCKING = new Set(['critical', 'serious'])
const { step, finish } = createJourney()

/** axe on the page as it is now; the critical and serious violations, one line per rule. */
async function axeViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ path: AXE })
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }))
  return result.violations
    .filter((v) => BLOCKING.has(v.impact))
    .map((v) => `${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}: ${v.help}`)
}

;(async () => {
  const server = await startServer({ command: [process.execPath, path.join(root, 'scripts', 'start.js')] })
  const { origin } = server
  const index = await (await fetch(`${origin}/config/index.json`)).json()
  const schools = process.env.A11Y_SCHOOLS === 'all' ? index.schools || [index.school] : [index.school]
  const browser = await launchChromium()
  let setupError = null
  try {
    for (const school of schools) {
      for (const lang of ['zh', 'en']) {
        const context = await browser.newContext({
          viewport: { width: 390, height: 844 },
          isMobile: true,
          hasTouch: true,
          deviceScaleFactor: 1,
          // the app's CSP forbids inline scripts; axe is injected as one
          bypassCSP: true,
          userAgent: IPHONE
        })
        const page = await context.newPage()
        const tid = (id) => page.locator(`[data-testid="${id}"]`)
        const q = (url) => `${origin}${url}${url.includes('?') ? '&' : '?'}lang=${lang === 'en' ? 'en' : 'zh_CN'}`
        const settle = async (selector) => {
          await page.locator(selector).first().waitFor({ timeout: 30000 })
          await page.waitForTimeout(900)
        }
        // a page with violations is reported and the walk goes on to the next page (the journey still fails);
        // a page that cannot be reached stops this language's walk
        const check = async (name, open) => {
          let reached = false
          await step(`${school} ${lang}: ${name}: no critical or serious axe violation`, async () => {
            await open()
            reached = true
            const found = await axeViolations(page)
            if (found.length) console.log(`       ${found.join('\n       ')}`)
            assert(found.length === 0, `${found.length} rule(s) violated (listed above)`)
          }).catch((e) => {
            if (!reached) throw e
          })
        }
        const go = async (url, selector) => {
          await page.goto(q(url), { waitUntil: 'domcontentloaded' })
          await settle(selector)
        }
        const tap = async (id) => {
          const el = tid(id).first()
          const button = el.locator('.at-button')
          await ((await button.count()) ? button.first() : el).click()
        }

        await check('sign-in', () => go('/login', '.taro_page'))
        await check('project list', () => go('/subject', '[data-testid^="project-card-"]'))
        let detailUrl = ''
        await check('project detail', async () => {
          await page.locator('[data-testid^="project-card-"]').first().click()
          await page.waitForURL(/\/subject-detail\?/, { timeout: 30000 })
          detailUrl = page.url()
          await settle('[data-testid="donate-button"]')
        })
        await check('giving form', async () => {
          await tap('donate-button')
          await page.waitForURL(/\/form\?/, { timeout: 30000 })
          await settle('[data-testid="donate-form"]')
        })
        await check('cashier', async () => {
          const typeIn = async (id, text) => {
            if (!(await tid(id).count())) return
            const input = tid(id).locator('input, textarea').first()
            await input.fill(text)
          }
          await typeIn('field-name', '无障碍测试')
          await typeIn('field-mobile', '13800138000')
          if (await tid('field-isAlumni').count()) await tid('field-isAlumni').locator('[data-testid="chip-0"]').click()
          if ((await tid('agree-check').count()) && !(await tid('agree-check').locator('.dn-agree__box--on').count()))
            await tid('agree-check').click()
          await tap('submit')
          await page.waitForURL(/\/cashier\?/, { timeout: 30000 })
          await settle('[data-testid="cashier"]')
        })
        await check('thank-you', async () => {
          await tap('cashier-pay')
          await page.waitForURL(/\/success\?/, { timeout: 30000 })
          await settle('[data-testid="success-title"]')
          await page.waitForTimeout(800)
        })
        await check('directory', () => go('/jzml', '.taro_page'))
        await check('personal centre', () => go('/mine', '[data-testid="mine-screen"]'))
        await check('my gifts', () => go('/mine-don', '.taro_page'))
        await check('certificates', () => go('/mine-certificate', '.taro_page'))
        await check('receipts', () => go('/mine-paper', '.taro_page'))
        await check('article', async () => {
          await go('/list-page?style=1', '.taro_page')
          const item = page.locator('[data-testid="article-list"] [data-testid="article-title"]').first()
          await item.waitFor({ timeout: 30000 })
          await item.click()
          await page.waitForURL(/\/list-page\?.*id=/, { timeout: 30000 })
          await page.waitForTimeout(1500)
        })
        void detailUrl
        await context.close()
      }
    }
  } catch (e) {
    setupError = e
  } finally {
    await browser.close()
    await server.stop()
  }
  process.exit(finish(setupError))
})()
