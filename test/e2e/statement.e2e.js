#!/usr/bin/env node
/**
 * The yearly giving statement end to end (docs/decisions/050-yearly-statement.md): the server started as README says
 * (`npm start` = scripts/start.js) on a fresh DATA_DIR, Debian Chromium at 390x844 (touch, DPR 2, a phone user agent).
 *  - a fresh donor opens the personal centre by touch (sandbox sign-in on first need) and the statement page shows
 *    its empty state;
 *  - the donor gives ¥100.00, ¥50.00 and ¥80.00 through the server's donate + sandbox-notify calls; finance refunds
 *    the ¥50.00 gift in full and ¥30.00 of the ¥80.00 one through the staff API; the gifts are then dated last year
 *    in the database (the journey cannot move the server's clock back a year);
 *  - the statement page lists last year with ¥150.00, equal to the donor's paid gifts less refunds as the server's
 *    gift list gives them; the donor taps Download and the PDF's text (pdftotext) carries that total;
 *  - the page in English. Screenshots at 390x844 in both languages go to shots/ (looked at by people, not asserted).
 * Closing line: "e2e: N passed, N failed".
 */
const path = require('node:path')
const fs = require('node:fs')
const { execFileSync } = require('node:child_process')
const { launchChromium, createJourney, assert, apiClient, staffCli, settle, waitForText } = require('./harness')
const { startServer } = require('../mini/server')

const root = path.resolve(__dirname, '..', '..')
const shots = path.join(root, 'shots')
const P = '/uplus-foundation/app/v1/donateu'
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
const PASSWORD = 'Statement#2026-e2e'
const { step, run } = createJourney()

