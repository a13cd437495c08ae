#!/usr/bin/env node
/**
 * The giving journey (decision 007), end to end: the server started as README says (`npm start` = scripts/start.js) on
 * a fresh DATA_DIR, Debian Chromium at 390x844 (touch, DPR 2) driven by playwright-core, a fresh donor who signs in
 * through the sandbox (getAuthUrl -> code) on first need.
 *  - 1,234.56 to a money project with a certificate and a receipt request, paid in the sandbox cashier: thank-you
 *    page, then the certificate image; totals, progress and directory move by exactly that gift (API and pages);
 *  - 3 units to a goods project the same way;
 *  - an anonymous gift shows the anonymous label in the directory;
 *  - a cancelled payment leaves the order cancelled and no record (payback 0, directory and totals unchanged);
 *  - the Alipay page inside WeChat (instructions, pay link with payToken) and the pay link opened in a browser
 *    without the session: form -> sandbox cashier -> thank-you page;
 *  - English cashier, WeChat instructions and thank-you page.
 * Expected values come from the server's own API (signed calls). Screenshots and the certificate files go to
 * shots/ (looked at by people, not asserted). Closing line: "e2e: N passed, N failed".
 */
const path = require('node:path')
const fs = require('node:fs')
const { launchChromium, createJourney, consentsGiven, assert, apiClient, settle, waitForText } = require('./harness')
const { startServer } = require('../mini/server')

const root = path.resolve(__dirname, '..', '..')
const shots = path.join(root, 'shots')
const P = '/uplus-foundation/app/v1/donateu'
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
const WECHAT = `${IPHONE} MicroMessenger/8.0.50(0x1800322c) NetType/WIFI Language/zh_CN`
const { step, run } = createJourney()

