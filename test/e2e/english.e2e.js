#!/usr/bin/env node
/**
 * The giving form in both languages, end to end on the built H5 app: the server started as README says
 * on a fresh DATA_DIR, Debian Chromium at 390x844 with a phone agent, a fresh donor signed in through the sandbox.
 *  - the form: presets in plain yuan ("¥100") with their captions, the first pay type this browser can complete
 *    preselected, optional details folded under "Add details";
 *  - a cancelled and then a failed sandbox payment bring the form back exactly as it was left (amount, sub-project,
 *    name, mobile, answers, pay type) with a message and a retry button; retry pays; the thank-you page follows;
 *  - in English, no CJK character on the form, the thank-you page and the personal centre outside what the donor
 *    typed: named by selector below and removed from the text before it is checked. The project's name and intro
 *    are English (the seed enters them, decision 073). Every other page is walked by english-walk.e2e.js.
 *  - consent to the agreement is stated beside the pay button with the agreement linked, and given by that button
 *    (decision 025): no tick on the form.
 * Run: node test/e2e/english.e2e.js (after npm run build:h5).
 * Screenshots (zh and en) go to /tmp/form-shots/ (looked at by people, not asserted). Closing line: "e2e: N passed, N failed".
 */
const path = require('node:path')
const fs = require('node:fs')
const { launchChromium, createJourney, assert, apiClient, settle, waitForText, waitUntil } = require('./harness')
const { startServer } = require('../mini/server')

const root = path.resolve(__dirname, '..', '..')
const shots = process.env.FORM_SHOTS || '/tmp/form-shots'
const P = '/uplus-foundation/app/v1/donateu'
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
const PROJECT = '示范大学励志奖学金'
const DONOR = '张赟喆'
const CJK = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/
/**
 * What may stay Chinese in English mode: text the donor typed. Each by selector; everything else on the page must be
 * English, the project's own words included (decision 073).
 */
const WHITELIST = {
  // the pay types' brand marks (a logo's glyph, not a text to translate)
  form: ['.dn-pay__badge'],
  success: ['[data-testid="success-name"]'],
  // the language switch names the other language in that language ("中文"), as language switches do
  mine: ['[data-testid="mine-nickname"]', '[data-testid="lang-switch"]']
}
const { step, run } = createJourney()

