/** Config endpoints, static H5 with SPA fallback, files, the envelope on every failure, and the signature. */
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { Api } from '../../types'
import { nonceKey } from '../src/plugins/signature'
import { call, makeNonce, sign, signedHeaders, signKeyOf, startApp, type TestContext } from './helpers'

let ctx: TestContext
let h5Dir: string

before(async () => {
  h5Dir = mkdtempSync(path.join(tmpdir(), 'uplus-h5-'))
  writeFileSync(path.join(h5Dir, 'index.html'), '<!doctype html><div id="app">H5 INDEX</div>')
  mkdirSync(path.join(h5Dir, 'js'))
  writeFileSync(path.join(h5Dir, 'js', 'app.js'), 'console.log("bundle")')
  ctx = await startApp({ h5Dir })
})
after(async () => {
  await ctx.close()
  rmSync(h5Dir, { recursive: true, force: true })
})

describe('runtime config', () => {
  it('names the default school', async () => {
    const res = await ctx.app.inject({ url: '/config/index.json' })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { school: 'demo' })
  })
  it('gives each school its api base, theme and a 16-char sign key', async () => {
    const demo = (await ctx.app.inject({ url: '/config/demo/index.json' })).json()
    const hhu = (await ctx.app.inject({ url: '/config/hhu/index.json' })).json()
    assert.equal(demo.api, '/api/demo')
    assert.equal(demo.moduleName, '校友基金会')
    assert.equal(demo.theme, 'red')
    assert.match(demo.signKey, /^[A-Za-z0-9]{16}$/)
    assert.equal(hhu.api, '/api/hhu')
    assert.notEqual(hhu.signKey, demo.signKey)
    assert.deepEqual(Object.keys(demo).sort(), ['api', 'moduleName', 'noticeTemplates', 'signKey', 'theme', 'themeColor'])
    // no subscribe-message templates until staff set them (docs/decisions/049-subscribe-messages.md)
    assert.deepEqual(demo.noticeTemplates, { wechat: {}, alipay: {} })
  })
  it('answers an unknown school with a 404 envelope', async () => {
    const res = await ctx.app.inject({ url: '/config/nope/index.json' })
    assert.equal(res.statusCode, 404)
    assert.deepEqual(res.json(), { code: -1, message: '学校不存在', data: null })
    const api = await ctx.app.inject({ url: `/api/nope${Api.typeList}` })
    assert.equal(api.statusCode, 404)
    assert.equal(api.json().code, -1)
  })
})

describe('static files', () => {
  it('serves the H5 app and falls back to index.html for browser-mode routes', async () => {
    for (const url of ['/', '/subject', '/subject-detail?id=3', '/jzml', '/list-page?id=1&from=web']) {
      const res = await ctx.app.inject({ url })
      assert.equal(res.statusCode, 200, url)
      assert.match(res.body, /H5 INDEX/, url)
      assert.match(String(res.headers['content-type']), /text\/html/)
    }
    const js = await ctx.app.inject({ url: '/js/app.js' })
    assert.equal(js.statusCode, 200)
    assert.match(js.body, /bundle/)
  })
  it('never falls back for /api/, /config/ or /files/ paths', async () => {
    for (const url of ['/api/demo/nothing/here', '/config/demo/other.json', '/files/seed/missing.png']) {
      const res = await ctx.app.inject({ url })
      assert.equal(res.statusCode, 404, url)
      assert.equal(res.json().code, -1, url)
    }
  })
  it('serves seeded images as real JPEG and PNG files', async () => {
    const res = await ctx.app.inject({ url: '/files/seed/cover-scholarship-1.jpg' })
    assert.equal(res.statusCode, 200)
    assert.match(String(res.headers['content-type']), /image\/jpeg/)
    assert.deepEqual([...res.rawPayload.subarray(0, 3)], [0xff, 0xd8, 0xff])
    const crest = await ctx.app.inject({ url: '/files/seed/crest-demo.png' })
    assert.equal(crest.statusCode, 200)
    assert.equal(crest.rawPayload.subarray(1, 4).toString('ascii'), 'PNG')
  })
  it('shows a build hint when the H5 app is not built', async () => {
    const bare = await startApp()
    try {
      const res = await bare.app.inject({ url: '/' })
      assert.equal(res.statusCode, 200)
      assert.match(res.body, /npm run build:h5/)
    } finally {
      await bare.close()
    }
  })
})

