#!/usr/bin/env node
/**
 * A partial refund end to end (docs/decisions/032-refunds.md): the server started as README says (`npm start` =
 * scripts/start.js) on a fresh DATA_DIR, Debian Chromium; the donor app at 390x844 (touch, DPR 2, a phone user agent)
 * driven by touch taps, the staff console at 1280x800, two finance accounts made with the staff CLI.
 *  - a fresh donor gives ¥8,888.88 to a project through the form and the sandbox cashier (sandbox sign-in on first
 *    need); the project page and my gifts show it, nothing refunded;
 *  - finance opens the refund of that gift from its ledger row: more than was paid is refused with the server's
 *    words; ¥88.88 (below the ¥5,000 approval amount) goes back at once through the sandbox provider's refund path;
 *  - finance asks ¥6,000.00 more (above the approval amount): it waits, the total does not move, and the one who
 *    asked cannot approve it; a second member of finance approves it in the refunds page and the sandbox refunds it;
 *  - my gifts shows the gift with 已退款 ¥6,088.88 (and "Refunded: ¥6,088.88" in English), the project group what is
 *    left; the project page's total is lower by exactly ¥6,088.88.
 * Expected values come from the server's own API (signed donor calls, the staff API). Screenshots go to shots/
 * (looked at by people, not asserted). Closing line: "e2e: N passed, N failed".
 */
const path = require('node:path')
const fs = require('node:fs')
const { launchChromium, createJourney, assert, apiClient, staffCli, settle, waitForText, toastGone } = require('./harness')
const { startServer } = require('../mini/server')

const root = path.resolve(__dirname, '..', '..')
const shots = path.join(root, 'shots')
const P = '/uplus-foundation/app/v1/donateu'
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
const PASSWORD = 'Refund#2026-e2e'
const { step, run } = createJourney()

