#!/usr/bin/env node
/**
 * The joint-donation journey (docs/product §2 Joint donation), end to end: the server started as README says (`npm start` =
 * scripts/start.js) on a fresh DATA_DIR, Debian Chromium at 390x844 (touch, DPR 2, a phone user agent), two fresh
 * donors in separate browser contexts who sign in through the sandbox on first need.
 *  - donor A opens a project's invite button, launches a joint donation (preset slogan, a suggested target), lands on
 *    its invite page with nothing raised and a cancel button;
 *  - donor B opens the invite link, gives 123.45 through the form and the sandbox cashier;
 *  - the invite page shows the progress (raised, target, percent, donors) with the figures the server holds;
 *  - A can no longer cancel it (no button; the API refuses with the rule's words); A's started tab and B's joined tab
 *    list it; the donor list shows B's gift;
 *  - A launches a second one and cancels it from its invite page: 取消成功, and it is gone;
 *  - English.
 * Expected values come from the server's own API (signed calls). Screenshots go to shots/ (looked at by people,
 * not asserted). Closing line: "e2e: N passed, N failed".
 */
const path = require('node:path')
const fs = require('node:fs')
const { launchChromium, createJourney, assert, apiClient, settle } = require('./harness')
const { startServer } = require('../mini/server')

const root = path.resolve(__dirname, '..', '..')
const shots = path.join(root, 'shots')
const P = '/uplus-foundation/app/v1/donateu'
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
const journey = createJourney()
const { run } = journey

