#!/usr/bin/env node
/**
 * The tree pledge journey (decision 016), end to end: the server started as README says (`npm start` = scripts/start.js) on
 * a fresh DATA_DIR, Debian Chromium at 390x844 (touch, DPR 2, a phone user agent) driven by playwright-core, a fresh
 * donor of the hhu school who signs in through the sandbox on first need:
 *  - the hhu tree campaign's map (tree-naming-hhu): pan with the mouse and zoom with the + button at level 1, tap the
 *    zones down to level 3, filter by a price band (the map then draws only trees in the band);
 *  - tap a free tree in the band: tree-naming-hhu/detail?from=map, 'pledge' into the form (item hhuTreeYc);
 *  - the form refuses to pay before signing; 'sign' opens the agreement preview, the donor ticks 'I agree' and signs on
 *    the pad by drawing strokes with the mouse; back on the form the agreement shows signed;
 *  - pay in the sandbox cashier: the tree campaign's thank-you page; the tree is named (status 2) with the donor's
 *    name and message on the API, on the map (tap it again) and on its detail page;
 *  - the signed PDF downloaded and its first page rendered with pdftoppm into shots/ (looked at by people: the Chinese
 *    name and the signature must be visible); its text holds the name (pdftotext).
 * The map is a canvas: points are tapped where the map component draws them. The journey keeps the same viewport the
 * component computes (features/map/model/viewport.ts: initial view from the config, pan clamped to the image, zoom
 * steps of 1.5 around the centre) to know where that is. Expected values come from the server's own API (signed
 * calls). Screenshots go to shots/. Closing line: "e2e: N passed, N failed".
 */
const path = require('node:path')
const fs = require('node:fs')
const { spawnSync } = require('node:child_process')
const { launchChromium, createJourney, assert, apiClient, settle, waitForText } = require('./harness')
const { startServer } = require('../mini/server')

const root = path.resolve(__dirname, '..', '..')
const shots = path.join(root, 'shots')
const P = '/uplus-foundation/app/v1/donateu'
const SCHOOL = 'hhu'
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
const journey = createJourney()
const { run } = journey

const { ZOOM_STEP, boundsOf, initialViewport, panBy, zoomStep, toScreen, centroid } = require('./lib/map-view')

