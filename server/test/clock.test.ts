/**
 * Clock tolerance (docs/decisions/040-clock-tolerance.md): a call signed with a timestamp more than 300 s off is refused
 * with the server's time in ms (`data.serverTime`), in the request's language; every answer carries the standard
 * Date header (on the wire, so the app is listened to on a real port), and an allowed web origin may read it (CORS).
 */
import assert from 'node:assert/strict'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import { Api, ResultCode, SIGNATURE } from '../../types'
import { signedHeaders, signKeyOf, startApp, type TestContext } from './helpers'

const ORIGIN = 'https://h5.example.edu.cn'
let ctx: TestContext
let base: string
let signKey: string

before(async () => {
  ctx = await startApp({ build: { corsOrigins: [ORIGIN] } })
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
  signKey = await signKeyOf(ctx.app, 'demo')
})
after(async () => {
  await ctx.close()
})

/** a signed GET whose timestamp is `skewMs` away from this machine's clock, with what the server answered */
async function skewed(skewMs: number, extra: Record<string, string> = {}) {
  const before = Date.now()
  const res = await fetch(`${base}/api/demo${Api.itemsList}?limit=1&offset=0`, {
    headers: { ...signedHeaders(signKey, { timestamp: Date.now() + skewMs }), ...extra }
  })
  const after = Date.now()
  return { res, body: (await res.json()) as { code: number; message: string; data: any }, before, after }
}

describe('a timestamp too far off', () => {
  for (const [name, skew] of [
    ['ten minutes fast', 600_000],
    ['ten minutes slow', -600_000],
    ['just past the window', SIGNATURE.MAX_SKEW_MS + 5_000]
  ] as const) {
    it(`${name}: 401, code -1, "请求已过期" and the server's time in ms`, async () => {
      const { res, body, before, after } = await skewed(skew)
      assert.equal(res.status, 401)
      assert.equal(body.code, ResultCode.ERROR)
      assert.match(body.message, /请求已过期/)
      assert.deepEqual(Object.keys(body.data), ['serverTime'])
      assert.ok(Number.isInteger(body.data.serverTime))
      // the server and this test share one clock: its time lies between sending and answering
      assert.ok(body.data.serverTime >= before && body.data.serverTime <= after, `${body.data.serverTime} in [${before}, ${after}]`)
    })
  }

  it('in English when the call asks for it', async () => {
    const { body } = await skewed(600_000, { lang: 'en' })
    assert.equal(body.message, 'Request expired, please check the device time')
    assert.equal(typeof body.data.serverTime, 'number')
  })

  it('the same call signed within the window is answered; other refusals carry no time', async () => {
    const ok = await skewed(SIGNATURE.MAX_SKEW_MS - 30_000)
    assert.equal(ok.body.code, ResultCode.OK)
    const unsigned = await fetch(`${base}/api/demo${Api.itemsList}?limit=1&offset=0`)
    assert.equal(unsigned.status, 401)
    assert.deepEqual(((await unsigned.json()) as { data: unknown }).data, null)
    const garbled = await fetch(`${base}/api/demo${Api.itemsList}?limit=1&offset=0`, {
      headers: { ...signedHeaders(signKey), signature: 'AAAAAAAAAAAAAAAAAAAAAA==' }
    })
    assert.equal(garbled.status, 401)
    assert.deepEqual(((await garbled.json()) as { data: unknown }).data, null)
  })
})

describe('the Date header', () => {
  it('on answers, refusals and the runtime config, within a second of the server clock', async () => {
    const answers = [
      await skewed(0),
      await skewed(600_000),
      { res: await fetch(`${base}/config/demo/index.json`), before: Date.now() - 2000, after: Date.now() }
    ]
    for (const [i, a] of answers.entries()) {
      const date = a.res.headers.get('date')
      assert.ok(date, `answer ${i} has a Date header`)
      const ms = Date.parse(date)
      // one-second resolution: the server's time when it answered, rounded down
      assert.ok(ms >= Math.floor(a.before / 1000) * 1000 - 1000 && ms <= a.after, `answer ${i}: ${date}`)
    }
  })

  it('an allowed web origin may read it (CORS exposes Date); other origins get no CORS headers', async () => {
    const allowed = (await skewed(600_000, { origin: ORIGIN })).res
    assert.equal(allowed.headers.get('access-control-allow-origin'), ORIGIN)
    assert.match(allowed.headers.get('access-control-expose-headers') ?? '', /(^|,\s*)date(\s*,|$)/i)
    const other = (await skewed(0, { origin: 'https://elsewhere.example' })).res
    assert.equal(other.headers.get('access-control-allow-origin'), null)
    assert.equal(other.headers.get('access-control-expose-headers'), null)
  })
})