;(async () => {
  fs.mkdirSync(shots, { recursive: true })
  const server = await startServer({ command: [process.execPath, path.join(root, 'scripts', 'start.js')] })
  const { origin } = server
  const school = (await (await fetch(`${origin}/config/index.json`)).json()).school
  const cfg = await (await fetch(`${origin}/config/${school}/index.json`)).json()
  const { data } = apiClient(origin, cfg)
  const list = await data(`${P}/items/itemsList`, { query: { limit: 100, offset: 0 } })
  const projectId = list.rows.find((p) => p.name === PROJECT)?.id
  assert(projectId, `seed project ${PROJECT} not found`)

  const browser = await launchChromium()
  const errors = []
  await run({ browser, server, errors, errorsStep: 'no uncaught errors in the page' }, async () => {
    // ENGLISH_E2E_LANGS=en runs one language (when looking into a failure)
    for (const lang of (process.env.ENGLISH_E2E_LANGS || 'zh,en').split(',')) {
      const en = lang === 'en'
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        userAgent: IPHONE
      })
      const page = await context.newPage()
      page.on('pageerror', (e) => errors.push(`pageerror (${lang}): ${e.message}`))
      const tid = (id) => page.locator(`[data-testid="${id}"]`)
      /** A step that leaves a screenshot of the page when it fails (for people; not asserted). */
      const check = (name, fn) =>
        step(name, async () => {
          try {
            await fn()
          } catch (e) {
            await page.screenshot({ path: path.join(shots, `failed-${lang}.png`), fullPage: true }).catch(() => undefined)
            throw e
          }
        })
      const tap = async (id) => {
        const el = tid(id).first()
        const button = el.locator('.at-button')
        await ((await button.count()) ? button.first() : el).click()
      }
      const typeIn = async (id, text) => {
        const input = tid(id).locator('input, textarea').first()
        await input.click()
        await input.fill(text)
      }
      const q = (url) => `${url}${url.includes('?') ? '&' : '?'}lang=${en ? 'en' : 'zh_CN'}`
      /** The page's visible text without the whitelisted elements, and the CJK runs left in it. */
      const cjkLeft = (selectors) =>
        page.evaluate(
          ({ selectors, source }) => {
            const re = new RegExp(source, 'g')
            // the live page's shown text nodes (not a clone: a cloned body would construct and connect a second set of
            // Taro's custom elements, whose tab bar then answers router events without its config and breaks the app);
            // what is not rendered (closed dialogs, hidden tabs) does not count
            const skip = selectors.join(', ')
            const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
            let text = ''
            for (let n = walker.nextNode(); n; n = walker.nextNode()) {
              const el = n.parentElement
              if (!el || (skip && el.closest(skip))) continue
              if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue
              if (el.closest('script, style, noscript, template')) continue
              text += n.textContent + '\n'
            }
            return (text.match(re) || []).join('')
          },
          { selectors, source: CJK.source.replace(/^\/|\/$/g, '') }
        )
      const checkEnglish = async (label, selectors) => {
        if (!en) return
        const visible = await page.evaluate(() => document.body.innerText)
        const left = await cjkLeft(selectors)
        assert(!left, `${label} in English still shows Chinese: ${JSON.stringify(left)}\n---\n${visible.slice(0, 1500)}`)
      }

      const openForm = async () => {
        await page.goto(q(`${origin}/subject-detail?id=${projectId}`), { waitUntil: 'domcontentloaded' })
        await tid('donate-button').waitFor({ timeout: 30000 })
        await settle(page)
        await tap('donate-button')
        await page.waitForURL(/\/form\?/, { timeout: 30000 })
        await tid('donate-form').waitFor({ timeout: 30000 })
        await settle(page)
      }

      let filled = null
      await check(
        `${lang}: the form takes a typical gift in few taps: plain-yuan presets, pay type preselected, details folded`,
        async () => {
          await openForm()
          await tid('amount-chips').locator('[data-testid^="chip-"]').first().waitFor({ timeout: 15000 })
          const chips = await tid('amount-chips').locator('[data-testid^="chip-"]').allInnerTexts()
          assert(chips.length >= 2, `preset chips: ${JSON.stringify(chips)}`)
          for (const c of chips)
            assert(/^¥\d{1,3}(,\d{3})*(\.\d\d)?\s/.test(c + ' ') && !/元/.test(c), `preset in plain yuan: ${JSON.stringify(c)}`)
          assert(chips[0].startsWith('¥100') && !chips[0].startsWith('¥100.00'), `first preset ¥100: ${JSON.stringify(chips[0])}`)
          if (en) assert(chips[0].includes('A token of thanks'), `English caption: ${JSON.stringify(chips[0])}`)
          const pays = await page.locator('.dn-pay').count()
          assert(pays >= 1, 'a pay type is offered')
          assert((await page.locator('.dn-pay .dn-radio--on').count()) === 1, 'one pay type preselected')
          assert((await tid('certificate-section').count()) === 0 && (await tid('receipt-section').count()) === 0, 'details folded')
          assert((await tid('details-toggle').count()) === 1, 'the "Add details" expander')
          assert((await tid('agree-check').count()) === 0, 'no agreement tick: the button gives consent')
          const consent = await page.locator('.dn-bar [data-testid="agreement"]').innerText()
          const button = await tid('submit').innerText()
          if (en)
            assert(
              consent.startsWith('By tapping “Agree and give”') && button.trim() === 'Agree and give',
              `consent: ${consent} / ${button}`
            )
          else assert(consent.startsWith('点击“同意并捐赠”') && button.trim() === '同意并捐赠', `consent: ${consent} / ${button}`)
          assert((await page.locator('.dn-bar [data-testid="agree-link"]').count()) === 1, 'the agreement linked beside the button')
          await page.screenshot({ path: path.join(shots, `form-${lang}.png`), fullPage: true })
          await checkEnglish('the form', WHITELIST.form)
        }
      )

      await check(`${lang}: a cancelled and a failed payment bring the form back as it was left, with a message and retry`, async () => {
        // the sub-project's second preset, the required donor answers, then pay (the button gives consent) and cancel
        const sub = tid('sub-chips').locator('[data-testid^="chip-"]').nth(1)
        await sub.click()
        // the second sub-project is picked, and its presets drawn
        await waitUntil(async () => /\bdn-chip--on\b/.test((await sub.getAttribute('class')) || ''), {
          timeout: 5000,
          message: 'the second sub-project picked'
        })
        await settle(page)
        await tid('amount-chips').locator('[data-testid^="chip-"]').nth(1).click()
        await typeIn('field-name', DONOR)
        await typeIn('field-mobile', '13800138000')
        await tid('field-isAlumni').locator('[data-testid="chip-0"]').click()
        await waitForText(tid('bar-total'), '¥2,000.00')
        await settle(page)
        const snapshot = async () => ({
          sub: await tid('sub-chips').locator('.dn-chip--on').innerText(),
          amount: await tid('amount-chips').locator('.dn-chip--on').innerText(),
          total: await tid('bar-total').innerText(),
          name: await tid('field-name').locator('input').inputValue(),
          mobile: await tid('field-mobile').locator('input').inputValue(),
          alumni: await tid('field-isAlumni').locator('.dn-chip--on').innerText(),
          pay: await page.locator('.dn-pay:has(.dn-radio--on)').getAttribute('data-testid')
        })
        filled = await snapshot()
        /** Waits (up to 5 s) for the form to show what was filled; the assertion after it says what differs. */
        const sameAsFilled = () =>
          waitUntil(async () => JSON.stringify(await snapshot().catch(() => null)) === JSON.stringify(filled), {
            timeout: 5000
          }).catch(() => undefined)
        assert(filled.total === '¥2,000.00', `the second preset of the second sub-project: ${filled.total}`)
        for (const [outcome, button] of [
          ['cancelled', 'cashier-cancel'],
          ['failed', 'cashier-fail']
        ]) {
          if (outcome === 'cancelled') await tap('submit')
          else await tap('pay-retry')
          await page.waitForURL(/\/cashier\?/, { timeout: 30000 })
          await tid('cashier').waitFor({ timeout: 15000 })
          await settle(page)
          await tap(button)
          await page.waitForURL(/\/form\?/, { timeout: 15000 })
          await tid('pay-outcome').waitFor({ timeout: 15000 })
          assert((await tid('pay-outcome').getAttribute('data-outcome')) === outcome, `the banner says ${outcome}`)
          await settle(page)
          await sameAsFilled()
          const back = await snapshot()
          assert(
            JSON.stringify(back) === JSON.stringify(filled),
            `kept after ${outcome}: ${JSON.stringify(back)} vs ${JSON.stringify(filled)}`
          )
          await page.screenshot({ path: path.join(shots, `form-${outcome}-${lang}.png`), fullPage: true })
          await checkEnglish(`the form after a ${outcome} payment`, WHITELIST.form)
        }
        // a reload (as after a provider's page) restores the draft from storage
        await page.reload({ waitUntil: 'domcontentloaded' })
        await tid('donate-form').waitFor({ timeout: 30000 })
        await tid('pay-outcome').waitFor({ timeout: 15000 })
        await settle(page)
        await sameAsFilled()
        assert((await tid('pay-outcome').getAttribute('data-outcome')) === 'restored', 'the banner after a reload')
        const restored = await snapshot()
        assert(JSON.stringify(restored) === JSON.stringify(filled), `restored from the draft: ${JSON.stringify(restored)}`)
      })

      await check(`${lang}: retry pays; the thank-you page (the draft is cleared)`, async () => {
        await tap('pay-retry')
        await page.waitForURL(/\/cashier\?/, { timeout: 30000 })
        await tid('cashier').waitFor({ timeout: 15000 })
        await settle(page)
        await tap('cashier-pay')
        await page.waitForURL(/\/success\?billNo=/, { timeout: 30000 })
        await tid('success-title').waitFor({ timeout: 30000 })
        await tid('success-name').waitFor({ timeout: 30000 })
        await settle(page)
        assert((await tid('success-name').innerText()) === DONOR, 'the donor on the thank-you page')
        const word = await tid('success-word').innerText()
        if (en) assert(word.includes('Thank you for your gift'), `English thank-you word: ${word}`)
        else assert(word.includes('感谢您的爱心捐赠'), `Chinese thank-you word: ${word}`)
        await page.screenshot({ path: path.join(shots, `thank-you-${lang}.png`), fullPage: true })
        await checkEnglish('the thank-you page', WHITELIST.success)
        const draft = await page.evaluate(() => localStorage.getItem('donateDraft'))
        assert(!draft, `the draft is cleared once paid: ${draft}`)
      })

      await check(`${lang}: the personal centre`, async () => {
        await page.goto(q(`${origin}/mine`), { waitUntil: 'domcontentloaded' })
        await page.locator('[data-testid="mine-screen"], [data-testid="mine-retry"]').first().waitFor({ timeout: 30000 })
        // a first load racing the sign-in of this fresh browser may fail once: the page's own retry
        if (await tid('mine-retry').count()) await tid('mine-retry').click()
        await tid('mine-screen').waitFor({ timeout: 30000 })
        await settle(page)
        await page.screenshot({ path: path.join(shots, `mine-${lang}.png`), fullPage: true })
        await checkEnglish('the personal centre', WHITELIST.mine)
      })

      await check(`${lang}: a picker's buttons speak the page's language`, async () => {
        // the dialling-code picker of the sign-in page
        await page.goto(q(`${origin}/login`), { waitUntil: 'domcontentloaded' })
        await tid('login-area').first().waitFor({ timeout: 30000 })
        await settle(page)
        await tid('login-area').first().tap()
        const actions = page.locator('.weui-picker__action')
        await actions.first().waitFor({ state: 'visible', timeout: 10000 })
        const texts = (await actions.allInnerTexts()).map((x) => x.trim())
        assert(
          JSON.stringify(texts) === JSON.stringify(en ? ['Cancel', 'OK'] : ['取消', '确定']),
          `picker buttons: ${JSON.stringify(texts)}`
        )
        await actions.first().tap()
      })
      await context.close()
    }
  })
})()
