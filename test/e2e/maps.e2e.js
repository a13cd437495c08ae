#!/usr/bin/env node
/**
 * Every map campaign with a finger (docs/decisions/046-map-taps.md): the server started as README says
 * (`npm start` = scripts/start.js) on a fresh DATA_DIR, Debian Chromium at 390x844 (touch, DPR 2, a phone user agent)
 * driven by playwright-core, and only touch input on the maps: taps with `page.touchscreen.tap` (CDP touch events,
 * after which Chromium sends its own follow-up click, as a phone does), pans with CDP `Input.dispatchTouchEvent`.
 *  - on each map page (tree-naming-map, -cpu, -xzit, -gmu, seat-naming-map and its hall, build-naming-map,
 *    wall-naming-map) a tapped point's dialog opens and is still open a second later; a tap on the dim closes it;
 *  - a donor names a brick on the wall map and a seat in the hall: the dialog's button leads to the naming form with the
 *    chosen point and its price, the point is held while the donor is in the sandbox cashier, and once paid the map
 *    shows it named with the donor's name and message;
 *  - on each map page the list beside the canvas (docs/decisions/062-map-lists-and-layout.md) holds the same points
 *    with the server's states as focusable buttons, Enter on an area climbs a level and Enter on a point opens the
 *    dialog; at level 1 a hint to tap an area is on screen.
 * The map is a canvas: points are tapped where the map component draws them, with the viewport the component computes
 * (src/features/map/model/viewport.ts: the initial view from the config, pans clamped to the image). Expected values
 * come from the server's own API (signed calls). Screenshots go to shots/maps-*.png. Closing line: "e2e: N passed,
 * N failed".
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
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

// where a point is drawn: the map component's viewport (shared with the tree journey)
const { boundsOf, initialViewport, panBy, toScreen, centroid } = require('./lib/map-view')

/** The map pages, each with the school that runs the campaign and the campaign key of its item. */
const PAGES = [
  { route: 'tree-naming-map', query: { area: 'yc' }, school: 'demo', key: 'treeNaming' },
  { route: 'tree-naming-map-cpu', query: { area: 'yc' }, school: 'cpu', key: 'treeNamingCpu' },
  { route: 'tree-naming-map-xzit', query: {}, school: 'demo', key: 'treeNamingXzit' },
  { route: 'tree-naming-map-gmu', query: {}, school: 'demo', key: 'treeNamingGmu' },
  { route: 'seat-naming-map', query: {}, school: 'demo', key: 'seatNaming' },
  { route: 'seat-naming-map', query: { area: 'hall' }, school: 'demo', key: 'hallNaming' },
  { route: 'build-naming-map', query: {}, school: 'demo', key: 'buildNaming' },
  { route: 'wall-naming-map', query: {}, school: 'demo', key: 'wallNaming' }
]

