#!/usr/bin/env node
/**
 * Accessibility of the staff console (docs/decisions/060-axe-everywhere.md): axe-core 4.11 in Debian Chromium at
 * 1280x800 on the built console (`npm run build:admin`; scripts/start.js builds it when server/admin/dist is missing)
 * reports no critical and no serious violation on every console screen, in Chinese and in English, signed in as an
 * admin (every screen in the menu): the screens are read from server/admin/src/screens.tsx (SCREENS keys), so a new
 * screen is walked without a change here; plus the sign-in screen, a project's edit screen with each of its tabs
 * (the donation form builder among them) and the new-project screen; and the console's dialogs and drawers opened the
 * way staff open them (CONSOLE_DIALOGS below: the offline gift dialog, a gift's drawer and its refund dialog in the ledger, the new staff account dialog, a new article's editor, the monthly
 * collection's confirmation, a giving day's drawer with its match and challenge dialogs, for a giving day made through
 * the staff API first). A failing screen prints each violation (rule id,
 * impact, selectors, axe's help); the walk goes on and the journey fails. CONSOLE_A11Y_SHOTS=<folder> saves a
 * screenshot of each screen as axe saw it. Closing line: "e2e: N passed, N failed".
 */
const fs = require('node:fs')
const path = require('node:path')
const { launchChromium, createJourney, assert, staffCli, settle } = require('./harness')
const { startServer } = require('../mini/server')

const root = path.resolve(__dirname, '..', '..')
const AXE = require.resolve('axe-core/axe.min.js')
const BLOCKING = new Set(['critical', 'serious'])
const PASSWORD = 'Console#2026-a11y'
const { step, run } = createJourney()

/** 'YYYY-MM-DD HH:mm' in Beijing time (UTC+8) of an instant, as the console's giving-day times are written */
const beijing = (ms) => new Date(ms + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 16)

/** The visible dialog or drawer of antd (a closing one stays in the DOM, hidden). */
const OPEN_MODAL = '.ant-modal-wrap:not([style*="display: none"]) .ant-modal-content'
const OPEN_DRAWER = '.ant-drawer-open .ant-drawer-content'

/**
 * The console's dialogs (docs/decisions/072): `open(page, tid, facts)` shows the state from the screen `go` opened,
 * as staff do (a click), and waits for its content; a string answer is why it cannot be shown.
 */