/** "1,234.56" | "1234.56" -> 123456 (no floats) */
function fen(yuan) {
  const [w, f = ''] = String(yuan).replace(/,/g, '').split('.')
  return Number(w) * 100 + Number(f.padEnd(2, '0').slice(0, 2))
}
/** 123456 -> "1,234.56" */
function money(f) {
  const s = `${Math.floor(f / 100)}`.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${s}.${String(f % 100).padStart(2, '0')}`
}

const GIFT_FEN = 888888
const SMALL_FEN = 8888 // below the default approval amount of ¥5,000 (decision 032)
const LARGE_FEN = 600000 // above it: a second approver
const DONOR = '周赟喆'

;(async () => {
  fs.mkdirSync(shots, { recursive: true })
  const server = await startServer({ command: [process.execPath, path.join(root, 'scripts', 'start.js')] })
  const { origin, dataDir } = server
  const school = (await (await fetch(`${origin}/config/index.json`)).json()).school
  const cfg = await (await fetch(`${origin}/config/${school}/index.json`)).json()
  const { data } = apiClient(origin, cfg)
  const staffApi = async (token, p) => {
    const r = await fetch(`${origin}/staff-api/${school}${p}`, { headers: { authorization: `Staff ${token}` } })
    const b = await r.json()
    if (b.code !== 0) throw new Error(`staff-api ${p}: ${b.code} ${b.message}`)
    return b.data
  }

  const browser = await launchChromium()
  const errors = []
  const onFailure = async () => {
    console.log(`server log (tail):\n${server.log().slice(-3000)}`)
    for (const [i, c] of browser.contexts().entries()) {
      for (const [j, p] of c.pages().entries())
        await p.screenshot({ path: path.join(shots, `refund-failed-${i}-${j}.png`) }).catch(() => undefined)
    }
  }
  await run({ browser, server, errors, onFailure }, async () => {
    // ---- the donor's phone: taps are touch input ----------------------------------------------------------
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      userAgent: IPHONE
    })
    const page = await phone.newPage()
    page.on('pageerror', (e) => errors.push(`pageerror (donor): ${e.message}`))
    const apiUrls = []
    page.on('request', (r) => {
      if (r.url().includes('/api/')) apiUrls.push(r.url())
    })
    const tid = (id) => page.locator(`[data-testid="${id}"]`)
    /** a touch tap on the element, or on its taro-ui button (RECIPES: an overlay covers the button's text) */
    const tap = async (locator) => {
      const button = locator.locator('.at-button')
      await ((await button.count()) ? button.first() : locator).tap()
    }
    const typeIn = async (id, text) => {
      const input = tid(id).locator('input, textarea').first()
      await input.tap()
      await input.fill(text)
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
    /** The detail page's raised figure in fen, as the page shows it. */
    const raisedOnPage = async (projectId, lang = 'zh_CN') => {
      await page.goto(`${origin}/subject-detail?id=${projectId}&lang=${lang}`, { waitUntil: 'domcontentloaded' })
      await tid('stat-raised').waitFor({ timeout: 30000 })
      const text = await waitForText(tid('stat-raised'), /¥[\d,]+\.\d\d/, { timeout: 10000 })
      const m = /¥([\d,]+\.\d\d)/.exec(text || '')
      assert(m, `raised on the page: ${text}`)
      return fen(m[1])
    }
    /** My gifts, reached by taps from mine, grouped by time; the row of `billNo`. */
    const myGiftRow = async (billNo, lang = 'zh_CN') => {
      await page.goto(`${origin}/mine?lang=${lang}`, { waitUntil: 'domcontentloaded' })
      await tid('menu-mine-don').first().waitFor({ timeout: 30000 })
      await settle(page)
      await tid('menu-mine-don').first().tap()
      await page.waitForURL(/\/mine-don/, { timeout: 10000 })
      await tid('don-by-project').waitFor({ timeout: 20000 })
      await settle(page)
      await tid('don-mode-time').tap()
      const row = tid('gift-row').filter({ hasText: billNo })
      await row.waitFor({ timeout: 20000 })
      await settle(page)
      return row
    }

    // ---- the staff console ----------------------------------------------------------------------------------
    const consolePage = async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      const p = await context.newPage()
      p.on('pageerror', (e) => errors.push(`pageerror (console): ${e.message}`))
      p.on('console', (m) => {
        if (m.type() === 'error' && /Content Security Policy|Refused to/.test(m.text())) errors.push(`csp: ${m.text()}`)
      })
      return p
    }
    const ctid = (p, id) => p.locator(`[data-testid="${id}"]`)
    const signIn = async (p, username) => {
      await p.goto(`${origin}/admin/?school=${school}`, { waitUntil: 'domcontentloaded' })
      await ctid(p, 'login-username').waitFor({ timeout: 30000 })
      await ctid(p, 'login-username').fill(username)
      await ctid(p, 'login-password').fill(PASSWORD)
      await ctid(p, 'login-submit').click()
      await ctid(p, 'side-menu').waitFor({ timeout: 20000 })
      return p.evaluate(() => sessionStorage.getItem('uplus.staff.token'))
    }
    const go = async (p, route, waitFor) => {
      await p.evaluate((r) => {
        history.pushState(null, '', `/admin/${r}${location.search}`)
        window.dispatchEvent(new Event('admin:navigate'))
      }, route)
      if (waitFor) await p.locator(waitFor).first().waitFor({ timeout: 20000 })
      await settle(p)
    }
    const toastIn = (p, text) => p.locator('.ant-message-notice', { hasText: text }).first().waitFor({ timeout: 15000 })

    const list = await data(`${P}/items/itemsList`, { query: { limit: 100, offset: 0 } })
    const projectId = list.rows.find((p) => p.name === '校园林荫大道改造')?.id
    assert(projectId, 'seed project 校园林荫大道改造 not found')
    const before = await data(`${P}/items/itemsDetail`, { query: { id: projectId } })
    let billNo = ''
    let token = ''
    let raisedAfterGift = 0

    await step('finance accounts are made with the staff CLI: the one who asks and the one who approves', async () => {
      for (const [u, name] of [
        ['e2e-finance', '财务李老师'],
        ['e2e-approver', '财务复核周老师']
      ])
        staffCli(dataDir, ['create-staff', '--username', u, '--password', PASSWORD, '--name', name, '--roles', 'finance'])
    })

    await step(`a fresh donor gives ¥${money(GIFT_FEN)} by touch through the form and the sandbox cashier`, async () => {
      await page.goto(`${origin}/subject-detail?id=${projectId}`, { waitUntil: 'domcontentloaded' })
      await tid('donate-button').waitFor({ timeout: 30000 })
      await settle(page)
      await tap(tid('donate-button').first())
      await page.waitForURL(/\/form\?/, { timeout: 20000 })
      await tid('donate-form').waitFor({ timeout: 30000 })
      await settle(page)
      await typeIn('amount-input', money(GIFT_FEN).replace(/,/g, ''))
      const total = await waitForText(tid('bar-total'), `¥${money(GIFT_FEN)}`)
      assert(total === `¥${money(GIFT_FEN)}`, `form total ${total}`)
      await typeIn('field-name', DONOR)
      await typeIn('field-mobile', '13800138000')
      await tid('field-isAlumni').locator('[data-testid="chip-0"]').tap()
      await tid('pay-1').tap()
      await tap(tid('submit').first())
      await page.waitForURL(/\/cashier\?/, { timeout: 30000 })
      await tid('cashier').waitFor({ timeout: 10000 })
      await settle(page)
      billNo = new URL(page.url()).searchParams.get('billNo') || ''
      assert(/^D\d{14}[0-9A-Z]{10}$/.test(billNo), `bill ${billNo}`)
      assert((await tid('cashier-amount').textContent()) === `¥${money(GIFT_FEN)}`, 'cashier amount')
      await tap(tid('cashier-pay').first())
      await page.waitForURL(/\/success\?billNo=/, { timeout: 20000 })
      await tid('success-title').waitFor({ timeout: 20000 })
      token = await donorToken()
      assert(token, 'the donor is signed in')
      assert((await data(`${P}/items/payback`, { query: { donatePlatOrder: billNo }, token })) === 1, 'the order is paid')
    })

    await step('the project page shows the gift in its total; my gifts lists it with nothing refunded', async () => {
      const after = await data(`${P}/items/itemsDetail`, { query: { id: projectId } })
      assert(
        fen(after.completeMoney) === fen(before.completeMoney) + GIFT_FEN,
        `completeMoney ${before.completeMoney} -> ${after.completeMoney}`
      )
      raisedAfterGift = await raisedOnPage(projectId)
      assert(raisedAfterGift === fen(after.completeMoney), `page ${money(raisedAfterGift)} against the API's ${after.completeMoney}`)
      const row = await myGiftRow(billNo)
      const amount = await row.locator('[data-testid="gift-amount"]').textContent()
      assert(amount === `¥${money(GIFT_FEN)}`, `gift amount ${amount}`)
      assert(!(await row.locator('[data-testid="gift-refund"]').count()), 'no refund line before any refund')
    })

    const finance = await consolePage()
    let financeToken = ''
    /** The gift's ledger row, found by its bill number through the ledger's own search. */
    const ledgerRow = () => finance.locator('[data-testid="ledger-table"] tr', { hasText: billNo })
    const openRefund = async () => {
      const button = ledgerRow().locator('[data-testid^="ledger-refund-"]')
      await button.waitFor({ timeout: 10000 })
      await button.click()
      await ctid(finance, 'refund-amount').waitFor({ timeout: 10000 })
      // the dialog has finished opening (a tap during its zoom-in can be lost)
      await settle(finance)
    }
    const submitRefund = async (yuan, reason) => {
      await ctid(finance, 'refund-amount').fill(yuan)
      await ctid(finance, 'refund-reason').fill(reason)
      await ctid(finance, 'refund-save').click()
    }

    await step(
      `finance refunds ¥${money(SMALL_FEN)} from the ledger row: more than was paid is refused, this much goes back at once`,
      async () => {
        financeToken = await signIn(finance, 'e2e-finance')
        await go(finance, 'ledger', '[data-testid="ledger-filters"]')
        await finance.locator('[data-testid="ledger-filters"] input#keyword').fill(billNo)
        await ctid(finance, 'ledger-search').click()
        await ledgerRow().waitFor({ timeout: 10000 })
        await openRefund()
        const summary = await ctid(finance, 'refund-summary').textContent()
        assert(summary.includes(billNo) && summary.includes(`可退 ${money(GIFT_FEN)}`), `refund summary: ${summary}`)
        // the reason is required before anything is sent
        await ctid(finance, 'refund-amount').fill('10')
        await ctid(finance, 'refund-save').click()
        await finance.getByText('请填写退款原因（不超过200字）').waitFor({ timeout: 10000 })
        // more than the gift: the server refuses with what is left
        await submitRefund('9000', '捐赠人申请部分退款')
        await ctid(finance, 'refund-error').waitFor({ timeout: 10000 })
        const refusal = await ctid(finance, 'refund-error').textContent()
        assert(refusal.includes(`最多 ¥${money(GIFT_FEN).replace(/,/g, '')}`), `refusal: ${refusal}`)
        await finance.screenshot({ path: path.join(shots, 'refund-1-console-too-much.png') })
        await submitRefund(money(SMALL_FEN), '捐赠人申请部分退款：重复支付的零头')
        await toastIn(finance, `已退款 ${money(SMALL_FEN)}`)
        await waitForText(ledgerRow().locator('td').nth(3), (t) => (t || '').includes(`已退 ${money(SMALL_FEN)}`), { timeout: 10000 })
        const refunds = await staffApi(financeToken, `/refunds?limit=10&offset=0&donationId=${await giftIdOf()}`)
        assert(refunds.rows.length === 1, `${refunds.rows.length} refunds`)
        const r = refunds.rows[0]
        assert(
          r.state === 'succeeded' && r.amountFen === SMALL_FEN && r.provider === 'sandbox' && !r.approvedBy,
          `the refund: ${JSON.stringify(r)}`
        )
        const now = await data(`${P}/items/itemsDetail`, { query: { id: projectId } })
        assert(fen(now.completeMoney) === raisedAfterGift - SMALL_FEN, `completeMoney after ¥${money(SMALL_FEN)}: ${now.completeMoney}`)
        await settle(finance)
        await finance.screenshot({ path: path.join(shots, 'refund-2-ledger-refunded.png') })
      }
    )

    async function giftIdOf() {
      const rows = (await data(`${P}/user/center/donateRecordList`, { token, query: { limit: 10, offset: 0 } })).rows
      const g = rows.find((x) => x.donatePlatOrder === billNo)
      assert(g, 'the gift is in the donor centre')
      return g.id
    }

    let largeRefundId = 0
    await step(
      `finance asks ¥${money(LARGE_FEN)} more (above the approval amount): it waits, and the one who asked cannot approve it`,
      async () => {
        await openRefund()
        const summary = await ctid(finance, 'refund-summary').textContent()
        assert(summary.includes(`可退 ${money(GIFT_FEN - SMALL_FEN)}`), `refund summary: ${summary}`)
        await submitRefund(money(LARGE_FEN).replace(/,/g, ''), '捐赠人申请部分退款：项目调整')
        await toastIn(finance, `待审批 ${money(LARGE_FEN)}`)
        const refunds = await staffApi(financeToken, `/refunds?limit=10&offset=0&donationId=${await giftIdOf()}`)
        const waiting = refunds.rows.find((x) => x.amountFen === LARGE_FEN)
        assert(waiting && waiting.state === 'pending_approval', `the large refund: ${JSON.stringify(waiting)}`)
        largeRefundId = waiting.id
        // held, not given back: the public total does not move
        const now = await data(`${P}/items/itemsDetail`, { query: { id: projectId } })
        assert(fen(now.completeMoney) === raisedAfterGift - SMALL_FEN, `completeMoney while waiting: ${now.completeMoney}`)
        await go(finance, 'refunds', `[data-testid="refund-approve-${largeRefundId}"]`)
        const state = await finance
          .locator('[data-testid="refunds-table"] tr', { hasText: money(LARGE_FEN) })
          .first()
          .textContent()
        assert(state.includes('待审批'), `the refunds page: ${state}`)
        await ctid(finance, `refund-approve-${largeRefundId}`).click()
        await toastIn(finance, '超过审批金额的退款须由另一位财务或管理员审批')
        await finance.screenshot({ path: path.join(shots, 'refund-3-self-approval-refused.png') })
        const still = await staffApi(financeToken, `/refunds?limit=10&offset=0&donationId=${await giftIdOf()}`)
        assert(still.rows.find((x) => x.id === largeRefundId).state === 'pending_approval', 'still waiting')
      }
    )

    await step('a second member of finance approves it in the refunds page; the sandbox refunds it', async () => {
      const approver = await consolePage()
      const approverToken = await signIn(approver, 'e2e-approver')
      await go(approver, 'refunds', `[data-testid="refund-approve-${largeRefundId}"]`)
      await approver.screenshot({ path: path.join(shots, 'refund-4-awaiting-approval.png') })
      await ctid(approver, `refund-approve-${largeRefundId}`).click()
      // the list reloads: no approve button, the row says refunded
      await ctid(approver, `refund-approve-${largeRefundId}`).waitFor({ state: 'detached', timeout: 15000 })
      const row = approver.locator('[data-testid="refunds-table"] tr', { hasText: money(LARGE_FEN) }).first()
      const text = await waitForText(row, (t) => (t || '').includes('已退款'), { timeout: 10000 })
      assert(text.includes('已退款'), `the refunds page after approval: ${text}`)
      await settle(approver)
      await approver.screenshot({ path: path.join(shots, 'refund-5-approved.png') })
      const refunds = await staffApi(approverToken, `/refunds?limit=10&offset=0&donationId=${await giftIdOf()}`)
      const large = refunds.rows.find((x) => x.id === largeRefundId)
      assert(large.state === 'succeeded' && large.provider === 'sandbox' && large.approvedBy, `the large refund: ${JSON.stringify(large)}`)
      assert(large.approvedBy !== large.requestedBy, 'approved by another member of staff')
      // the ledger row: still paid (not all of it went back), what went back in all
      const ledger = await staffApi(approverToken, `/ledger?limit=10&offset=0&keyword=${billNo}`)
      const g = ledger.rows.find((x) => x.billNo === billNo)
      assert(g.status === 'paid' && g.refundedFen === SMALL_FEN + LARGE_FEN, `ledger row: ${JSON.stringify(g)}`)
      await approver.context().close()
    })

    const REFUNDED = SMALL_FEN + LARGE_FEN
    await step(
      `my gifts shows the refund: the gift ¥${money(GIFT_FEN)}, 已退款 ¥${money(REFUNDED)}, the project group what is left`,
      async () => {
        const row = await myGiftRow(billNo)
        const amount = await row.locator('[data-testid="gift-amount"]').textContent()
        assert(amount === `¥${money(GIFT_FEN)}`, `gift amount ${amount}`)
        const refund = await row.locator('[data-testid="gift-refund"]').textContent()
        assert(refund === `已退款 ¥${money(REFUNDED)}`, `refund line: ${refund}`)
        // the line is shown, inside the row and not clipped by it
        const box = await row.locator('[data-testid="gift-refund"]').boundingBox()
        const rowBox = await row.boundingBox()
        assert(box && box.width > 0 && box.x + box.width <= rowBox.x + rowBox.width + 0.5, `refund line at ${JSON.stringify(box)}`)
        await row.scrollIntoViewIfNeeded()
        await settle(page)
        await page.screenshot({ path: path.join(shots, 'refund-6-my-gifts-zh.png') })
        // by project: the group's money is what the gifts still are
        await tid('don-mode-project').tap()
        const group = tid('don-group').filter({ hasText: before.name })
        await group.waitFor({ timeout: 20000 })
        const groupTotal = await waitForText(group.locator('[data-testid="don-group-total"]'), `¥${money(GIFT_FEN - REFUNDED)}`)
        assert(groupTotal === `¥${money(GIFT_FEN - REFUNDED)}`, `project group total ${groupTotal}`)
        const server = await data(`${P}/user/center/donateRecordList`, { token, query: { limit: 10, offset: 0 } })
        const g = server.rows.find((x) => x.donatePlatOrder === billNo)
        assert(g.refundState === 1 && fen(g.refundMoney) === REFUNDED, `donor API: ${JSON.stringify(g)}`)
      }
    )

    await step(`in English my gifts says "Refunded: ¥${money(REFUNDED)}"`, async () => {
      const row = await myGiftRow(billNo, 'en')
      const refund = await row.locator('[data-testid="gift-refund"]').textContent()
      assert(refund === `Refunded: ¥${money(REFUNDED)}`, `refund line in English: ${refund}`)
      await page.screenshot({ path: path.join(shots, 'refund-7-my-gifts-en.png') })
    })

    await step(`the project page's total is lower by exactly ¥${money(REFUNDED)}`, async () => {
      await toastGone(page)
      const raised = await raisedOnPage(projectId)
      assert(raisedAfterGift - raised === REFUNDED, `raised on the page ${money(raisedAfterGift)} -> ${money(raised)}`)
      const after = await data(`${P}/items/itemsDetail`, { query: { id: projectId } })
      assert(fen(after.completeMoney) === raised, `page ${money(raised)} against the API's ${after.completeMoney}`)
      assert(after.payCounts === before.payCounts + 1, `a partly refunded gift still counts: ${before.payCounts} -> ${after.payCounts}`)
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'refund-8-project.png') })
    })

    await step('the session token never travels in a URL', async () => {
      assert(apiUrls.length > 0, 'no API calls seen')
      for (const u of apiUrls) assert(!/[?&](token|Authorization)=/i.test(u), `token in URL: ${u}`)
      assert(!/[?&]token=/i.test(finance.url()), 'no staff token in the console URL')
    })
  })
})()