function fen(yuan) {
  const [w, f = ''] = String(yuan).split('.')
  return Number(w) * 100 + Number(f.padEnd(2, '0').slice(0, 2))
}
function money(f) {
  const s = `${Math.floor(f / 100)}`.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${s}.${String(f % 100).padStart(2, '0')}`
}

;(async () => {
  fs.mkdirSync(shots, { recursive: true })
  // H5_DIR: a copy of a finished H5 build (the shared dist/h5 may be mid-build); the server then serves it directly,
  // since scripts/start.js would start a build of its own when dist/h5 is missing
  const command = process.env.H5_DIR
    ? [path.join(root, 'node_modules', '.bin', 'tsx'), path.join(root, 'server', 'src', 'main.ts')]
    : [process.execPath, path.join(root, 'scripts', 'start.js')]
  const server = await startServer({ command })
  const { origin } = server
  const school = (await (await fetch(`${origin}/config/index.json`)).json()).school
  const cfg = await (await fetch(`${origin}/config/${school}/index.json`)).json()
  const { api, data } = apiClient(origin, cfg)

  const browser = await launchChromium()
  const errors = []
  let current = null
  await run({ browser, server, errors }, async () => {
    /** One donor: a browser context of their own (their own sandbox sign-in and storage). */
    const donor = async () => {
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
      return {
        page,
        tid,
        tap: async (id) => {
          const el = tid(id).first()
          const button = el.locator('.at-button')
          await ((await button.count()) ? button.first() : el).click()
        },
        typeIn: async (id, value) => {
          const input = tid(id).locator('input, textarea').first()
          await input.click()
          await input.fill(value)
        },
        settle: () => settle(page),
        /** the toast's words, read while it shows (it leaves after 1-2 s): looked for in the page on every frame */
        toast: async (text) => {
          await page
            .waitForFunction((t) => [...document.querySelectorAll('.taro__toast')].some((el) => (el.textContent || '').includes(t)), text, {
              polling: 'raf',
              timeout: 5000
            })
            .catch(() => {
              throw new Error(`no toast '${text}'`)
            })
        },
        token: () =>
          page.evaluate(() => {
            const raw = localStorage.getItem('token')
            try {
              return JSON.parse(raw).data
            } catch {
              return raw
            }
          }),
        shot: (name, fullPage = true) => page.screenshot({ path: path.join(shots, `together-${name}.png`), fullPage })
      }
    }
    /** A failing step leaves the page it was on in shots/ and names its URL and toast. */
    const step = (name, fn) =>
      journey.step(name, async () => {
        try {
          await fn()
        } catch (e) {
          if (current) {
            const toast = await current.page
              .locator('.taro__toast, .weui-toast')
              .allTextContents()
              .catch(() => [])
            await current.shot('failure').catch(() => undefined)
            e.message = `${e.message.split('\n').slice(0, 8).join(' | ')} (at ${current.page.url()}${toast.length ? `, toast: ${toast.join(' ')}` : ''}${errors.length ? `; ${errors.join(' | ')}` : ''})`
          }
          throw e
        }
      })

    const list = await data(`${P}/items/itemsList`, { query: { limit: 100, offset: 0 } })
    const project = list.rows.find((p) => p.name === '校园林荫大道改造')
    assert(project, 'seed project 校园林荫大道改造 not found')
    const A = await donor()
    const B = await donor()
    const GIFT = '123.45'
    const DONOR_B = '李同学'
    let togetherId = 0
    let target = ''

    await step("donor A opens the project's invite button and launches a joint donation (preset slogan, suggested target)", async () => {
      current = A
      await A.page.goto(`${origin}/subject-detail?id=${project.id}`, { waitUntil: 'domcontentloaded' })
      await A.tid('invite-button').waitFor({ timeout: 20000 })
      await A.settle()
      await A.tap('invite-button')
      await A.page.waitForURL(/\/together\?id=/, { timeout: 20000 })
      await A.tid('together-launch').waitFor({ timeout: 30000 })
      await A.settle()
      const sponsor = await A.tid('launch-sponsor').locator('input').first().inputValue()
      assert(sponsor.length > 0, 'sponsor prefilled from the account')
      await A.typeIn('launch-sponsor', '王建国')
      // the rules are said under their field before anything is sent: no slogan yet (decision 081)
      await A.tap('launch-submit')
      await A.tid('error-slogan').waitFor({ timeout: 10000 })
      assert((await A.tid('error-slogan').textContent()) === '口号不能为空', 'the slogan problem under the slogan')
      await A.tid('launch-preset-0').click()
      const info = await data(`${P}/together/launchDetail`, { query: { itemsId: project.id }, token: await A.token() })
      target = info.moneyList[0]
      await A.tid(`launch-target-${target}`).click()
      await A.settle()
      await A.shot('launch')
      await A.tap('launch-submit')
      await A.page.waitForURL(/\/together-share\?id=/, { timeout: 20000 })
      togetherId = Number(new URL(A.page.url()).searchParams.get('id'))
      assert(togetherId > 0, `invite page id ${A.page.url()}`)
      await A.tid('together-share').waitFor({ timeout: 20000 })
      assert((await A.tid('share-raised').textContent()) === '¥0.00', `raised ${await A.tid('share-raised').textContent()}`)
      assert(
        (await A.tid('share-target').textContent()) === `¥${money(fen(target))}`,
        `target ${await A.tid('share-target').textContent()}`
      )
      assert((await A.tid('share-slogan').textContent()) === `“${info.sloganList[0]}”`, 'the chosen slogan')
      assert((await A.tid('share-sponsor').textContent()).includes('王建国'), 'sponsor name')
      await A.tid('share-cancel').waitFor({ timeout: 5000 })
      await A.settle()
      await A.shot('invite-empty')
    })

    await step(
      'donor B opens the invite link (no cancel for a friend) and gives 123.45 through the form and the sandbox cashier',
      async () => {
        current = B
        await B.page.goto(`${origin}/together-share?id=${togetherId}`, { waitUntil: 'domcontentloaded' })
        await B.tid('together-share').waitFor({ timeout: 30000 })
        await B.settle()
        assert((await B.tid('share-cancel').count()) === 0, 'no cancel button for a friend')
        await B.tap('share-give')
        await B.page.waitForURL(/\/form\?/, { timeout: 20000 })
        const q = new URL(B.page.url()).searchParams
        assert(q.get('togetherId') === String(togetherId) && q.get('id') === String(project.id), `form URL ${B.page.url()}`)
        await B.tid('donate-form').waitFor({ timeout: 30000 })
        await B.settle()
        await B.typeIn('amount-input', GIFT)
        await B.typeIn('field-name', DONOR_B)
        await B.typeIn('field-mobile', '13800138001')
        await B.tid('field-isAlumni').locator('[data-testid="chip-0"]').click()
        await B.tid('pay-1').click()
        // no tick: "同意并捐赠" gives the consent (decision 025)
        await B.tap('submit')
        await B.page.waitForURL(/\/cashier\?/, { timeout: 20000 })
        await B.tid('cashier').waitFor({ timeout: 10000 })
        assert(
          (await B.tid('cashier-amount').textContent()) === `¥${GIFT}`,
          `cashier amount ${await B.tid('cashier-amount').textContent()}`
        )
        await B.settle()
        await B.tap('cashier-pay')
        await B.page.waitForURL(/\/success\?billNo=/, { timeout: 20000 })
        await B.tid('success-title').waitFor({ timeout: 20000 })
      }
    )

    await step('the invite page shows the progress: raised, target, percent and donors as the server holds them', async () => {
      current = B
      const d = await data(`${P}/together/togetherDetail`, { query: { id: togetherId } })
      assert(d.completeMoney === GIFT && d.participants === 1, `server: ${d.completeMoney}, ${d.participants} donors`)
      const pct = (Math.floor((fen(GIFT) * 10000) / fen(target)) / 100).toFixed(2)
      assert(Number(pct) === d.progress, `server progress ${d.progress} != ${pct}`)
      await B.page.goto(`${origin}/together-share?id=${togetherId}`, { waitUntil: 'domcontentloaded' })
      await B.tid('together-share').waitFor({ timeout: 30000 })
      await B.tid('share-donor').first().waitFor({ timeout: 10000 })
      await B.settle()
      assert((await B.tid('share-raised').textContent()) === `¥${money(fen(GIFT))}`, `raised ${await B.tid('share-raised').textContent()}`)
      assert((await B.tid('share-target').textContent()) === `¥${money(fen(target))}`, 'target')
      assert((await B.tid('share-people').textContent()) === '1 人', `donors ${await B.tid('share-people').textContent()}`)
      assert((await B.tid('share-percent').textContent()) === `已完成 ${pct}%`, `percent ${await B.tid('share-percent').textContent()}`)
      assert((await B.tid('share-donor').first().textContent()).includes(DONOR_B), 'the donor in the avatar strip')
      await B.shot('invite-progress')
      // the invite poster (decision 084): drawn by the server, shown over the page with its QR code
      await B.tap('share-poster')
      await B.tid('poster-dialog').waitFor({ timeout: 20000 })
      const posterWidth = await B.page.waitForFunction(
        () => document.querySelector('[data-testid="poster-image"] img, img[data-testid="poster-image"]')?.naturalWidth || 0,
        null,
        { timeout: 20000 }
      )
      assert((await posterWidth.jsonValue()) === 750, 'the poster is the 750 px PNG')
      await B.settle()
      await B.shot('invite-poster')
      await B.tap('poster-close')
      await B.tid('poster-dialog').waitFor({ state: 'detached', timeout: 10000 })
      await B.tid('share-donors-all').click()
      await B.page.waitForURL(/\/together-list\?id=/, { timeout: 20000 })
      await B.tid('donor-row').first().waitFor({ timeout: 20000 })
      assert((await B.tid('donor-name').first().textContent()) === DONOR_B, 'donor list name')
      assert((await B.tid('donor-amount').first().textContent()) === `¥${money(fen(GIFT))}`, 'donor list amount')
      await B.settle()
      await B.shot('donor-list')
    })

    await step('donor A can no longer cancel it: no button, and the server refuses', async () => {
      current = A
      await A.page.reload({ waitUntil: 'domcontentloaded' })
      await A.tid('together-share').waitFor({ timeout: 30000 })
      await A.tid('share-donor').first().waitFor({ timeout: 10000 })
      await A.settle()
      assert((await A.tid('share-raised').textContent()) === `¥${money(fen(GIFT))}`, 'A sees the gift')
      assert((await A.tid('share-cancel').count()) === 0, 'no cancel once something is raised')
      const refused = await api(`${P}/together/delete`, { query: { id: togetherId }, token: await A.token() })
      assert(refused.code === -1 && refused.message === '该一起捐已有捐赠，不能取消', `delete: ${JSON.stringify(refused)}`)
      await A.shot('invite-sponsor-raised')
    })

    await step("A's started tab and B's joined tab list it; a card opens its invite page", async () => {
      current = A
      await A.page.goto(`${origin}/mine-together`, { waitUntil: 'domcontentloaded' })
      await A.tid('together-row').first().waitFor({ timeout: 30000 })
      await A.settle()
      assert((await A.tid('together-row').first().textContent()).includes('王建国'), 'started tab')
      await A.shot('mine-started')
      current = B
      await B.page.goto(`${origin}/mine-together`, { waitUntil: 'domcontentloaded' })
      await B.tid('together-tab-join').waitFor({ timeout: 30000 })
      await B.settle()
      await B.tid('together-tab-join').click()
      await B.tid('together-join').locator('[data-testid="together-row"]').first().waitFor({ timeout: 20000 })
      const card = await B.tid('together-join').locator('[data-testid="together-row"]').first().textContent()
      assert(card.includes('王建国') && card.includes(money(fen(GIFT))), `joined card: ${card}`)
      await B.shot('mine-joined')
      await B.tid('together-join').locator('[data-testid="together-row"]').first().click()
      await B.page.waitForURL(new RegExp(`/together-share\\?id=${togetherId}`), { timeout: 20000 })
    })

    await step('A launches a second one without a target and cancels it while nothing is raised: 取消成功, then it is gone', async () => {
      current = A
      await A.page.goto(`${origin}/together?id=${project.id}`, { waitUntil: 'domcontentloaded' })
      await A.tid('together-launch').waitFor({ timeout: 30000 })
      await A.settle()
      await A.typeIn('launch-slogan', '毕业二十年，一起为母校种一棵树')
      await A.tid('launch-target-none').click()
      await A.tap('launch-submit')
      await A.page.waitForURL(/\/together-share\?id=/, { timeout: 20000 })
      const second = Number(new URL(A.page.url()).searchParams.get('id'))
      await A.tid('share-cancel').waitFor({ timeout: 20000 })
      assert((await A.tid('share-target').textContent()) === '不设目标', 'no target')
      await A.settle()
      await A.tap('share-cancel')
      // Taro's H5 modal: confirm
      await A.page.locator('.taro-model__confirm').first().click()
      await A.toast('取消成功')
      await A.page.waitForURL(/\/mine-together/, { timeout: 20000 })
      const gone = await api(`${P}/together/togetherDetail`, { query: { id: second } })
      assert(gone.code === -1 && gone.message === '一起捐不存在或已取消', `cancelled: ${JSON.stringify(gone)}`)
    })

    await step('English: the invite page', async () => {
      current = B
      await B.page.goto(`${origin}/together-share?id=${togetherId}&lang=en`, { waitUntil: 'domcontentloaded' })
      await B.tid('share-percent').waitFor({ timeout: 30000 })
      await B.settle()
      const pct = await B.tid('share-percent').textContent()
      assert(/% reached$/.test(pct), `English percent: ${pct}`)
      assert((await B.tid('share-give').textContent()).includes('Give to this'), 'English give button')
      await B.shot('invite-en')
    })
  })
})()