describe('envelope on failures', () => {
  it('rejects a non-numeric limit and a negative offset with 400 naming the field, in zh and en', async () => {
    let r = await call(ctx.app, 'demo', Api.itemsList, { query: { limit: 'abc' } })
    assert.equal(r.status, 400)
    assert.deepEqual(r.body, { code: -1, message: '参数 limit 格式不正确', data: null })
    r = await call(ctx.app, 'demo', Api.itemsList, { query: { limit: 'abc', lang: 'en' } })
    assert.equal(r.body.message, 'Invalid parameter: limit')
    r = await call(ctx.app, 'demo', Api.itemsList, { query: { offset: -1 } })
    assert.equal(r.status, 400)
    assert.equal(r.body.message, '参数 offset 格式不正确')
    r = await call(ctx.app, 'demo', Api.itemsList, { query: { offset: -1, lang: 'en' } })
    assert.equal(r.body.message, 'Invalid parameter: offset')
  })
  it('names a missing required parameter', async () => {
    const r = await call(ctx.app, 'demo', Api.itemsDetail, { query: { lang: 'en' } })
    assert.equal(r.status, 400)
    assert.equal(r.body.message, 'Missing parameter: id')
  })
  it('takes the language of a POST from the lang header', async () => {
    const r = await call(ctx.app, 'demo', Api.middleAuth, { method: 'POST', body: { openId: 42 }, headers: { lang: 'en' } })
    assert.equal(r.status, 400)
    assert.equal(r.body.message, 'Invalid parameter: openId') // bodies are never coerced: 42 is not a string
  })
  it('answers unknown routes with a 404 envelope', async () => {
    const r = await call(ctx.app, 'demo', '/uplus-foundation/app/v1/donateu/items/nothing')
    assert.equal(r.status, 404)
    assert.deepEqual(r.body, { code: -1, message: '请求的接口不存在', data: null })
  })
  it('refuses a body over 1 MB with 413 and keeps serving', async () => {
    const key = await signKeyOf(ctx.app, 'demo')
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/demo${Api.insertLeaveword}`,
      headers: { ...signedHeaders(key), 'content-type': 'application/json' },
      payload: JSON.stringify({ itemsId: 1, content: 'x'.repeat(1_100_000) })
    })
    assert.equal(res.statusCode, 413)
    assert.equal(res.json().code, -1)
    assert.equal(res.json().message, '请求内容过大')
    const next = await call(ctx.app, 'demo', Api.typeList)
    assert.equal(next.status, 200)
    assert.equal(next.body.code, 0)
  })
  it('answers malformed JSON with 400 and no stack trace', async () => {
    const key = await signKeyOf(ctx.app, 'demo')
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/demo${Api.middleAuth}`,
      headers: { ...signedHeaders(key), 'content-type': 'application/json' },
      payload: '{"openId": '
    })
    assert.equal(res.statusCode, 400)
    assert.deepEqual(Object.keys(res.json()).sort(), ['code', 'data', 'message'])
    assert.doesNotMatch(res.body, /at .*\.ts|stack/i)
  })
})

describe('request signature', () => {
  const url = `/api/demo${Api.typeList}`
  it('accepts a fresh signature once and refuses the replayed nonce', async () => {
    const headers = signedHeaders(await signKeyOf(ctx.app, 'demo'))
    const first = await ctx.app.inject({ url, headers })
    assert.equal(first.json().code, 0)
    const replay = await ctx.app.inject({ url, headers })
    assert.equal(replay.json().code, -1)
    assert.equal(replay.json().message, '重复的请求')
  })
  it('keys a nonce by school, signed timestamp and nonce, so fresh keys sort in time order and a replay keeps its key', async () => {
    const key = await signKeyOf(ctx.app, 'demo')
    const school = await ctx.app.db.selectFrom('school').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()
    const nonce = makeNonce()
    const ts = Date.now() - 1_000
    const headers = signedHeaders(key, { nonce, timestamp: ts })
    assert.equal((await ctx.app.inject({ url, headers })).json().code, 0)
    const row = await ctx.app.db
      .selectFrom('shared_entry')
      .select('key')
      .where('key', '=', `nonce:${nonceKey(school.id, ts, nonce)}`)
      .executeTakeFirst()
    assert.equal(row?.key, `nonce:${school.id}:${String(ts).padStart(16, '0')}:${nonce}`)
    assert.equal((await ctx.app.inject({ url, headers })).json().message, '重复的请求')
    // fixed width: a later timestamp sorts after an earlier one whatever their digit counts
    const keys = [999, 1_000, 1_763_900_000_000, 1_763_900_000_001, 10_000_000_000_000].map((t) => nonceKey(school.id, t, nonce))
    assert.deepEqual([...keys].sort(), keys)
  })
  it("refuses missing headers, a malformed nonce and another school's key", async () => {
    let res = await ctx.app.inject({ url })
    assert.equal(res.statusCode, 401)
    assert.equal(res.json().code, -1)
    const key = await signKeyOf(ctx.app, 'demo')
    res = await ctx.app.inject({ url, headers: { nonce: 'short', signature: sign(key, 'short'.padEnd(16, 'x')) } })
    assert.equal(res.json().code, -1)
    res = await ctx.app.inject({ url, headers: signedHeaders(await signKeyOf(ctx.app, 'hhu')) })
    assert.equal(res.json().code, -1)
    assert.equal(res.json().message, '请求签名无效')
    const nonce = makeNonce()
    res = await ctx.app.inject({ url, headers: { nonce, signature: Buffer.from('garbage-garbage!').toString('base64') } })
    assert.equal(res.json().code, -1)
  })
  it('refuses timestamps more than 300 s off in either direction, accepts 290 s', async () => {
    const key = await signKeyOf(ctx.app, 'demo')
    for (const skew of [-301_000, 301_000]) {
      const res = await ctx.app.inject({ url: `${url}?lang=en`, headers: signedHeaders(key, { timestamp: Date.now() + skew }) })
      assert.equal(res.json().code, -1)
      assert.equal(res.json().message, 'Request expired, please check the device time')
    }
    const ok = await ctx.app.inject({ url, headers: signedHeaders(key, { timestamp: Date.now() - 290_000 }) })
    assert.equal(ok.json().code, 0)
  })
})
