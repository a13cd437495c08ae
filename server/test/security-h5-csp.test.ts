/**
 * The H5 app's CSP (plugins/static-h5.ts) must let the real build run. The server serves dist/h5 on a real
 * port; Debian Chromium (phone viewport and agent, as the e2e journeys) opens the project list, a project's detail
 * (rich HTML with images), an article and the personal centre, and changes the avatar (a picked file read through a
 * blob: URL, drawn on a canvas, exported and uploaded: the parts a CSP most easily breaks). Each page must render
 * data from the API and the browser must report no CSP violation (securitypolicyviolation events and console).
 * Needs `npm run build:h5` first: without dist/h5 the test is skipped and says so.
 */
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { Api, type Article, type Page as ListPage, type ProjectSummary, type UserCenter } from '../../types'
import { DEFAULT_H5_DIR } from '../src/app'
import { renderPng } from '../src/lib/png'
import { call, login, startApp, type TestContext } from './helpers'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { launchChromium } = require('../../test/e2e/harness') as { launchChromium: () => Promise<Browser> }

const built = existsSync(path.join(DEFAULT_H5_DIR, 'index.html'))
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'

let ctx: TestContext
let origin: string
let browser: Browser

describe(
  'the H5 build under its CSP in Chromium',
  { skip: built ? false : `dist/h5 is not built (${DEFAULT_H5_DIR}): run npm run build:h5` },
  () => {
    before(async () => {
      ctx = await startApp({ h5Dir: DEFAULT_H5_DIR })
      origin = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
      browser = await launchChromium()
    })
    after(async () => {
      await browser?.close()
      await ctx?.close()
    })

    /**
     * Opens a page (signed in when `token` is given, stored the way Taro's H5 storage does: {"data": value}), waits for `text` (data from the API), runs
     * `act`, and answers the CSP reports the page produced.
     */
    async function visit(route: string, text: string, opts: { token?: string; act?: (page: Page) => Promise<void> } = {}) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        userAgent: IPHONE
      })
      const reports: string[] = []
      try {
        // runs in the page (a string: the server's TypeScript has no DOM types)
        await context.addInitScript({
          content: `
          document.addEventListener('securitypolicyviolation', (e) => {
            (window.__csp = window.__csp || []).push(e.violatedDirective + ' blocked ' + (e.blockedURI || '(inline)') + ' at ' + e.sourceFile + ':' + e.lineNumber)
          })
          ${
            opts.token
              ? `localStorage.setItem('school', ${JSON.stringify(JSON.stringify({ data: 'demo' }))})
          localStorage.setItem('token', ${JSON.stringify(JSON.stringify({ data: opts.token }))})`
              : ''
          }`
        })
        const page: Page = await context.newPage()
        page.on('console', (m) => {
          if (/content security policy/i.test(m.text())) reports.push(`console: ${m.text()}`)
        })
        page.on('pageerror', (e) => reports.push(`pageerror: ${e.message}`))
        const res = await page.goto(`${origin}${route}`, { waitUntil: 'domcontentloaded' })
        assert.match(String(res?.headers()['content-security-policy']), /frame-ancestors 'none'/, 'the page came with the app CSP')
        // visible: the navigation bar keeps hidden copies of titles
        await page.getByText(text, { exact: false }).filter({ visible: true }).first().waitFor({ timeout: 30000 })
        try {
          await opts.act?.(page)
        } catch (err) {
          // a blocked request shows up as a timeout further on: name what the browser refused
          const seen = await page.evaluate<string[]>('window.__csp || []').catch(() => [] as string[])
          throw new Error(`${(err as Error).message.split('\n')[0]}; CSP reports: ${JSON.stringify([...reports, ...seen])}`)
        }
        // images, fonts and lazy chunks of the page load after the text shows
        await page.waitForLoadState('networkidle', { timeout: 15000 }).catch(() => undefined)
        reports.push(...(await page.evaluate<string[]>('window.__csp || []')))
        return reports
      } finally {
        await context.close()
      }
    }

    it('the project list, a project, an article and the personal centre render with no CSP violation', async () => {
      const list = (await call<ListPage<ProjectSummary>>(ctx.app, 'demo', Api.itemsList, { query: { limit: 5, offset: 0 } })).body.data
      const project = list.rows[0]
      const articles = (await call<ListPage<Article>>(ctx.app, 'demo', Api.articleList, { query: { limit: 5, offset: 0 } })).body.data
      const article = articles.rows[0]
      assert.ok(project && article, 'the demo school has projects and articles')
      const pages: [string, string][] = [
        ['/subject?school=demo', project.name],
        [`/subject-detail?id=${project.id}&school=demo`, project.name],
        [`/list-page?id=${article.id}&school=demo`, article.title],
        ['/mine?school=demo', '我的']
      ]
      const found: string[] = []
      for (const [route, text] of pages) {
        for (const r of await visit(route, text)) found.push(`${route}: ${r}`)
      }
      assert.deepEqual(found, [])
    })

    it('the avatar editor picks, crops, exports and uploads an image with no CSP violation', async () => {
      const token = await login(ctx.app, 'demo', 'csp-avatar')
      const my = async () => (await call<UserCenter>(ctx.app, 'demo', Api.centerMy, { token })).body.data
      const before = (await my()).avatar
      const reports = await visit('/cut?school=demo', '', {
        token,
        act: async (page) => {
          const tid = (id: string) => page.locator(`[data-testid="${id}"]`).first()
          await tid('cut-choose').waitFor({ timeout: 30000 })
          await page.waitForTimeout(600) // the page slide animation (RECIPES)
          const button = page.locator('[data-testid="cut-choose"] .at-button').first()
          const [chooser] = await Promise.all([
            page.waitForEvent('filechooser', { timeout: 10000 }),
            (await button.count()) ? button.click() : tid('cut-choose').click()
          ])
          await chooser.setFiles({
            name: 'me.png',
            mimeType: 'image/png',
            buffer: renderPng({ width: 600, height: 400, from: [200, 40, 40], to: [40, 40, 200] })
          })
          await tid('crop-image').waitFor({ timeout: 10000 })
          await page.waitForTimeout(400)
          await tid('crop-accept').click()
          await page.waitForURL(/\/mine(\?|$)/, { timeout: 30000 })
        }
      })
      assert.deepEqual(reports, [])
      const after = (await my()).avatar
      assert.ok(after !== before && /^\/files\/uploads\/demo\/.+\.jpg$/.test(after), `avatar is ${after}`)
    })
  }
)
