/**
 * The H5 app's weight on the wire (plugins/static-h5.ts, docs/decisions/024-h5-weight.md): the build's
 * .br and .gz variants are sent by Accept-Encoding with Vary, the file itself to a client that takes neither;
 * hashed assets are cached for a year and immutable, index.html and unhashed files are revalidated (no-cache),
 * and the HTML keeps its CSP whichever variant is sent. A fake build in a temporary folder, compressed with zlib as
 * the build does.
 */
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { h5CacheControl, IMMUTABLE, preferredEncoding } from '../src/plugins/static-h5'
import { startApp, type TestContext } from './helpers'

let ctx: TestContext
let app: FastifyInstance
let h5Dir: string

const INLINE = '!function(n){n.document.documentElement.style.fontSize="20px"}(window);'
const INDEX = `<!doctype html><html lang="zh-CN"><head><script>${INLINE}</script><script defer src="/js/app.1a2b3c4d.js"></script></head><body><div id="app"></div><div id="boot-skeleton"></div></body></html>`
const APP_JS = `console.log(${JSON.stringify('捐赠 '.repeat(400))})`
const CSS = `.a{color:red}`.repeat(100)

/** Writes a file and, like config/h5-weight.ts, its .br and .gz beside it. */
function withVariants(file: string, body: string) {
  writeFileSync(file, body)
  writeFileSync(`${file}.br`, brotliCompressSync(Buffer.from(body)))
  writeFileSync(`${file}.gz`, gzipSync(Buffer.from(body)))
}

before(async () => {
  h5Dir = mkdtempSync(path.join(tmpdir(), 'uplus-h5-static-'))
  mkdirSync(path.join(h5Dir, 'js'))
  mkdirSync(path.join(h5Dir, 'css'))
  withVariants(path.join(h5Dir, 'index.html'), INDEX)
  withVariants(path.join(h5Dir, 'js', 'app.1a2b3c4d.js'), APP_JS)
  // a chunk the build left without variants (below the size worth compressing)
  writeFileSync(path.join(h5Dir, 'js', '77.0f0f0f0f.js'), 'x()')
  writeFileSync(path.join(h5Dir, 'css', 'app.1a2b3c4d5e6f7a8b9c0d.css'), CSS)
  // not hashed: may change under the same name
  writeFileSync(path.join(h5Dir, 'manifest.json'), '{}')
  ctx = await startApp({ h5Dir })
  app = ctx.app
})
after(async () => {
  await ctx.close()
  rmSync(h5Dir, { recursive: true, force: true })
})

const varies = (v: unknown) => /(^|,)\s*accept-encoding\s*(,|$)/i.test(String(v ?? ''))

describe('precompressed variants', () => {
  it('brotli to a browser that takes br, gzip to one that takes only gzip, the file to one that takes neither; Vary either way', async () => {
    const url = '/js/app.1a2b3c4d.js'
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } })
    assert.equal(br.statusCode, 200)
    assert.equal(br.headers['content-encoding'], 'br')
    assert.match(String(br.headers['content-type']), /javascript/)
    assert.equal(brotliDecompressSync(br.rawPayload).toString(), APP_JS)
    assert.ok(br.rawPayload.length < Buffer.byteLength(APP_JS) / 5, `brotli body is ${br.rawPayload.length} bytes`)
    assert.ok(varies(br.headers.vary))

    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } })
    assert.equal(gz.headers['content-encoding'], 'gzip')
    assert.equal(gunzipSync(gz.rawPayload).toString(), APP_JS)
    assert.ok(varies(gz.headers.vary))

    for (const acceptEncoding of ['identity', 'br;q=0, gzip;q=0']) {
      const plain = await app.inject({ url, headers: { 'accept-encoding': acceptEncoding } })
      assert.equal(plain.headers['content-encoding'], undefined, acceptEncoding)
      assert.equal(plain.payload, APP_JS)
      assert.ok(varies(plain.headers.vary))
    }
  })
  it('a file without variants is sent as it is, whatever the client takes', async () => {
    const res = await app.inject({ url: '/js/77.0f0f0f0f.js', headers: { 'accept-encoding': 'br, gzip' } })
    assert.equal(res.statusCode, 200)
    assert.equal(res.headers['content-encoding'], undefined)
    assert.equal(res.payload, 'x()')
  })
  it('the app page at / and at a route (the index.html fallback) in brotli, with its CSP and no-cache', async () => {
    for (const url of ['/', '/subject-detail?id=3']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } })
      assert.equal(res.statusCode, 200, url)
      assert.equal(res.headers['content-encoding'], 'br', url)
      assert.equal(brotliDecompressSync(res.rawPayload).toString(), INDEX, url)
      assert.match(String(res.headers['content-type']), /text\/html/)
      assert.equal(res.headers['cache-control'], 'no-cache', url)
      assert.ok(varies(res.headers.vary), url)
      assert.match(String(res.headers['content-security-policy']), /script-src 'self' 'sha256-/, url)
    }
    const plain = await app.inject({ url: '/mine', headers: { 'accept-encoding': 'identity' } })
    assert.equal(plain.headers['content-encoding'], undefined)
    assert.equal(plain.payload, INDEX)
  })
})

describe('cache headers', () => {
  it('hashed JS and CSS: a year, immutable; index.html and unhashed files: no-cache', async () => {
    for (const url of ['/js/app.1a2b3c4d.js', '/js/77.0f0f0f0f.js', '/css/app.1a2b3c4d5e6f7a8b9c0d.css']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } })
      assert.equal(res.statusCode, 200, url)
      assert.equal(res.headers['cache-control'], IMMUTABLE, url)
    }
    for (const url of ['/manifest.json', '/index.html']) {
      const res = await app.inject({ url })
      assert.equal(res.statusCode, 200, url)
      assert.equal(res.headers['cache-control'], 'no-cache', url)
    }
  })
  it('h5CacheControl judges the file a variant stands for', () => {
    assert.equal(h5CacheControl('/d/js/app.1a2b3c4d.js.br'), IMMUTABLE)
    assert.equal(h5CacheControl('/d/static/fonts/taro-ui-iconfont.0a1b2c3d.woff'), IMMUTABLE)
    assert.equal(h5CacheControl('/d/index.html.gz'), 'no-cache')
    assert.equal(h5CacheControl('/d/js/app.js'), 'no-cache')
  })
})

describe('preferredEncoding', () => {
  it('brotli before gzip; q=0 refuses; * accepts both; nothing or identity means the file itself', () => {
    assert.equal(preferredEncoding('gzip, deflate, br'), 'br')
    assert.equal(preferredEncoding('gzip'), 'gzip')
    assert.equal(preferredEncoding('br;q=0, gzip;q=0.8'), 'gzip')
    assert.equal(preferredEncoding('*'), 'br')
    assert.equal(preferredEncoding('*, br;q=0'), 'gzip')
    assert.equal(preferredEncoding('identity'), null)
    assert.equal(preferredEncoding(undefined), null)
    assert.equal(preferredEncoding(['gzip', 'br']), 'br')
  })
})
