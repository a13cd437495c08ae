#!/usr/bin/env node
/**
 * miniprogram-automator journey for a machine with WeChat DevTools (Windows or macOS); it cannot run on Linux CI,
 * where test/mini/ exercises the compiled output headlessly instead (README "Test").
 *   CLI_PATH=<DevTools cli> [PROJECT_PATH=.] npm run test:automator
 * Build first with TARO_APP_API_ORIGIN pointing at a running server (`npm start`).
 * Closing line: "automator: N passed, N failed".
 */
const path = require('node:path')
const automator = require('miniprogram-automator')

const cliPath = process.env.CLI_PATH
const projectPath = path.resolve(process.env.PROJECT_PATH || path.join(__dirname, '..', '..'))
let passed = 0
let failed = 0

async function check(name, fn) {
  try {
    await fn()
    passed++
    console.log(`  ok   ${name}`)
  } catch (e) {
    failed++
    console.log(`  FAIL ${name}: ${e.message}`)
  }
}

async function waitForSelector(page, selector, timeout = 15000) {
  const t0 = Date.now()
  for (;;) {
    const els = await page.$$(selector)
    if (els.length) return els
    if (Date.now() - t0 > timeout) throw new Error(`${selector} did not appear`)
    await page.waitFor(300)
  }
}

;(async () => {
  if (!cliPath) {
    console.error('CLI_PATH must point at the WeChat DevTools command-line tool (see README "Test")')
    process.exit(2)
  }
  const mini = await automator.launch({ cliPath, projectPath })
  try {
    const list = await mini.reLaunch('/pages/subject/index')
    await check('project list renders cards from the server', async () => {
      const cards = await waitForSelector(list, '.project-card')
      if (cards.length < 1) throw new Error('no project cards')
    })
    await check('tapping a card opens the project detail', async () => {
      const [card] = await list.$$('.project-card')
      await card.tap()
      await list.waitFor(1000)
      const page = await mini.currentPage()
      if (page.path !== 'pkg-project/detail/index') throw new Error(`on ${page.path}`)
      await waitForSelector(page, '.project-detail__title')
    })
    await check('the detail tabs switch', async () => {
      const page = await mini.currentPage()
      const tabs = await page.$$('.at-tabs__item')
      if (tabs.length < 2) throw new Error('fewer than two tabs')
      await tabs[1].tap()
      await page.waitFor(800)
    })
  } finally {
    await mini.close()
  }
  console.log(`automator: ${passed} passed, ${failed} failed`)
  process.exit(failed ? 1 : 0)
})()
