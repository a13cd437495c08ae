#!/usr/bin/env node
/**
 * Layout at a phone's size (docs/decisions/080-layout-defects.md): the server started as README says (`npm start`)
 * on a fresh DATA_DIR, Debian Chromium at 390x844 with touch and a phone's agent, the demo school's naming projects
 * and maps. Each step measures what a donor would see wrong and would fail on the defect it guards:
 *  - a page opened alone from a link shows the home button, and no text of the page lies under it (it floated over
 *    amounts and the ends of messages);
 *  - a nameplate's card shows the school's logo whole (H5 placed it from the middle of its frame: half was cut);
 *  - the statistics of every naming project's detail page are whole, in Chinese and English (no "¥16,000.…");
 *  - the seat grid of a hall wider than the screen shows a cue to scroll while columns are hidden, and the cue goes
 *    at the grid's end;
 *  - the hall opens with its 'named' stamps apart from each other (the map writes the boxes it drew on its canvas
 *    element), inside the canvas;
 *  - a map at level 1 says to tap an area, inside the viewport; each map's area labels are drawn once each, whole
 *    inside the canvas and apart (the map writes the labels it drew on its canvas element);
 *  - a species filter that leaves no tree on cpu's map says so, on screen and over no other text.
 * Screenshots of each land in a temporary folder printed at the start. Closing line: "e2e: N passed, N failed".
 */
const path = require('node:path')
const fs = require('node:fs')
const os = require('node:os')
const { launchChromium, createJourney, assert, apiClient, settle, waitUntil } = require('./harness')
const { startServer } = require('../mini/server')

const root = path.resolve(__dirname, '..', '..')
const shots = fs.mkdtempSync(path.join(os.tmpdir(), 'uplus-layout-'))
const P = '/uplus-foundation/app/v1/donateu'
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
const { step, run } = createJourney()

/** In the page: the rectangles of visible text (each line of each text node) outside `skip`, for overlap checks. */
function textRects(skipSelector) {
  const skip = skipSelector ? document.querySelector(skipSelector) : null
  const out = []
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent.trim()) continue
    const el = n.parentElement
    if (!el || (skip && skip.contains(el))) continue
    const st = getComputedStyle(el)
    if (st.visibility === 'hidden' || st.display === 'none' || Number(st.opacity) === 0) continue
    const range = document.createRange()
    range.selectNodeContents(n)
    for (const r of range.getClientRects()) {
      if (r.width < 1 || r.height < 1) continue
      if (r.bottom <= 0 || r.top >= window.innerHeight || r.right <= 0 || r.left >= window.innerWidth) continue
      out.push({ text: n.textContent.trim().slice(0, 30), x: r.left, y: r.top, w: r.width, h: r.height })
    }
  }
  return out
}

const overlaps = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h

