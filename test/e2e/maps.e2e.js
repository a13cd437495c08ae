#!/usr/bin/env node
/**
 * Every map campaign tapped with a finger (docs/decisions/053-taps-that-survive.md): the server started as README
 * says, Debian Chromium at 390x844 with touch and a phone's agent. On each map page the donor taps, with real touch
 * input (Playwright's touchscreen: touchstart, touchend, then the browser's own compatibility click), down the zones
 * until a level shows points, then on a point; the point's dialog opens and is still open once the page is quiet.
 * Before the fix the finger's follow-up click landed on the new dialog's mask and closed it at once.
 *
 * Where a point is drawn comes from the map's own configuration (naming/activity/map) through the component's
 * viewport (lib/map-view.js). Screenshots of each open dialog go to shots/. Closing line: "e2e: N passed, N failed".
 */
const path = require('node:path')
const fs = require('node:fs')
const { launchChromium, createJourney, assert, apiClient, settle } = require('./harness')
const { boundsOf, initialViewport, panBy, toScreen, centroid } = require('./lib/map-view')
const { startServer } = require('../mini/server')

const root = path.resolve(__dirname, '..', '..')
const shots = path.join(root, 'shots')
const P = '/uplus-foundation/app/v1/donateu'
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
const { step, run } = createJourney()

/** Each map campaign page, the campaign key the school runs it under (types/config.ts CampaignKey), and its query. */
const MAPS = [
  { route: 'tree-naming-map', key: 'treeNaming', query: { area: 'yc' } },
  { route: 'tree-naming-map-cpu', key: 'treeNamingCpu', query: { area: 'yc' } },
  { route: 'tree-naming-map-xzit', key: 'treeNamingXzit', query: {} },
  { route: 'tree-naming-map-gmu', key: 'treeNamingGmu', query: {} },
  { route: 'seat-naming-map', key: 'seatNaming', query: {} },
  { route: 'seat-naming-map', key: 'hallNaming', query: { area: 'hall' } },
  { route: 'build-naming-map', key: 'buildNaming', query: {} },
  { route: 'wall-naming-map', key: 'wallNaming', query: {} }
]

