#!/usr/bin/env node
/**
 * The naming journey (decision 013), end to end: the server started as README says (`npm start` = scripts/start.js) on
 * a fresh DATA_DIR, Debian Chromium at 390x844 (touch, DPR 2, a phone user agent) driven by playwright-core, a fresh
 * donor who signs in through the sandbox on first need.
 *  - from the seat campaign's project page: two seats with different periods, one nameplate, paid in the sandbox
 *    cashier, the campaign's own thank-you page; the map shows both seats donated with the donor's name;
 *  - from the book project's page: three copies of one book with a custom nameplate (name, identity, message),
 *    paid, the stock lower by three on the shelf and in the API;
 *  - the nameplate-detail card shows the donor their text while it waits for review; staff approve it with the
 *    staff command-line tool; mine-gm shows it approved and the card shows it to everyone;
 *  - English pages.
 * Expected values come from the server's own API (signed calls). Screenshots go to shots/ (looked at by people,
 * not asserted). Closing line: "e2e: N passed, N failed".
 */
const path = require('node:path')
const fs = require('node:fs')
const { launchChromium, createJourney, assert, apiClient, staffCli, settle } = require('./harness')
const { startServer } = require('../mini/server')

const root = path.resolve(__dirname, '..', '..')
const shots = path.join(root, 'shots')
const P = '/uplus-foundation/app/v1/donateu'
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
const journey = createJourney()
const { run } = journey

