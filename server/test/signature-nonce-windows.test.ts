/**
 * donate's nonce claim made with its rate windows (plugins/signature.ts nonceWithWindows, docs/decisions/087): a
 * replayed donate is refused as every replayed signed request is (nonceReplayed, HTTP 401) and counts toward no
 * window; a donate that fails before its handler (no session, a malformed body) still uses its nonce, so its replay
 * is refused as a replay; of the same request sent several times at once exactly one gets past the nonce. Runs on
 * the suite's store: the database (SQLite or PostgreSQL), or Redis with REDIS_URL.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { Api, ResultCode } from '../../types'
import { call, login, signedHeaders, signKeyOf, startApp, type TestContext } from './helpers'
import { SCHOLARSHIP } from './center-fixtures'
import { demoBody, projectIdOf } from './order-fixtures'

let ctx: TestContext
let itemsId: number
let signKey: string

const REPLAYED = '重复的请求'

describe("donate's nonce claimed with its rate windows", () => {
  before(async () => {
    // two orders a minute per donor: a replay counted by mistake would use up the second
    ctx = await startApp({ build: { orders: { rateLimits: { perUser: 2, perDevice: 100 } } } })
    itemsId = await projectIdOf(ctx.app, 'demo', SCHOLARSHIP)
    signKey = await signKeyOf(ctx.app, 'demo')
  })
  after(async () => {
    await ctx?.close()
  })

  it('a replayed donate is refused as a replay and counts toward no window', async () => {
    const token = await login(ctx.app, 'demo', 'nonce-windows-1')
    const headers = signedHeaders(signKey)
    const first = await call(ctx.app, 'demo', Api.donate, { method: 'POST', body: demoBody(itemsId), token, headers })
    assert.equal(first.body.code, 0, first.body.message)
    for (let i = 0; i < 3; i++) {
      const replay = await call(ctx.app, 'demo', Api.donate, { method: 'POST', body: demoBody(itemsId), token, headers })
      assert.deepEqual([replay.status, replay.body.code, replay.body.message], [401, ResultCode.ERROR, REPLAYED])
    }
    // the second order of the minute goes through, the third is over the donor's window
    const second = await call(ctx.app, 'demo', Api.donate, { method: 'POST', body: demoBody(itemsId, { currencyMoney: '3.00' }), token })
    assert.equal(second.body.code, 0, second.body.message)
    const third = await call(ctx.app, 'demo', Api.donate, { method: 'POST', body: demoBody(itemsId, { currencyMoney: '4.00' }), token })
    assert.equal(third.status, 429)
  })

  it('a donate refused before its handler uses its nonce all the same: the replay is refused as a replay', async () => {
    const token = await login(ctx.app, 'demo', 'nonce-windows-2')
    const unsigned = signedHeaders(signKey)
    const noSession = await call(ctx.app, 'demo', Api.donate, { method: 'POST', body: demoBody(itemsId), headers: unsigned })
    assert.equal(noSession.body.code, ResultCode.TOKEN_INVALID)
    const again = await call(ctx.app, 'demo', Api.donate, { method: 'POST', body: demoBody(itemsId), token, headers: unsigned })
    assert.deepEqual([again.status, again.body.message], [401, REPLAYED])

    const malformed = signedHeaders(signKey)
    const bad = await call(ctx.app, 'demo', Api.donate, { method: 'POST', body: { itemsId: 'x' }, token, headers: malformed })
    assert.equal(bad.status, 400)
    const badAgain = await call(ctx.app, 'demo', Api.donate, { method: 'POST', body: demoBody(itemsId), token, headers: malformed })
    assert.deepEqual([badAgain.status, badAgain.body.message], [401, REPLAYED])
  })

  it('the same donate sent five times at once: one gets past the nonce, the other four are replays', async () => {
    const token = await login(ctx.app, 'demo', 'nonce-windows-3')
    const headers = signedHeaders(signKey)
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call(ctx.app, 'demo', Api.donate, { method: 'POST', body: demoBody(itemsId), token, headers }))
    )
    assert.equal(answers.filter((a) => a.body.message === REPLAYED).length, 4, JSON.stringify(answers.map((a) => a.body)))
    assert.equal(answers.filter((a) => a.body.code === 0).length, 1)
  })
})
