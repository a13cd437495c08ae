/**
 * getWechatShare with a real jsapi_ticket (docs/decisions/018) against a fake WeChat server on 127.0.0.1 found
 * through WECHAT_API_BASE: the signature matches an independent sha1; access_token and ticket are fetched once and
 * cached until shortly before expiry, concurrent first calls share one fetch, a token revoked by someone else's
 * refresh is replaced once; the sandbox answers only for a school without official-account credentials; a page that
 * is not ours is refused.
 */
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import { Api, ResultCode, type WechatShareSign } from '../../types'
import { REFRESH_MARGIN_MS } from '../src/providers/wechat/jsapi'
import { call, startApp, TEST_BUILD_DEFAULTS, type TestContext } from './helpers'
import { testClock } from './center-fixtures'
import { schoolIdOf } from './order-fixtures'

const PUBLIC = 'https://give.example.edu.cn'
const clock = testClock(Date.parse('2026-05-01T08:00:00Z'))
const calls = { token: new Map<string, number>(), ticket: new Map<string, number>() }
const tickets = new Map<string, string>() // access_token -> ticket
const revoked = new Set<string>()
let wechatDown = false
let tokenTtl = 7200
let fake: Server
let ctx: TestContext

const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1)
const sha1 = (s: string) => createHash('sha1').update(s).digest('hex')

before(async () => {
  let n = 0
  fake = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x')
    const q = u.searchParams
    const send = (o: object) => {
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify(o))
    }
    if (wechatDown) return send({ errcode: -1, errmsg: 'system error' })
    if (u.pathname === '/cgi-bin/token') {
      const appid = q.get('appid') ?? ''
      if (q.get('grant_type') !== 'client_credential' || q.get('secret') !== `secret-of-${appid}`)
        return send({ errcode: 40125, errmsg: 'invalid appsecret' })
      bump(calls.token, appid)
      const token = `tok-${appid}-${++n}`
      tickets.set(token, `ticket-${appid}-${n}`)
      // slow enough that concurrent first callers overlap
      setTimeout(() => send({ access_token: token, expires_in: tokenTtl }), 60)
      return
    }
    if (u.pathname === '/cgi-bin/ticket/getticket') {
      const token = q.get('access_token') ?? ''
      if (q.get('type') !== 'jsapi' || !tickets.has(token) || revoked.has(token))
        return send({ errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' })
      bump(calls.ticket, token.split('-').slice(1, -1).join('-'))
      return send({ errcode: 0, errmsg: 'ok', ticket: tickets.get(token), expires_in: 7200 })
    }
    res.statusCode = 404
    res.end('{}')
  })
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r))
  const base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`
  ctx = await startApp({
    build: {
      orders: { ...TEST_BUILD_DEFAULTS.orders, publicBaseUrl: PUBLIC },
      identity: { now: clock.now, env: { WECHAT_API_BASE: base, UPLUS_SECRET_T_OA_DEMO: 'secret-of-wx-oa-demo' } },
      // the fake WeChat server listens on 127.0.0.1 (lib/outbound.ts: tests only)
      outbound: { allowLoopback: true }
    }
  })
  const now = new Date().toISOString()
  const row = (school: number, appId: string, secret: string, extra = '{}') => ({
    school_id: school,
    channel: 'wechat-h5' as const,
    app_id: appId,
    secret,
    credentials: extra,
    pay_credentials: '{}',
    api_base: '',
    enabled: 1,
    updated_at: now
  })
  await ctx.app.db
    .insertInto('school_channel_credential')
    .values([
      row(await schoolIdOf(ctx.app, 'demo'), 'wx-oa-demo', 'env:UPLUS_SECRET_T_OA_DEMO'),
      // cpu serves its H5 app on its own domain too
      row(await schoolIdOf(ctx.app, 'cpu'), 'wx-oa-cpu', 'secret-of-wx-oa-cpu', JSON.stringify({ shareOrigins: 'https://give.cpu.edu.cn' }))
    ])
    .execute()
})
after(async () => {
  await ctx.close()
  fake.close()
})

const share = (school: string, url: string, lang?: string) =>
  call<WechatShareSign>(ctx.app, school, Api.getWechatShare, { query: { billType: 2, url, ...(lang ? { lang } : {}) } })

function assertSigned(d: WechatShareSign, ticket: string, url: string) {
  assert.equal(d.signature, sha1(`jsapi_ticket=${ticket}&noncestr=${d.nonceStr}&timestamp=${d.timestamp}&url=${url.split('#')[0]}`))
  assert.match(d.nonceStr, /^[A-Za-z0-9]{16}$/)
  assert.equal(d.timestamp, Math.floor(clock.now().getTime() / 1000))
}

describe('getWechatShare with the official account', () => {
  it("signs with the official account's jsapi_ticket (independent sha1, url without the fragment)", async () => {
    const url = `${PUBLIC}/subject-detail?id=3&school=demo#comments`
    const r = await share('demo', url)
    assert.equal(r.body.code, 0, r.body.message)
    assert.equal(r.body.data.appId, 'wx-oa-demo')
    assertSigned(r.body.data, 'ticket-wx-oa-demo-1', url)
  })
  it('caches token and ticket: a second request fetches nothing', async () => {
    const r = await share('demo', `${PUBLIC}/jzml`)
    assertSigned(r.body.data, 'ticket-wx-oa-demo-1', `${PUBLIC}/jzml`)
    assert.equal(calls.token.get('wx-oa-demo'), 1)
    assert.equal(calls.ticket.get('wx-oa-demo'), 1)
  })
  it('refreshes shortly before the 7200 s expiry, once', async () => {
    clock.advance(7200_000 - REFRESH_MARGIN_MS - 1000)
    assertSigned((await share('demo', `${PUBLIC}/`)).body.data, 'ticket-wx-oa-demo-1', `${PUBLIC}/`)
    assert.equal(calls.token.get('wx-oa-demo'), 1)
    clock.advance(2000)
    const [a, b] = await Promise.all([share('demo', `${PUBLIC}/a`), share('demo', `${PUBLIC}/b`)])
    assertSigned(a.body.data, 'ticket-wx-oa-demo-2', `${PUBLIC}/a`)
    assertSigned(b.body.data, 'ticket-wx-oa-demo-2', `${PUBLIC}/b`)
    assert.equal(calls.token.get('wx-oa-demo'), 2)
    assert.equal(calls.ticket.get('wx-oa-demo'), 2)
  })
  it('concurrent first calls fetch token and ticket once', async () => {
    const urls = Array.from({ length: 8 }, (_, i) => `${PUBLIC}/subject-detail?id=${i}`)
    const rs = await Promise.all(urls.map((u) => share('cpu', u)))
    rs.forEach((r) => {
      assert.equal(r.body.code, 0, r.body.message)
      assert.equal(r.body.data.appId, 'wx-oa-cpu')
    })
    const ticket = [...tickets.values()].find((t) => t.startsWith('ticket-wx-oa-cpu-'))!
    rs.forEach((r, i) => assertSigned(r.body.data, ticket, urls[i]))
    assert.equal(calls.token.get('wx-oa-cpu'), 1)
    assert.equal(calls.ticket.get('wx-oa-cpu'), 1)
  })
  it('a token revoked by another refresh is replaced once', async () => {
    // a long-lived token and a ticket that expires first
    tokenTtl = 20_000
    clock.advance(7200_000)
    assert.equal((await share('demo', `${PUBLIC}/`)).body.code, 0)
    assert.deepEqual([calls.token.get('wx-oa-demo'), calls.ticket.get('wx-oa-demo')], [3, 3])
    // someone else refreshed: our token is dead while the cache still thinks it fresh
    for (const t of tickets.keys()) if (t.startsWith('tok-wx-oa-demo-')) revoked.add(t)
    clock.advance(7200_000)
    const r = await share('demo', `${PUBLIC}/mine`)
    assert.equal(r.body.code, 0, r.body.message)
    assert.equal(calls.token.get('wx-oa-demo'), 4)
    assert.equal(calls.ticket.get('wx-oa-demo'), 4)
    const live = [...tickets.keys()].find((t) => t.startsWith('tok-wx-oa-demo-') && !revoked.has(t))!
    assertSigned(r.body.data, tickets.get(live)!, `${PUBLIC}/mine`)
    tokenTtl = 7200
  })
  it("refuses a page that is not ours; a school's own listed domain is signed", async () => {
    const r = await share('demo', 'https://evil.example.com/phish', 'en')
    assert.deepEqual([r.body.code, r.body.message], [ResultCode.ERROR, 'This page address cannot be signed for sharing'])
    assert.equal((await share('demo', 'javascript:alert(1)')).body.code, ResultCode.ERROR)
    assert.equal((await share('demo', 'https://give.cpu.edu.cn/')).body.code, ResultCode.ERROR)
    assert.equal((await share('cpu', 'https://give.cpu.edu.cn/subject-detail?id=1')).body.code, 0)
  })
  it('WeChat down: -1 in the donor language, no provider detail', async () => {
    wechatDown = true
    clock.advance(30_000_000)
    try {
      const r = await share('demo', `${PUBLIC}/`)
      assert.deepEqual([r.body.code, r.body.message], [ResultCode.ERROR, '微信分享暂时不可用，请稍后再试'])
    } finally {
      wechatDown = false
    }
  })
})