/** "1234.56" -> 123456 (no floats). */
function fen(yuan) {
  const [w, f = ''] = String(yuan).split('.')
  return Number(w) * 100 + Number(f.padEnd(2, '0').slice(0, 2))
}
function money(f) {
  const s = `${Math.floor(f / 100)}`.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${s}.${String(f % 100).padStart(2, '0')}`
}
/** docs/product §4 progress: complete / limit, capped at 100, two decimals rounded down (as the app's progressPercent). */
function percent(complete, limit) {
  if (limit <= 0) return 0
  return Math.min(100, Math.floor((complete * 10000) / limit) / 100)
}

;(async () => {
  fs.mkdirSync(shots, { recursive: true })
  const server = await startServer({ command: [process.execPath, path.join(root, 'scripts', 'start.js')] })
  const { origin } = server
  const school = (await (await fetch(`${origin}/config/index.json`)).json()).school
  const cfg = await (await fetch(`${origin}/config/${school}/index.json`)).json()

  const { api, data } = apiClient(origin, cfg)
  const project = (id) => data(`${P}/items/itemsDetail`, { query: { id } })
  const directory = (itemsId) => data(`${P}/index/donateRecordPage`, { query: { itemsId, limit: 20, offset: 0, order: '' } })

  const browser = await launchChromium()
  const errors = []
  await run({ browser, server, errors }, async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      userAgent: IPHONE
    })
    const page = await context.newPage()
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
    const apiUrls = []
    page.on('request', (r) => {
      if (r.url().includes('/api/')) apiUrls.push(r.url())
    })

    const tid = (id) => page.locator(`[data-testid="${id}"]`)
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
    const donorToken = () =>
      page.evaluate(() => {
        const raw = localStorage.getItem('token')
        try {
          return JSON.parse(raw).data
        } catch {
          return raw
        }
      })
    const text = () => page.evaluate(() => document.body.innerText)

    /** From the project page through the form to the sandbox cashier; returns the cashier URL's query. */
    async function giveFromDetail(projectId, fill) {
      await page.goto(`${origin}/subject-detail?id=${projectId}`, { waitUntil: 'domcontentloaded' })
      await tid('donate-button').waitFor({ timeout: 20000 })
      await settle(page)
      await tap('donate-button')
      await page.waitForURL(/\/form\?/, { timeout: 20000 })
      await tid('donate-form').waitFor({ timeout: 30000 })
      await settle(page)
      await fill()
      // no tick: "同意并捐赠" gives the consent (decision 025)
      await tap('submit')
      await page.waitForURL(/\/cashier\?/, { timeout: 20000 })
      await tid('cashier').waitFor({ timeout: 10000 })
      await settle(page)
      return Object.fromEntries(new URL(page.url()).searchParams)
    }

    async function fillDonor(name, { anonymous = false } = {}) {
      if (anonymous) {
        await tid('anonymous-switch').locator('input[type="checkbox"]').click()
        return
      }
      await typeIn('field-name', name)
      await typeIn('field-mobile', '13800138000')
      await tid('field-isAlumni').locator('[data-testid="chip-0"]').click()
    }

    /** Pay in the cashier; the thank-you page follows; then the certificate image (the job renders it). */
    async function payAndSeeCertificate(label, billNo, donor) {
      await tap('cashier-pay')
      await page.waitForURL(/\/success\?billNo=/, { timeout: 20000 })
      assert(new URL(page.url()).searchParams.get('billNo') === billNo, `thank-you page for ${page.url()}`)
      await tid('success-title').waitFor({ timeout: 20000 })
      if (donor)
        assert(
          (await tid('success-name').textContent()) === donor,
          `donor on the thank-you page: ${await tid('success-name').textContent()}`
        )
      await settle(page)
      await page.screenshot({ path: path.join(shots, `donate-${label}-success.png`) })
      await tid('certificate-img').waitFor({ timeout: 40000 })
      const src = await tid('certificate-img').locator('img').first().getAttribute('src')
      assert(/\/files\/certificates\/.+\.jpg$/.test(src || ''), `certificate src ${src}`)
      await page.waitForFunction(
        () => {
          const img = document.querySelector('[data-testid="certificate-img"] img')
          return img && img.complete && img.naturalWidth > 0
        },
        null,
        { timeout: 15000 }
      )
      await tid('certificate').scrollIntoViewIfNeeded()
      await settle(page)
      await page.screenshot({ path: path.join(shots, `donate-${label}-certificate.png`) })
      const file = await fetch(new URL(src, origin))
      assert(file.ok && /jpeg/.test(file.headers.get('content-type') || ''), `certificate file ${file.status}`)
      fs.writeFileSync(path.join(shots, `donate-${label}-certificate.jpg`), Buffer.from(await file.arrayBuffer()))
    }

    const MONEY_ID =
      Number(process.env.E2E_MONEY_ID || 0) ||
      (await data(`${P}/items/itemsList`, { query: { limit: 100, offset: 0 } })).rows.find((p) => p.name === '校园林荫大道改造')?.id
    const GOODS_ID = (await data(`${P}/items/itemsList`, { query: { limit: 100, offset: 0 } })).rows.find(
      (p) => p.name === '运动队队服捐赠'
    )?.id
    assert(MONEY_ID && GOODS_ID, 'seed projects 校园林荫大道改造 and 运动队队服捐赠 not found')
    const DONOR = '张赟喆'
    const GOODS_DONOR = '李䶮'

    // ---- money gift --------------------------------------------------------------------------------------
    const moneyBefore = await project(MONEY_ID)
    const dirBefore = await directory(MONEY_ID)
    let moneyBill = ''
    await step(
      'a fresh donor opens the form from the project page (sandbox sign-in on first need) and reaches the sandbox cashier for 1,234.56',
      async () => {
        const q = await giveFromDetail(MONEY_ID, async () => {
          await typeIn('amount-input', '1234.56')
          const total = await waitForText(tid('bar-total'), '¥1,234.56')
          assert(total === '¥1,234.56', `total ${total}`)
          await fillDonor(DONOR)
          // the certificate and receipt wait under "Add details"
          await tid('details-toggle').click()
          await tid('certificate-section').waitFor({ timeout: 5000 })
          const certName = await tid('certificate-name').locator('input').inputValue()
          assert(certName === DONOR, `certificate name copied: ${certName}`)
          await tid('receipt-switch').locator('input[type="checkbox"]').click()
          await tid('receipt-donor-type').waitFor({ timeout: 5000 })
          await tid('receipt-donor-type').locator('[data-testid="chip-1"]').click()
          // electronic is the default; this gift asks for a paper receipt picked up at the office
          await tid('receipt-type').locator('[data-testid="chip-1"]').click()
          await tid('pay-1').click()
          await page.screenshot({ path: path.join(shots, 'donate-money-form.png'), fullPage: true })
        })
        // the privacy policy is named beside "Agree and give", whose tap recorded the consent: no dialog (decision 061)
        assert(consentsGiven(page) === 0, `privacy consent dialog shown ${consentsGiven(page)} times`)
        moneyBill = q.billNo
        assert(/^D\d{14}[0-9A-Z]{10}$/.test(moneyBill), `bill ${moneyBill}`)
        assert(q.payToken && /^\d{10}\.[\w-]{43}$/.test(q.payToken), "cashier URL carries the order's payToken")
        assert((await tid('cashier-amount').textContent()) === '¥1,234.56', `cashier amount ${await tid('cashier-amount').textContent()}`)
        assert((await tid('cashier-project').textContent()) === moneyBefore.name, 'cashier names the project')
        assert((await tid('sandbox-banner').textContent()).includes('不会产生真实扣款'), 'sandbox banner')
        await page.screenshot({ path: path.join(shots, 'donate-cashier-zh.png') })
        const token = await donorToken()
        assert(
          token && (await data(`${P}/items/payback`, { query: { donatePlatOrder: moneyBill }, token })) === 0,
          'order pending before paying'
        )
      }
    )

    await step('paying in the cashier leads to the thank-you page, then the certificate image', async () => {
      await payAndSeeCertificate('money', moneyBill, DONOR)
      const token = await donorToken()
      assert((await data(`${P}/items/payback`, { query: { donatePlatOrder: moneyBill }, token })) === 1, 'payback 1')
      const s = await data(`${P}/items/success`, { query: { donatePlatOrder: moneyBill }, token })
      assert(s.name === DONOR && s.certificateImg, 'success data with certificate')
    })

    await step("the project's totals, progress and directory show exactly that gift (API and detail page)", async () => {
      const after = await project(MONEY_ID)
      assert(
        fen(after.completeMoney) === fen(moneyBefore.completeMoney) + 123456,
        `completeMoney ${moneyBefore.completeMoney} -> ${after.completeMoney}`
      )
      assert(after.payCounts === moneyBefore.payCounts + 1, `payCounts ${moneyBefore.payCounts} -> ${after.payCounts}`)
      const dir = await directory(MONEY_ID)
      assert(dir.total === dirBefore.total + 1, `directory total ${dirBefore.total} -> ${dir.total}`)
      assert(dir.rows[0].name === DONOR && fen(dir.rows[0].donateMoney) === 123456, `newest record ${JSON.stringify(dir.rows[0])}`)

      await page.goto(`${origin}/subject-detail?id=${MONEY_ID}`, { waitUntil: 'domcontentloaded' })
      await tid('stat-raised').waitFor({ timeout: 20000 })
      const raised = await tid('stat-raised').textContent()
      assert(raised.includes(`¥${money(fen(after.completeMoney))}`), `raised on the page: ${raised}`)
      assert((await tid('stat-donors').textContent()).includes(String(after.payCounts)), 'donor count on the page')
      const pct = `${percent(fen(after.completeMoney), fen(after.limitMoney))}%`
      assert(
        (await tid('progress-percent').first().textContent()).includes(pct),
        `progress ${await tid('progress-percent').first().textContent()} != ${pct}`
      )
      assert(pct !== `${percent(fen(moneyBefore.completeMoney), fen(after.limitMoney))}%`, 'progress moved')
      await page.getByText('捐赠名录', { exact: true }).first().click()
      await tid('directory-row').first().waitFor({ timeout: 10000 })
      const first = await tid('directory-row').first().textContent()
      assert(first.includes(DONOR) && first.includes('1,234.56'), `first directory row: ${first}`)
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'donate-money-detail-directory.png') })
    })

    // ---- goods gift --------------------------------------------------------------------------------------
    const goodsBefore = await project(GOODS_ID)
    const goodsDirBefore = await directory(GOODS_ID)
    let goodsBill = ''
    await step('3 units to a goods project through the same cashier, to the thank-you page and its certificate', async () => {
      const q = await giveFromDetail(GOODS_ID, async () => {
        const qty = tid('qty-input').locator('input').first()
        await qty.click()
        await qty.fill('3')
        await qty.blur()
        const expected = `¥${money(3 * fen(goodsBefore.materialPrice))}`
        const total = await waitForText(tid('bar-total'), expected)
        assert(total === expected, `goods total ${total} != ${expected}`)
        await fillDonor(GOODS_DONOR)
        await tid('pay-1').click()
      })
      goodsBill = q.billNo
      assert((await tid('cashier-amount').textContent()) === `¥${money(3 * fen(goodsBefore.materialPrice))}`, 'cashier amount for 3 units')
      await payAndSeeCertificate('goods', goodsBill, GOODS_DONOR)
      const after = await project(GOODS_ID)
      assert(
        after.completeMaterialNumber === goodsBefore.completeMaterialNumber + 3,
        `units ${goodsBefore.completeMaterialNumber} -> ${after.completeMaterialNumber}`
      )
      assert(fen(after.completeMoney) === fen(goodsBefore.completeMoney) + 3 * fen(goodsBefore.materialPrice), 'goods money total')
      assert(after.payCounts === goodsBefore.payCounts + 1, 'goods payCounts')
      const dir = await directory(GOODS_ID)
      assert(
        dir.total === goodsDirBefore.total + 1 && dir.rows[0].name === GOODS_DONOR && dir.rows[0].donateMaterialNumber === 3,
        `goods record ${JSON.stringify(dir.rows[0])}`
      )
      await page.goto(`${origin}/subject-detail?id=${GOODS_ID}`, { waitUntil: 'domcontentloaded' })
      await tid('stat-raised').waitFor({ timeout: 20000 })
      const raised = await tid('stat-raised').textContent()
      assert(raised.includes(String(after.completeMaterialNumber)), `goods raised on the page: ${raised}`)
      const pct = `${percent(after.completeMaterialNumber, after.limitMaterialNumber)}%`
      assert((await tid('progress-percent').first().textContent()).includes(pct), `goods progress != ${pct}`)
    })

    // ---- anonymous gift ----------------------------------------------------------------------------------
    await step(
      'an anonymous gift below the certificate minimum: no certificate promised on the thank-you page, the anonymous label in the directory',
      async () => {
        const before = await directory(MONEY_ID)
        const form = await data(`${P}/items/formDetail`, { query: { itemsId: MONEY_ID } })
        assert(fen(form.minMoneyCertificate) > 666, `the form issues certificates from ${form.minMoneyCertificate}`)
        await giveFromDetail(MONEY_ID, async () => {
          await typeIn('amount-input', '6.66')
          await fillDonor('', { anonymous: true })
          await tid('pay-1').click()
        })
        await tap('cashier-pay')
        await page.waitForURL(/\/success\?billNo=/, { timeout: 20000 })
        await tid('success-title').waitFor({ timeout: 20000 })
        assert((await tid('success-name').textContent()) === '匿名爱心人士', 'anonymous label on the thank-you page')
        await tid('certificate-none').waitFor({ timeout: 5000 })
        assert(!(await tid('certificate-pending').count()), 'no "being generated" promise below the minimum')
        await settle(page)
        await page.screenshot({ path: path.join(shots, 'donate-anonymous-success.png') })
        assert(!(await tid('certificate-img').count()), 'no certificate below the minimum')
        const dir = await directory(MONEY_ID)
        assert(dir.total === before.total + 1, 'anonymous gift recorded')
        assert(
          dir.rows[0].name === '匿名爱心人士' && fen(dir.rows[0].donateMoney) === 666,
          `anonymous record ${JSON.stringify(dir.rows[0])}`
        )
        await page.goto(`${origin}/subject-detail?id=${MONEY_ID}`, { waitUntil: 'domcontentloaded' })
        await page.getByText('捐赠名录', { exact: true }).first().waitFor({ timeout: 20000 })
        await settle(page)
        await page.getByText('捐赠名录', { exact: true }).first().click()
        await tid('directory-row').first().waitFor({ timeout: 10000 })
        const first = await tid('directory-row').first().textContent()
        assert(first.includes('匿名爱心人士') && first.includes('6.66') && !first.includes(DONOR), `first row: ${first}`)
        await page.screenshot({ path: path.join(shots, 'donate-anonymous-directory.png') })
      }
    )

    // ---- cancelled payment -------------------------------------------------------------------------------
    await step('a cancelled payment: toast, back to the form as it was left, order cancelled, no record', async () => {
      const before = await project(MONEY_ID)
      const dirB = await directory(MONEY_ID)
      const q = await giveFromDetail(MONEY_ID, async () => {
        await typeIn('amount-input', '88.00')
        await fillDonor(DONOR)
        await tid('pay-1').click()
      })
      await tap('cashier-cancel')
      await page.getByText('已取消支付').first().waitFor({ timeout: 5000 })
      await page.waitForURL(/\/form\?/, { timeout: 10000 })
      await tid('pay-outcome').waitFor({ timeout: 10000 })
      const kept = await tid('amount-input').locator('input').inputValue()
      assert(kept === '88.00', `the amount is kept: ${kept}`)
      const token = await donorToken()
      assert((await data(`${P}/items/payback`, { query: { donatePlatOrder: q.billNo }, token })) === 0, 'payback 0')
      const again = await api(`${P}/items/cancel`, { query: { donatePlatOrder: q.billNo }, token })
      assert(again.code === -1 && /无法取消/.test(again.message), `the order is no longer pending: ${JSON.stringify(again)}`)
      const notPaid = await api(`${P}/items/success`, { query: { donatePlatOrder: q.billNo }, token })
      assert(notPaid.code === -1, 'no thank-you data for a cancelled order')
      const after = await project(MONEY_ID)
      const dirA = await directory(MONEY_ID)
      assert(after.completeMoney === before.completeMoney && after.payCounts === before.payCounts, 'totals unchanged')
      assert(dirA.total === dirB.total && dirA.rows[0].name === dirB.rows[0].name, 'directory unchanged')
      // money arriving after the cancel does not reopen the order
      const late = await data('/sandbox/notify', { method: 'POST', body: { billNo: q.billNo, outcome: 'paid', payToken: q.payToken } })
      assert(late.status === 'late', `late notification ${late.status}`)
      assert((await data(`${P}/items/payback`, { query: { donatePlatOrder: q.billNo }, token })) === 0, 'still not paid')
      assert((await directory(MONEY_ID)).total === dirB.total, 'still no record')
    })

    // ---- Alipay page: WeChat instructions, and the pay link in a browser without the session ----------------
    let payLink = ''
    let aliBill = ''
    await step("Alipay inside WeChat: open-in-browser instructions and a pay link with the order's payToken", async () => {
      const token = await donorToken()
      const answer = await data(`${P}/items/donate`, {
        method: 'POST',
        token,
        body: {
          currency: 'CNY',
          payType: 2,
          currencyMoney: '520.00',
          itemsId: MONEY_ID,
          itemsType: 1,
          isAnonymous: 0,
          donateFrom: 'U5',
          formDataMap: { name: DONOR, mobile: '86-13800138000', isAlumni: '0' },
          isAgree: 1
        }
      })
      aliBill = answer.orderPayRequestDTO.billNo
      assert(answer.payToken, 'donate answers a payToken')
      const wx = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        userAgent: WECHAT
      })
      await wx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin })
      const wp = await wx.newPage()
      wp.on('pageerror', (e) => errors.push(`pageerror (wechat): ${e.message}`))
      for (const lang of ['zh_CN', 'en']) {
        await wp.goto(
          `${origin}/alipay?billNo=${aliBill}&payToken=${encodeURIComponent(answer.payToken)}${lang === 'en' ? '&lang=en' : ''}`,
          { waitUntil: 'domcontentloaded' }
        )
        await wp.locator('[data-testid="alipay-instructions"]').waitFor({ timeout: 20000 })
        const body = await wp.evaluate(() => document.body.innerText)
        if (lang === 'zh_CN') {
          assert(body.includes('在浏览器打开') && body.includes('···'), 'WeChat instructions')
          payLink = (await wp.locator('[data-testid="alipay-link"]').textContent()).trim()
          await wp.locator('[data-testid="alipay-copy"] .at-button').click()
          await wp.getByText('复制成功').first().waitFor({ timeout: 5000 })
        } else {
          assert(body.includes('Open in Browser') && !body.includes('在浏览器打开'), 'English instructions')
        }
        await settle(wp)
        await wp.screenshot({ path: path.join(shots, `donate-alipay-wechat-${lang === 'en' ? 'en' : 'zh'}.png`) })
      }
      await wx.close()
      const u = new URL(payLink)
      assert(
        u.pathname === '/alipay' && u.searchParams.get('billNo') === aliBill && u.searchParams.get('payToken') === answer.payToken,
        `pay link ${payLink}`
      )
      assert(!payLink.includes(token), 'the session token is not in the pay link')
    })

    await step('the pay link in a browser without the session: Alipay form -> sandbox cashier -> thank-you page', async () => {
      const other = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        userAgent: IPHONE
      })
      const op = await other.newPage()
      op.on('pageerror', (e) => errors.push(`pageerror (system browser): ${e.message}`))
      const authCalls = []
      op.on('request', (r) => {
        if (/getAuthUrl|getAuthToken/.test(r.url())) authCalls.push(r.url())
      })
      await op.goto(payLink, { waitUntil: 'domcontentloaded' })
      await op.waitForURL(/\/cashier\?/, { timeout: 20000 })
      await op.locator('[data-testid="cashier"]').waitFor({ timeout: 20000 })
      assert((await op.locator('[data-testid="cashier-amount"]').textContent()) === '¥520.00', 'cashier amount from the pay link')
      await settle(op)
      await op.locator('[data-testid="cashier-pay"] .at-button').click()
      await op.waitForURL(/\/success\?billNo=/, { timeout: 20000 })
      await op.locator('[data-testid="success-title"]').waitFor({ timeout: 20000 })
      assert((await op.locator('[data-testid="success-name"]').textContent()) === DONOR, 'thank-you page in the other browser')
      assert(authCalls.length === 0, `no sign-in was needed: ${authCalls.join(', ')}`)
      await other.close()
    })

    // ---- English pages ----------------------------------------------------------------------------------
    await step('English: cashier and thank-you page', async () => {
      const q = await giveFromDetail(MONEY_ID, async () => {
        await typeIn('amount-input', '1234.56')
        await fillDonor(DONOR)
        await tid('pay-1').click()
      })
      await page.goto(`${origin}/cashier?${new URLSearchParams({ ...q, lang: 'en' })}`, { waitUntil: 'domcontentloaded' })
      await tid('sandbox-banner').waitFor({ timeout: 20000 })
      const body = await text()
      assert(body.includes('no real money is charged') && !body.includes('沙箱收银台'), 'English cashier')
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'donate-cashier-en.png') })
      await tap('cashier-pay')
      await page.waitForURL(/\/success\?billNo=/, { timeout: 20000 })
      await tid('certificate-img').waitFor({ timeout: 40000 })
      const en = await text()
      assert(en.includes('Thank you for your gift') && en.includes('Back to the project'), 'English thank-you page')
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'donate-success-en.png') })
      await tid('certificate').scrollIntoViewIfNeeded()
      await page.screenshot({ path: path.join(shots, 'donate-certificate-en.png') })
    })

    await step('the session token never travels in a URL', async () => {
      assert(apiUrls.length > 0, 'no API calls seen')
      for (const u of apiUrls) assert(!/[?&](token|Authorization)=/i.test(u), `token in URL: ${u}`)
    })
  })
})()