const CONSOLE_DIALOGS = [
  {
    key: 'ledger-offline',
    name: 'ledger: the offline gift dialog',
    route: 'ledger',
    open: async (page, tid) => {
      await tid('offline-open').click()
      await page.locator(`${OPEN_MODAL} [data-testid="offline-form"]`).waitFor({ timeout: 10000 })
    }
  },
  {
    key: 'ledger-gift',
    name: "ledger: a gift's drawer",
    route: 'ledger',
    open: async (page) => {
      const row = page.locator('[data-testid^="ledger-open-"]').first()
      await row.waitFor({ timeout: 20000 })
      await row.click()
      await page.locator(`${OPEN_DRAWER} [data-testid="gift-facts"]`).waitFor({ timeout: 10000 })
    }
  },
  {
    key: 'ledger-refund',
    name: "ledger: a gift's refund dialog",
    route: 'ledger',
    open: async (page) => {
      const refund = page.locator('[data-testid^="ledger-refund-"]').first()
      await page
        .locator('[data-testid^="ledger-open-"]')
        .first()
        .waitFor({ timeout: 20000 })
        .catch(() => undefined)
      if (!(await refund.count())) return 'no gift in the ledger with money left to refund'
      await refund.click()
      await page.locator(`${OPEN_MODAL} [data-testid="refund-amount"]`).waitFor({ timeout: 10000 })
    }
  },
  {
    key: 'staff-new',
    name: 'staff accounts: the new account dialog',
    route: 'staff',
    open: async (page, tid) => {
      await tid('staff-new').click()
      await page.locator(`${OPEN_MODAL} form`).waitFor({ timeout: 10000 })
    }
  },
  {
    key: 'article-new',
    name: "articles: a new article's editor",
    route: 'articles',
    open: async (page) => {
      await page.getByRole('button', { name: /^(新建文章|New article)$/ }).click()
      await page.locator(`${OPEN_DRAWER} [data-testid="article-content-box"]`).waitFor({ timeout: 20000 })
    }
  },
  {
    key: 'monthly-collect',
    name: "monthly plans: the collection's confirmation",
    route: 'monthly',
    open: async (page, tid) => {
      await tid('monthly-collect-date').click()
      await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-cell-today').first().click()
      await tid('monthly-collect').click()
      await page.locator('.ant-popconfirm:not(.ant-popover-hidden) .ant-popconfirm-buttons').waitFor({ timeout: 10000 })
    }
  },
  {
    key: 'giving-day-drawer',
    name: "giving days: a day's drawer",
    route: 'giving-days',
    open: async (page, tid, facts) => {
      if (!facts.dayId) return facts.dayNote
      await tid(`gd-edit-${facts.dayId}`).click()
      await page.locator(`${OPEN_DRAWER} [data-testid="gd-match-add"]`).waitFor({ timeout: 10000 })
    }
  },
  {
    key: 'giving-day-match',
    name: 'giving days: the match dialog',
    route: 'giving-days',
    open: async (page, tid, facts) => {
      if (!facts.dayId) return facts.dayNote
      await tid(`gd-edit-${facts.dayId}`).click()
      await tid('gd-match-add').click()
      await page.locator(`${OPEN_MODAL} [data-testid="gd-match-form"]`).waitFor({ timeout: 10000 })
    }
  },
  {
    key: 'giving-day-challenge',
    name: 'giving days: the challenge dialog',
    route: 'giving-days',
    open: async (page, tid, facts) => {
      if (!facts.dayId) return facts.dayNote
      await tid(`gd-edit-${facts.dayId}`).click()
      await tid('gd-challenge-add').click()
      await page.locator(`${OPEN_MODAL} [data-testid="gd-challenge-form"]`).waitFor({ timeout: 10000 })
    }
  }
]

/** Closes what the last dialog state left open: a dialog by its Cancel, then a drawer by its close button. */
async function closeOpen(page) {
  const cancel = page.locator(`${OPEN_MODAL} .ant-modal-footer button`, { hasText: /^(取消|取 消|Cancel)$/ })
  if (await cancel.count()) {
    await cancel.first().click()
    await page
      .locator(OPEN_MODAL)
      .waitFor({ state: 'detached', timeout: 10000 })
      .catch(() => undefined)
  }
  const drawerClose = page.locator('.ant-drawer-open .ant-drawer-close')
  if (await drawerClose.count()) {
    await drawerClose.first().click()
    await page
      .locator(OPEN_DRAWER)
      .waitFor({ state: 'hidden', timeout: 10000 })
      .catch(() => undefined)
  }
  await page.keyboard.press('Escape')
  await page.keyboard.press('Escape')
}

/** The console's screens, from the one list the side menu is built from. */
function consoleScreens() {
  const text = fs.readFileSync(path.join(root, 'server', 'admin', 'src', 'screens.tsx'), 'utf8')
  return [...text.matchAll(/^\s*key: '([\w-]+)',\s*$/gm)].map((m) => m[1])
}

async function axeViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ path: AXE })
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }))
  return result.violations
    .filter((v) => BLOCKING.has(v.impact))
    .map(
      (v) =>
        `${v.id} (${v.impact}) x${v.nodes.length} at ${v.nodes
          .slice(0, 6)
          .map((n) => n.target.join(' '))
          .join(', ')}: ${v.help}`
    )
}

