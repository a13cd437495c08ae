/**
 * The read cache of public answers (perf/read-cache.ts, docs/decisions/026-read-path.md): a paid donation shows in
 * itemsDetail right after its notify in the same process, each language has its own entry, a user-scoped route is
 * never served from it, a cached answer still needs a valid signature and a fresh nonce, and a write made by another
 * process (a direct database write here) is seen once the TTL has run out.
 */
import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import { after, before, describe, it } from 'node:test'
import { Api, type Project } from '../../types'
import Fastify from 'fastify'
import { cacheKey, installReadCache, ReadCache } from '../src/perf/read-cache'
import { call, login, signedHeaders, signKeyOf, startApp, type TestContext } from './helpers'
import { demoBody, fen, placeOrder, projectIdOf, sandboxNotify } from './order-fixtures'

const TTL = 4000
let ctx: TestContext
let token: string
let id: number
const stats = () => ({ ...ctx.app.readCache!.stats })
const detail = async (lang?: string) =>
  (await call<Project>(ctx.app, 'demo', Api.itemsDetail, { query: { id, ...(lang ? { lang } : {}) } })).body

before(async () => {
  ctx = await startApp({ build: { readCacheTtlMs: TTL } })
  token = await login(ctx.app, 'demo', 'reader')
  id = await projectIdOf(ctx.app, 'demo', '示范大学励志奖学金')
})
after(async () => {
  await ctx.close()
})

describe('read cache', () => {
  it('serves a repeated public read from the cache, with a fresh signature still required', async () => {
    const a = await detail()
    const s0 = stats()
    const b = await detail()
    assert.equal(stats().hits, s0.hits + 1)
    assert.deepEqual(b, a)
    // a cached answer is no way around the signature: a replayed nonce is refused
    const headers = signedHeaders(await signKeyOf(ctx.app, 'demo'))
    const url = `/api/demo${Api.itemsDetail}?id=${id}`
    assert.equal((await ctx.app.inject({ url, headers })).json().code, 0)
    const replay = (await ctx.app.inject({ url, headers })).json()
    assert.equal(replay.code, -1)
    assert.equal(stats().hits, s0.hits + 2)
  })

  it('a paid donation shows in itemsDetail at once after its notify, in the same process', async () => {
    const bill = await placeOrder(ctx.app, 'demo', token, demoBody(id, { currencyMoney: '12.34' }))
    const before = await detail()
    assert.deepEqual(await detail(), before) // cached now
    assert.equal((await sandboxNotify(ctx.app, 'demo', bill)).body.data.status, 'applied')
    const afterPaid = await detail()
    assert.equal(fen(afterPaid.data.completeMoney) - fen(before.data.completeMoney), 1234)
    assert.equal(afterPaid.data.payCounts - before.data.payCounts, 1)
  })

  it('each language has its own entry', async () => {
    const s0 = stats()
    const zh = await detail('zh_CN')
    const en = await detail('en_US')
    const s1 = stats()
    // the English read was not served the Chinese entry (cached by the tests above): a miss, stored on its own
    assert.equal(s1.hits, s0.hits + 1)
    assert.equal(s1.misses, s0.misses + 1)
    assert.equal(en.code, 0)
    assert.deepEqual(await detail('en_US'), en)
    assert.deepEqual(await detail('zh_CN'), zh)
    assert.equal(stats().hits, s1.hits + 2)
    // and the keys differ by language alone
    assert.notEqual(cacheKey(Api.itemsDetail, 'en_US', { id }), cacheKey(Api.itemsDetail, 'zh_CN', { id }))
    assert.equal(
      cacheKey(Api.itemsList, 'zh_CN', { limit: 10, offset: 0 }),
      cacheKey(Api.itemsList, 'zh_CN', { offset: 0, limit: 10, lang: 'zh_CN' })
    )
  })

  it('a user-scoped route is never served from the cache', async () => {
    const other = await login(ctx.app, 'demo', 'reader-two')
    const s0 = stats()
    const mine = await call(ctx.app, 'demo', Api.awardList, { token })
    const theirs = await call(ctx.app, 'demo', Api.awardList, { token: other })
    await call(ctx.app, 'demo', Api.awardList, { token })
    assert.equal(mine.body.code, 0)
    assert.equal(theirs.body.code, 0)
    assert.deepEqual(stats(), s0, 'the cache neither looked up nor stored a signed-in answer')
    // and without a token it is still refused, never answered from anything stored
    assert.equal((await call(ctx.app, 'demo', Api.awardList)).body.code, -997)
  })

  it('a write by another process (a direct database write) is seen once the TTL has run out', async () => {
    const name0 = (await detail()).data.name
    const t0 = Date.now()
    await ctx.app.db
      .updateTable('project')
      .set({ name: `${name0}·改` })
      .where('id', '=', id)
      .execute()
    const soon = (await detail()).data.name
    if (Date.now() - t0 < TTL) assert.equal(soon, name0, 'within the TTL the cached answer stands')
    await sleep(TTL + 100)
    assert.equal((await detail()).data.name, `${name0}·改`)
    await ctx.app.db.updateTable('project').set({ name: name0 }).where('id', '=', id).execute()
  })

  it('a route that reads the session cannot be declared a cached public read; a read older than a write is not stored', async () => {
    const app = Fastify()
    installReadCache(app, new ReadCache(1000))
    await assert.rejects(async () => {
      app.get('/x', { config: { readCache: true, session: 'required' } }, async () => ({ code: 0 }))
      await app.ready()
    }, /cannot be a cached public read/)
    await app.close()
    const cache = new ReadCache(1000)
    assert.equal(cache.set(1, 'k', '{"code":0}', cache.generation(1)), true)
    const g = cache.generation(1)
    cache.clear(1)
    assert.equal(cache.get(1, 'k'), undefined)
    assert.equal(cache.set(1, 'k', 'stale', g), false, 'a read that began before a write does not store its answer')
  })
})