;(async () => {
  fs.mkdirSync(shots, { recursive: true })
  const server = await startServer({ command: [process.execPath, path.join(root, 'scripts', 'start.js')] })
  const { origin } = server
  const browser = await launchChromium()
  const errors = []
  await run({ browser, server, errors, errorsStep: 'no uncaught errors in the page' }, async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      userAgent: IPHONE
    })
    const page = await context.newPage()
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
    const tid = (id) => page.locator(`[data-testid="${id}"]`).first()

    // which school runs which campaign: the schools' own configuration
    const schools = {}
    for (const code of ['demo', 'hhu', 'cpu', 'fzu']) {
      const cfg = await (await fetch(`${origin}/config/${code}/index.json`)).json()
      const { data } = apiClient(origin, cfg)
      const base = await data(`${P}/index/baseConfig`)
      schools[code] = { data, items: base.settings.campaignItems || {} }
    }
    const runner = (key) => Object.keys(schools).find((code) => Number(schools[code].items[key]) > 0)

    /** Taps with a finger at a point of the page (touchstart, touchend, then the browser's compatibility click). */
    const fingerTap = (x, y) => page.touchscreen.tap(x, y)
    /** Drags one finger across the page in eight moves (CDP touch events, as a phone sends them). */
    const cdp = await context.newCDPSession(page)
    const fingerDrag = async (from, to) => {
      const touch = (type, p) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y }] : [] })
      await touch('touchStart', from)
      for (let i = 1; i <= 8; i++)
        await touch('touchMove', { x: from.x + ((to.x - from.x) * i) / 8, y: from.y + ((to.y - from.y) * i) / 8 })
      await touch('touchEnd')
      await settle(page)
    }

    const mapReady = async () => {
      await page.waitForSelector('[data-map]', { timeout: 20000 })
      await tid('map-loading').waitFor({ state: 'detached', timeout: 20000 })
      await page.waitForSelector('[data-testid="map-canvas"][data-points="shown"]', { timeout: 20000 })
      await settle(page)
      return page.locator('[data-map]').first().getAttribute('data-map')
    }

    /**
     * Opens map page `m` and taps with a finger down the zones to a point (`pick` chooses among those drawn at that
     * level, nearest the middle by default) until its dialog is open; the point and its map id.
     */
    const openPoint = async (m, school, pick = (points, nearest) => nearest(points)) => {
      const query = new URLSearchParams({ school, ...m.query }).toString()
      await page.goto(`${origin}/${m.route}?${query}`, { waitUntil: 'domcontentloaded' })
      // the wall opens on a landing card first
      if (m.route === 'wall-naming-map') {
        await tid('wall-start').waitFor({ timeout: 20000 })
        const b = await tid('wall-start').boundingBox()
        await fingerTap(b.x + b.width / 2, b.y + b.height / 2)
        await tid('wall-landing').waitFor({ state: 'detached', timeout: 10000 })
      }
      let mapId = await mapReady()
      for (let level = 0; level < 4; level++) {
        const config = await schools[school].data(`${P}/naming/activity/map`, { query: { id: mapId } })
        const box = await tid('map-canvas').boundingBox()
        assert(box && box.width > 0, 'the map canvas is laid out')
        const view = { width: box.width, height: box.height }
        let vp = initialViewport(config, view)
        // clear of what floats over the map: the top bar and filters, the home button, zoom buttons and legend
        const clear = (at) => at.x > 40 && at.x < box.width - 70 && at.y > 170 && at.y < box.height - 200
        const middle = { x: box.width / 2 - 15, y: box.height / 2 }
        const distance = (t) => Math.hypot(toScreen(vp, t).x - middle.x, toScreen(vp, t).y - middle.y)
        const nearest = (list) => list.slice().sort((a, b) => distance(a) - distance(b))[0]
        // trees, seats and bricks; else a zone to go down into; else the building map's buildings
        const trees = (config.treeList || []).filter((p) => p.show !== 0)
        const zones = (config.areaList || []).filter((a) => a.next && a.hot && a.hot.length >= 3).map((a) => ({ ...centroid(a.hot), a }))
        const buildings = (config.buildingList || []).filter((p) => p.isHide !== 1)
        const points = trees.length ? trees : zones.length ? [] : buildings
        const point = points.length ? await pick(points, nearest) : null
        const area = point ? null : nearest(zones)
        const target = point || area
        assert(target, `${mapId}: neither a point nor a zone to tap`)
        if (!clear(toScreen(vp, target))) {
          // a finger drags the map until the target is in the middle
          const at = toScreen(vp, target)
          const dx = middle.x - at.x
          const dy = middle.y - at.y
          await fingerDrag(
            { x: box.x + middle.x - dx / 2, y: box.y + middle.y - dy / 2 },
            { x: box.x + middle.x + dx / 2, y: box.y + middle.y + dy / 2 }
          )
          vp = panBy(vp, dx, dy, boundsOf(config, view))
        }
        const at = toScreen(vp, target)
        assert(clear(at), `${mapId}: ${point ? point.id : area.a.id} cannot be brought clear of the overlays`)
        await fingerTap(box.x + at.x, box.y + at.y)
        if (point) {
          await tid('seat-dialog').waitFor({ timeout: 10000 })
          // the finger's follow-up click and whatever the dialog loads have come and gone
          await settle(page)
          assert(await tid('seat-dialog').isVisible(), `the dialog of ${point.id} on ${mapId} closed by itself`)
          await tid('seat-dialog-body').waitFor({ timeout: 10000 })
          return { point, mapId }
        }
        await page.waitForSelector(`[data-map="${area.a.next}"]`, { timeout: 20000 })
        mapId = await mapReady()
      }
      throw new Error(`no level of ${m.route} shows a point`)
    }
    const tapTestId = async (id) => {
      const b = await tid(id).boundingBox()
      await fingerTap(b.x + b.width / 2, b.y + b.height / 2)
    }

    for (const m of MAPS) {
      const school = runner(m.key)
      const label = `${m.route}${m.query.area ? ` (${m.query.area})` : ''}`
      await step(`${label} (${school}): a finger taps down to a point, and its dialog stays open`, async () => {
        assert(school, `no demo school runs ${m.key}`)
        await openPoint(m, school)
        await page.screenshot({ path: path.join(shots, `maps-${m.route}${m.query.area ? `-${m.query.area}` : ''}.png`) })
        // the close cross still closes it, to the same finger
        await tapTestId('seat-dialog-close')
        await tid('seat-dialog').waitFor({ state: 'detached', timeout: 10000 })
      })
    }

    // ---- a brick on the wall and a seat in the hall, named and paid like a tree ----------------------------------
    const typeIn = async (id, value) => {
      const input = tid(id).locator('input').first()
      await input.click()
      await input.fill(value)
    }
    const naming = [
      { m: MAPS.find((x) => x.key === 'wallNaming'), donor: '王砖砖', noun: 'brick' },
      { m: MAPS.find((x) => x.key === 'hallNaming'), donor: '李座座', noun: 'hall seat' }
    ]
    for (const { m, donor, noun } of naming) {
      const school = runner(m.key)
      await step(`a donor names a ${noun} from the map, pays in the sandbox, and the map shows it named`, async () => {
        // a free one: its status from the server
        const free = async (points, nearest) => {
          const sorted = points.slice().sort((a, b) => (nearest([a, b]) === a ? -1 : 1))
          for (const p of sorted.slice(0, 300)) {
            const d = await schools[school].data(`${P}/naming/activity/getSeatDetail`, { query: { seatId: p.seatId } })
            if (d.status === 1) return p
          }
          throw new Error('no free point near the middle')
        }
        const { point } = await openPoint(m, school, free)
        const price = await tid('seat-price').textContent()
        await tapTestId('seat-action')
        // signs in through the sandbox on the way, then the naming form with the chosen point and its price
        await page.waitForURL(/\/form-gm\?/, { timeout: 30000 })
        await tid('form-gm').waitFor({ timeout: 30000 })
        await settle(page)
        assert((await tid('naming-total').textContent()) === price.replace(/^[^¥]*/, ''), `form total against the map's ${price}`)
        await tapTestId('nameplate-edit')
        await tid('nameplate-editor').waitFor({ timeout: 20000 })
        await settle(page)
        await typeIn('plate-donor', donor)
        await typeIn('plate-message', '母校常青')
        await tapTestId('plate-confirm')
        await tid('nameplate-previews').waitFor({ timeout: 20000 })
        await settle(page)
        await typeIn('field-name', donor)
        await typeIn('field-mobile', '13800138000')
        await tid('field-isAlumni').locator('[data-testid="chip-0"]').click()
        await tid('naming-pay-1').click()
        await tid('naming-agree').click()
        await tapTestId('form-gm-submit')
        await page.waitForURL(/\/cashier\?/, { timeout: 30000 })
        await tid('cashier').waitFor({ timeout: 10000 })
        await settle(page)
        // held for this donor while paying: another donor sees it unavailable
        const held = await schools[school].data(`${P}/naming/activity/getSeatDetail`, { query: { seatId: point.seatId } })
        assert(held.status === 3, `held while paying: status ${held.status}`)
        await tapTestId('cashier-pay')
        await page.waitForURL((u) => !/\/cashier/.test(String(u)), { timeout: 30000 })
        await settle(page)
        const named = await schools[school].data(`${P}/naming/activity/getSeatDetail`, { query: { seatId: point.seatId } })
        assert(named.status === 2 && named.donorName === donor, `named on the server: ${JSON.stringify(named)}`)
        // back on the map, the same point shows it named, with the donor
        await openPoint(m, school, (points) => points.find((p) => p.seatId === point.seatId))
        await tid('seat-named').waitFor({ timeout: 10000 })
        assert((await tid('seat-donor').textContent()) === donor, 'the donor on the map')
        await page.screenshot({ path: path.join(shots, `maps-named-${m.key}.png`) })
      })
    }
  })
})()
