#!/usr/bin/env node
/**
 * The personal-centre journey (decision 008), end to end: the server started as README says (`npm start` =
 * scripts/start.js) on a fresh DATA_DIR, Debian Chromium at 390x844 (touch, DPR 2) driven by playwright-core.
 *   a donor signs in with an SMS code (read from the server's log), changes nickname and avatar (a PNG made here,
 *   cropped and exported by the app), sees the gifts made through the server's own donate + sandbox-notify calls
 *   grouped by project and by time, opens an award, applies for a paper certificate by mail and an enterprise
 *   receipt by e-mail; staff move both on with the command-line tool; the donor sees the new statuses, the courier
 *   number and the receipt file.
 * Expected values come from the server's API (signed calls with the donor's token) and the database it writes.
 * Screenshots go to shots/ (looked at by people, not asserted). Closing line: "e2e: N passed, N failed".
 */
const path = require('node:path')
const fs = require('node:fs')
const { launchChromium, createJourney, assert, apiClient, staffCli, settle, waitUntil } = require('./harness')
const { startServer } = require('../mini/server')
const { httpRequest } = require('../mini/http')
const { makePng } = require('./lib/png')

const root = path.resolve(__dirname, '..', '..')
const shots = path.join(root, 'shots')
const P = '/uplus-foundation/app/v1/donateu'
const { step, run } = createJourney()

// ------------------------------------------------------------------ server calls (signed, as the app signs them)

// ------------------------------------------------------------------ files made here

/** Width and height from a JPEG's SOF marker. */
function jpegSize(buf) {
  assert(buf[0] === 0xff && buf[1] === 0xd8, 'not a JPEG')
  let i = 2
  while (i < buf.length) {
    if (buf[i] !== 0xff) {
      i++
      continue
    }
    const marker = buf[i + 1]
    const len = buf.readUInt16BE(i + 2)
    if (marker >= 0xc0 && marker <= 0xc3) return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) }
    i += 2 + len
  }
  throw new Error('no SOF marker')
}

// ------------------------------------------------------------------ page helpers

