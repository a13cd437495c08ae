#!/usr/bin/env node
/**
 * Navigation end to end: the server started as README says (`npm start`) on a fresh DATA_DIR, Debian
 * Chromium at 390x844 with a phone's agent. A donor opens a shared project link, and by taps alone reaches home (the
 * home button of a page opened alone), the donor directory and my gifts (the tab bar), and the news (home's news
 * section); the browser's own back button is the one tap outside the app. Expected values come from the server's
 * API. Screenshots of home, the tab bar and a detail page in Chinese and English land in shots/.
 * Closing line: "e2e: N passed, N failed".
 */
const path = require('node:path')
const fs = require('node:fs')
const { launchChromium, createJourney, assert, settle } = require('./harness')
const { startServer, apiGet } = require('../mini/server')

const root = path.resolve(__dirname, '..', '..')
const shots = path.join(root, 'shots')
const P = '/uplus-foundation/app/v1/donateu'
const { step, run } = createJourney()
const money = (v) => {
  const [i, f] = Number(v).toFixed(2).split('.')
  return `${i.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${f}`
}

;(async () => {
  fs.mkdirSync(shots, { recursive: true })
  const server = await startServer({ command: [process.execPath, path.join(root, 'scripts', 'start.js')] })
  const { origin } = server
  const school = (await (await fetch(`${origin}/config/index.json`)).json()).school
  const browser = await launchChromium()
  const errors = []
  await run({ browser, server, errors, errorsStep: 'no uncaught errors in the page' }, async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
    })
    const page = await context.newPage()
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
    const tid = (id) => page.locator(`[data-testid="${id}"]`)
    const tab = (label) => page.locator('.weui-tabbar__item', { hasText: label }).first()

    const projects = await apiGet(origin, school, `${P}/items/itemsList`, { limit: 4, offset: 0 })
    const total = await apiGet(origin, school, `${P}/index/total`, {})
    const donors = await apiGet(origin, school, `${P}/index/donateRecordPage`, { limit: 20, offset: 0 })
    const news = await apiGet(origin, school, `${P}/index/articleList`, { limit: 20, offset: 0 })
    const shared = projects.rows[1] || projects.rows[0]
    assert(news.rows.length > 0, 'the default school needs articles for the news step')

    await step('a shared project link opens the project alone, with the way home', async () => {
      await page.goto(`${origin}/subject-detail?id=${shared.id}`, { waitUntil: 'domcontentloaded' })
      await tid('project-title').first().waitFor({ timeout: 30000 })
      assert((await tid('project-title').first().textContent()) === shared.name, 'not the shared project')
      await tid('home-button').first().waitFor({ timeout: 10000 })
      // not a tab page: no tab bar here
      assert(
        !(await page
          .locator('.weui-tabbar__item')
          .first()
          .isVisible()
          .catch(() => false)),
        'tab bar shown on the detail page'
      )
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'e2e-nav-1-detail.png') })
    })

    await step('the home button leads home: the school, its totals, featured projects, the news and the tab bar', async () => {
      await tid('home-button').first().click()
      await page.waitForURL(/\/home(\?|$)/, { timeout: 10000 })
      await tid('home-raised').first().waitFor({ timeout: 20000 })
      assert((await tid('home-raised').first().textContent()) === money(total.totalMoney), 'raised total is not the server total')
      assert((await tid('home-donors').first().textContent()) === String(total.totalCount), 'gift count is not the server count')
      await page.getByText(projects.rows[0].name, { exact: true }).first().waitFor({ timeout: 10000 })
      await page.getByText(news.rows[0].title, { exact: true }).first().waitFor({ timeout: 10000 })
      for (const label of ['首页', '项目', '名录', '我的']) assert(await tab(label).isVisible(), `tab ${label} not visible`)
      // the bar sits at the bottom of the 844 px viewport
      const bar = await page.locator('.weui-tabbar').first().boundingBox()
      assert(bar && bar.y + bar.height <= 844 && bar.y > 700, `tab bar at ${bar && bar.y}`)
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'e2e-nav-2-home.png') })
      await page.screenshot({ path: path.join(shots, 'e2e-nav-2-home-full.png'), fullPage: true })
    })

    await step('the 名录 tab shows the donor directory from the server', async () => {
      await tab('名录').click()
      await page.waitForURL(/\/jzml(\?|$)/, { timeout: 10000 })
      await page.getByText(donors.rows[0].itemsName).first().waitFor({ timeout: 20000 })
      assert(
        !(await tid('home-button')
          .first()
          .isVisible()
          .catch(() => false)),
        'a tab page shows the home button'
      )
      await page.screenshot({ path: path.join(shots, 'e2e-nav-3-directory.png') })
    })

    await step('the 我的 tab, then my gifts (signing in through the sandbox identity)', async () => {
      await tab('我的').click()
      await page.waitForURL(/\/mine(\?|$)/, { timeout: 20000 })
      await tid('menu-mine-don').first().waitFor({ timeout: 30000 })
      await tid('menu-mine-don').first().click()
      await page.waitForURL(/\/mine-don/, { timeout: 10000 })
      await tid('mine-don').first().waitFor({ timeout: 20000 })
      await page.screenshot({ path: path.join(shots, 'e2e-nav-4-mine-don.png') })
    })

    await step("home's news section leads to the news list and an article", async () => {
      await page.goBack()
      await page.waitForURL(/\/mine(\?|$)/, { timeout: 10000 })
      await tab('首页').click()
      await page.waitForURL(/\/home(\?|$)/, { timeout: 10000 })
      await tid('home-news-more').first().click()
      await page.waitForURL(/\/list-page/, { timeout: 10000 })
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'e2e-nav-5-news.png') })
      // the home page stays in the document, hidden, with the same title in its news section: the visible one
      const title = page.locator(`:text-is(${JSON.stringify(news.rows[0].title)}):visible`).first()
      await title.waitFor({ timeout: 20000 })
      await title.click()
      await page.waitForURL(new RegExp(`/list-page\\?.*id=${news.rows[0].id}`), { timeout: 10000 })
    })

    await step('an unknown path lands on a page that says so; a finger tap leads home', async () => {
      await page.goto(`${origin}/no-such-page?from=old-poster`, { waitUntil: 'domcontentloaded' })
      await tid('not-found').first().waitFor({ timeout: 20000 })
      assert((await tid('not-found').first().textContent()).includes('没有找到这个页面'), 'the not-found page explains')
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'e2e-nav-5b-not-found.png') })
      const action = tid('not-found-state-action').first()
      const box = await action.boundingBox()
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2)
      await tid('home-raised').first().waitFor({ timeout: 20000 })
      assert(/\/home/.test(new URL(page.url()).pathname), `the tap went to ${page.url()}`)
    })

    await step('English: home, the tab bar and a detail page', async () => {
      await page.goto(`${origin}/home`, { waitUntil: 'domcontentloaded' })
      await tid('home-raised').first().waitFor({ timeout: 20000 })
      await tid('lang-switch').first().click()
      await page.getByText('Featured projects').first().waitFor({ timeout: 10000 })
      for (const label of ['Home', 'Projects', 'Donors', 'Me']) {
        await tab(label).waitFor({ timeout: 10000 })
      }
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'e2e-nav-6-home-en.png') })
      await page.goto(`${origin}/subject-detail?id=${shared.id}`, { waitUntil: 'domcontentloaded' })
      await tid('home-button').first().waitFor({ timeout: 20000 })
      assert((await tid('home-button').first().textContent()).includes('Home'), 'home button not in English')
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'e2e-nav-7-detail-en.png') })
    })
  })
})()
