/**
 * What each mini-program's app.json says (docs/decisions/045-mini-program-package-config.md): only its own platform's
 * keys, the preloads of the pages a shared link opens, and (weapp) a sitemap that lets WeChat search index the public
 * pages only. The app config is evaluated per target as Taro evaluates it (TARO_ENV set); the dist/ checks read the
 * builds `npm test` has just made (skipped when a target is not built).
 */
const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')
const { spawnSync } = require('node:child_process')
const { test } = require('node:test')

const root = path.resolve(__dirname, '../..')
const tsx = path.join(root, 'node_modules', '.bin', 'tsx')

/** src/app.config.ts for one target: defineAppConfig is Taro's identity macro */
function appConfigFor(target) {
  const probe = `
    globalThis.defineAppConfig = (c) => c
    process.stdout.write(JSON.stringify(require('./src/app.config.ts').default))`
  const r = spawnSync(tsx, ['-e', probe], { cwd: root, encoding: 'utf8', env: { ...process.env, TARO_ENV: target }, timeout: 60000 })
  assert.equal(r.status, 0, r.stderr)
  return JSON.parse(r.stdout)
}

const configs = Object.fromEntries(['weapp', 'alipay', 'h5'].map((t) => [t, appConfigFor(t)]))
const pagesOf = (c) => new Set([...c.pages, ...c.subPackages.flatMap((s) => s.pages.map((p) => `${s.root}/${p}`))])
const WEAPP_ONLY = ['__usePrivacyCheck__', 'sitemapLocation']
const H5_ONLY = ['animation']

test("each target's app config carries only its own platform's keys", () => {
  for (const k of WEAPP_ONLY) assert.ok(k in configs.weapp, `weapp lacks ${k}`)
  assert.ok(!('animation' in configs.weapp), 'weapp carries the H5 router option')
  for (const k of [...WEAPP_ONLY, ...H5_ONLY]) assert.ok(!(k in configs.alipay), `alipay carries ${k}`)
  assert.equal(configs.h5.animation, false)
  for (const k of [...WEAPP_ONLY, 'preloadRule']) assert.ok(!(k in configs.h5), `h5 carries ${k}`)
  // the shared part is the same everywhere
  for (const k of ['pages', 'subPackages', 'window', 'tabBar']) {
    assert.deepEqual(configs.alipay[k], configs.weapp[k], k)
    assert.deepEqual(configs.h5[k], configs.weapp[k], k)
  }
})

test('preloadRule: the pages a shared link opens fetch the subpackage of their next tap', () => {
  for (const target of ['weapp', 'alipay']) {
    const { preloadRule } = configs[target]
    const pages = pagesOf(configs[target])
    const roots = new Set(configs[target].subPackages.map((s) => s.root))
    assert.deepEqual(preloadRule['pkg-project/detail/index'].packages, ['pkg-donate'])
    assert.deepEqual(preloadRule['pages/home/index'].packages, ['pkg-project'])
    assert.deepEqual(preloadRule['pkg-together/together-share/index'].packages, ['pkg-donate'])
    assert.deepEqual(preloadRule['pkg-campaign/tree-naming-map/index'].packages, ['pkg-donate'])
    for (const [page, rule] of Object.entries(preloadRule)) {
      assert.ok(pages.has(page), `${target}: preloadRule names ${page}, which is not a page`)
      for (const p of rule.packages) {
        assert.ok(roots.has(p), `${target}: ${page} preloads ${p}, which is not a subpackage`)
        assert.ok(!page.startsWith(`${p}/`), `${page} preloads its own package`)
      }
      assert.equal(rule.network, 'all')
    }
  }
})

const sitemap = JSON.parse(fs.readFileSync(path.join(root, 'src', 'sitemap.json'), 'utf8'))
test('the weapp sitemap lets WeChat search index the public pages and nothing else', () => {
  const pages = pagesOf(configs.weapp)
  const allowed = sitemap.rules.filter((r) => r.action === 'allow').map((r) => r.page)
  for (const p of allowed) assert.ok(pages.has(p), `sitemap allows ${p}, which is not a page`)
  for (const p of ['pages/home/index', 'pages/subject/index', 'pkg-project/detail/index', 'pages/jzml/index']) {
    assert.ok(allowed.includes(p), `${p} is not indexed`)
  }
  // personal, sign-in, payment, certificate, naming-form and agreement pages stay out
  for (const p of allowed) assert.doesNotMatch(p, /^(pages\/(mine|login)|pkg-(mine|donate|cert|naming|pledge|agreement|artwork)\/)/)
  assert.deepEqual(sitemap.rules[sitemap.rules.length - 1], { action: 'disallow', page: '*' })
  const detail = sitemap.rules.find((r) => r.page === 'pkg-project/detail/index')
  assert.deepEqual(detail.params, ['id'])
})

const weappDist = path.join(root, 'dist', 'weapp')
test(
  'the weapp build in dist/ carries its own keys, the preloads and the sitemap',
  { skip: !fs.existsSync(path.join(weappDist, 'app.json')) && 'no dist/weapp' },
  () => {
    const appJson = JSON.parse(fs.readFileSync(path.join(weappDist, 'app.json'), 'utf8'))
    assert.equal(appJson.__usePrivacyCheck__, true)
    assert.equal(appJson.sitemapLocation, 'sitemap.json')
    assert.ok(!('animation' in appJson), 'the H5 router option reached app.json')
    assert.deepEqual(appJson.preloadRule, configs.weapp.preloadRule)
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(weappDist, 'sitemap.json'), 'utf8')), sitemap)
  }
)

const alipayDist = path.join(root, 'dist', 'alipay')
test(
  'the alipay build in dist/ carries no WeChat or H5 key',
  { skip: !fs.existsSync(path.join(alipayDist, 'app.json')) && 'no dist/alipay' },
  () => {
    const appJson = JSON.parse(fs.readFileSync(path.join(alipayDist, 'app.json'), 'utf8'))
    for (const k of [...WEAPP_ONLY, ...H5_ONLY]) assert.ok(!(k in appJson), `dist/alipay/app.json carries ${k}`)
    assert.deepEqual(appJson.preloadRule, configs.alipay.preloadRule)
    assert.ok(!fs.existsSync(path.join(alipayDist, 'sitemap.json')), 'a WeChat sitemap in the Alipay build')
  }
)
