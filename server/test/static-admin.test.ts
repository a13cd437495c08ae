/**
 * The staff console is served at /admin/ from its own build (plugins/static-admin.ts, decision 020):
 * index.html never cached and under a CSP that runs only the console's scripts, hashed assets cached for good, the
 * console's client-side routes answered with its index.html (never the donor app's), missing assets a real 404, no
 * file outside the build reachable, and a plain hint when the console is not built.
 * Runs against a small build written by the test (the real Vite build is exercised by test/e2e/admin.e2e.js), with a
 * donor H5 build beside it so that a fall-through to the H5 app's index.html would show.
 */
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { adminCsp, resolveInside } from '../src/plugins/static-admin'
import { startApp, type TestContext } from './helpers'

const INLINE = 'window.__boot = 1'
const ADMIN_HTML = `<!doctype html><html><head><script type="module" src="/admin/assets/index-abc123.js"></script>
<script>${INLINE}</script></head><body><div id="root">ADMIN-CONSOLE</div></body></html>`
const H5_HTML = '<!doctype html><html><body>DONOR-H5-APP</body></html>'

let ctx: TestContext
let dir: string
const saved = process.env.ADMIN_DIR

describe('the staff console at /admin/', () => {
  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'uplus-admin-'))
    const admin = path.join(dir, 'admin')
    const h5 = path.join(dir, 'h5')
    mkdirSync(path.join(admin, 'assets'), { recursive: true })
    mkdirSync(h5, { recursive: true })
    writeFileSync(path.join(admin, 'index.html'), ADMIN_HTML)
    writeFileSync(path.join(admin, 'assets', 'index-abc123.js'), 'console.log("console")')
    writeFileSync(path.join(admin, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
    writeFileSync(path.join(dir, 'secret.txt'), 'outside the build')
    writeFileSync(path.join(h5, 'index.html'), H5_HTML)
    process.env.ADMIN_DIR = admin
    ctx = await startApp({ h5Dir: h5 })
  })
  after(async () => {
    await ctx?.close()
    if (saved === undefined) delete process.env.ADMIN_DIR
    else process.env.ADMIN_DIR = saved
    rmSync(dir, { recursive: true, force: true })
  })

  it('answers index.html at /admin/ with no-cache and a CSP that runs only its own scripts and the hashed inline one', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/admin/' })
    assert.equal(res.statusCode, 200)
    assert.match(res.headers['content-type'] as string, /^text\/html/)
    assert.match(res.body, /ADMIN-CONSOLE/)
    assert.equal(res.headers['cache-control'], 'no-cache')
    const csp = res.headers['content-security-policy'] as string
    const hash = createHash('sha256').update(INLINE, 'utf8').digest('base64')
    assert.match(csp, new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'(;|$)`))
    assert.doesNotMatch(
      csp.split(';').find((d) => d.trim().startsWith('script-src'))!,
      /unsafe-inline|unsafe-eval/
    )
    assert.match(csp, /frame-ancestors 'none'/)
    assert.match(csp, /object-src 'none'/)
    assert.equal(csp, adminCsp([INLINE]))
  })

  it('redirects /admin to /admin/, keeping the query', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/admin?school=hhu' })
    assert.equal(res.statusCode, 301)
    assert.equal(res.headers.location, '/admin/?school=hhu')
  })

  it("answers the console's routes with the console's index.html, never the donor app's", async () => {
    for (const url of ['/admin/ledger', '/admin/projects/12', '/admin/projects/new?school=demo']) {
      const res = await ctx.app.inject({ method: 'GET', url })
      assert.equal(res.statusCode, 200, url)
      assert.match(res.body, /ADMIN-CONSOLE/, url)
      assert.doesNotMatch(res.body, /DONOR-H5-APP/, url)
      assert.equal(res.headers['cache-control'], 'no-cache', url)
      assert.ok(res.headers['content-security-policy'], url)
    }
    // the donor app still falls back to its own index.html elsewhere
    const h5 = await ctx.app.inject({ method: 'GET', url: '/subject' })
    assert.match(h5.body, /DONOR-H5-APP/)
  })

  it('serves hashed assets as immutable with their type, and other build files as no-cache', async () => {
    const js = await ctx.app.inject({ method: 'GET', url: '/admin/assets/index-abc123.js' })
    assert.equal(js.statusCode, 200)
    assert.match(js.headers['content-type'] as string, /^text\/javascript/)
    assert.equal(js.headers['cache-control'], 'public, max-age=31536000, immutable')
    assert.equal(js.headers['x-content-type-options'], 'nosniff')
    assert.equal(js.body, 'console.log("console")')
    const svg = await ctx.app.inject({ method: 'GET', url: '/admin/favicon.svg' })
    assert.equal(svg.statusCode, 200)
    assert.equal(svg.headers['content-type'], 'image/svg+xml')
    assert.equal(svg.headers['cache-control'], 'no-cache')
  })

  it('answers a missing asset with a 404, not with index.html', async () => {
    for (const url of ['/admin/assets/index-old999.js', '/admin/missing.css']) {
      const res = await ctx.app.inject({ method: 'GET', url })
      assert.equal(res.statusCode, 404, url)
      assert.doesNotMatch(res.body, /ADMIN-CONSOLE|DONOR-H5-APP/, url)
    }
  })

  it('never serves a file outside the build', async () => {
    for (const url of [
      '/admin/..%2fsecret.txt',
      '/admin/%2e%2e/secret.txt',
      '/admin/assets/..%2f..%2fsecret.txt',
      '/admin/..%5csecret.txt'
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url })
      assert.doesNotMatch(res.body, /outside the build/, url)
    }
    const root = path.join(dir, 'admin')
    assert.equal(resolveInside(root, '../secret.txt'), null)
    assert.equal(resolveInside(root, 'assets/../../secret.txt'), null)
    assert.equal(resolveInside(root, '%00'), null)
    assert.equal(resolveInside(root, 'assets/index-abc123.js'), path.join(root, 'assets', 'index-abc123.js'))
  })

  it('says how to build the console when it is not built', async () => {
    process.env.ADMIN_DIR = path.join(dir, 'nothing-here')
    try {
      const app = await ctx.restart()
      const res = await app.inject({ method: 'GET', url: '/admin/ledger' })
      assert.equal(res.statusCode, 404)
      assert.match(res.body, /npm run build:admin/)
    } finally {
      process.env.ADMIN_DIR = path.join(dir, 'admin')
      await ctx.restart()
    }
  })
})
