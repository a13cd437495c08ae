#!/usr/bin/env node
/**
 * The H5 shell end to end: the API server (which serves the built app, dist/h5) on a fresh
 * DATA_DIR, Debian Chromium. What the served HTML promises (lang, a viewport that allows zoom, the
 * skeleton, nothing external), what the wire carries (brotli and gzip by Accept-Encoding, a year's immutable cache
 * for hashed assets, no-cache for the HTML), `<html lang>` following the app's language, the skeleton while the
 * scripts load, the desktop column after the QR card (shown once per visit), and one sign-in redirect on a first
 * visit to a page that needs sign-in. Screenshots at 390x844 and 1280x800 land in /tmp/shell-shots/.
 * Closing line: "e2e: N passed, N failed".
 */
const fs = require('node:fs')
const http = require('node:http')
const path = require('node:path')
const zlib = require('node:zlib')
const { launchChromium, createJourney, assert, settle } = require('./harness')
const { startServer } = require('../mini/server')

const root = path.resolve(__dirname, '..', '..')
const shots = '/tmp/shell-shots'
const { step, run } = createJourney()
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36'

/** A GET whose body is left as the server sent it (node:http does not decode content-encoding). */
function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
  })
}

const varies = (v) => /(^|,)\s*accept-encoding\s*(,|$)/i.test(String(v || ''))