const tid = (page, id) => page.locator(`[data-testid="${id}"]`).first()
async function fill(page, id, value) {
  const input = page.locator(`[data-testid="${id}"] input, input[data-testid="${id}"], [data-testid="${id}"] textarea`).first()
  await input.waitFor({ timeout: 10000 })
  await input.fill(value)
}
async function tapButton(page, id) {
  // RECIPES: tap .at-button, not its text (an invisible overlay intercepts)
  const inner = page.locator(`[data-testid="${id}"] .at-button`).first()
  if (await inner.count()) await inner.click()
  else await tid(page, id).click()
}
/** The other engineer's pages: wait for a data-testid of theirs, with a clear message when it never comes. */
async function theirs(page, id, what, timeout = 15000) {
  try {
    await tid(page, id).waitFor({ timeout })
  } catch {
    throw new Error(`${what}: [data-testid="${id}"] did not appear (certificates/receipts pages)`)
  }
}
;(async () => {
  fs.mkdirSync(shots, { recursive: true })
  const server = await startServer({ command: [process.execPath, path.join(root, 'scripts', 'start.js')] })
  const { origin } = server
  const school = (await (await fetch(`${origin}/config/index.json`)).json()).school
  const cfg = (await httpRequest(`${origin}/config/${school}/index.json`)).data
  const { data: api } = apiClient(origin, cfg)
  const browser = await launchChromium()
  const errors = []
  const mobile = `139${String(Date.now()).slice(-8)}`
  const nickname = `赟喆校友${String(Date.now()).slice(-3)}`
  let token = ''
  const gifts = []
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

    await step('a donor signs in with the SMS code from the server log and lands on mine', async () => {
      await page.goto(`${origin}/login`, { waitUntil: 'domcontentloaded' })
      await tid(page, 'login-screen').waitFor({ timeout: 30000 })
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'e2e-center-1-login.png') })
      await fill(page, 'login-mobile', mobile)
      await tid(page, 'sms-button').click()
      const line = new RegExp(`\\[sms\\] to=86-${mobile} code=(\\d{6})`)
      // the server logs the code once it has sent it: read the log until it is there (10 s at most)
      const code = await waitUntil(() => (line.exec(server.log()) || [])[1], { timeout: 10000, interval: 100 }).catch(() => '')
      assert(code, 'no SMS code in the server log')
      await page.waitForFunction(() => /\d+s/.test(document.querySelector('[data-testid="sms-button"]')?.textContent || ''), null, {
        timeout: 5000
      })
      await fill(page, 'login-code', code)
      await tid(page, 'login-agree').click()
      await tapButton(page, 'login-submit')
      await page.waitForURL(/\/mine(\?|$)/, { timeout: 15000 })
      await tid(page, 'mine-screen').waitFor({ timeout: 15000 })
      token = await page.evaluate(() => {
        const raw = localStorage.getItem('token') || ''
        try {
          const v = JSON.parse(raw)
          return typeof v === 'string' ? v : v && v.data
        } catch {
          return raw
        }
      })
      assert(token, 'no token stored after sign-in')
      const my = await api(`${P}/user/center/my`, { token })
      assert(my.accountType === 2, `account type ${my.accountType}, expected a mobile account`)
      assert(
        (await tid(page, 'mine-name').textContent()) === (my.isDefaultNickname ? '爱心校友' : my.nickname),
        'name on mine differs from the server'
      )
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'e2e-center-2-mine.png') })
    })

    await step('the nickname popup saves a new nickname', async () => {
      await tid(page, 'mine-nickname').click()
      await tid(page, 'nickname-popup').waitFor({ timeout: 5000 })
      await settle(page)
      await fill(page, 'nickname-input', nickname)
      await tapButton(page, 'nickname-save')
      await page.waitForFunction((n) => document.querySelector('[data-testid="mine-name"]')?.textContent === n, nickname, {
        timeout: 10000
      })
      const my = await api(`${P}/user/center/my`, { token })
      assert(my.nickname === nickname, `server nickname is ${my.nickname}`)
    })

    await step('the avatar editor crops a chosen PNG, uploads a JPEG and mine shows it', async () => {
      const before = (await api(`${P}/user/center/my`, { token })).avatar
      await tid(page, 'mine-avatar').click()
      await page.waitForURL(/\/cut(\?|$)/, { timeout: 10000 })
      await tid(page, 'cut-choose').waitFor({ timeout: 10000 })
      await settle(page)
      const png = makePng(1200, 900)
      const [chooser] = await Promise.all([page.waitForEvent('filechooser', { timeout: 10000 }), tapButton(page, 'cut-choose')])
      await chooser.setFiles({ name: 'me.png', mimeType: 'image/png', buffer: png })
      await tid(page, 'crop-image').waitFor({ timeout: 10000 })
      assert(!(await tid(page, 'cut-footer').count()), 'the footer is still shown while cropping')
      // drag the picture a little with a touch, then turn it
      const box = await tid(page, 'crop-overlay').boundingBox()
      const cdp = await context.newCDPSession(page)
      const at = (x, y) => [{ x, y }]
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(box.width / 2, box.height / 2 - 60) })
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(box.width / 2 + 30, box.height / 2 - 60) })
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
      await tid(page, 'crop-rotate-right').click()
      await page.waitForFunction(
        () => /rotate\(90deg\)/.test(document.querySelector('[data-testid="crop-image"]')?.getAttribute('style') || ''),
        null,
        { timeout: 5000 }
      )
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'e2e-center-3-cut.png') })
      await tid(page, 'crop-accept').click()
      await page.waitForURL(/\/mine(\?|$)/, { timeout: 30000 })
      const my = await api(`${P}/user/center/my`, { token })
      assert(my.avatar !== before && /^\/files\/uploads\/.+\.jpg$/.test(my.avatar), `avatar is ${my.avatar}`)
      const file = await fetch(`${origin}${my.avatar}`)
      const size = jpegSize(Buffer.from(await file.arrayBuffer()))
      // 900 source pixels across the frame (the short side after the turn): exported at 900 x 900
      assert(size.width === size.height && size.width === 900, `exported ${size.width}x${size.height}`)
      await page.waitForFunction(
        (u) => [...document.querySelectorAll('[data-testid="mine-avatar"] img')].some((i) => i.src.endsWith(u)),
        my.avatar,
        { timeout: 10000 }
      )
    })

    await step('gifts made through the server show grouped by project and by time', async () => {
      const find = async (name) => {
        const r = await api(`${P}/items/itemsList`, { query: { limit: 10, offset: 0, s: name } })
        const p = r.rows.find((x) => x.name === name)
        assert(p, `project ${name} not in the demo data`)
        return p
      }
      const scholarship = await find('示范大学励志奖学金')
      const avenue = await find('校园林荫大道改造')
      const plan = [
        [scholarship, '100.00'],
        [avenue, '200.00'],
        [scholarship, '50.00']
      ]
      for (const [p, money] of plan) {
        const answer = await api(`${P}/items/donate`, {
          method: 'POST',
          token,
          body: {
            currency: 'CNY',
            payType: 1,
            currencyMoney: money,
            itemsId: p.id,
            itemsType: 1,
            isAnonymous: 0,
            donateFrom: 'U1',
            formDataMap: { name: '王赟喆', mobile: `86-${mobile}`, isAlumni: '0' },
            isAgree: 1
          }
        })
        const billNo = answer.orderPayRequestDTO.billNo
        const n = await api('/sandbox/notify', { method: 'POST', body: { billNo, outcome: 'paid', payToken: answer.payToken } })
        assert(n.status === 'applied', `notify ${billNo}: ${n.status}`)
        gifts.push({ billNo, itemsId: p.id, name: p.name, money })
      }
      const records = await api(`${P}/user/center/donateRecordList`, { token, query: { limit: 10, offset: 0 } })
      assert(records.total === 3, `server lists ${records.total} gifts`)
      for (const g of gifts) g.id = records.rows.find((r) => r.donatePlatOrder === g.billNo).id

      await page.goto(`${origin}/mine`, { waitUntil: 'domcontentloaded' })
      await tid(page, 'menu-mine-don').waitFor({ timeout: 20000 })
      await settle(page)
      await tid(page, 'menu-mine-don').click()
      await page.waitForURL(/\/mine-don/, { timeout: 10000 })
      await page.locator('[data-testid="don-group"]').nth(1).waitFor({ timeout: 10000 })
      const groups = await page.locator('[data-testid="don-group"]').allTextContents()
      assert(groups.length === 2, `${groups.length} project groups`)
      const byName = Object.fromEntries(
        await page
          .locator('[data-testid="don-group"]')
          .evaluateAll((els) =>
            els.map((e) => [
              e.querySelector('[data-testid="don-group-name"]').textContent,
              e.querySelector('[data-testid="don-group-total"]').textContent
            ])
          )
      )
      assert(byName['示范大学励志奖学金'] === '¥150.00', `scholarship total ${byName['示范大学励志奖学金']}`)
      assert(byName['校园林荫大道改造'] === '¥200.00', `avenue total ${byName['校园林荫大道改造']}`)
      await page.getByText('示范大学励志奖学金', { exact: true }).first().click()
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'e2e-center-4-mine-don.png') })
      await tid(page, 'don-mode-time').click()
      await page.locator('[data-testid="don-by-time"] [data-testid="gift-row"]').nth(2).waitFor({ timeout: 10000 })
      const amounts = await page.locator('[data-testid="don-by-time"] [data-testid="gift-amount"]').allTextContents()
      assert(JSON.stringify(amounts) === JSON.stringify(['¥50.00', '¥200.00', '¥100.00']), `by time: ${amounts.join(' ')}`)
      await page.screenshot({ path: path.join(shots, 'e2e-center-5-mine-don-time.png') })
    })

    await step('mine shows the totals and an earned award opens with its ranking', async () => {
      await page.goto(`${origin}/mine`, { waitUntil: 'domcontentloaded' })
      await tid(page, 'mine-screen').waitFor({ timeout: 20000 })
      await page.waitForFunction(() => document.querySelector('[data-testid="mine-money"]')?.textContent === '¥350.00', null, {
        timeout: 10000
      })
      assert((await tid(page, 'mine-items').textContent()) === '2', 'projects taken part in')
      const awards = await api(`${P}/user/center/awardList`, { token })
      const earned = awards.filter((a) => a.recordCount > 0)
      assert(earned.length > 0, 'the first gift should earn an award')
      const count = await tid(page, 'awards-count').textContent()
      assert(count === `${earned.length}/${awards.length}`, `awards ${count}`)
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'e2e-center-6-mine-after.png'), fullPage: true })
      await tid(page, `award-${earned[0].id}`).click()
      await page.waitForURL(/\/award\?id=/, { timeout: 10000 })
      await tid(page, 'award-screen').waitFor({ timeout: 10000 })
      assert((await tid(page, 'award-name').textContent()) === earned[0].name, 'award name')
      assert((await tid(page, 'award-ranking').textContent()).includes(String(earned[0].ranking)), 'award ranking')
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'e2e-center-7-award.png') })
    })

    let certIds = []
    await step('applies for a paper certificate to be mailed', async () => {
      await page.goto(`${origin}/mine`, { waitUntil: 'domcontentloaded' })
      await tid(page, 'menu-mine-certificate').waitFor({ timeout: 20000 })
      await settle(page)
      await tid(page, 'menu-mine-certificate').click()
      await theirs(page, 'cert-screen', 'certificate page')
      if (await tid(page, 'cert-tab-paper').count()) await tid(page, 'cert-tab-paper').click()
      await theirs(page, 'cert-apply', 'paper certificate apply button')
      await tid(page, 'cert-apply').click()
      const target = gifts[1]
      await theirs(page, `cert-pick-${target.id}`, 'certificate project picker')
      await tid(page, `cert-pick-${target.id}`).click()
      await tid(page, 'cert-next').click()
      await theirs(page, 'cert-way-2', 'certificate way "mail"')
      await tid(page, 'cert-way-2').click()
      await fill(page, 'cert-address', '江苏省南京市玄武区北京东路 41 号')
      await fill(page, 'cert-contact', '王赟喆')
      await fill(page, 'cert-mobile', mobile)
      await tapButton(page, 'cert-submit')
      await theirs(page, 'cert-success', 'certificate success dialog')
      await tapButton(page, 'cert-success-confirm')
      const paper = await api(`${P}/certificate/page`, { token, query: { limit: 10, offset: 0, isNeedPaper: 1, status: 0 } })
      certIds = paper.rows.filter((r) => r.donateId === target.id).map((r) => r.id)
      assert(certIds.length === 1, `paper applications for the gift: ${certIds.length}`)
      await theirs(page, `cert-paper-${certIds[0]}`, 'paper certificate list row')
    })

    let receiptIds = []
    await step('applies for an enterprise receipt by e-mail', async () => {
      await page.goto(`${origin}/mine`, { waitUntil: 'domcontentloaded' })
      await tid(page, 'menu-mine-paper').waitFor({ timeout: 20000 })
      await settle(page)
      await tid(page, 'menu-mine-paper').click()
      await theirs(page, 'receipt-screen', 'receipt page')
      await theirs(page, 'receipt-apply', 'receipt apply button')
      await tid(page, 'receipt-apply').click()
      const target = gifts[0]
      await theirs(page, `receipt-pick-${target.id}`, 'receipt donation picker')
      await tid(page, `receipt-pick-${target.id}`).click()
      await tid(page, 'receipt-next').click()
      await theirs(page, 'receipt-donor', 'receipt form')
      await tid(page, 'receipt-donor-type-2').click()
      await tid(page, 'receipt-type-2').click()
      await tid(page, 'receipt-way-3').click()
      await fill(page, 'receipt-name', '南京赟喆科技有限公司')
      if (await tid(page, 'receipt-credit-code').count()) await fill(page, 'receipt-credit-code', '91320102MA1XXXXX0Y')
      await fill(page, 'receipt-email', 'finance@example.com')
      await tapButton(page, 'receipt-submit')
      await theirs(page, 'receipt-success', 'receipt success dialog')
      await tapButton(page, 'receipt-success-confirm')
      const list = await api(`${P}/receipt/page`, { token, query: { limit: 10, offset: 0, status: 0 } })
      receiptIds = list.rows.filter((r) => r.donateId === target.id).map((r) => r.id)
      assert(receiptIds.length === 1, `receipt applications for the gift: ${receiptIds.length}`)
      const row = list.rows.find((r) => r.id === receiptIds[0])
      assert(row.donorType === 2 && row.receiptWay === 3 && row.postalEmail === 'finance@example.com', `receipt row ${JSON.stringify(row)}`)
    })

    await step('staff mail the certificate and send the receipt with the command-line tool', async () => {
      const dir = server.dataDir
      staffCli(dir, ['create-staff', '--username', 'e2e-li', '--password', 'Staff#2025-e2e', '--name', '李老师'])
      staffCli(dir, ['advance', '--kind', 'certificate', '--id', String(certIds[0]), '--to', '2', '--staff', 'e2e-li'])
      staffCli(dir, [
        'advance',
        '--kind',
        'certificate',
        '--id',
        String(certIds[0]),
        '--to',
        '4',
        '--courier',
        '顺丰速运',
        '--number',
        'SF1234567890',
        '--staff',
        'e2e-li'
      ])
      const receiptFile = path.join(dir, 'e2e-receipt.png')
      fs.writeFileSync(receiptFile, makePng(600, 400))
      staffCli(dir, ['advance', '--kind', 'receipt', '--id', String(receiptIds[0]), '--to', '6', '--staff', 'e2e-li'])
      staffCli(dir, ['attach-receipt', '--id', String(receiptIds[0]), '--file', receiptFile, '--staff', 'e2e-li'])
      staffCli(dir, ['advance', '--kind', 'receipt', '--id', String(receiptIds[0]), '--to', '7', '--staff', 'e2e-li'])
    })

    await step('the donor sees the mailed certificate with its courier number', async () => {
      await page.goto(`${origin}/mine-certificate`, { waitUntil: 'domcontentloaded' })
      await theirs(page, 'cert-screen', 'certificate page', 20000)
      if (await tid(page, 'cert-tab-paper').count()) await tid(page, 'cert-tab-paper').click()
      await theirs(page, `cert-status-${certIds[0]}`, 'certificate status')
      await page.waitForFunction(
        (id) => document.querySelector(`[data-testid="cert-status-${id}"]`)?.textContent === '已邮寄',
        certIds[0],
        { timeout: 10000 }
      )
      await tid(page, `cert-paper-${certIds[0]}`).click()
      await theirs(page, 'cert-detail', 'certificate detail')
      assert((await tid(page, 'cert-detail-status').textContent()) === '已邮寄', 'detail status')
      assert((await tid(page, 'cert-courier').textContent()) === 'SF1234567890', 'courier number')
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'e2e-center-8-certificate.png') })
    })

    await step('the donor sees the sent receipt and its file', async () => {
      await page.goto(`${origin}/mine-paper`, { waitUntil: 'domcontentloaded' })
      await theirs(page, 'receipt-screen', 'receipt page', 20000)
      await theirs(page, `receipt-status-${receiptIds[0]}`, 'receipt status')
      await page.waitForFunction(
        (id) => document.querySelector(`[data-testid="receipt-status-${id}"]`)?.textContent === '已发送',
        receiptIds[0],
        { timeout: 10000 }
      )
      await tid(page, `receipt-item-${receiptIds[0]}`).click()
      await theirs(page, 'receipt-detail', 'receipt detail')
      assert((await tid(page, 'receipt-detail-status').textContent()) === '已发送', 'receipt detail status')
      const href = await tid(page, 'receipt-file').getAttribute('data-href')
      assert(href && /^\/files\//.test(href), `receipt file link ${href}`)
      const file = await fetch(`${origin}${href}`)
      assert(file.status === 200, `receipt file answers ${file.status}`)
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'e2e-center-9-receipt.png') })
    })

    await step('English: login, mine, award, mine-don and cut speak English', async () => {
      const en = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
      })
      await en.addInitScript(
        ([t, s]) => {
          // Taro's H5 storage format; the token belongs to this school (bootstrap drops it otherwise)
          localStorage.setItem('token', JSON.stringify({ data: t }))
          localStorage.setItem('school', JSON.stringify({ data: s }))
        },
        [token, school]
      )
      const p = await en.newPage()
      p.on('pageerror', (e) => errors.push(`pageerror (en): ${e.message}`))
      const visits = [
        ['login', 'login-screen'],
        ['mine', 'mine-screen'],
        [`award?id=${(await api(`${P}/user/center/awardList`, { token }))[0].id}`, 'award-screen'],
        ['mine-don', 'mine-don'],
        ['cut', 'cut-screen']
      ]
      for (const [route, id] of visits) {
        await p.goto(`${origin}/${route}${route.includes('?') ? '&' : '?'}lang=en`, { waitUntil: 'domcontentloaded' })
        await tid(p, id).waitFor({ timeout: 20000 })
        await settle(p)
        const text = await p.evaluate(() => document.body.innerText)
        for (const zh of ['验证码登录', '个人中心', '我的捐赠', '累计捐赠', '尚未获得', '按项目', '从相册选择', '获取验证码', '勋章说明']) {
          assert(!text.includes(zh), `Chinese "${zh}" on /${route} in English`)
        }
        await p.screenshot({ path: path.join(shots, `e2e-center-en-${route.split('?')[0]}.png`) })
      }
      await en.close()
    })
  })
})()
