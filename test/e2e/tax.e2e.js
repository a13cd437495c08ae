#!/usr/bin/env node
/**
 * The charity tax tool end to end: the server started as README says on a fresh DATA_DIR, Debian Chromium at
 * 390x844 with a phone user agent. A donor fills the personal tab, calculates, and reads the figures worked by hand in
 * test/unit/tax-model.test.ts (an empty salary said under the salary, no toast); goes back and finds the form as left; a company link opened directly shows the
 * carried-forward amount; a salary at the threshold says no deduction is possible; English mode has no Chinese.
 * Screenshots go to shots/ (looked at by people). Closing line: "e2e: N passed, N failed".
 */
const path = require('node:path')
const fs = require('node:fs')
const { launchChromium, createJourney, assert } = require('./harness')
const { startServer } = require('../mini/server')

const root = path.resolve(__dirname, '..', '..')
const shots = path.join(root, 'shots')
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
const journey = createJourney()

;(async () => {
  fs.mkdirSync(shots, { recursive: true })
  const server = await startServer({ command: [process.execPath, path.join(root, 'scripts', 'start.js')] })
  const { origin } = server
  const browser = await launchChromium()
  const errors = []
  await journey.run({ browser, server, errors }, async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      userAgent: IPHONE
    })
    const page = await context.newPage()
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
    const tid = (id) => page.locator(`[data-testid="${id}"]`)
    const text = async (id) => (await tid(id).first().textContent()).trim()
    // AtButton: the tap goes to its rendered button, as a finger's would
    const tap = (id) => tid(id).locator('.at-button').first().click()
    const typeIn = async (id, value) => {
      const input = tid(id).locator('input').first()
      await input.click()
      await input.fill(value)
    }
    const step = (name, fn) =>
      journey.step(name, async () => {
        try {
          await fn()
        } catch (e) {
          const file = path.join(shots, `tax-fail-${name.replace(/\W+/g, '-').slice(0, 40)}.png`)
          await page.screenshot({ path: file, fullPage: true }).catch(() => undefined)
          throw new Error(`${e.message} (at ${page.url()}, see ${path.relative(root, file)})`)
        }
      })

    await step('personal: the form refuses an empty salary and calculates the worked example', async () => {
      await page.goto(`${origin}/tax-tool`, { waitUntil: 'domcontentloaded' })
      await tid('tax-calculate').waitFor({ timeout: 30000 })
      await tap('tax-calculate')
      // the problem under its field, not a toast (decision 081)
      await tid('error-gz').waitFor({ timeout: 5000 })
      assert((await text('error-gz')) === '请输入工资', `error under the salary: ${await text('error-gz')}`)
      const toasted = await page.evaluate(() =>
        [...document.querySelectorAll('.taro__toast, .weui-toast')].some(
          (el) => el.getClientRects().length > 0 && getComputedStyle(el).display !== 'none' && (el.textContent || '').includes('请输入工资')
        )
      )
      assert(!toasted, 'the salary problem is not toasted')
      await page.screenshot({ path: path.join(shots, 'tax-tool-error.png'), fullPage: true })
      await typeIn('tax-gz', '20000')
      await typeIn('tax-wxyj', '2000')
      await typeIn('tax-zxkc', '3000')
      await typeIn('tax-jz', '10000')
      await page.screenshot({ path: path.join(shots, 'tax-tool.png'), fullPage: true })
      await tap('tax-calculate')
      await tid('tax-saving').waitFor({ timeout: 20000 })
      assert(page.url().includes('/tax-result?'), `result url ${page.url()}`)
      assert((await text('tax-taxable')) === '¥120,000.00', `taxable ${await text('tax-taxable')}`)
      assert((await text('tax-before')) === '¥9,480.00', `before ${await text('tax-before')}`)
      assert((await text('tax-after')) === '¥8,480.00', `after ${await text('tax-after')}`)
      assert((await text('tax-saving')) === '¥1,000.00', `saving ${await text('tax-saving')}`)
      await page.screenshot({ path: path.join(shots, 'tax-result-personal.png'), fullPage: true })
    })

    await step('recalculate returns to the form as it was left', async () => {
      await tap('tax-recalculate')
      await tid('tax-gz').waitFor({ timeout: 20000 })
      const salary = await tid('tax-gz').locator('input').first().inputValue()
      assert(salary === '20000', `salary kept: ${salary}`)
    })

    await step('company link opened directly: the excess is carried forward', async () => {
      await page.goto(`${origin}/tax-result?type=2&lr=33.33&jz=40000&isDonate=1`, { waitUntil: 'domcontentloaded' })
      await tid('tax-saving').waitFor({ timeout: 30000 })
      assert((await text('tax-before')) === '¥83,325.00', `before ${await text('tax-before')}`)
      assert((await text('tax-after')) === '¥73,326.00', `after ${await text('tax-after')}`)
      assert((await text('tax-saving')) === '¥9,999.00', `saving ${await text('tax-saving')}`)
      assert((await text('tax-carry')) === '¥4.00', `carry ${await text('tax-carry')}`)
      await page.screenshot({ path: path.join(shots, 'tax-result-company.png'), fullPage: true })
    })

    await step('a salary of 5,000 says no deduction is possible', async () => {
      await page.goto(`${origin}/tax-result?type=1&gz=5000&wxyj=0&zxkc=0&jz=1000&isDonate=1`, { waitUntil: 'domcontentloaded' })
      await tid('tax-lead').waitFor({ timeout: 30000 })
      assert((await text('tax-lead')).includes('5,000'), await text('tax-lead'))
      assert((await text('tax-saving')) === '¥0.00', `saving ${await text('tax-saving')}`)
    })

    await step('English: the result page has no Chinese', async () => {
      await page.goto(`${origin}/tax-result?type=1&gz=40000&wxyj=0&zxkc=0&jz=&isDonate=0&lang=en`, { waitUntil: 'domcontentloaded' })
      await tid('tax-saving').waitFor({ timeout: 30000 })
      assert((await text('tax-saving')) === '¥31,200.00', `saving ${await text('tax-saving')}`)
      const body = await tid('tax-result').textContent()
      assert(!/[\u4e00-\u9fff]/.test(body), `Chinese in English mode: ${body.match(/[\u4e00-\u9fff]+/)}`)
      await page.screenshot({ path: path.join(shots, 'tax-result-en.png'), fullPage: true })
    })
  })
})()