/** "1,234.56" | "1234.56" -> 123456 (no floats) */
function fen(yuan) {
  const [w, f = ''] = String(yuan).replace(/,/g, '').split('.')
  return Number(w) * 100 + Number(f.padEnd(2, '0').slice(0, 2))
}
function money(f) {
  const s = `${Math.floor(f / 100)}`.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${s}.${String(f % 100).padStart(2, '0')}`
}

;(async () => {
  fs.mkdirSync(shots, { recursive: true })
  const server = await startServer({ command: [process.execPath, path.join(root, 'scripts', 'start.js')] })
  const { origin, dataDir } = server
  const school = (await (await fetch(`${origin}/config/index.json`)).json()).school
  const cfg = await (await fetch(`${origin}/config/${school}/index.json`)).json()
  const { data } = apiClient(origin, cfg)
  const lastYear = new Date(Date.now() + 8 * 3600_000).getUTCFullYear() - 1

  const browser = await launchChromium()
  const errors = []
  const onFailure = async () => {
    console.log(`server log (tail):\n${server.log().slice(-3000)}`)
    for (const [i, c] of browser.contexts().entries())
      for (const [j, p] of c.pages().entries())
        await p.screenshot({ path: path.join(shots, `statement-failed-${i}-${j}.png`) }).catch(() => undefined)
  }
  await run({ browser, server, errors, onFailure }, async () => {
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      userAgent: IPHONE,
      acceptDownloads: true
    })
    const page = await phone.newPage()
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
    const tid = (id) => page.locator(`[data-testid="${id}"]`)
    const tap = async (locator) => {
      const button = locator.locator('.at-button')
      await ((await button.count()) ? button.first() : locator).tap()
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
    const openStatements = async (lang = 'zh_CN') => {
      await page.goto(`${origin}/mine?lang=${lang}`, { waitUntil: 'domcontentloaded' })
      await tid('menu-mine-statement').first().waitFor({ timeout: 30000 })
      await settle(page)
      await tid('menu-mine-statement').first().tap()
      await page.waitForURL(/\/mine-statement/, { timeout: 10000 })
    }
    let token = ''
    const gifts = []

    await step('a fresh donor opens the statements from the personal centre: signed in, nothing paid yet', async () => {
      await openStatements()
      await tid('statement-empty').waitFor({ timeout: 30000 })
      token = await donorToken()
      assert(token, 'the donor is signed in')
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'e2e-statement-1-empty.png') })
    })

    await step('gifts of ¥100.00, ¥50.00 and ¥80.00; finance refunds ¥50.00 and ¥30.00; dated last year', async () => {
      const status = await data(`${P}/privacy/status`, { token })
      await data(`${P}/privacy/consent`, { method: 'POST', token, body: { version: status.version } })
      const list = await data(`${P}/items/itemsList`, { query: { limit: 100, offset: 0 } })
      const projectId = list.rows.find((p) => p.name === '示范大学励志奖学金')?.id
      assert(projectId, 'seed project 示范大学励志奖学金 not found')
      for (const yuan of ['100.00', '50.00', '80.00']) {
        const answer = await data(`${P}/items/donate`, {
          method: 'POST',
          token,
          body: {
            currency: 'CNY',
            payType: 1,
            currencyMoney: yuan,
            itemsId: projectId,
            itemsType: 1,
            isAnonymous: 0,
            donateFrom: 'U1',
            formDataMap: { name: '王赟喆', mobile: '86-13800138000', isAlumni: '0' },
            isAgree: 1
          }
        })
        const billNo = answer.orderPayRequestDTO.billNo
        const n = await data('/sandbox/notify', { method: 'POST', body: { billNo, outcome: 'paid', payToken: answer.payToken } })
        assert(n.status === 'applied', `notify ${billNo}: ${n.status}`)
        gifts.push({ billNo, yuan })
      }
      const records = await data(`${P}/user/center/donateRecordList`, { token, query: { limit: 10, offset: 0 } })
      for (const g of gifts) g.id = records.rows.find((r) => r.donatePlatOrder === g.billNo).id

      staffCli(dataDir, [
        'create-staff',
        '--username',
        'e2e-statement-finance',
        '--password',
        PASSWORD,
        '--name',
        '财务',
        '--roles',
        'finance'
      ])
      const login = await (
        await fetch(`${origin}/staff-api/${school}/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'e2e-statement-finance', password: PASSWORD })
        })
      ).json()
      assert(login.code === 0, `staff login: ${login.message}`)
      for (const [g, amount] of [
        [gifts[1], '50.00'],
        [gifts[2], '30.00']
      ]) {
        const r = await (
          await fetch(`${origin}/staff-api/${school}/ledger/${g.id}/refund`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Staff ${login.data.token}` },
            body: JSON.stringify({ amount, reason: '捐赠人申请退款' })
          })
        ).json()
        assert(r.code === 0 && r.data.state === 'succeeded', `refund ${amount}: ${r.message}`)
      }
      // the server's own database, as another process would write it (SQLite, WAL): last year, Beijing time
      const Database = require('better-sqlite3')
      const db = new Database(path.join(dataDir, 'uplus.db'))
      const move = db.prepare('update donation set paid_at = ? where bill_no = ?')
      gifts.forEach((g, i) => move.run(`${lastYear}-06-0${i + 1}T02:00:00.000Z`, g.billNo))
      db.close()
    })

    await step(`the page lists ${lastYear} with the paid gifts less refunds, and its PDF carries that total`, async () => {
      const records = await data(`${P}/user/center/donateRecordList`, { token, query: { limit: 10, offset: 0 } })
      const expected = records.rows.reduce((s, r) => s + fen(r.donateMoney) - fen(r.refundMoney), 0)
      assert(expected === 15000, `the server's gifts less refunds: ${expected}`)
      await openStatements()
      await tid(`statement-year-${lastYear}`).waitFor({ timeout: 30000 })
      const shown = await waitForText(tid(`statement-total-${lastYear}`), `¥${money(expected)}`)
      assert(shown === `¥${money(expected)}`, `page total ${shown}`)
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'e2e-statement-2-zh.png') })

      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30000 }), tap(tid(`statement-download-${lastYear}`))])
      assert(download.suggestedFilename() === `statement-${lastYear}.pdf`, `file name ${download.suggestedFilename()}`)
      const file = path.join(dataDir, 'statement.pdf')
      await download.saveAs(file)
      const pdf = fs.readFileSync(file)
      assert(pdf.subarray(0, 5).toString('latin1') === '%PDF-', 'a PDF')
      const text = execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8')
      assert(text.includes(`¥${money(expected)}`), `the PDF's total:\n${text}`)
      assert(text.includes(`${lastYear} 年度捐赠对账单`), 'the title')
      assert(text.includes('示范大学励志奖学金'), 'the project')
    })

    await step('the page in English', async () => {
      await openStatements('en')
      await tid(`statement-year-${lastYear}`).waitFor({ timeout: 30000 })
      await waitForText(tid('statement-screen'), /Download PDF/)
      const total = await tid(`statement-total-${lastYear}`).textContent()
      assert(total === '¥150.00', `English total ${total}`)
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'e2e-statement-3-en.png') })
    })
  })
})()