describe('sandbox', () => {
  it('only where the school has no official-account credentials, and never asks WeChat', async () => {
    const before = [...calls.token.values()].reduce((a, b) => a + b, 0)
    const url = `${PUBLIC}/subject-detail?id=1#x`
    const r = await share('hhu', url)
    assert.equal(r.body.data.appId, 'wxsandboxhhu')
    assertSigned(r.body.data, 'sandbox-jsapi-ticket-hhu', url)
    assert.equal(
      [...calls.token.values()].reduce((a, b) => a + b, 0),
      before
    )
    // demo has credentials: never the sandbox answer
    assert.notEqual((await share('demo', url)).body.data.appId, 'wxsandboxdemo')
    // an official account without its secret: an error, never the sandbox answer
    await ctx.app.db
      .insertInto('school_channel_credential')
      .values({
        school_id: await schoolIdOf(ctx.app, 'fzu'),
        channel: 'wechat-h5',
        app_id: 'wx-oa-fzu',
        updated_at: new Date().toISOString()
      })
      .execute()
    const noSecret = await share('fzu', url)
    assert.deepEqual([noSecret.body.code, noSecret.body.message], [ResultCode.ERROR, '微信分享暂时不可用，请稍后再试'])
    // the sandbox signs our pages only too, once PUBLIC_BASE_URL is known
    assert.equal((await share('hhu', 'https://evil.example.com/')).body.code, ResultCode.ERROR)
  })
})
