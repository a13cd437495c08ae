#!/usr/bin/env node
/**
 * Monthly giving end to end in the sandbox (docs/decisions/071-monthly-giving.md, 078-monthly-giving-screens.md): the
 * server started as README says (`npm start` = scripts/start.js) on a fresh DATA_DIR, Debian Chromium at 390x844
 * (touch, DPR 2, a phone user agent), every tap a finger's.
 *  - staff (editor and finance, the staff API) turn "monthly giving" on for the scholarship project: its page now
 *    shows "按月捐赠" (another project's does not);
 *  - a fresh donor taps it (sandbox sign-in on first need), taps "next" with nothing filled and sees each problem
 *    under its field, fills ¥66.60 on day 15 with WeChat Pay, signs on the agreement step and sees the first
 *    collection's date; my monthly gifts lists the plan as active with no collection yet;
 *  - collection runs for that date (the CLI, `monthly.ts collect --date`, as staff run it for a day; the console's
 *    action takes today or earlier only) and pays the month: my monthly gifts shows it given, with the bill of the
 *    gift the donor's records hold, and the next date a month on;
 *  - finance (1280x800) sees it in the console's Monthly plans, and nothing under "failed charges only";
 *  - the donor stops the plan (confirm dialog): stopped, and next month's collection charges nothing;
 *  - a plan left signing (written as a real provider leaves it): my monthly gifts shows "继续签约"; the page a browser
 *    comes back to from the provider (monthly-give?planId) shows "正在确认签约", gives up after about a minute and
 *    keeps the plan; "继续签约" there signs the same plan again (monthly/sign; the sandbox signs at once) and shows the
 *    result (docs/decisions/085);
 *  - the page in English. Screenshots go to shots/ (looked at by people, not asserted).
 * Closing line: "e2e: N passed, N failed".
 */
const path = require('node:path')
const fs = require('node:fs')
const { spawnSync } = require('node:child_process')
const { launchChromium, createJourney, assert, apiClient, staffCli, settle, waitForText, waitUntil } = require('./harness')
const { startServer } = require('../mini/server')

const root = path.resolve(__dirname, '..', '..')
const shots = path.join(root, 'shots')
const P = '/uplus-foundation/app/v1/donateu'
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
const PASSWORD = 'Monthly#2026-e2e'
const { step, run } = createJourney()

