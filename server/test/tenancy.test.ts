/** Tenancy invariants, the idempotent seed, and adding a school as data (what cli/add-school.ts does). */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { Api, type BaseConfig } from '../../types'
import { createSchool } from '../src/domain/school/service'
import { seedIfEmpty } from '../src/seed'
import { call, login, startApp, type TestContext } from './helpers'

let ctx: TestContext
before(async () => {
  ctx = await startApp()
})
after(async () => {
  await ctx.close()
})

const count = async (table: 'school' | 'project' | 'donation' | 'article') =>
  Number(
    (
      await ctx.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n
  )

describe('tenancy', () => {
  it('every table except school and migration bookkeeping carries school_id', async () => {
    const tables = await ctx.app.db.introspection.getTables()
    // shared_entry (decision 023) is the processes' shared store of nonces, rate windows and leases: its keys name
    // the school where the entry is per school, and no donor or staff answer ever reads from it
    const tenant = tables.filter((t) => t.name !== 'school' && t.name !== 'shared_entry' && !t.name.startsWith('kysely_'))
    assert.ok(tenant.length >= 18)
    for (const t of tenant)
      assert.ok(
        t.columns.some((c) => c.name === 'school_id'),
        `${t.name} has school_id`
      )
  })
  it('seeds at least 8 projects and 40 paid gifts per demo school', async () => {
    for (const code of ['demo', 'hhu', 'cpu']) {
      const list = (await call(ctx.app, code, Api.itemsList, { query: { limit: 100 } })).body.data
      // demo: 14 catalogue projects + the 8 map campaigns (docs/decisions/016)
      assert.ok(list.total >= 8 && list.total <= 22, `${code}: ${list.total} projects`)
      const total = (await call(ctx.app, code, Api.total)).body.data
      assert.ok(total.totalCount >= 40, `${code}: ${total.totalCount} paid gifts`)
    }
  })
  it('the seed is idempotent', async () => {
    const before = await Promise.all([count('school'), count('project'), count('donation'), count('article')])
    assert.equal(await seedIfEmpty(ctx.app.db, ctx.dataDir), false)
    assert.deepEqual(await Promise.all([count('school'), count('project'), count('donation'), count('article')]), before)
  })
  it('a school added as data works at once, empty and isolated', async () => {
    const { signKey } = await ctx.app.db.transaction().execute((trx) =>
      createSchool(trx, {
        code: 'xzit',
        name: '徐州工程学院教育发展基金会',
        settings: { maskDonorNames: true, defaultDirectoryOrder: '1' }
      })
    )
    assert.match(signKey, /^[A-Za-z0-9]{16}$/)
    const cfg = (await ctx.app.inject({ url: '/config/xzit/index.json' })).json()
    assert.equal(cfg.signKey, signKey)
    assert.equal(cfg.api, '/api/xzit')
    const base = (await call<BaseConfig>(ctx.app, 'xzit', Api.baseConfig)).body.data
    assert.equal(base.title, '徐州工程学院教育发展基金会')
    assert.equal(base.settings.maskDonorNames, true)
    assert.equal(base.settings.defaultDirectoryOrder, '1')
    assert.deepEqual((await call(ctx.app, 'xzit', Api.itemsList)).body.data, { total: 0, rows: [] })
    assert.deepEqual((await call(ctx.app, 'xzit', Api.total)).body.data, { totalCount: 0, totalMoney: '0.00' })
    const token = await login(ctx.app, 'xzit', 'first-user')
    assert.equal((await call(ctx.app, 'demo', Api.baseInfo, { token })).body.code, -997)
    assert.deepEqual((await ctx.app.inject({ url: '/config/index.json' })).json(), { school: 'demo' }, 'default unchanged')
    await assert.rejects(createSchool(ctx.app.db, { code: 'Bad Code!', name: 'x' }))
  })
})
