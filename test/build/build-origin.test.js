/**
 * Each build reaches the right server (README "Mini-program builds"; config/api-origin.ts). A weapp or alipay build
 * without TARO_APP_API_ORIGIN stops at once with a message naming the variable, before writing anything to dist/; a
 * build made with it has that origin in its code. H5 never takes it: `npm test` builds every target with the
 * variable set, and an H5 bundle that called the mini-programs' public host would fail every request on any other
 * server ("Failed to fetch"). The dist/ checks read the builds `npm test` has just made (scripts/test-all.js runs
 * this file after its builds; set TARO_APP_API_ORIGIN to check builds made with another origin). The compiled tests
 * go further: test/mini/navigation.test.js sees the app request that origin, and every Chromium journey sees H5
 * call its own.
 */
const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')
const { spawnSync } = require('node:child_process')
const { test } = require('node:test')

const root = path.resolve(__dirname, '../..')
const taro = path.join(root, 'node_modules', '.bin', 'taro')
const tsx = path.join(root, 'node_modules', '.bin', 'tsx')
const ORIGIN = (process.env.TARO_APP_API_ORIGIN || 'https://give.example.edu.cn').replace(/\/$/, '')

function jsFiles(dir) {
  const files = []
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name)
      if (e.isDirectory()) walk(p)
      else if (e.name.endsWith('.js')) files.push(p)
    }
  }
  walk(dir)
  return files
}

test('the build configuration gives H5 no API origin, whatever TARO_APP_API_ORIGIN says', () => {
  // config/index.ts as Taro loads it, once per target, with the variable exported as a shell or `npm test` would
  const probe = `
    const config = require('./config/index.ts').default
    const merge = (a, b) => ({ ...a, ...b })
    Promise.resolve(typeof config === 'function' ? config(merge, { command: 'build', mode: 'production' }) : config)
      .then((c) => process.stdout.write(c.defineConstants.API_ORIGIN))`
  const originFor = (target) => {
    const r = spawnSync(tsx, ['-e', probe], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, TARO_ENV: target, TARO_APP_API_ORIGIN: 'https://give.example.edu.cn', NODE_ENV: 'production' },
      timeout: 60000
    })
    assert.equal(r.status, 0, r.stderr)
    return JSON.parse(r.stdout)
  }
  assert.equal(originFor('h5'), '')
  assert.equal(originFor('weapp'), 'https://give.example.edu.cn')
})

test('a mini-program build takes an https:// origin only (loopback excepted, for the developer tools)', () => {
  // config/api-origin.ts as config/index.ts calls it (decision 045)
  const probe = `
    const { requiredApiOrigin } = require('./config/api-origin.ts')
    const out = {}
    for (const target of ['weapp', 'alipay']) {
      for (const origin of JSON.parse(process.argv[1])) {
        try { out[target + ' ' + origin] = requiredApiOrigin(target, origin) } catch (e) { out[target + ' ' + origin] = 'refused: ' + e.message }
      }
    }
    process.stdout.write(JSON.stringify(out))`
  const origins = [
    'https://give.example.edu.cn',
    'http://give.example.edu.cn',
    'HTTP://give.example.edu.cn:8080',
    'http://127.0.0.1:3000',
    'http://localhost:3000',
    'http://127.evil.example'
  ]
  const r = spawnSync(tsx, ['-e', probe, JSON.stringify(origins)], { cwd: root, encoding: 'utf8', timeout: 60000 })
  assert.equal(r.status, 0, r.stderr)
  const out = JSON.parse(r.stdout)
  for (const target of ['weapp', 'alipay']) {
    assert.equal(out[`${target} https://give.example.edu.cn`], 'https://give.example.edu.cn')
    assert.match(out[`${target} http://give.example.edu.cn`], /^refused: TARO_APP_API_ORIGIN must be https:\/\/ for a /)
    assert.match(out[`${target} HTTP://give.example.edu.cn:8080`], /^refused: .*must be https/)
    assert.match(out[`${target} http://127.evil.example`], /^refused: .*must be https/)
    assert.equal(out[`${target} http://127.0.0.1:3000`], 'http://127.0.0.1:3000')
    assert.equal(out[`${target} http://localhost:3000`], 'http://localhost:3000')
  }
})

test('a weapp build with an http:// origin stops before compiling and says why', () => {
  const env = { ...process.env, NODE_ENV: 'production', TARO_APP_API_ORIGIN: 'http://give.example.edu.cn' }
  const marker = path.join(root, 'dist', 'weapp', 'app.js')
  const before = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : null
  const r = spawnSync(taro, ['build', '--type', 'weapp'], { cwd: root, env, encoding: 'utf8', timeout: 120000 })
  assert.notEqual(r.status, 0, 'the build must fail')
  assert.match(r.stdout + r.stderr, /TARO_APP_API_ORIGIN must be https:\/\/ for a weapp build/)
  assert.equal(fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : null, before)
})

const h5Dist = path.join(root, 'dist', 'h5')
test(
  'the H5 build in dist/ calls its own origin: no bundle holds a mini-program API origin',
  { skip: !fs.existsSync(path.join(h5Dist, 'index.html')) && 'no dist/h5' },
  () => {
    const files = jsFiles(h5Dist)
    assert.ok(files.length > 0)
    // the origin the mini-programs were built with (npm test exports it to every build), and any http(s) origin
    // handed to the request layer as API_ORIGIN would have been
    const holders = files.filter((f) => fs.readFileSync(f, 'utf8').includes(ORIGIN))
    assert.deepEqual(
      holders.map((f) => path.relative(root, f)),
      [],
      `H5 bundles hold ${ORIGIN}: the H5 app would call that host instead of the server it came from`
    )
  }
)

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
      const files = jsFiles(dist)
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