;(async () => {
  fs.mkdirSync(shots, { recursive: true })
  // the API server alone (tsx server/src/main.ts): what this journey checks is served by it
  const server = await startServer()
  const { origin } = server
  const browser = await launchChromium()
  const errors = []
  const phone = () =>
    browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, userAgent: IPHONE })
  const desktop = () => browser.newContext({ viewport: { width: 1280, height: 800 }, userAgent: DESKTOP })
  const watch = (page) => page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
  const onFailure = async () => {
    console.log(`server log (last lines):\n${server.log().split('\n').slice(-30).join('\n')}`)
  }
  await run({ browser, server, errors, onFailure }, async () => {
    let html = ''
    await step('the served HTML: lang zh-CN, a viewport that allows zoom, the skeleton, nothing external', async () => {
      const res = await rawGet(`${origin}/home`, { 'accept-encoding': 'identity' })
      assert(res.status === 200, `GET /home: ${res.status}`)
      html = res.body.toString('utf8')
      assert(/<html[^>]*\slang="zh-CN"/.test(html), 'no lang="zh-CN" on <html>')
      const viewport = /<meta[^>]*name="viewport"[^>]*>/.exec(html) || /<meta[^>]*content="([^"]*)"[^>]*name="viewport"/.exec(html)
      assert(viewport, 'no viewport meta')
      assert(/width=device-width/.test(viewport[0]), `viewport: ${viewport[0]}`)
      assert(!/user-scalable\s*=\s*(no|0)/i.test(viewport[0]) && !/maximum-scale/i.test(viewport[0]), `zoom not allowed: ${viewport[0]}`)
      assert(/id="boot-skeleton"/.test(html) && /boot-skeleton__card/.test(html), 'no skeleton in the served HTML')
      assert(!/(src|href)="(https?:)?\/\//i.test(html), 'the HTML loads something from another origin')
    })

    await step('an asset in brotli and in gzip by Accept-Encoding, cached for a year (immutable); the HTML no-cache', async () => {
      const script = /<script[^>]*src="(\/js\/app\.[0-9a-f]{8}\.js)"/.exec(html)
      assert(script, 'no hashed app script in index.html')
      const plain = await rawGet(origin + script[1], { 'accept-encoding': 'identity' })
      assert(plain.status === 200 && !plain.headers['content-encoding'], 'identity request was encoded')
      for (const [accept, encoding, decode] of [
        ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
        ['gzip, deflate', 'gzip', zlib.gunzipSync]
      ]) {
        const res = await rawGet(origin + script[1], { 'accept-encoding': accept })
        assert(res.headers['content-encoding'] === encoding, `${accept}: content-encoding ${res.headers['content-encoding']}`)
        assert(
          res.headers['cache-control'] === 'public, max-age=31536000, immutable',
          `${encoding}: cache-control ${res.headers['cache-control']}`
        )
        assert(varies(res.headers.vary), `${encoding}: vary ${res.headers.vary}`)
        assert(decode(res.body).equals(plain.body), `${encoding} body does not decode to the script`)
        assert(res.body.length < plain.body.length / 2.5, `${encoding}: ${res.body.length} of ${plain.body.length} bytes`)
      }
      const page = await rawGet(`${origin}/home`, { 'accept-encoding': 'gzip, deflate, br' })
      assert(page.headers['content-encoding'] === 'br' && page.headers['cache-control'] === 'no-cache', 'the HTML is not brotli + no-cache')
      assert(/script-src 'self' 'sha256-/.test(String(page.headers['content-security-policy'])), 'the HTML lost its CSP')
    })

    await step('the skeleton shows while the scripts load (390x844 and 1280x800)', async () => {
      for (const [make, name, width] of [
        [phone, 'skeleton-390', 390],
        [desktop, 'skeleton-1280', 520]
      ]) {
        const context = await make()
        // the scripts never arrive: what a visitor on a slow link sees meanwhile
        await context.route('**/js/**', (route) => route.abort())
        const page = await context.newPage()
        await page.goto(`${origin}/home`, { waitUntil: 'load' })
        const sk = page.locator('[data-testid="boot-skeleton"]')
        assert(await sk.isVisible(), `${name}: skeleton not visible`)
        const col = await page.locator('.boot-skeleton__col').boundingBox()
        assert(col && Math.abs(col.width - width) < 2, `${name}: skeleton column ${col && col.width} px`)
        assert((await page.locator('.boot-skeleton__card').count()) === 3, `${name}: not three card shapes`)
        await page.screenshot({ path: path.join(shots, `${name}.png`) })
        await context.close()
      }
    })

    await step('<html lang> is zh-CN in Chinese and en in English, switched at run time; the skeleton leaves', async () => {
      const context = await phone()
      const page = await context.newPage()
      watch(page)
      await page.goto(`${origin}/home`)
      await page.locator('[data-testid="home-raised"]').first().waitFor({ timeout: 30000 })
      await page.locator('#boot-skeleton').waitFor({ state: 'detached', timeout: 5000 })
      assert((await page.getAttribute('html', 'lang')) === 'zh-CN', `lang ${await page.getAttribute('html', 'lang')}`)
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'home-zh-390.png') })
      await page.locator('[data-testid="lang-switch"]').first().click()
      await page.waitForFunction(() => document.documentElement.lang === 'en', null, { timeout: 5000 })
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'home-en-390.png') })
      await context.close()

      const en = await (await phone()).newPage()
      watch(en)
      await en.goto(`${origin}/subject?lang=en`)
      await en.waitForFunction(() => document.documentElement.lang === 'en', null, { timeout: 30000 })
      await en.context().close()
    })

    await step('desktop 1280x800: the QR card, then a centred 480-560 px column with sane type; the card once per visit', async () => {
      const context = await desktop()
      const page = await context.newPage()
      watch(page)
      await page.goto(`${origin}/home`)
      const qr = page.locator('[data-testid="desktop-qr"]')
      await qr.waitFor({ timeout: 30000 })
      await page.locator('[data-testid="home-raised"]').first().waitFor({ timeout: 30000 })
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'desktop-qr-1280.png') })
      await page.locator('[data-testid="desktop-qr-close"]').click()
      await qr.waitFor({ state: 'detached', timeout: 5000 })
      const col = await page.locator('.taro-tabbar__container').first().boundingBox()
      assert(col && col.width >= 480 && col.width <= 560, `column ${col && col.width} px wide`)
      assert(Math.abs(col.x - (1280 - col.width) / 2) <= 1, `column at x=${col.x}, not centred`)
      const raised = await page.locator('[data-testid="home-raised"]').first().boundingBox()
      assert(raised && raised.x >= col.x && raised.x + raised.width <= col.x + col.width, 'the total is outside the column')
      const bar = await page.locator('.weui-tabbar').first().boundingBox()
      assert(
        bar && bar.x >= col.x - 1 && bar.x + bar.width <= col.x + col.width + 1 && bar.y + bar.height <= 801,
        'tab bar not in the column'
      )
      // type sized for the column, not for the window: the stretched phone UI had 28 px body text and a 56 px total
      const sizes = await page.evaluate(() => ({
        root: parseFloat(getComputedStyle(document.documentElement).fontSize),
        body: parseFloat(getComputedStyle(document.body).fontSize),
        raised: parseFloat(getComputedStyle(document.querySelector('[data-testid="home-raised"]')).fontSize)
      }))
      assert(sizes.root < 30, `rem base ${sizes.root}px`)
      assert(sizes.body >= 12 && sizes.body <= 20, `body text ${sizes.body}px`)
      assert(sizes.raised >= 18 && sizes.raised <= 36, `the total at ${sizes.raised}px`)
      await settle(page)
      await page.screenshot({ path: path.join(shots, 'desktop-column-1280.png') })

      await page.reload()
      await page.locator('[data-testid="home-raised"]').first().waitFor({ timeout: 30000 })
      // the card is decided as the page shell mounts (sessionStorage), in the render that draws the total: once the page
      // is drawn and quiet, its absence is final
      await settle(page)
      assert((await qr.count()) === 0, 'the QR card came back within the visit')
      await page.locator('.weui-tabbar__item', { hasText: '项目' }).first().click()
      await page.waitForURL(/\/subject(\?|$)/, { timeout: 10000 })
      // the list page's shell is mounted (its search bar shows), so it has decided about the card; then quiet
      await page.locator('[data-testid="project-search"]').filter({ visible: true }).first().waitFor({ timeout: 20000 })
      await settle(page)
      assert((await qr.count()) === 0, 'the QR card came back on the next page')
      await page.screenshot({ path: path.join(shots, 'desktop-list-1280.png') })
      await context.close()
    })

    await step('a first visit to a page that needs sign-in: one sign-in redirect, then the page', async () => {
      const context = await phone()
      const page = await context.newPage()
      watch(page)
      const navigations = []
      page.on('request', (r) => {
        if (r.isNavigationRequest() && r.frame() === page.mainFrame()) navigations.push(r.url())
      })
      await page.goto(`${origin}/mine-don`)
      await page.locator('[data-testid="mine-don"]').first().waitFor({ timeout: 30000 })
      await settle(page)
      // a second redirect would start after the first code's exchange: give it the time to show. A fixed wait: what is
      // asserted is that no further navigation happens, and nothing on the page marks "no more redirects to come"
      await page.waitForTimeout(4000)
      const redirects = navigations.filter((u) => u !== `${origin}/mine-don`)
      assert(navigations[0] === `${origin}/mine-don`, `first navigation ${navigations[0]}`)
      assert(redirects.length === 1, `sign-in took ${redirects.length} redirects: ${navigations.join(' -> ')}`)
      assert(!/[?&]code=/.test(page.url()), `the code stayed in the URL: ${page.url()}`)
      await page.screenshot({ path: path.join(shots, 'mine-don-390.png') })
      await context.close()
    })
  })
})()