;(async () => {
  console.log(`  screenshots in ${shots}`)
  const server = await startServer({ command: [process.execPath, path.join(root, 'scripts', 'start.js')] })
  const { origin } = server
  const demo = apiClient(origin, await (await fetch(`${origin}/config/demo/index.json`)).json())
  const base = await demo.data(`${P}/index/baseConfig`)
  const items = base.settings.campaignItems
  assert(items.seatNaming && items.jnuSeat && items.hallNaming, `seed: demo runs the seat campaigns (${JSON.stringify(items)})`)

  const browser = await launchChromium()
  const errors = []
  let page = null
  const onFailure = async () => {
    if (page) await page.screenshot({ path: path.join(shots, 'layout-failure.png') }).catch(() => undefined)
  }
  await run({ browser, server, errors, onFailure }, async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      userAgent: IPHONE
    })
    page = await context.newPage()
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
    const tid = (id) => page.locator(`[data-testid="${id}"]`)
    const shot = (name) => page.screenshot({ path: path.join(shots, `layout-${name}.png`) })
    const open = async (route, query) => {
      await page.goto(`${origin}/${route}?${new URLSearchParams({ school: 'demo', ...query })}`, { waitUntil: 'domcontentloaded' })
    }

    await step('a page opened alone: the home button is on screen and no text lies under it', async () => {
      // the seat list's right-aligned states and the detail's amounts and messages were under the floating button
      const pages = [
        ['subject-detail', { id: items.seatNaming }, 'detail-stats'],
        ['seat', { id: items.seatNaming }, 'seat-list'],
        ['subject-detail', { id: items.jnuSeat }, 'detail-stats']
      ]
      for (const [route, query, ready] of pages) {
        const id = `${route}-${query.id}`
        await open(route, query)
        await tid(ready).first().waitFor({ timeout: 30000 })
        await tid('home-button').first().waitFor({ timeout: 10000 })
        await settle(page)
        const box = await tid('home-button').first().boundingBox()
        assert(box && box.x >= 0 && box.y >= 0 && box.x + box.width <= 390, `home button outside the viewport: ${JSON.stringify(box)}`)
        // every line of text on screen, and the page scrolled to its end so the last rows pass the button's place
        const hit = async () => {
          const b = await tid('home-button').first().boundingBox()
          if (!b || b.y + b.height <= 0 || b.y >= 844) return null
          const rect = { x: b.x, y: b.y, w: b.width, h: b.height }
          return (await page.evaluate(textRects, '[data-testid="home-button"]')).find((r) => overlaps(r, rect)) || null
        }
        let covered = await hit()
        assert(!covered, `the home button covers "${covered && covered.text}" on ${id}`)
        await shot(`home-button-${id}`)
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
        await settle(page)
        covered = await hit()
        assert(!covered, `scrolled down, the home button covers "${covered && covered.text}" on ${id}`)
      }
    })

    await step("a nameplate's card shows the school's logo whole", async () => {
      const areas = await demo.data(`${P}/items/areaList`, { query: { itemsId: items.seatNaming } })
      let plate = null
      for (const area of Array.isArray(areas) ? areas : areas.rows || []) {
        const seats = await demo.data(`${P}/items/seatList`, { query: { areaId: area.id } })
        plate = [...seats.oneArray, ...seats.twoArray.flat()].find((x) => x && x.donateSeatId)
        if (plate) break
      }
      assert(plate, 'seed: a named seat in the demo school')
      await open('nameplate-detail', { type: 1, id: plate.donateSeatId })
      await tid('plate-logo').first().waitFor({ timeout: 30000 })
      await settle(page)
      const m = await tid('plate-logo')
        .first()
        .evaluate((el) => {
          const img = el.querySelector('img')
          const card = el.closest('.nm-pd__card')
          return {
            box: el.getBoundingClientRect().toJSON(),
            img: img && img.getBoundingClientRect().toJSON(),
            loaded: !!img && img.complete && img.naturalWidth > 0,
            card: card && card.getBoundingClientRect().toJSON()
          }
        })
      assert(m.loaded, 'the logo did not load')
      const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5
      assert(inside(m.img, m.box), `the logo is cut by its frame: image ${JSON.stringify(m.img)} in ${JSON.stringify(m.box)}`)
      assert(inside(m.box, m.card), 'the logo is outside the card')
      await shot('nameplate-logo')
    })

    await step("every naming project's statistics are whole, in Chinese and English", async () => {
      const ids = [...new Set(Object.values(items))]
      for (const lang of ['zh_CN', 'en']) {
        for (const id of ids) {
          await open('subject-detail', { id, lang })
          await tid('project-title').first().waitFor({ timeout: 30000 })
          if (!(await tid('detail-stats').count())) continue
          await settle(page)
          const cut = await page.evaluate(() =>
            [...document.querySelectorAll('[data-testid="detail-stats"] [data-testid^="stat-"]')].flatMap((stat) =>
              [...stat.querySelectorAll('*')]
                .filter((el) => el.children.length === 0 && el.textContent.trim())
                .filter((el) => {
                  const r = el.getBoundingClientRect()
                  const s = stat.getBoundingClientRect()
                  return (
                    el.scrollWidth > el.clientWidth + 1 ||
                    getComputedStyle(el).textOverflow === 'ellipsis' ||
                    r.left < s.left - 1 ||
                    r.right > s.right + 1 ||
                    r.right > window.innerWidth
                  )
                })
                .map((el) => el.textContent.trim())
            )
          )
          assert(cut.length === 0, `project ${id} (${lang}): statistics cut: ${cut.join(', ')}`)
        }
        await shot(`stats-${lang}`)
      }
    })

    await step('a seat grid wider than the screen shows a cue to scroll, gone at its end', async () => {
      await open('seat-naming-jnu/seat', { id: items.jnuSeat, lang: 'zh_CN' })
      await tid('seat-grid').first().waitFor({ timeout: 30000 })
      await settle(page)
      const grid = tid('seat-grid').first()
      const m = await grid.evaluate((el) => {
        const sc = el.querySelector('.taro-scroll-view__scroll-x') || el
        return { scrollWidth: sc.scrollWidth, clientWidth: sc.clientWidth }
      })
      assert(m.scrollWidth > m.clientWidth, `the grid does not overflow here (${m.scrollWidth} <= ${m.clientWidth}): nothing to check`)
      const cue = tid('seat-grid-cue').first()
      assert(await cue.isVisible(), 'no scroll cue while columns are hidden')
      const cb = await cue.boundingBox()
      const gb = await grid.boundingBox()
      assert(
        cb.x >= gb.x - 1 && cb.x + cb.width <= gb.x + gb.width + 1 && cb.x + cb.width <= 390,
        `the cue is outside the grid: ${JSON.stringify(cb)}`
      )
      await shot('seat-grid-cue')
      await grid.evaluate((el) => {
        const sc = el.querySelector('.taro-scroll-view__scroll-x') || el
        sc.scrollLeft = sc.scrollWidth
        sc.dispatchEvent(new Event('scroll'))
      })
      await waitUntil(async () => !(await cue.isVisible().catch(() => false)), { timeout: 5000, message: 'the cue to go at the end' })
      await shot('seat-grid-end')
    })

    await step("the hall opens with its 'named' stamps apart, inside the canvas", async () => {
      await open('seat-naming-map', { area: 'hall' })
      await page.waitForSelector('[data-map]', { timeout: 30000 })
      await tid('map-loading').waitFor({ state: 'detached', timeout: 20000 })
      await page.waitForSelector('[data-testid="map-canvas"][data-points="shown"]', { timeout: 20000 })
      const canvas = page.locator('[data-testid="map-canvas"] canvas').first()
      const stamps = await waitUntil(
        async () => {
          const raw = await canvas.getAttribute('data-stamps')
          const list = raw ? JSON.parse(raw) : []
          return list.length ? list : null
        },
        { timeout: 15000, message: 'the hall to draw its stamps' }
      )
      await settle(page)
      await shot('hall-stamps')
      const boxes = stamps.map(([x, y, w, h]) => ({ x, y, w, h }))
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          assert(!overlaps(boxes[i], boxes[j]), `stamps ${JSON.stringify(boxes[i])} and ${JSON.stringify(boxes[j])} overlap`)
        }
      }
    })

    await step('a map at level 1 says to tap an area; area labels once each, inside the canvas', async () => {
      await open('tree-naming-map', { area: 'yc' })
      await page.waitForSelector('[data-map]', { timeout: 30000 })
      await tid('map-loading').waitFor({ state: 'detached', timeout: 20000 })
      const hint = tid('map-hint').first()
      await hint.waitFor({ timeout: 10000 })
      await settle(page)
      const b = await hint.boundingBox()
      assert(b && b.x >= 0 && b.y >= 0 && b.x + b.width <= 390 && b.y + b.height <= 844, `the hint is off screen: ${JSON.stringify(b)}`)
      await shot('map-level-1')
      // the area labels the map drew: each once, whole inside the canvas, none over another
      const canvas = page.locator('[data-testid="map-canvas"] canvas').first()
      const cb = await canvas.boundingBox()
      for (const [route, query] of [
        ['tree-naming-map', { area: 'yc' }],
        ['tree-naming-map-xzit', {}],
        ['tree-naming-map-gmu', {}],
        ['build-naming-map', {}]
      ]) {
        if (route !== 'tree-naming-map') {
          await open(route, query)
          await page.waitForSelector('[data-map]', { timeout: 30000 })
          await tid('map-loading').waitFor({ state: 'detached', timeout: 20000 })
          await settle(page)
        }
        const c = page.locator('[data-testid="map-canvas"] canvas').first()
        const raw = await waitUntil(() => c.getAttribute('data-labels'), { timeout: 10000, message: `${route}: the map's labels` })
        const labels = JSON.parse(raw).map(([title, x, y, w, h]) => ({ title, x, y, w, h }))
        const titles = labels.map((l) => l.title)
        assert(new Set(titles).size === titles.length, `${route}: a label drawn twice: ${titles.join(', ')}`)
        for (const l of labels) {
          assert(
            l.x >= 0 && l.y >= 0 && l.x + l.w <= cb.width + 0.5 && l.y + l.h <= cb.height + 0.5,
            `${route}: "${l.title}" cut at the edge: ${JSON.stringify(l)}`
          )
        }
        for (let i = 0; i < labels.length; i++) {
          for (let j = i + 1; j < labels.length; j++)
            assert(!overlaps(labels[i], labels[j]), `${route}: "${labels[i].title}" over "${labels[j].title}"`)
        }
        await shot(`labels-${route}`)
      }
    })

    await step('a filter that leaves no tree says so, on screen', async () => {
      const cpu = apiClient(origin, await (await fetch(`${origin}/config/cpu/index.json`)).json())
      const itemsId = (await cpu.data(`${P}/index/baseConfig`)).settings.campaignItems.treeNamingCpu
      assert(itemsId, 'seed: cpu runs its tree campaign')
      await page.goto(`${origin}/tree-naming-map-cpu?${new URLSearchParams({ school: 'cpu', area: 'yc' })}`, {
        waitUntil: 'domcontentloaded'
      })
      await page.waitForSelector('[data-map]', { timeout: 30000 })
      await tid('map-loading').waitFor({ state: 'detached', timeout: 20000 })
      // level 2, where cpu's filters show: through the list's first area, as a keyboard would
      const first = await cpu.data(`${P}/naming/activity/map`, {
        query: { id: await page.locator('[data-map]').first().getAttribute('data-map') }
      })
      const area = first.areaList.find((a) => a.next)
      assert(area, 'seed: an area on the cpu map')
      await tid('map-list-toggle').first().tap()
      const row = page.locator(`[data-testid="map-list-area"][data-area="${area.next}"]`).first()
      await row.waitFor({ timeout: 10000 })
      await row.focus()
      await page.keyboard.press('Enter')
      await page.waitForSelector(`[data-map="${area.next}"]`, { timeout: 20000 })
      await tid('map-list-toggle').first().tap()
      await tid('filter-species').first().waitFor({ timeout: 10000 })
      // a species the server has no tree of here (asked the way the map asks)
      const level = await cpu.data(`${P}/naming/activity/map`, { query: { id: area.next } })
      const SPECIES = ['银杏', '香樟', '桂花', '玉兰', '水杉', '鸡爪槭', '樱花', '榉树', '紫薇', '广玉兰']
      let none = null
      for (const name of SPECIES) {
        const body = { itemsId, seatName: name }
        if (level.areaIdList.length) body.areaIdList = level.areaIdList
        const st = await cpu.data(`${P}/naming/activity/getSeatStatusList`, { method: 'POST', body })
        if (Object.keys(st).length === 0) {
          none = { name }
          break
        }
      }
      assert(none, 'seed: a species with no tree on the cpu map')
      assert((await tid('map-empty').count()) === 0, 'the empty message shows before any filter')
      await tid('filter-species').first().tap()
      await tid('picker-species').waitFor({ timeout: 10000 })
      await tid('picker-species-option')
        .filter({ hasText: new RegExp(`^\\s*${none.name}\\s*$`) })
        .first()
        .tap()
      const empty = tid('map-empty').first()
      await empty.waitFor({ timeout: 10000 })
      await settle(page)
      const b = await empty.boundingBox()
      assert(
        b && b.x >= 0 && b.y >= 0 && b.x + b.width <= 390 && b.y + b.height <= 844,
        `the empty message is off screen: ${JSON.stringify(b)}`
      )
      assert(((await empty.textContent()) || '').trim().length > 0, 'the empty message says nothing')
      const cover = await page.evaluate(textRects, '[data-testid="map-empty"]')
      const r = { x: b.x, y: b.y, w: b.width, h: b.height }
      const under = cover.find((t) => overlaps(t, r))
      assert(!under, `the empty message lies over "${under && under.text}"`)
      await shot('map-filter-empty')
    })
  })
})()
