/**
 * Headers, CORS and logs: every answer carries nosniff and a CSP (the API's runs nothing and cannot be
 * framed; the H5 app's allows exactly its own scripts, inline ones by hash); API answers are never stored; CORS
 * answers only configured origins and never for /staff-api; tokens, payTokens and passwords never reach the log.
 * The H5 CSP against the real build in Chromium: security-h5-csp.test.ts.
 */
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { Api, ResultCode } from '../../types'
import { buildApp, originList, redactUrl } from '../src/app'
import { call, login, signedHeaders, signKeyOf, startApp, TEST_BUILD_DEFAULTS, type TestContext } from './helpers'
import { demoBody, donate, projectIdOf } from './order-fixtures'

let ctx: TestContext
let app: FastifyInstance
let h5Dir: string

const INLINE = '!function(n){n.document.documentElement.style.fontSize="20px"}(window);'
const indexHtml = (inline: string) =>
  `<!doctype html><html><head><title>t</title><script>${inline}</script><script defer="defer" src="/js/app.1.js"></script></head><body><div id="app"></div></body></html>`
const sha = (s: string) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`

before(async () => {
  h5Dir = mkdtempSync(path.join(tmpdir(), 'uplus-h5-'))
  mkdirSync(path.join(h5Dir, 'js'))
  writeFileSync(path.join(h5Dir, 'index.html'), indexHtml(INLINE))
  writeFileSync(path.join(h5Dir, 'js', 'app.1.js'), 'console.log(1)')
  ctx = await startApp({ h5Dir, build: { corsOrigins: ['https://h5.example.edu.cn'] } })
  app = ctx.app
})
after(async () => {
  await ctx.close()
  rmSync(h5Dir, { recursive: true, force: true })
})

const signed = async (url: string, extra: Record<string, string> = {}) =>
  app.inject({ url, headers: { ...signedHeaders(await signKeyOf(app, 'demo')), ...extra } })

/** CSP directives by name. */
function csp(res: LightMyRequestResponse): Map<string, string> {
  const raw = String(res.headers['content-security-policy'] ?? '')
  return new Map(
    raw
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const i = d.indexOf(' ')
        return i < 0 ? [d, ''] : [d.slice(0, i), d.slice(i + 1)]
      })
  )
}

describe('API answers', () => {
  it("a donor API answer, its 404 and a refused call: no-store, nosniff, CSP default-src 'none' and frame-ancestors 'none', no referrer", async () => {
    const answers = [
      await signed(`/api/demo${Api.baseConfig}`),
      await signed(`/api/demo${Api.itemsList}?limit=1`),
      await signed('/api/demo/no/such/route'),
      await app.inject({ url: `/api/demo${Api.baseConfig}` }) // unsigned: refused
    ]
    for (const [i, res] of answers.entries()) {
      assert.equal(res.headers['cache-control'], 'no-store', `answer ${i}`)
      assert.equal(res.headers['x-content-type-options'], 'nosniff')
      assert.equal(res.headers['referrer-policy'], 'no-referrer')
      const d = csp(res)
      assert.equal(d.get('default-src'), "'none'")
      assert.equal(d.get('frame-ancestors'), "'none'")
    }
    assert.equal(answers[0].json().code, 0)
    assert.equal(answers[2].statusCode, 404)
  })
  it('staff API answers are not stored either', async () => {
    const res = await app.inject({ method: 'POST', url: '/staff-api/demo/login', payload: { username: 'nobody', password: 'x' } })
    assert.equal(res.json().code, ResultCode.ERROR)
    assert.equal(res.headers['cache-control'], 'no-store')
    assert.equal(csp(res).get('frame-ancestors'), "'none'")
  })
  it('the school config is JSON under the same strict CSP and nosniff', async () => {
    const res = await app.inject({ url: '/config/demo/index.json' })
    assert.equal(res.statusCode, 200)
    assert.equal(res.headers['x-content-type-options'], 'nosniff')
    assert.equal(csp(res).get('default-src'), "'none'")
  })
})

describe('the H5 app', () => {
  it('its HTML at /, /index.html and a router path: CSP allowing its own scripts and the inline one by hash, no framing', async () => {
    for (const url of ['/', '/index.html', '/subject-detail?id=1']) {
      const res = await app.inject({ url })
      assert.equal(res.statusCode, 200, url)
      assert.match(String(res.headers['content-type']), /^text\/html/)
      const d = csp(res)
      assert.equal(d.get('script-src'), `'self' ${sha(INLINE)}`, url)
      assert.equal(d.get('frame-ancestors'), "'none'")
      assert.equal(d.get('object-src'), "'none'")
      assert.equal(d.get('connect-src'), "'self' blob:")
      assert.ok(!d.get('script-src')!.includes('unsafe'), 'no unsafe-inline or unsafe-eval for scripts')
      assert.equal(res.headers['x-content-type-options'], 'nosniff')
      assert.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin')
    }
  })
  it('a rebuilt index.html (new inline script) gets its new hash without a restart', async () => {
    const changed = 'window.__rebuilt=1;'
    const file = path.join(h5Dir, 'index.html')
    writeFileSync(file, indexHtml(changed))
    const later = new Date(Date.now() + 5000)
    utimesSync(file, later, later)
    try {
      assert.equal(csp(await app.inject({ url: '/subject' })).get('script-src'), `'self' ${sha(changed)}`)
    } finally {
      writeFileSync(file, indexHtml(INLINE))
    }
  })
  it('its scripts are served with nosniff', async () => {
    const res = await app.inject({ url: '/js/app.1.js' })
    assert.equal(res.statusCode, 200)
    assert.equal(res.headers['x-content-type-options'], 'nosniff')
  })
})

describe('CORS', () => {
  const preflight = (url: string, origin: string) =>
    app.inject({
      method: 'OPTIONS',
      url,
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,signature,nonce,authorization,lang,token'
      }
    })

  it('a configured origin gets CORS for the donor API, with the headers the app signs with', async () => {
    const pre = await preflight(`/api/demo${Api.donate}`, 'https://h5.example.edu.cn')
    assert.equal(pre.statusCode, 204)
    assert.equal(pre.headers['access-control-allow-origin'], 'https://h5.example.edu.cn')
    const allowed = String(pre.headers['access-control-allow-headers'])
      .split(',')
      .map((h) => h.trim())
    for (const h of ['content-type', 'authorization', 'nonce', 'signature', 'lang', 'token']) assert.ok(allowed.includes(h), h)
    const get = await signed(`/api/demo${Api.baseConfig}`, { origin: 'https://h5.example.edu.cn' })
    assert.equal(get.headers['access-control-allow-origin'], 'https://h5.example.edu.cn')
  })
  it('any other origin gets no CORS answer (the old server reflected every origin)', async () => {
    for (const origin of ['https://evil.example', 'https://h5.example.edu.cn.evil.example', 'null']) {
      const pre = await preflight(`/api/demo${Api.donate}`, origin)
      assert.equal(pre.headers['access-control-allow-origin'], undefined, origin)
      const get = await signed(`/api/demo${Api.baseConfig}`, { origin })
      assert.equal(get.headers['access-control-allow-origin'], undefined, origin)
      assert.equal(get.json().code, 0, 'same-origin and mini-program callers are unaffected')
    }
  })
  it('/staff-api is not opened by CORS_ORIGINS', async () => {
    const pre = await preflight('/staff-api/demo/login', 'https://h5.example.edu.cn')
    assert.equal(pre.headers['access-control-allow-origin'], undefined)
  })
  it('with nothing configured no origin is allowed; CORS_ORIGINS takes exact origins, never a wildcard', async () => {
    const bare = await startApp()
    try {
      const pre = await bare.app.inject({
        method: 'OPTIONS',
        url: `/api/demo${Api.donate}`,
        headers: { origin: 'https://h5.example.edu.cn', 'access-control-request-method': 'POST' }
      })
      assert.equal(pre.headers['access-control-allow-origin'], undefined)
    } finally {
      await bare.close()
    }
    const warned: unknown[] = []
    assert.deepEqual(
      originList(' https://a.example.edu.cn, http://127.0.0.1:10086 https://b.example/ * https://c.example/path ftp://d.example', {
        warn: (o: unknown) => warned.push(o)
      }),
      ['https://a.example.edu.cn', 'http://127.0.0.1:10086', 'https://b.example']
    )
    assert.equal(warned.length, 3)
  })
})

describe('logs', () => {
  it('redactUrl hides every secret query parameter, whatever its case or escaping', () => {
    assert.equal(redactUrl('/pay-back?id=B1&itemsId=3&payToken=123.abc'), '/pay-back?id=B1&itemsId=3&payToken=[REDACTED]')
    assert.equal(
      redactUrl('/x?stuWorkNo=S1&password=hunter2&PAYTOKEN=t&pay%54oken=u'),
      '/x?stuWorkNo=S1&password=[REDACTED]&PAYTOKEN=[REDACTED]&pay%54oken=[REDACTED]'
    )
    assert.equal(redactUrl('/x?lang=en'), '/x?lang=en')
  })

  it("a session of donor and staff calls leaves no token, payToken or password in the log, even with a caller's own logger options", async () => {
    const out: string[] = []
    const dir = mkdtempSync(path.join(tmpdir(), 'uplus-log-'))
    const logged = await buildApp({
      ...TEST_BUILD_DEFAULTS,
      dataDir: dir,
      databaseUrl: ctx.databaseUrl,
      h5Dir,
      logger: {
        level: 'trace',
        stream: {
          write: (s: string) => {
            out.push(s)
          }
        }
      }
    })
    try {
      const token = await login(logged, 'demo', 'log-alice')
      const scholarship = await projectIdOf(logged, 'demo', '示范大学励志奖学金')
      const d = await donate(logged, 'demo', token, demoBody(scholarship))
      assert.equal(d.body.code, 0, d.body.message)
      const payToken = d.body.data.payToken!
      const billNo = d.body.data.orderPayRequestDTO.billNo
      const password = 'Card-Pass-9f3e71'
      const staffPassword = 'Staff-Pass-5d2a08'
      // the secrets where browsers and the mini-programs really put them: query strings, the page URL, bodies, headers
      await call(logged, 'demo', Api.payback, { query: { donatePlatOrder: billNo, payToken } })
      await call(logged, 'demo', Api.centerMy, { query: { token } })
      await call(logged, 'demo', Api.getCardBlance, { query: { stuWorkNo: 'S20240001', password, token } })
      await call(logged, 'demo', Api.passLogin, { method: 'POST', body: { username: 'log-alice', password } })
      await logged.inject({ url: `/pay-back?id=${billNo}&itemsId=${scholarship}&payToken=${encodeURIComponent(payToken)}` })
      await logged.inject({ method: 'POST', url: '/staff-api/demo/login', payload: { username: 'nobody', password: staffPassword } })
      await logged.inject({ url: `/api/demo${Api.centerMy}`, headers: { authorization: token, token } })
      const text = out.join('')
      // one line per request (docs/decisions/022): the ten calls above, each with its URL as logged
      assert.ok(out.filter((l) => l.includes('"msg":"request"')).length >= 10, 'the requests were logged')
      for (const [name, secret] of [
        ['token', token],
        ['payToken', payToken],
        ['payToken (escaped)', encodeURIComponent(payToken)],
        ['password', password],
        ['staff password', staffPassword]
      ]) {
        assert.ok(!text.includes(secret), `${name} reached the log`)
      }
      assert.ok(text.includes('[REDACTED]'), 'the secrets were there to hide')
    } finally {
      await logged.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
