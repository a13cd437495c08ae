#!/usr/bin/env node
/**
 * The browse journey (docs/product §2), end to end: the server started as README says (`npm start` = scripts/start.js)
 * on a fresh DATA_DIR, Debian Chromium at 390x844 (touch, DPR 2) driven by playwright-core.
 * Expected values come from the server's own API (signed calls), so the test checks what the UI shows against the
 * database, not against strings typed here. Screenshots go to shots/ (looked at by people, not asserted).
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

;(async () => {
  fs.mkdirSync(shots, { recursive: true })
  // an empty DATA_DIR, as README's first `npm start`: the server seeds the demo schools itself
  const server = await startServer({ command: [process.execPath, path.join(root, 'scripts', 'start.js')], fresh: true })
  const { origin } = server
  const root0 = await (await fetch(`${origin}/config/index.json`)).json()
  const school = root0.school
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
    const apiCalls = []
    page.on('request', (r) => {
      if (r.url().includes('/api/')) apiCalls.push(r)
    })

    const all = await apiGet(origin, school, `${P}/items/itemsList`, { limit: 100, offset: 0 })
    const firstPage = all.rows.slice(0, 10)
    assert(all.total > 10, `the default school needs more than one page of projects to test scrolling (has ${all.total})`)

    await step("list shows the default school's projects from the database", async () => {
      await page.goto(`${origin}/subject`, { waitUntil: 'domcontentloaded' })
      await page.getByText(firstPage[0].name, { exact: true }).first().waitFor({ timeout: 30000 })
      for (const p of firstPage.slice(0, 4)) {
        assert(await page.getByText(p.name, { exact: true }).first().isVisible(), `project "${p.name}" not visible`)
      }
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'e2e-1-list.png') })
    })

    await step('the token never travels in a URL and every API call is signed', async () => {
      assert(apiCalls.length > 0, 'no API calls seen')
      for (const r of apiCalls) {
        assert(!/[?&](token|Authorization)=/i.test(r.url()), `token in URL: ${r.url()}`)
        const h = r.headers()
        assert(/^[A-Za-z0-9]{32}$/.test(h.nonce || ''), `unsigned call: ${r.url()}`)
        assert(h.signature, `no signature: ${r.url()}`)
      }
    })

    await step('scrolling to the bottom loads the next page', async () => {
      const beyond = all.rows[10]
      assert(!(await page.getByText(beyond.name, { exact: true }).count()), 'the 11th project is shown before scrolling')
      for (let i = 0; i < 8 && !(await page.getByText(beyond.name, { exact: true }).count()); i++) {
        await page.mouse.wheel(0, 3000)
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
        await settle(page)
      }
      await page.getByText(beyond.name, { exact: true }).first().waitFor({ timeout: 10000 })
    })

    await step('search filters the list to matching projects', async () => {
      const target = all.rows[3]
      const term = target.name.slice(0, 4)
      const expected = await apiGet(origin, school, `${P}/items/itemsList`, { limit: 100, offset: 0, s: term })
      const excluded = all.rows.find((p) => !expected.rows.some((e) => e.id === p.id))
      await page.evaluate(() => window.scrollTo(0, 0))
      const input = page.locator('input').first()
      await input.click()
      await input.fill(term)
      await input.press('Enter')
      await page.getByText(target.name, { exact: true }).first().waitFor({ timeout: 10000 })
      if (excluded) {
        await page.waitForFunction((n) => !document.body.innerText.includes(n), excluded.name, { timeout: 10000 })
      }
      await page.screenshot({ path: path.join(shots, 'e2e-2-search.png') })
      await input.fill('')
      await input.press('Enter')
      await page.getByText(all.rows[0].name, { exact: true }).first().waitFor({ timeout: 10000 })
    })

    await step('a category tab shows only that category', async () => {
      const types = await apiGet(origin, school, `${P}/items/typeList`)
      let chosen = null
      let expected = null
      for (const t of types) {
        const r = await apiGet(origin, school, `${P}/items/itemsList`, { limit: 100, offset: 0, typeId: t.id })
        if (r.total > 0 && r.total < all.total) {
          chosen = t
          expected = r
          break
        }
      }
      assert(chosen, 'no category with some but not all projects')
      await page.getByText(chosen.name, { exact: true }).first().click()
      await page.getByText(expected.rows[0].name, { exact: true }).first().waitFor({ timeout: 10000 })
      const outsider = all.rows.find((p) => !expected.rows.some((e) => e.id === p.id))
      await page.waitForFunction((n) => !document.body.innerText.includes(n), outsider.name, { timeout: 10000 })
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'e2e-3-category.png') })
    })

    // the richest project: the one whose detail has the most tabs switched on
    const details = []
    for (const p of all.rows) details.push(await apiGet(origin, school, `${P}/items/itemsDetail`, { id: p.id }))
    const score = (d) => d.isRecord + d.isDonateTogether + d.isProgress + d.isLeaveMessage + d.isInstruction
    const project = details.filter((d) => d.itemsType === 1).sort((a, b) => score(b) - score(a))[0]

    await step('opening a project shows its detail page at /subject-detail', async () => {
      await page.goto(`${origin}/subject`, { waitUntil: 'domcontentloaded' })
      await page.getByText(all.rows[0].name, { exact: true }).first().waitFor({ timeout: 20000 })
      const card = page.getByText(project.name, { exact: true }).first()
      for (let i = 0; i < 8 && !(await card.count()); i++) {
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
        await settle(page)
      }
      await card.click()
      await page.waitForURL(/\/subject-detail\?id=\d+/, { timeout: 10000 })
      assert(new URL(page.url()).searchParams.get('id') === String(project.id), `opened ${page.url()}`)
      // The H5 router keeps the list page in the DOM (hidden) under the detail: wait for the visible name.
      await page.getByText(project.name, { exact: true }).filter({ visible: true }).first().waitFor({ timeout: 10000 })
      await page.waitForFunction(() => document.title === '项目详情', null, { timeout: 5000 })
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'e2e-4-detail.png') })
    })

    const tabChecks = [
      { flag: 'isProgress', zh: '项目进展', api: 'progressList', text: (r) => r.content },
      { flag: 'isLeaveMessage', zh: '项目留言', api: 'leavewordList', text: (r) => r.content },
      { flag: 'isInstruction', zh: '善款使用', api: 'instructionList', text: (r) => r.useTitle },
      { flag: 'isDonateTogether', zh: '一起捐', api: 'togetherList', text: (r) => r.slogan }
    ]
    for (const tab of tabChecks) {
      if (!project[tab.flag]) continue
      await step(`tab ${tab.zh} shows the project's ${tab.api} rows`, async () => {
        const rows = (await apiGet(origin, school, `${P}/items/${tab.api}`, { itemsId: project.id, limit: 10, offset: 0 })).rows
        assert(rows.length > 0, `seed has no ${tab.api} rows for project ${project.id}`)
        await page.getByText(tab.zh, { exact: true }).first().click()
        const expectedText = tab.text(rows[0]).slice(0, 12)
        await page.getByText(expectedText).filter({ visible: true }).first().waitFor({ timeout: 10000 })
        await settle(page)
        await page.screenshot({ path: path.join(shots, `e2e-5-tab-${tab.api}.png`) })
      })
    }
    if (project.isRecord) {
      await step("tab 捐赠名录 shows the project's donors", async () => {
        const rows = (await apiGet(origin, school, `${P}/index/donateRecordPage`, { itemsId: project.id, limit: 20, offset: 0 })).rows
        assert(rows.length > 0, 'no donation records for the project')
        await page.getByText('捐赠名录', { exact: true }).first().click()
        await page.getByText(rows[0].name, { exact: true }).filter({ visible: true }).first().waitFor({ timeout: 10000 })
      })
    }

    await step('English: ?lang=en shows English labels on list and detail', async () => {
      // the same list in English: a project's own name is shown in English where staff gave one (decision 073)
      const allEn = await apiGet(origin, school, `${P}/items/itemsList`, { limit: 100, offset: 0, lang: 'en' })
      const enName = (id) => (allEn.rows.find((r) => r.id === id) || {}).name
      assert(enName(project.id), `project ${project.id} is missing from the English list`)
      await page.goto(`${origin}/subject-detail?id=${project.id}&lang=en`, { waitUntil: 'domcontentloaded' })
      await page.getByText(enName(project.id), { exact: true }).first().waitFor({ timeout: 20000 })
      const text = await page.evaluate(() => document.body.innerText)
      for (const zh of ['项目详情', '项目进展', '项目留言', '捐赠名录', '进行中', '已完成']) {
        assert(!text.includes(zh), `Chinese label "${zh}" on the English detail page`)
      }
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'e2e-6-detail-en.png') })
      await page.goto(`${origin}/subject`, { waitUntil: 'domcontentloaded' })
      await page.getByText(allEn.rows[0].name, { exact: true }).first().waitFor({ timeout: 20000 })
      const listText = await page.evaluate(() => document.body.innerText)
      assert(/All/.test(listText), 'no English "All" tab on the list')
      assert(!listText.includes('全部'), 'Chinese "全部" on the English list')
      await page.screenshot({ path: path.join(shots, 'e2e-7-list-en.png') })
    })

    await step('a desktop browser gets the 180x180 scan-with-WeChat QR overlay', async () => {
      const desk = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36'
      })
      const dp = await desk.newPage()
      dp.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
      await dp.goto(`${origin}/subject`, { waitUntil: 'domcontentloaded' })
      const overlay = dp.locator('[data-testid="desktop-qr"]')
      await overlay.waitFor({ timeout: 20000 })
      const box = await overlay.locator('img').first().boundingBox()
      assert(box && Math.round(box.width) === 180 && Math.round(box.height) === 180, `QR is ${box && box.width}x${box && box.height}`)
      await dp.screenshot({ path: path.join(shots, 'e2e-8-desktop-qr.png') })
      await desk.close()
    })
  })
})()