/** the monthly CLI on the server's data folder, as staff run it: its JSON answer */
function collectCli(dataDir, day) {
  const r = spawnSync(
    path.join(root, 'node_modules', '.bin', 'tsx'),
    [path.join(root, 'server', 'src', 'cli', 'monthly.ts'), 'collect', '--date', day, '--json'],
    { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8' }
  )
  if (r.status !== 0) throw new Error(`monthly.ts collect --date ${day}: ${r.stderr || r.stdout}`)
  return JSON.parse(r.stdout.trim().split('\n').pop())
}
/** YYYY-MM-DD of the same day next month (days 1-28 only) */
const nextMonthDay = (day) => {
  const [y, m, d] = day.split('-').map(Number)
  return m === 12 ? `${y + 1}-01-${String(d).padStart(2, '0')}` : `${y}-${String(m + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`
}

;(async () => {
  fs.mkdirSync(shots, { recursive: true })
  const server = await startServer({ command: [process.execPath, path.join(root, 'scripts', 'start.js')] })
  const { origin, dataDir } = server
  const school = (await (await fetch(`${origin}/config/index.json`)).json()).school
  const cfg = await (await fetch(`${origin}/config/${school}/index.json`)).json()
  const { data } = apiClient(origin, cfg)

  const browser = await launchChromium()
  const errors = []
  const onFailure = async () => {
    console.log(`server log (tail):\n${server.log().slice(-3000)}`)
    for (const [i, c] of browser.contexts().entries())
      for (const [j, p] of c.pages().entries())
        await p.screenshot({ path: path.join(shots, `monthly-failed-${i}-${j}.png`) }).catch(() => undefined)
  }
  await run({ browser, server, errors, onFailure }, async () => {
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      userAgent: IPHONE
    })
    const page = await phone.newPage()
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
    const tid = (id) => page.locator(`[data-testid="${id}"]`)
    /** a finger's tap on the element (on its taro-ui button when it wraps one) */
    const tap = async (id) => {
      const el = tid(id).first()
      const button = el.locator('.at-button')
      await ((await button.count()) ? button.first() : el).tap()
    }
    const donorToken = () =>
      page.evaluate(() => {
        const raw = localStorage.getItem('token')
        try {
          return JSON.parse(raw).data
        } catch {
          return raw
        }
      })

    const list = await data(`${P}/items/itemsList`, { query: { limit: 100, offset: 0 } })
    const projectId = list.rows.find((p) => p.name === '示范大学励志奖学金')?.id
    const otherId = list.rows.find((p) => p.name === '校园林荫大道改造')?.id
    assert(projectId && otherId, 'seed projects 示范大学励志奖学金 and 校园林荫大道改造 not found')
    let staffToken = ''
    const staff = async (method, url, body) =>
      (
        await fetch(`${origin}/staff-api/${school}${url}`, {
          method,
          headers: { 'content-type': 'application/json', authorization: `Staff ${staffToken}` },
          body: body === undefined ? undefined : JSON.stringify(body)
        })
      ).json()

    await step('staff turn monthly giving on for the scholarship: its page offers "按月捐赠", another project does not', async () => {
      staffCli(dataDir, [
        'create-staff',
        '--username',
        'e2e-monthly',
        '--password',
        PASSWORD,
        '--name',
        '财务',
        '--roles',
        'editor,finance'
      ])
      const login = await (
        await fetch(`${origin}/staff-api/${school}/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'e2e-monthly', password: PASSWORD })
        })
      ).json()
      assert(login.code === 0, `staff login: ${login.message}`)
      staffToken = login.data.token
      const saved = await staff('POST', `/projects/${projectId}`, { monthlyGiving: 1 })
      assert(saved.code === 0 && saved.data.monthlyGiving === 1, `switch: ${saved.message}`)

      await page.goto(`${origin}/subject-detail?id=${otherId}`, { waitUntil: 'domcontentloaded' })
      await tid('donate-button').waitFor({ timeout: 30000 })
      await settle(page)
      assert((await tid('monthly-offer').count()) === 0, 'no offer on a project without the switch')

      await page.goto(`${origin}/subject-detail?id=${projectId}`, { waitUntil: 'domcontentloaded' })
      await tid('monthly-offer').waitFor({ timeout: 30000 })
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'monthly-1-offer.png') })
    })

    let plan = null
    let token = ''
    await step('the donor taps "按月捐赠", sees the problems under the fields, fills ¥66.60 on day 15 and signs', async () => {
      await tap('monthly-offer-button')
      await page.waitForURL(/\/monthly-give\?itemsId=/, { timeout: 20000 })
      await tid('monthly-form').waitFor({ timeout: 30000 })
      await settle(page)
      await tap('monthly-next')
      await tid('error-money').waitFor({ timeout: 5000 })
      assert((await tid('error-day').textContent()).includes('1–28'), 'the day problem under the day')
      assert((await tid('error-payType').count()) === 1, 'the pay type problem under the pay types')
      await page.screenshot({ path: path.join(shots, 'monthly-2-errors.png'), fullPage: true })

      const input = tid('monthly-amount').locator('input').first()
      await input.tap()
      await input.fill('66.6')
      await tap('day-15')
      const dayShown = await waitForText(tid('monthly-day-value'), '每月 15 日')
      assert(dayShown === '每月 15 日', `day shown: ${dayShown}`)
      await tap('monthly-pay-1')
      assert((await tid('error-money').count()) === 0, 'the amount problem went once the amount was typed')
      await page.screenshot({ path: path.join(shots, 'monthly-3-form.png'), fullPage: true })
      await tap('monthly-next')
      await tid('monthly-sign').waitFor({ timeout: 5000 })
      const summary = await tid('monthly-sign-summary').textContent()
      assert(summary.includes('¥66.60') && summary.includes('15') && summary.includes('微信支付'), `summary: ${summary}`)
      assert((await tid('monthly-sandbox').count()) === 1, 'the sandbox says nothing is really collected')
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'monthly-4-sign.png') })
      await tap('monthly-sign-confirm')
      await tid('monthly-done').waitFor({ timeout: 20000 })
      token = await donorToken()
      assert(token, 'the donor is signed in')
      const plans = (await data(`${P}/monthly/plans`, { token })).plans
      assert(plans.length === 1, `plans: ${plans.length}`)
      plan = plans[0]
      assert(plan.status === 'active' && plan.money === '66.60' && plan.dayOfMonth === 15 && plan.payType === 1, JSON.stringify(plan))
      assert(/-15$/.test(plan.nextChargeOn), `next ${plan.nextChargeOn}`)
      const first = await tid('monthly-first-date').textContent()
      assert(first.includes(plan.nextChargeOn), `first date shown: ${first}`)
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'monthly-5-done.png') })
    })

    await step('my monthly gifts lists the plan, active, no collection yet', async () => {
      await tap('monthly-open-mine')
      await page.waitForURL(/\/mine-monthly/, { timeout: 20000 })
      await tid(`monthly-plan-${plan.id}`).waitFor({ timeout: 30000 })
      assert((await tid(`monthly-status-${plan.id}`).textContent()) === '进行中', 'active')
      assert((await tid(`monthly-amount-${plan.id}`).textContent()) === '¥66.60 / 月', await tid(`monthly-amount-${plan.id}`).textContent())
      assert((await tid(`monthly-history-${plan.id}`).textContent()).includes('还没有扣款记录'), 'no collection yet')
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'monthly-6-mine.png') })
    })

    const month = () => plan.nextChargeOn.slice(0, 7)
    let firstDay = ''
    await step("collection runs for the plan's day (the CLI): my monthly gifts shows the month given", async () => {
      firstDay = plan.nextChargeOn
      const before = collectCli(dataDir, `${firstDay.slice(0, 8)}14`)
      assert(before.attempts === 0, `the day before: ${JSON.stringify(before)}`)
      const r = collectCli(dataDir, firstDay)
      assert(r.paid === 1, `collection: ${JSON.stringify(r)}`)
      assert(collectCli(dataDir, firstDay).attempts === 0, 'the same day again charges nothing')

      await page.reload({ waitUntil: 'domcontentloaded' })
      const row = tid(`monthly-charge-${plan.id}-${month()}`)
      await row.waitFor({ timeout: 30000 })
      assert((await row.textContent()).includes('已捐赠'), `month row: ${await row.textContent()}`)
      const plans = (await data(`${P}/monthly/plans`, { token })).plans
      const charge = plans[0].history[0]
      assert(charge.status === 'paid' && charge.month === month(), JSON.stringify(charge))
      assert(plans[0].nextChargeOn === nextMonthDay(firstDay), `next ${plans[0].nextChargeOn}`)
      const records = await data(`${P}/user/center/donateRecordList`, { token, query: { limit: 10, offset: 0 } })
      const gift = records.rows.find((g) => g.donatePlatOrder === charge.billNo)
      assert(gift && gift.donateMoney === '66.60', `the gift in my records: ${JSON.stringify(gift)}`)
      assert((await tid(`monthly-plan-${plan.id}`).textContent()).includes(nextMonthDay(firstDay)), 'the next date shown')
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'monthly-7-collected.png'), fullPage: true })
      // finance sees it in the console's list with no failed charge
      const staffList = await staff('GET', `/monthly-plans?itemsId=${projectId}`)
      assert(staffList.code === 0 && staffList.data.rows.some((r) => r.id === plan.id && r.failedCharges === 0), 'listed to finance')
    })

    await step("finance sees the plan in the console's Monthly plans, and no failed charge", async () => {
      const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      const admin = await desk.newPage()
      admin.on('pageerror', (e) => errors.push(`console pageerror: ${e.message}`))
      const at = (id) => admin.locator(`[data-testid="${id}"]`)
      await admin.goto(`${origin}/admin/?school=${school}`, { waitUntil: 'domcontentloaded' })
      await at('login-username').waitFor({ timeout: 30000 })
      await at('login-username').fill('e2e-monthly')
      await at('login-password').fill(PASSWORD)
      await at('login-submit').click()
      await at('side-menu').waitFor({ timeout: 20000 })
      assert((await at('side-menu').innerText()).includes('月捐'), 'the menu lists Monthly plans')
      await admin.goto(`${origin}/admin/monthly?school=${school}`, { waitUntil: 'domcontentloaded' })
      const table = at('monthly-plans')
      await table.locator('tbody tr', { hasText: plan.itemsName }).first().waitFor({ timeout: 20000 })
      const row = await table.locator('tbody tr', { hasText: plan.itemsName }).first().innerText()
      assert(row.includes('¥66.60') && row.includes('进行中') && row.includes(nextMonthDay(firstDay)), `console row: ${row}`)
      await settle(admin)
      await admin.screenshot({ path: path.join(shots, 'console-monthly.png') })
      await at('monthly-failed').click()
      await table.locator('.ant-empty').first().waitFor({ timeout: 10000 })
      await desk.close()
    })

    await step('the donor stops the plan (confirm dialog): stopped, and next month charges nothing', async () => {
      await tap(`monthly-stop-${plan.id}`)
      const confirm = page.locator('.taro-model__confirm').first()
      await confirm.waitFor({ timeout: 5000 })
      await page.screenshot({ path: path.join(shots, 'monthly-8-stop-dialog.png') })
      await confirm.tap()
      const stopped = await waitForText(tid(`monthly-status-${plan.id}`), '已停止', { timeout: 15000 })
      assert(stopped === '已停止', `status after stop: ${stopped}`)
      assert((await tid(`monthly-stop-${plan.id}`).count()) === 0, 'no stop button on a stopped plan')
      const plans = (await data(`${P}/monthly/plans`, { token })).plans
      assert(plans[0].status === 'stopped', plans[0].status)
      const r = collectCli(dataDir, nextMonthDay(firstDay))
      assert(r.attempts === 0 && r.paid === 0, `next month: ${JSON.stringify(r)}`)
      await waitUntil(async () => (await data(`${P}/monthly/plans`, { token })).plans[0].history.length === 1, {
        message: 'one month in the history'
      })
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'monthly-9-stopped.png'), fullPage: true })
    })

    let waiting = null
    await step(
      'a plan left signing: my monthly gifts offers "继续签约"; the page it comes back to waits a minute, then resumes signing',
      async () => {
        // a plan whose signing the donor left unfinished (the sandbox signs at once, so it is written as a real
        // provider leaves it: signing, no agreement) — docs/decisions/085
        const Database = require('better-sqlite3')
        const db = new Database(path.join(dataDir, 'uplus.db'))
        db.pragma('busy_timeout = 5000')
        const done = db.prepare('select * from monthly_plan where id = ?').get(plan.id)
        const at = new Date().toISOString()
        const r = db
          .prepare(
            `insert into monthly_plan (school_id, user_id, items_id, plan_no, amount_fen, day_of_month, pay_type, provider, donor_name,
             is_anonymous, status, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'signing', ?, ?)`
          )
          .run(done.school_id, done.user_id, done.items_id, `M${Date.now()}E2E`, 2000, 9, 1, 'sandbox', done.donor_name, 0, at, at)
        db.close()
        waiting = Number(r.lastInsertRowid)

        await page.goto(`${origin}/mine-monthly`, { waitUntil: 'domcontentloaded' })
        await tid(`monthly-resume-${waiting}`).waitFor({ timeout: 30000 })
        assert((await tid(`monthly-status-${waiting}`).textContent()) === '待签约', 'the plan shows as signing')
        assert((await tid(`monthly-resume-${plan.id}`).count()) === 0, 'no resume on the stopped plan')
        await settle(page)
        await page.screenshot({ path: path.join(shots, 'monthly-10-signing.png'), fullPage: true })

        // the page a browser comes back to from the provider's signing (Alipay's return_url, Back from WeChat's page)
        const started = Date.now()
        await page.goto(`${origin}/monthly-give?itemsId=${projectId}&planId=${waiting}`, { waitUntil: 'domcontentloaded' })
        await tid('monthly-confirming').waitFor({ timeout: 30000 })
        assert((await tid('monthly-confirming').textContent()).includes('正在确认签约'), 'confirming the agreement')
        await page.waitForTimeout(2500)
        await page.screenshot({ path: path.join(shots, 'monthly-11-confirming.png') })
        await tid('monthly-pending').waitFor({ timeout: 90000 })
        const waited = Date.now() - started
        assert(waited >= 55000, `gave up after ${waited} ms, not about a minute`)
        assert((await tid('monthly-pending').textContent()).includes('我的月捐'), 'says the plan is kept in my monthly gifts')
        await settle(page)
        await page.screenshot({ path: path.join(shots, 'monthly-12-pending.png') })

        await tap('monthly-resume')
        await tid('monthly-first-date').waitFor({ timeout: 30000 })
        await settle(page)
        await page.screenshot({ path: path.join(shots, 'monthly-13-resumed.png') })
        const plans = (await data(`${P}/monthly/plans`, { token })).plans
        const again = plans.find((p) => p.id === waiting)
        assert(again && again.status === 'active', `the same plan is active: ${JSON.stringify(plans.map((p) => [p.id, p.status]))}`)
        assert(plans.filter((p) => p.status === 'signing').length === 0, 'no plan left signing')
      }
    )

    await step('my monthly gifts in English', async () => {
      await page.goto(`${origin}/mine-monthly?lang=en`, { waitUntil: 'domcontentloaded' })
      await tid(`monthly-plan-${plan.id}`).waitFor({ timeout: 30000 })
      const en = await waitForText(tid(`monthly-status-${plan.id}`), 'Stopped')
      assert(en === 'Stopped', `English status: ${en}`)
      assert((await tid(`monthly-amount-${plan.id}`).textContent()) === '¥66.60 a month', 'English amount')
      assert((await tid(`monthly-charge-${plan.id}-${month()}`).textContent()).includes('Given'), 'English history')
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'monthly-14-en.png'), fullPage: true })
    })
  })
})()