;(async () => {
  const server = await startServer({ command: [process.execPath, path.join(root, 'scripts', 'start.js')] })
  const { origin, dataDir } = server
  const school = (await (await fetch(`${origin}/config/index.json`)).json()).school
  const screens = consoleScreens()
  const browser = await launchChromium()
  const errors = []
  await run({ browser, server, errors }, async () => {
    staffCli(dataDir, ['create-staff', '--username', 'a11y-admin', '--password', PASSWORD, '--name', '无障碍检查', '--roles', 'admin'])
    // a giving day to open (the seed has none), made through the staff API as the console's own form makes one
    const facts = {}
    const login = await (
      await fetch(`${origin}/staff-api/${school}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'a11y-admin', password: PASSWORD })
      })
    ).json()
    const made = await (
      await fetch(`${origin}/staff-api/${school}/giving-days`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Staff ${login.data && login.data.token}` },
        body: JSON.stringify({
          title: '无障碍检查捐赠日',
          titleEn: 'Accessibility check giving day',
          startsAt: beijing(Date.now() - 3600_000),
          endsAt: beijing(Date.now() + 7 * 86400_000),
          goal: '1000'
        })
      })
    ).json()
    if (made.code === 0) facts.dayId = made.data.id
    else facts.dayNote = `the staff API refused the giving day: ${made.message}`
    for (const lang of ['zh_CN', 'en']) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true })
      const page = await context.newPage()
      page.on('pageerror', (e) => errors.push(`${lang}: ${e.message}`))
      const tid = (id) => page.locator(`[data-testid="${id}"]`)
      const check = async (name) => {
        await settle(page)
        if (process.env.CONSOLE_A11Y_SHOTS)
          await page.screenshot({ path: path.join(process.env.CONSOLE_A11Y_SHOTS, `${lang}-${name}.png`) })
        const found = await axeViolations(page)
        if (found.length) console.log(`       ${found.join('\n       ')}`)
        assert(found.length === 0, `${found.length} rule(s) violated (listed above)`)
      }
      const go = async (route) => {
        await page.evaluate((r) => {
          history.pushState(null, '', `/admin/${r}${location.search}`)
          window.dispatchEvent(new Event('admin:navigate'))
        }, route)
        await page.locator('main, .ant-layout-content').first().waitFor({ timeout: 20000 })
        await settle(page)
        // tables and cards finish loading
        await page
          .locator('.ant-spin-spinning')
          .first()
          .waitFor({ state: 'detached', timeout: 20000 })
          .catch(() => undefined)
      }
      await step(`${lang}: sign-in screen: no critical or serious axe violation`, async () => {
        await page.goto(`${origin}/admin/?school=${school}&lang=${lang}`, { waitUntil: 'domcontentloaded' })
        await tid('login-username').waitFor({ timeout: 30000 })
        await check('login')
      }).catch(() => undefined)
      await tid('login-username').fill('a11y-admin')
      await tid('login-password').fill(PASSWORD)
      await tid('login-submit').click()
      await tid('side-menu').waitFor({ timeout: 20000 })
      for (const key of screens) {
        await step(`${lang}: console /${key}: no critical or serious axe violation`, async () => {
          await go(key)
          await check(key)
        }).catch(() => undefined)
      }
      // a project's edit screen, tab by tab (the donation form builder is one), and a new project
      await step(`${lang}: console /projects/new: no critical or serious axe violation`, async () => {
        await go('projects/new')
        await check('project-new')
      }).catch(() => undefined)
      await go('projects/1')
      const tabs = await page.locator('.ant-tabs-tab').count()
      assert(tabs > 0, 'the project edit screen shows its tabs')
      for (let i = 0; i < tabs; i++) {
        const label = (await page.locator('.ant-tabs-tab').nth(i).innerText()).trim()
        await step(`${lang}: console /projects/1, tab ${label}: no critical or serious axe violation`, async () => {
          await page.locator('.ant-tabs-tab').nth(i).click()
          await settle(page)
          await check(`project-1-tab-${i}`)
        }).catch(() => undefined)
      }
      for (const d of CONSOLE_DIALOGS) {
        await step(`${lang}: console ${d.name}: no critical or serious axe violation`, async () => {
          await go(d.route)
          const why = await d.open(page, tid, facts)
          if (why) {
            console.log(`       not shown: ${why}`)
            return
          }
          await check(`dialog-${d.key}`)
        }).catch(() => undefined)
        // the next state starts from a closed one: a dialog through its Cancel button (Escape left the giving
        // day's match dialog open), a drawer through its close button, anything else with Escape
        await closeOpen(page)
      }
      await context.close()
    }
  })
})()
