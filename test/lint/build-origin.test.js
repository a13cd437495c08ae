/**
 * Mini-program builds reach the server (issue 12): a weapp or alipay build without TARO_APP_API_ORIGIN stops at
 * once with a message naming the variable (config/api-origin.ts), before writing anything to dist/; a build made with
 * it has that origin in its code. The second half reads the builds present in dist/ (CI and `npm test` build them
 * with https://give.example.edu.cn; set TARO_APP_API_ORIGIN to check a build made with another origin). The compiled
 * tests go further: test/mini/navigation.test.js sees the app request that origin.
 */
const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')
const { spawnSync } = require('node:child_process')
const { test } = require('node:test')

const root = path.resolve(__dirname, '../..')
const taro = path.join(root, 'node_modules', '.bin', 'taro')
const ORIGIN = (process.env.TARO_APP_API_ORIGIN || 'https://give.example.edu.cn').replace(/\/$/, '')

for (const target of ['weapp', 'alipay']) {
  test(`a ${target} build without TARO_APP_API_ORIGIN fails and names the variable`, () => {
    const env = { ...process.env, NODE_ENV: 'production' }
    delete env.TARO_APP_API_ORIGIN
    const marker = path.join(root, 'dist', target, 'app.js')
    const before = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : null
    const r = spawnSync(taro, ['build', '--type', target], { cwd: root, env, encoding: 'utf8', timeout: 120000 })
    assert.notEqual(r.status, 0, 'the build must fail')
    assert.match(r.stdout + r.stderr, new RegExp(`TARO_APP_API_ORIGIN is not set: a ${target} build`))
    // it stopped before the compiler: an existing build is left as it was
    assert.equal(fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : null, before)
  })

  const dist = path.join(root, 'dist', target)
  test(
    `the ${target} build in dist/ requests ${ORIGIN}`,
    { skip: !fs.existsSync(path.join(dist, 'app.js')) && `no dist/${target}` },
    () => {
      const files = []
      const walk = (dir) => {
        for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
          const p = path.join(dir, e.name)
          if (e.isDirectory()) walk(p)
          else if (e.name.endsWith('.js')) files.push(p)
        }
      }
      walk(dist)
      const holders = files.filter((f) => fs.readFileSync(f, 'utf8').includes(JSON.stringify(ORIGIN)))
      assert.ok(holders.length > 0, `no compiled file of dist/${target} holds "${ORIGIN}" (built with another origin?)`)
      // and the tab bar is part of its app config (Alipay names the list `items`)
      const appJson = JSON.parse(fs.readFileSync(path.join(dist, 'app.json'), 'utf8'))
      assert.deepEqual(
        (appJson.tabBar.list || appJson.tabBar.items).map((i) => i.pagePath),
        ['pages/home/index', 'pages/subject/index', 'pages/jzml/index', 'pages/mine/index']
      )
    }
  )
}