;(async () => {
  fs.mkdirSync(shots, { recursive: true })
  const server = await startServer({ command: [process.execPath, path.join(root, 'scripts', 'start.js')] })
  const { origin } = server
  const clients = {}
  const client = async (school) => {
    if (!clients[school]) clients[school] = apiClient(origin, await (await fetch(`${origin}/config/${school}/index.json`)).json())
    return clients[school]
  }
  const itemOf = async (school, key) => {
    const base = await (await client(school)).data(`${P}/index/baseConfig`)
    const id = base.settings.campaignItems[key]
    assert(id, `seed: ${school} runs ${key} (${JSON.stringify(base.settings.campaignItems)})`)
    return id
  }

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
    const cdp = await context.newCDPSession(page)
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
    const tid = (id) => page.locator(`[data-testid="${id}"]`)
    /** A finger on an element: its centre (the button inside a taro-ui button). */
    const touch = async (id) => {
      const el = tid(id).first()
      const button = el.locator('.at-button')
      await ((await button.count()) ? button.first() : el).tap()
    }
    const typeIn = async (id, value) => {
      const input = tid(id).locator('input, textarea').first()
      await input.tap()
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
          await page.screenshot({ path: path.join(shots, 'maps-failure.png'), fullPage: true }).catch(() => undefined)
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

    const urlOf = (p) => `${origin}/${p.route}?${new URLSearchParams({ school: p.school, ...p.query })}`
    const mapReady = async () => {
      await page.waitForSelector('[data-map]', { timeout: 20000 })
      await tid('map-loading').waitFor({ state: 'detached', timeout: 20000 })
      await settle(page)
      // the hall's seats appear 500 ms after its image (docs/product §9)
      await sleep(700)
    }
    const mapId = () => page.locator('[data-map]').first().getAttribute('data-map')
    const canvasBox = async () => {
      const box = await tid('map-canvas').boundingBox()
      assert(box && box.width > 0 && box.height > 0, 'map canvas laid out')
      return box
    }
    /** Clear of what floats over the map: the top bar, count and filters above; zoom buttons and legend below. */
    const clearOfOverlays = (box) => (at) => at.x > 30 && at.x < box.width - 70 && at.y > 170 && at.y < box.height - 190
    /** A finger's tap on the canvas at a view point. */
    const tapMap = (box, at) => page.touchscreen.tap(box.x + at.x, box.y + at.y)
    /** A finger drags the map by (dx, dy): CDP touch events, as a phone's touch screen sends them. */
    const dragMap = async (box, dx, dy) => {
      const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
      const point = (i) => [{ x: from.x + (dx * i) / 10, y: from.y + (dy * i) / 10, id: 1 }]
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(0) })
      for (let i = 1; i <= 10; i++) {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(i) })
        await sleep(16)
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
      await settle(page)
    }
    /** Brings image point t to the middle of the view with a finger; the viewport the map then has. */
    const bringIntoView = async (vp, b, box, t) => {
      const at = toScreen(vp, t)
      const dx = box.width / 2 - 20 - at.x
      const dy = box.height / 2 - at.y
      await dragMap(box, dx, dy)
      return panBy(vp, dx, dy, b)
    }

    /**
     * Down the map's levels by tapping areas until one shows points; then one of its points (the first matching
     * `want`, a predicate on the point and its status) is brought into view and tapped. Answers the point and where.
     */
    async function tapAPoint(p, want = () => true) {
      const { data } = await client(p.school)
      const itemsId = await itemOf(p.school, p.key)
      const box = await canvasBox()
      const view = { width: box.width, height: box.height }
      for (let guard = 0; guard < 4; guard++) {
        const id = await mapId()
        const config = await data(`${P}/naming/activity/map`, { query: { id } })
        const b = boundsOf(config, view)
        let vp = initialViewport(config, view)
        const statuses =
          config.areaIdList && config.areaIdList.length
            ? await data(`${P}/naming/activity/getSeatStatusList`, { method: 'POST', body: { itemsId, areaIdList: config.areaIdList } })
            : {}
        // the points the map draws (src/features/map/model/points.ts visiblePoints): trees, seats and bricks, buildings
        const drawn = [...config.treeList.filter((t) => t.show === 1), ...(config.buildingList || []).filter((x) => x.isHide === 0)]
        const points = drawn.filter((t) => statuses[String(t.seatId)] && want(t, statuses[String(t.seatId)]))
        const clear = clearOfOverlays(box)
        const area = config.areaList.find((a) => a.next && a.hot && a.hot.length >= 3)
        if (points.length) {
          let point = points.find((t) => clear(toScreen(vp, t)))
          if (!point) {
            // drag towards the first; the pan stops at the image's edge, so take whichever point is then in view
            vp = await bringIntoView(vp, b, box, points[0])
            point = points.find((t) => clear(toScreen(vp, t)))
          }
          if (point) {
            const at = toScreen(vp, point)
            await tapMap(box, at)
            return { point, at, box, config, status: statuses[String(point.seatId)] }
          }
          // under the legend or the buttons however the map is dragged: a level further down has others
          assert(area, `${id}: no point out from under the buttons (${JSON.stringify(toScreen(vp, points[0]))})`)
        }
        assert(area, `${id}: neither points nor an area to open`)
        if (!clearOfOverlays(box)(toScreen(vp, centroid(area.hot)))) vp = await bringIntoView(vp, b, box, centroid(area.hot))
        await tapMap(box, toScreen(vp, centroid(area.hot)))
        await page.waitForSelector(`[data-map="${area.next}"]`, { timeout: 20000 })
        await mapReady()
      }
      throw new Error(`${p.route}: no point found in four levels`)
    }
    const openPage = async (p) => {
      await page.goto(urlOf(p), { waitUntil: 'domcontentloaded' })
      if (p.route === 'wall-naming-map') {
        await tid('wall-start').waitFor({ timeout: 20000 })
        await settle(page)
        await touch('wall-start')
      }
      await mapReady()
    }
    const dialog = () => page.locator('.cm-dialog')

    for (const p of PAGES) {
      const label = `${p.route}${p.query.area ? `?area=${p.query.area}` : ''}`
      await step(`${label}: a finger's tap opens the point's dialog and it stays open; a tap on the dim closes it`, async () => {
        await openPage(p)
        await tapAPoint(p)
        await dialog().first().waitFor({ timeout: 10000 })
        // longer than any follow-up click: the dialog is still there
        await sleep(1000)
        assert((await dialog().count()) === 1, 'the dialog is still open a second after the tap')
        await settle(page)
        const name = `maps-${label.replace(/[?=]/g, '-')}-dialog.png`
        await page.screenshot({ path: path.join(shots, name) })
        const mask = await page.locator('.cm-dialog__mask').first().boundingBox()
        await page.touchscreen.tap(mask.x + 20, mask.y + 20)
        await dialog().first().waitFor({ state: 'detached', timeout: 5000 })
      })
      await step(
        `${label}: the list beside the map shows the same points with their state, and the keyboard opens the same dialog`,
        async () => {
          await openPage(p)
          const { data } = await client(p.school)
          const itemsId = await itemOf(p.school, p.key)
          const first = await data(`${P}/naming/activity/map`, { query: { id: await mapId() } })
          if (first.areaList.length) {
            // level 1 with areas: a hint says to tap one, inside the screen (docs/decisions/062-map-lists-and-layout.md)
            const hint = await tid('map-hint').boundingBox()
            assert(
              hint && hint.x >= 0 && hint.x + hint.width <= 390 && hint.y + hint.height <= 844,
              `the level-1 hint on screen: ${JSON.stringify(hint)}`
            )
          }
          await touch('map-list-toggle')
          await tid('map-list').waitFor({ timeout: 5000 })
          for (let guard = 0; guard < 4; guard++) {
            const id = await mapId()
            const config = await data(`${P}/naming/activity/map`, { query: { id } })
            const statuses =
              config.areaIdList && config.areaIdList.length
                ? await data(`${P}/naming/activity/getSeatStatusList`, { method: 'POST', body: { itemsId, areaIdList: config.areaIdList } })
                : {}
            const drawn = [...config.treeList.filter((t) => t.show === 1), ...(config.buildingList || []).filter((x) => x.isHide === 0)]
            const want = drawn.filter((t) => [1, 2, 3].includes(statuses[String(t.seatId)]))
            if (want.length) {
              await tid('map-list-point').first().waitFor({ timeout: 10000 })
              const rows = await tid('map-list-point').evaluateAll((els) =>
                els.map((e) => ({
                  seat: Number(e.dataset.seat),
                  status: Number(e.dataset.status),
                  role: e.getAttribute('role'),
                  label: e.getAttribute('aria-label'),
                  tab: e.tabIndex
                }))
              )
              assert(rows.length === want.length, `${id}: ${rows.length} rows for ${want.length} points`)
              for (const r of rows) {
                assert(
                  r.status === statuses[String(r.seat)],
                  `${id}: seat ${r.seat} listed as ${r.status}, server ${statuses[String(r.seat)]}`
                )
                assert(r.role === 'button' && r.label && r.tab === 0, `${id}: seat ${r.seat} is a focusable button with a name`)
              }
              await page.screenshot({ path: path.join(shots, `maps-${label.replace(/[?=]/g, '-')}-list.png`) })
              await tid('map-list-point').first().focus()
              await page.keyboard.press('Enter')
              await dialog().first().waitFor({ timeout: 10000 })
              assert((await tid('seat-name').count()) + (await page.locator('.cm-dialog').count()) > 0, 'the dialog opens from the list')
              return
            }
            const area = config.areaList.find((a) => a.next)
            assert(area, `${id}: neither points nor an area in the list`)
            const row = page.locator(`[data-testid="map-list-area"][data-area="${area.next}"]`).first()
            await row.focus()
            await page.keyboard.press('Enter')
            await page.waitForSelector(`[data-map="${area.next}"]`, { timeout: 20000 })
            await mapReady()
          }
          throw new Error(`${label}: no points in the list in four levels`)
        }
      )
    }

    /** Names one free point of the page's campaign through the dialog, the naming form and the sandbox cashier. */
    const nameOn = (p, what, donor, message) =>
      step(`${what}: tapped free, named on the naming form, held while paying, paid, and named on the map`, async () => {
        const { data } = await client(p.school)
        const itemsId = await itemOf(p.school, p.key)
        await openPage(p)
        const hit = await tapAPoint(p, (_t, status) => status === 1)
        await tid('seat-dialog-body').waitFor({ timeout: 10000 })
        const detail = await data(`${P}/naming/activity/getSeatDetail`, { query: { seatId: hit.point.seatId } })
        assert(detail.status === 1, `${what} ${hit.point.seatId} is free`)
        await sleep(600)
        assert((await tid('seat-name').textContent()) === detail.seatName, 'the dialog shows the tapped point')
        await touch('seat-action')
        await page.waitForURL(new RegExp(`/form-gm\\?id=${itemsId}`), { timeout: 20000 })
        await tid('form-gm').waitFor({ timeout: 30000 })
        await page.waitForFunction(() => !!localStorage.getItem('token'), null, { timeout: 30000 })
        await settle(page)
        const objects = await tid('naming-objects').textContent()
        assert(objects.includes(detail.seatName), `the form names the chosen ${what}: ${objects}`)
        const price = Number(detail.termMoney).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
        assert((await tid('naming-total').textContent()).includes(price), `the form carries its price ${price}`)
        await touch('nameplate-edit')
        await tid('nameplate-editor').waitFor({ timeout: 20000 })
        await settle(page)
        await typeIn('plate-donor', donor)
        await typeIn('plate-message', message)
        await touch('plate-confirm')
        await tid('form-gm').waitFor({ timeout: 20000 })
        await tid('nameplate-previews').waitFor({ timeout: 20000 })
        await settle(page)
        await typeIn('field-name', donor)
        await typeIn('field-mobile', '13800138000')
        if (await tid('field-isAlumni').count()) await tid('field-isAlumni').locator('[data-testid="chip-0"]').tap()
        if (await tid('naming-pay-1').count()) await tid('naming-pay-1').tap()
        if (await tid('naming-agree').count()) await tid('naming-agree').tap()
        await page.screenshot({ path: path.join(shots, `maps-${p.key}-form.png`), fullPage: true })
        await touch('form-gm-submit')
        await page.waitForURL(/\/cashier\?/, { timeout: 30000 })
        await tid('cashier').waitFor({ timeout: 10000 })
        const held = await data(`${P}/naming/activity/getSeatDetail`, { query: { seatId: hit.point.seatId } })
        assert(held.status === 3, `held while paying (status ${held.status})`)
        await settle(page)
        await touch('cashier-pay')
        await page.waitForURL((u) => !/\/cashier\?/.test(String(u)), { timeout: 30000 })
        await settle(page)
        const token = await donorToken()
        const after = await data(`${P}/naming/activity/getSeatDetail`, { query: { seatId: hit.point.seatId }, token })
        assert(after.status === 2, `named: status ${after.status}`)
        assert(after.donorName === donor && after.donationMessage === message, `donor and message: ${JSON.stringify(after)}`)

        // back on the map: the same point, named, with the donor's name and message
        await openPage(p)
        await tapAPoint(p, (t) => t.seatId === hit.point.seatId)
        await tid('seat-named').waitFor({ timeout: 10000 })
        assert((await tid('seat-donor').textContent()) === donor, 'the donor on the map')
        assert((await tid('seat-message').textContent()).includes(message), 'the message on the map')
        assert((await tid('seat-action').count()) === 0, 'no naming button on a named point')
        await settle(page)
        await page.screenshot({ path: path.join(shots, `maps-${p.key}-named.png`) })
      })

    await nameOn(
      PAGES.find((p) => p.key === 'wallNaming'),
      'a wall brick',
      '李赟喆',
      '饮水思源'
    )
    await nameOn(
      PAGES.find((p) => p.key === 'hallNaming'),
      'a hall seat',
      '王䶮',
      '桃李满天下'
    )
  })
})()