/** "1234.56" -> 123456 (no floats). */
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
  const server = await startServer({ command: [process.execPath, path.join(root, 'scripts', 'start.js')] })
  const { origin } = server
  const school = (await (await fetch(`${origin}/config/index.json`)).json()).school
  const cfg = await (await fetch(`${origin}/config/${school}/index.json`)).json()

  const { data } = apiClient(origin, cfg)

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
    const tid = (id) => page.locator(`[data-testid="${id}"]`)
    const tap = async (id) => {
      const el = tid(id).first()
      const button = el.locator('.at-button')
      await ((await button.count()) ? button.first() : el).click()
    }
    const typeIn = async (id, value) => {
      const input = tid(id).locator('input').first()
      await input.click()
      await input.fill(value)
    }
    /** A failing step leaves its page in shots/ and names its URL and toast, so the log says where it stopped. */
    const step = (name, fn) =>
      journey.step(name, async () => {
        try {
          await fn()
        } catch (e) {
          const toast = await page
            .locator('.taro__toast, .weui-toast')
            .allTextContents()
            .catch(() => [])
          await page.screenshot({ path: path.join(shots, 'naming-failure.png'), fullPage: true }).catch(() => undefined)
          e.message = `${e.message.split('\n')[0]} (at ${page.url()}${toast.length ? `, toast: ${toast.join(' ')}` : ''}${errors.length ? `; ${errors.join(' | ')}` : ''})`
          throw e
        }
      })
    const donorToken = () =>
      page.evaluate(() => {
        const raw = localStorage.getItem('token')
        try {
          return JSON.parse(raw).data
        } catch {
          return raw
        }
      })

    const base = await data(`${P}/index/baseConfig`)
    const SEAT_ID = base.settings.campaignItems.jnuSeat
    const list = await data(`${P}/items/itemsList`, { query: { limit: 100, offset: 0 } })
    const BOOK_ID = list.rows.find((p) => p.name === '馆藏图书冠名')?.id
    assert(SEAT_ID && BOOK_ID, `seed: seat campaign ${SEAT_ID}, book project ${BOOK_ID}`)
    const DONOR = '张赟喆'
    const MESSAGE = '饮水思源，不忘师恩'
    const RECEIPT_ID = '32010219900101123X'
    const RECEIPT_EMAIL = 'zhang.yunzhe@example.com'

    // ---- two seats with different periods -------------------------------------------------------------------
    const areas = await data(`${P}/items/areaList`, { query: { itemsId: SEAT_ID } })
    const before = await data(`${P}/items/seatList`, { query: { areaId: areas[0].id } })
    const free = before.twoArray.flat().filter((s) => s && s.status === 1)
    assert(free.length >= 2, 'two free seats in the first area')
    const [s1, s2] = [free[0], free[free.length - 1]]
    const p1 = s1.priceList[0]
    const p2 = s2.priceList.find((p) => p.termYear !== p1.termYear)
    assert(p2, 'a second, different period')
    let seatBill = ''

    await step("from the seat campaign's project page: the seat map, two free seats with different periods, the exact total", async () => {
      await page.goto(`${origin}/subject-detail?id=${SEAT_ID}`, { waitUntil: 'domcontentloaded' })
      await tid('donate-button').waitFor({ timeout: 20000 })
      await settle(page)
      await tap('donate-button')
      await page.waitForURL(/\/seat\?id=/, { timeout: 20000 })
      await tid(`seat-${s1.id}`).waitFor({ timeout: 20000 })
      await settle(page)
      assert((await tid(`seat-${s1.id}`).getAttribute('data-kind')) === 'free', 'first seat free')
      await page.screenshot({ path: path.join(shots, 'naming-seat-map.png') })
      await tid(`seat-${s1.id}`).click()
      await tid(`seat-${s2.id}`).scrollIntoViewIfNeeded()
      await tid(`seat-${s2.id}`).click()
      assert((await tid(`seat-${s1.id}`).getAttribute('data-kind')) === 'chosen', 'first seat chosen')
      await tid(`period-${s1.id}-${p1.termYear}`).click()
      await tid(`period-${s2.id}-${p2.termYear}`).click()
      const total = `¥${money(fen(p1.termMoney) + fen(p2.termMoney))}`
      assert((await tid('naming-total').textContent()) === total, `total ${await tid('naming-total').textContent()} != ${total}`)
      await page.screenshot({ path: path.join(shots, 'naming-seat-chosen.png'), fullPage: true })
      await tap('seat-confirm')
      // the school's jnu seat campaign confirms into its own form (docs/product §2)
      await page.waitForURL(/\/seat-naming-jnu\/form\?id=/, { timeout: 20000 })
      await tid('form-gm').waitFor({ timeout: 30000 })
    })

    await step(
      "the nameplate editor (alumnus fixed for seats), then confirm and pay in the sandbox: the campaign's thank-you page",
      async () => {
        await settle(page)
        await tap('nameplate-edit')
        await page.waitForURL(/\/seat-naming-jnu\/edit\?/, { timeout: 20000 })
        await tid('nameplate-editor').waitFor({ timeout: 20000 })
        await settle(page)
        assert((await tid('plate-identity-fixed').textContent()) === '校友', 'seat identity fixed to alumnus')
        await typeIn('plate-donor', DONOR)
        await typeIn('plate-message', MESSAGE)
        await settle(page)
        await page.screenshot({ path: path.join(shots, 'naming-edit.png'), fullPage: true })
        await tap('plate-confirm')
        await page.waitForURL(/\/seat-naming-jnu\/form\?/, { timeout: 20000 })
        await tid('nameplate-previews').waitFor({ timeout: 20000 })
        await settle(page)
        const total = `¥${money(fen(p1.termMoney) + fen(p2.termMoney))}`
        assert((await tid('naming-total').textContent()) === total, 'form total')
        // the donor's details, as on every gift
        await typeIn('field-name', DONOR)
        await typeIn('field-mobile', '13800138000')
        await tid('field-isAlumni').locator('[data-testid="chip-0"]').click()
        // the donation form's receipt section on the naming form (docs/decisions/048), filled with finger taps: an
        // e-receipt by e-mail to a person; the name follows the donor's
        await tid('receipt-section').scrollIntoViewIfNeeded()
        await tid('receipt-switch').locator('taro-switch-core').tap()
        await tid('receipt-name').waitFor({ timeout: 5000 })
        assert((await tid('receipt-name').locator('input').inputValue()) === DONOR, 'receipt name copied from the donor')
        await tid('receipt-donor-type').locator('[data-testid="chip-1"]').tap()
        await tid('receipt-way').locator('[data-testid="chip-3"]').tap()
        const touchType = async (id, value) => {
          const input = tid(id).locator('input').first()
          await input.tap()
          await input.fill(value)
        }
        await touchType('receipt-code', RECEIPT_ID)
        await touchType('receipt-email', RECEIPT_EMAIL)
        await tid('naming-pay-1').tap()
        await tid('naming-agree').tap()
        await settle(page)
        await page.screenshot({ path: path.join(shots, 'naming-form-seats.png'), fullPage: true })
        await tap('form-gm-submit')
        await page.waitForURL(/\/cashier\?/, { timeout: 30000 })
        await tid('cashier').waitFor({ timeout: 10000 })
        await settle(page)
        seatBill = new URL(page.url()).searchParams.get('billNo')
        assert((await tid('cashier-amount').textContent()) === total, `cashier amount ${await tid('cashier-amount').textContent()}`)
        // the seats are held by this unpaid order: another donor sees them as taken
        const held = await data(`${P}/items/seatList`, { query: { areaId: areas[0].id } })
        const h1 = held.twoArray.flat().find((s) => s && s.id === s1.id)
        assert(h1.status === 3 && h1.held === 1, `seat held while paying: ${JSON.stringify({ status: h1.status, held: h1.held })}`)
        await tap('cashier-pay')
        await page.waitForURL(/\/seat-naming-jnu\/success\?billNo=/, { timeout: 30000 })
        assert(new URL(page.url()).searchParams.get('billNo') === seatBill, "the thank-you page is the paid order's")
        await tid('jnu-success-title').waitFor({ timeout: 20000 })
        await tid('jnu-success-name').waitFor({ timeout: 20000 })
        assert((await tid('jnu-success-title').textContent()) === '冠名成功', 'naming succeeded')
        await settle(page)
        await page.screenshot({ path: path.join(shots, 'naming-jnu-success.png') })
      }
    )

    await step("the e-receipt asked for on the naming form is in the donor's receipts (API and mine-paper)", async () => {
      const token = await donorToken()
      const { api } = apiClient(origin, cfg)
      const answer = await api(`${P}/receipt/page`, { query: { limit: 10, offset: 0, status: 0 }, token })
      assert(answer && answer.code === 0, `receipt page: ${JSON.stringify(answer)}`)
      const mine = answer.data.rows
      assert(mine.length === 1, `one receipt, got ${mine.length}`)
      const [r] = mine
      const total = money(fen(p1.termMoney) + fen(p2.termMoney)).replace(/,/g, '')
      assert(
        r.receiptType === 2 && r.receiptWay === 3 && r.donorName === DONOR && r.postalEmail === RECEIPT_EMAIL && r.donateMoney === total,
        `receipt row: ${JSON.stringify(r)}`
      )
      await page.goto(`${origin}/mine-paper`, { waitUntil: 'domcontentloaded' })
      await tid(`receipt-item-${r.id}`).waitFor({ timeout: 20000 })
      await settle(page)
      const text = await tid(`receipt-item-${r.id}`).textContent()
      assert(text.includes(r.itemsName) && text.includes('电子'), `the list shows the project and the electronic receipt: ${text}`)
      await page.screenshot({ path: path.join(shots, 'naming-receipt-list.png') })
    })

    await step("both seats are donated with the donor's name, on the API and on the map", async () => {
      const after = await data(`${P}/items/seatList`, { query: { areaId: areas[0].id } })
      for (const s of [s1, s2]) {
        const a = after.twoArray.flat().find((x) => x && x.id === s.id)
        // the message is public only once staff approved the nameplate (decision 013)
        assert(a.status === 2 && a.donorName === DONOR && a.donationMessage === '', `seat ${s.seat}: ${JSON.stringify(a)}`)
      }
      await page.goto(`${origin}/seat?id=${SEAT_ID}`, { waitUntil: 'domcontentloaded' })
      await tid(`seat-${s1.id}`).waitFor({ timeout: 20000 })
      await settle(page)
      assert((await tid(`seat-${s1.id}`).getAttribute('data-kind')) === 'donated', 'first seat donated on the map')
      assert((await tid(`seat-${s2.id}`).getAttribute('data-kind')) === 'donated', 'second seat donated on the map')
      await tid(`seat-${s1.id}`).click()
      await page.locator('.at-modal--active [data-testid="seat-donor-name"]').waitFor({ timeout: 5000 })
      assert((await page.locator('.at-modal--active [data-testid="seat-donor-name"]').textContent()) === DONOR, 'donor on the map')
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'naming-seat-donor.png') })
    })

    // ---- three copies of a book with a custom nameplate --------------------------------------------------------
    const shelfBefore = await data(`${P}/items/bookList`, { query: { itemsId: BOOK_ID } })
    const theBook = shelfBefore.find((b) => b.stock >= 4)
    assert(theBook, 'a book with at least 4 copies left')
    const IDENTITY = '1998级校友'
    const BOOK_MESSAGE = '书香致远'
    let bookPlateId = 0

    await step('three copies of one book: the shelf, the steppers, a custom nameplate, paid: the stock is lower by three', async () => {
      await page.goto(`${origin}/subject-detail?id=${BOOK_ID}`, { waitUntil: 'domcontentloaded' })
      await tid('donate-button').waitFor({ timeout: 20000 })
      await settle(page)
      await tap('donate-button')
      await page.waitForURL(/\/book-list\?id=/, { timeout: 20000 })
      await tid(`book-${theBook.id}`).waitFor({ timeout: 20000 })
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'naming-book-list.png') })
      await tid(`book-pick-${theBook.id}`).click()
      await tid('cart-open').click()
      await tid('book-cart').waitFor({ timeout: 5000 })
      await settle(page)
      await tid(`stepper-${theBook.id}-plus`).click()
      await tid(`stepper-${theBook.id}-plus`).click()
      assert((await tid(`stepper-${theBook.id}-value`).textContent()) === '3', 'three copies')
      const total = `¥${money(3 * fen(theBook.unitPrice))}`
      assert((await tid('naming-total').textContent()) === total, `book total ${await tid('naming-total').textContent()} != ${total}`)
      assert((await tid('cart-total').textContent()) === total, 'total in the popup')
      await page.screenshot({ path: path.join(shots, 'naming-book-cart.png') })
      await tap('cart-next')
      await page.waitForURL(/\/form-gm\?id=\d+&namingType=2/, { timeout: 20000 })
      await tid('form-gm').waitFor({ timeout: 20000 })
      await settle(page)
      await tap('nameplate-edit')
      await page.waitForURL(/\/edit\?/, { timeout: 20000 })
      await tid('nameplate-editor').waitFor({ timeout: 20000 })
      await settle(page)
      await typeIn('plate-donor', DONOR)
      await typeIn('plate-identity', IDENTITY)
      await typeIn('plate-message', BOOK_MESSAGE)
      await tap('plate-confirm')
      await page.waitForURL(/\/form-gm\?/, { timeout: 20000 })
      await tid('nameplate-previews').waitFor({ timeout: 20000 })
      await settle(page)
      // the details given with the seats come back prefilled
      assert((await tid('field-name').locator('input').first().inputValue()) === DONOR, 'donor name prefilled')
      await tid('naming-pay-1').click()
      await tid('naming-agree').click()
      await page.screenshot({ path: path.join(shots, 'naming-form-books.png'), fullPage: true })
      await tap('form-gm-submit')
      await page.waitForURL(/\/cashier\?/, { timeout: 30000 })
      await tid('cashier').waitFor({ timeout: 10000 })
      await settle(page)
      assert((await tid('cashier-amount').textContent()) === total, 'cashier amount for three copies')
      await tap('cashier-pay')
      await page.waitForURL(/\/success\?billNo=/, { timeout: 30000 })
      await tid('success-title').waitFor({ timeout: 20000 })
      const shelf = await data(`${P}/items/bookList`, { query: { itemsId: BOOK_ID } })
      const now = shelf.find((b) => b.id === theBook.id)
      assert(now.stock === theBook.stock - 3, `stock ${theBook.stock} -> ${now.stock}`)
      await page.goto(`${origin}/book-list?id=${BOOK_ID}`, { waitUntil: 'domcontentloaded' })
      await tid(`book-stock-${theBook.id}`).waitFor({ timeout: 20000 })
      assert((await tid(`book-stock-${theBook.id}`).textContent()) === `库存 ${theBook.stock - 3}`, 'stock on the shelf')
    })

    await step('the nameplate-detail card shows the donor their text while it waits for review', async () => {
      const token = await donorToken()
      const mine = await data(`${P}/user/center/namingList`, { query: { offset: 0, limit: 10 }, token })
      const rec = mine.rows.find((r) => r.itemsId === BOOK_ID)
      assert(rec && rec.donateSeatList.length === 1 && rec.donateSeatList[0].quantity === 3, `naming record ${JSON.stringify(rec)}`)
      bookPlateId = rec.donateSeatList[0].namingId
      await page.goto(`${origin}/nameplate-detail?type=2&id=${bookPlateId}`, { waitUntil: 'domcontentloaded' })
      await tid('plate-donor-name').waitFor({ timeout: 20000 })
      assert((await tid('plate-donor-name').textContent()) === DONOR, 'donor on the card')
      assert((await tid('plate-message-text').textContent()) === BOOK_MESSAGE, 'message on the card')
      assert((await tid('plate-review').textContent()) === '审核中', 'waiting for review')
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'naming-plate-pending.png'), fullPage: true })
    })

    await step('staff approve it with the staff tool; mine-gm shows it approved; the card shows it to everyone', async () => {
      staffCli(server.dataDir, ['create-staff', '--username', 'e2e-wang', '--password', 'Staff#2025-e2e', '--name', '王老师'])
      const pending = staffCli(server.dataDir, ['nameplate', 'list'])
      assert(pending.includes(`#${bookPlateId}`) && pending.includes(BOOK_MESSAGE), `pending list:\n${pending}`)
      staffCli(server.dataDir, ['nameplate', 'approve', '--id', String(bookPlateId), '--staff', 'e2e-wang'])
      await page.goto(`${origin}/mine-gm`, { waitUntil: 'domcontentloaded' })
      await tid(`review-2-${bookPlateId}`).waitFor({ timeout: 20000 })
      assert(
        (await tid(`review-2-${bookPlateId}`).textContent()) === '已通过',
        `mine-gm state ${await tid(`review-2-${bookPlateId}`).textContent()}`
      )
      assert((await tid(`plate-correct-2-${bookPlateId}`).count()) === 0, 'an approved plate is not offered for correction')
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'naming-mine-gm.png'), fullPage: true })
      const show = await data(`${P}/items/getBookShowData`, { query: { id: bookPlateId } })
      assert(
        show.nameplate && show.nameplate.donorIdentity === IDENTITY && show.nameplate.donationMessage === BOOK_MESSAGE,
        `public card ${JSON.stringify(show.nameplate)}`
      )
      await page.goto(`${origin}/nameplate-detail?type=2&id=${bookPlateId}`, { waitUntil: 'domcontentloaded' })
      await tid('plate-donor-name').waitFor({ timeout: 20000 })
      assert((await tid('plate-review').count()) === 0, 'no review chip once approved')
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'naming-plate-approved.png'), fullPage: true })
    })

    await step('English: the seat map and mine-gm', async () => {
      await page.goto(`${origin}/seat?id=${SEAT_ID}&lang=en`, { waitUntil: 'domcontentloaded' })
      await tid('seat-legend').waitFor({ timeout: 20000 })
      await settle(page)
      const legend = await tid('seat-legend').textContent()
      assert(legend.includes('Free') && legend.includes('Named'), `English legend: ${legend}`)
      await page.screenshot({ path: path.join(shots, 'naming-seat-en.png') })
      await page.goto(`${origin}/mine-gm?lang=en`, { waitUntil: 'domcontentloaded' })
      await tid(`review-2-${bookPlateId}`).waitFor({ timeout: 20000 })
      assert((await tid(`review-2-${bookPlateId}`).textContent()) === 'Approved', 'English review state')
      await page.screenshot({ path: path.join(shots, 'naming-mine-gm-en.png'), fullPage: true })
    })

    await step('English: the naming form with its certificate, receipt and mailing sections (a paper receipt by post)', async () => {
      const now = await data(`${P}/items/seatList`, { query: { areaId: areas[0].id } })
      const seat = now.twoArray.flat().find((x) => x && x.status === 1)
      assert(seat, 'a free seat for the English form')
      await page.goto(`${origin}/seat?id=${SEAT_ID}&lang=en`, { waitUntil: 'domcontentloaded' })
      await tid(`seat-${seat.id}`).waitFor({ timeout: 20000 })
      await settle(page)
      await tid(`seat-${seat.id}`).tap()
      await tid(`period-${seat.id}-${seat.priceList[0].termYear}`).tap()
      await tap('seat-confirm')
      await tid('form-gm').waitFor({ timeout: 30000 })
      await settle(page)
      await tid('receipt-section').scrollIntoViewIfNeeded()
      await tid('receipt-switch').locator('taro-switch-core').tap()
      await tid('receipt-type').locator('[data-testid="chip-1"]').tap()
      await tid('receipt-way').locator('[data-testid="chip-2"]').tap()
      await tid('postal-section').waitFor({ timeout: 5000 })
      const text = await tid('receipt-section').textContent()
      assert(text.includes('Receipt') && text.includes('I would like a receipt'), `English receipt section: ${text}`)
      assert((await tid('postal-section').textContent()).includes('Mailing address'), 'English postal section')
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'naming-form-receipt-en.png'), fullPage: true })
    })
  })
})()