;(async () => {
  fs.mkdirSync(shots, { recursive: true })
  const server = await startServer({ command: [process.execPath, path.join(root, 'scripts', 'start.js')] })
  const { origin } = server
  const cfg = await (await fetch(`${origin}/config/${SCHOOL}/index.json`)).json()
  const { data } = apiClient(origin, cfg)

  const browser = await launchChromium()
  const errors = []
  await run({ browser, server, errors }, async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      userAgent: IPHONE,
      acceptDownloads: true
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
    const step = (name, fn) =>
      journey.step(name, async () => {
        try {
          await fn()
        } catch (e) {
          const toast = await page
            .locator('.taro__toast, .weui-toast')
            .allTextContents()
            .catch(() => [])
          await page.screenshot({ path: path.join(shots, 'tree-failure.png'), fullPage: true }).catch(() => undefined)
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
    const storageValue = (key) =>
      page.evaluate((k) => {
        const raw = localStorage.getItem(k)
        try {
          return JSON.parse(raw).data
        } catch {
          return raw
        }
      }, key)

    const base = await data(`${P}/index/baseConfig`)
    const ITEM = base.settings.campaignItems.hhuTreeYc
    assert(ITEM, `seed: the hhu yc tree campaign (${JSON.stringify(base.settings.campaignItems)})`)
    const mapConfig = (id) => data(`${P}/naming/activity/map`, { query: { id } })
    const DONOR = '李赟喆'
    const MOBILE = '13951234567'
    const MESSAGE = '愿河海林木常青'
    /** docs/product §9 tree price bands, as the map's picker offers them */
    const BANDS = [
      { label: '2099-5000', min: 2099, max: 5000 },
      { label: '5001-10000', min: 5001, max: 10000 },
      { label: '10000-20000', min: 10000, max: 20000 },
      { label: '20000以上', min: 20000, max: null }
    ]
    let band = null
    let candidate = null

    /** The canvas's size and page offset: the map's view. */
    const canvasBox = async () => {
      const box = await tid('map-canvas').boundingBox()
      assert(box && box.width > 0 && box.height > 0, 'map canvas laid out')
      return box
    }
    const mapReady = async (mapId) => {
      await page.waitForSelector(`[data-map="${mapId}"]`, { timeout: 20000 })
      await tid('map-loading').waitFor({ state: 'detached', timeout: 20000 })
      await settle(page)
    }
    const clickAt = async (box, p) => {
      await page.mouse.click(box.x + p.x, box.y + p.y)
    }
    /**
     * Clear of what floats over the map: the top bar and filters above, the home button, the zoom buttons and the
     * legend below.
     */
    const clearOfOverlays = (box) => (at) => at.x > 30 && at.x < box.width - 70 && at.y > 160 && at.y < box.height - 190
    /** Drags the map so that image point `t` comes to the middle of the view; the viewport it then has. */
    const bringIntoView = async (vp, b, box, t) => {
      const at = toScreen(vp, t)
      const dx = box.width / 2 - 20 - at.x
      const dy = box.height / 2 - at.y
      const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
      await page.mouse.move(from.x, from.y)
      await page.mouse.down()
      for (let i = 1; i <= 8; i++) await page.mouse.move(from.x + (dx * i) / 8, from.y + (dy * i) / 8)
      await page.mouse.up()
      await settle(page)
      return panBy(vp, dx, dy, b)
    }

    let tree = null
    let level3 = null
    /** the areas tapped from level 1 to 3 */
    const trail = []
    let agreementUrl = ''
    let bill = ''

    await step('the donor signs in through the sandbox where the pledge form asks for it (a link with the school)', async () => {
      // A full-page return from the sign-in without ?school= lands on the default school (src/lib/bootstrap.ts
      // resolveSchool), so the donor signs in on a link that names it, as a shared campaign link does.
      const any = (await mapConfig('yc-3-1')).treeList[0]
      await page.goto(`${origin}/tree-naming-hhu/form?school=${SCHOOL}&id=${ITEM}&seatId=${any.seatId}`, { waitUntil: 'domcontentloaded' })
      await page.waitForFunction(() => !!localStorage.getItem('token'), null, { timeout: 30000 })
      await tid('pledge-form').waitFor({ timeout: 30000 })
    })

    await step('the hhu tree map: pan with the mouse and zoom in at level 1, then tap the zones down to level 3', async () => {
      await page.goto(`${origin}/tree-naming-hhu?school=${SCHOOL}`, { waitUntil: 'domcontentloaded' })
      const l1 = await mapConfig('yc-1')
      await mapReady('yc-1')
      assert((await tid('campaign-map-hhu').getAttribute('data-level')) === '1', 'level 1')
      const box = await canvasBox()
      const view = { width: box.width, height: box.height }
      let b = boundsOf(l1, view)
      let vp = initialViewport(l1, view)
      await page.screenshot({ path: path.join(shots, 'tree-map-level1.png') })
      // zoom in one step around the centre, then drag the map 60 px left and 40 px up
      await tid('map-zoom-in').click()
      vp = zoomStep(vp, ZOOM_STEP, b)
      await settle(page)
      const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
      await page.mouse.move(from.x, from.y)
      await page.mouse.down()
      for (let i = 1; i <= 6; i++) await page.mouse.move(from.x - 10 * i, from.y - (40 / 6) * i)
      await page.mouse.up()
      vp = panBy(vp, -60, -40, b)
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'tree-map-level1-panned.png') })
      // down the zones: each level's first area with a next map, tapped at its hot polygon's centre
      let config = l1
      for (let guard = 0; guard < 3 && config.level < 3; guard++) {
        const area = config.areaList.find((a) => a.next && a.hot && a.hot.length >= 3)
        assert(area, `an area to open on ${config.id}`)
        // an area out of view (the map starts elsewhere, or the pan moved it) is dragged in first
        if (!clearOfOverlays(box)(toScreen(vp, centroid(area.hot)))) vp = await bringIntoView(vp, b, box, centroid(area.hot))
        const at = toScreen(vp, centroid(area.hot))
        assert(clearOfOverlays(box)(at), `area ${area.id} of ${config.id} in view (${JSON.stringify(at)})`)
        await clickAt(box, at)
        trail.push(area.id)
        config = await mapConfig(area.next)
        await mapReady(config.id)
        b = boundsOf(config, view)
        vp = initialViewport(config, view)
      }
      assert(config.level === 3, `reached level ${config.level}`)
      assert((await tid('campaign-map-hhu').getAttribute('data-level')) === '3', 'the page says level 3')
      level3 = { config, vp, box }
      await page.screenshot({ path: path.join(shots, 'tree-map-level3.png') })
    })

    await step(
      'filter by a price band (the first of docs/product §9 that has a free tree in view): a free tree in it is tapped',
      async () => {
        const { config, box, vp } = level3
        const clear = clearOfOverlays(box)
        // the band is picked from the server's own answer, as the map asks it: the first band with a free tree in view
        for (const b of BANDS) {
          const body = { itemsId: ITEM, areaIdList: config.areaIdList, minMoney: b.min }
          if (b.max !== null) body.maxMoney = b.max
          const statuses = await data(`${P}/naming/activity/getSeatStatusList`, { method: 'POST', body })
          const found = config.treeList
            .filter((t) => t.show === 1 && statuses[String(t.seatId)] === 1)
            .map((t) => ({ t, at: toScreen(vp, t) }))
            .find(({ at }) => clear(at))
          if (found) {
            band = b
            candidate = found
            break
          }
        }
        assert(band && candidate, `a band with a free tree in view on ${config.id}`)
        await tap('filter-price')
        await tid('picker-price').waitFor({ timeout: 10000 })
        await tid('picker-price-option').filter({ hasText: band.label }).first().click()
        await settle(page)
        const picked = await waitForText(tid('filter-price'), (t) => (t || '').includes(band.label))
        assert(picked.includes(band.label), 'the band is shown as picked')
        const detail = await data(`${P}/naming/activity/getSeatDetail`, { query: { seatId: candidate.t.seatId } })
        assert(detail.status === 1, 'the tree is free')
        const money = Number(detail.termMoney)
        assert(money >= band.min && (band.max === null || money <= band.max), `the tree's price ${detail.termMoney} is in the band`)
        tree = { ...candidate, detail }
        await page.screenshot({ path: path.join(shots, 'tree-map-filtered.png') })
        await clickAt(box, candidate.at)
        await page.waitForURL(/\/tree-naming-hhu\/detail\?/, { timeout: 20000 })
        const url = new URL(page.url())
        assert(
          url.searchParams.get('from') === 'map' && url.searchParams.get('id') === String(tree.t.seatId),
          `detail of the tapped tree: ${url}`
        )
      }
    )

    await step('the tree detail: name, intro, price; no notice from the map; pledge opens the form of the yc project', async () => {
      await tid('tree-detail').waitFor({ timeout: 20000 })
      await settle(page)
      assert((await tid('tree-name').textContent()) === tree.detail.seatName, 'tree name')
      assert((await tid('tree-notice').count()) === 0, 'no notice when coming from the map')
      assert((await tid('tree-stamp').count()) === 0, 'a free tree has no stamp')
      await page.screenshot({ path: path.join(shots, 'tree-detail-free.png') })
      await tap('tree-pledge-go')
      await page.waitForURL(/\/tree-naming-hhu\/form\?/, { timeout: 20000 })
      assert(new URL(page.url()).searchParams.get('id') === String(ITEM), 'form of the yc project')
      await tid('pledge-form').waitFor({ timeout: 30000 })
    })

    await step('the form refuses to pay before signing; the donor fills it and signs the agreement on the pad', async () => {
      // the form signs the donor in as it opens (the sandbox identity): type only once that is done
      await page.waitForFunction(() => !!localStorage.getItem('token'), null, { timeout: 30000 })
      await tid('pledge-form').waitFor({ timeout: 30000 })
      await settle(page)
      await typeIn('field-name', DONOR)
      await typeIn('field-mobile', MOBILE)
      await typeIn('pledge-message', MESSAGE)
      await typeIn('pledge-certificate-name', DONOR)
      await tid('pledge-agree').click()
      assert((await tid('pledge-sign-todo').count()) === 1, 'the agreement shows unsigned')
      await tap('pledge-submit')
      await page.getByText('请先签署认捐协议').first().waitFor({ timeout: 5000 })
      assert(!page.url().includes('/cashier'), 'not paid before signing')
      await page.screenshot({ path: path.join(shots, 'tree-form-unsigned.png'), fullPage: true })
      await tap('pledge-sign-go')
      await page.waitForURL(/\/tree-naming-hhu\/preview\?/, { timeout: 20000 })
      await tid('agreement-page').first().waitFor({ timeout: 60000 })
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'tree-agreement-preview.png') })
      await tid('agreement-agree').click()
      await tap('agreement-sign')
      await tid('signature-pad').waitFor({ timeout: 10000 })
      // the pad has found its canvas (its finish button is not greyed out)
      await page.locator('[data-testid="signature-finish"]:not(.sig-pad__btn--busy)').first().waitFor({ timeout: 10000 })
      await settle(page)
      const pad = await page.locator('.sig-pad__paper').boundingBox()
      assert(pad && pad.width > 100, 'the signature pad is laid out')
      // a handwritten '李': strokes drawn with the mouse
      const strokes = [
        [
          [0.15, 0.3],
          [0.45, 0.3]
        ],
        [
          [0.3, 0.15],
          [0.3, 0.55],
          [0.2, 0.7]
        ],
        [
          [0.3, 0.4],
          [0.15, 0.6]
        ],
        [
          [0.3, 0.4],
          [0.45, 0.6]
        ],
        [
          [0.55, 0.25],
          [0.8, 0.25],
          [0.65, 0.45]
        ],
        [
          [0.55, 0.55],
          [0.85, 0.55]
        ],
        [
          [0.68, 0.45],
          [0.68, 0.85],
          [0.6, 0.8]
        ]
      ]
      for (const s of strokes) {
        await page.mouse.move(pad.x + s[0][0] * pad.width, pad.y + s[0][1] * pad.height)
        await page.mouse.down()
        for (let i = 1; i < s.length; i++) {
          const [a, c] = [s[i - 1], s[i]]
          for (let k = 1; k <= 6; k++) {
            const x = a[0] + ((c[0] - a[0]) * k) / 6
            const y = a[1] + ((c[1] - a[1]) * k) / 6
            await page.mouse.move(pad.x + x * pad.width, pad.y + y * pad.height)
          }
        }
        await page.mouse.up()
      }
      await page.screenshot({ path: path.join(shots, 'tree-signature-pad.png') })
      await tap('signature-finish')
      await page.waitForURL(/\/tree-naming-hhu\/form\?/, { timeout: 60000 })
      await tid('pledge-sign-done').waitFor({ timeout: 20000 })
      const stored = await storageValue('treeAgreement')
      assert(stored && stored.url && stored.name === DONOR && stored.mobile === MOBILE, `treeAgreement ${JSON.stringify(stored)}`)
      agreementUrl = stored.url
      // what the donor typed survived the preview round trip
      assert((await tid('pledge-message').locator('input').inputValue()) === MESSAGE, 'message kept across the preview')
      await page.screenshot({ path: path.join(shots, 'tree-form-signed.png'), fullPage: true })
    })

    await step("pay in the sandbox: the tree campaign's thank-you page; the tree is named with the donor and message", async () => {
      const agree = await tid('pledge-agree').locator('.pl-agree__box--on').count()
      if (!agree) await tid('pledge-agree').click()
      await tid('pledge-pay-1').click()
      await tap('pledge-submit')
      await page.waitForURL(/\/cashier\?/, { timeout: 30000 })
      await tid('cashier').waitFor({ timeout: 10000 })
      bill = new URL(page.url()).searchParams.get('billNo')
      const held = await data(`${P}/naming/activity/getSeatDetail`, { query: { seatId: tree.t.seatId } })
      assert(held.status === 3, `the tree is held while paying (status ${held.status})`)
      await settle(page)
      await tap('cashier-pay')
      await page.waitForURL(/\/tree-naming-hhu\/success\?billNo=/, { timeout: 30000 })
      assert(new URL(page.url()).searchParams.get('billNo') === bill, "the thank-you page is the paid order's")
      await tid('pledge-success').waitFor({ timeout: 20000 })
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'tree-success.png') })
      const token = await donorToken()
      const after = await data(`${P}/naming/activity/getSeatDetail`, { query: { seatId: tree.t.seatId }, token })
      assert(after.status === 2, `named: status ${after.status}`)
      assert(after.donorName === DONOR && after.donationMessage === MESSAGE, `donor and message: ${JSON.stringify(after)}`)
    })

    await step('on the map the tree is named: tapping it shows the stamp, the donor and the message', async () => {
      await page.goto(`${origin}/tree-naming-hhu?school=${SCHOOL}`, { waitUntil: 'domcontentloaded' })
      await mapReady('yc-1')
      const box = await canvasBox()
      const view = { width: box.width, height: box.height }
      let config = await mapConfig('yc-1')
      let vp = initialViewport(config, view)
      for (const areaId of trail) {
        const area = config.areaList.find((a) => a.id === areaId)
        if (!clearOfOverlays(box)(toScreen(vp, centroid(area.hot))))
          vp = await bringIntoView(vp, boundsOf(config, view), box, centroid(area.hot))
        await clickAt(box, toScreen(vp, centroid(area.hot)))
        config = await mapConfig(area.next)
        await mapReady(config.id)
        vp = initialViewport(config, view)
      }
      assert(config.id === level3.config.id, `back on ${level3.config.id}`)
      if (!clearOfOverlays(box)(toScreen(vp, tree.t))) vp = await bringIntoView(vp, boundsOf(config, view), box, tree.t)
      await page.screenshot({ path: path.join(shots, 'tree-map-named.png') })
      await clickAt(box, toScreen(vp, tree.t))
      await page.waitForURL(/\/tree-naming-hhu\/detail\?/, { timeout: 20000 })
      await tid('tree-pledge').waitFor({ timeout: 20000 })
      assert((await tid('tree-donor').textContent()) === DONOR, 'the donor on the tree')
      assert((await tid('tree-message').textContent()) === MESSAGE, 'the message on the tree')
      assert((await tid('tree-stamp').count()) === 1, 'the named stamp')
      assert((await tid('tree-pledge-go').count()) === 0, 'no pledge button on a named tree')
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'tree-detail-named.png') })
    })

    await step(
      'the signed PDF: downloaded, its first page rendered to shots/tree-agreement-signed-1.png, the name in its text',
      async () => {
        const token = await donorToken()
        const href = agreementUrl.startsWith('http') ? agreementUrl : `${origin}${agreementUrl}`
        const r = await fetch(href, { headers: { authorization: token } })
        assert(r.ok, `download ${r.status}`)
        const buf = Buffer.from(await r.arrayBuffer())
        assert(buf.subarray(0, 5).toString() === '%PDF-', 'a PDF')
        const pdf = path.join(shots, 'tree-agreement-signed.pdf')
        fs.writeFileSync(pdf, buf)
        const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0
        assert(has('pdftoppm') && has('pdftotext'), 'pdftoppm and pdftotext (poppler-utils) are installed')
        const text = spawnSync('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8' }).stdout
        assert(text.includes(DONOR), "the donor's Chinese name is in the agreement text")
        spawnSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', pdf, path.join(shots, 'tree-agreement-signed')])
        const pages = spawnSync('pdfinfo', [pdf], { encoding: 'utf8' }).stdout.match(/Pages:\s+(\d+)/)
        const last = pages ? Number(pages[1]) : 1
        if (last > 1)
          spawnSync('pdftoppm', [
            '-png',
            '-r',
            '80',
            '-f',
            String(last),
            '-l',
            String(last),
            pdf,
            path.join(shots, 'tree-agreement-signed')
          ])
        const pngs = fs.readdirSync(shots).filter((f) => f.startsWith('tree-agreement-signed') && f.endsWith('.png'))
        assert(pngs.length >= 1, 'the pages rendered')
        console.log(`  (look at: ${pngs.map((f) => path.join('shots', f)).join(', ')})`)
      }
    )
  })
})()
