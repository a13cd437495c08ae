/**
 * A school that hides its statistics has them hidden by the API too (docs/decisions/048-naming-forms-whole.md): the
 * seeded fzu refuses the school and directory totals and the sub-project totals with -1 and a message in the
 * request's language, and its projects carry no donor count; demo (statistics shown) answers all of them.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { Api, type DirectoryTotal, type Page, type Project, type ProjectSummary, type SubItemStatistic } from '../../types'
import { paidGift, SCHOLARSHIP } from './center-fixtures'
import { call, login, startApp, type TestContext } from './helpers'
import { projectIdOf } from './order-fixtures'

let ctx: TestContext
before(async () => {
  ctx = await startApp()
})
after(async () => {
  await ctx.close()
})

describe('hidden statistics (settings.hideStatistics)', () => {
  it('fzu: totals and sub-project totals refused with -1 in the caller language; no donor counts on projects', async () => {
    const fzuProject = (await call<Page<ProjectSummary>>(ctx.app, 'fzu', Api.itemsList, { query: { limit: 10, offset: 0 } })).body.data
      .rows[0]
    const total = await call<DirectoryTotal>(ctx.app, 'fzu', Api.total)
    assert.equal(total.body.code, -1)
    assert.equal(total.body.message, '本校未公开捐赠统计')
    assert.equal(total.body.data ?? null, null)
    const en = await call<DirectoryTotal>(ctx.app, 'fzu', Api.total, { query: { itemsId: fzuProject.id }, headers: { lang: 'en' } })
    assert.deepEqual([en.body.code, en.body.message], [-1, 'This school does not publish donation statistics'])
    const subs = await call<SubItemStatistic[]>(ctx.app, 'fzu', Api.subItemsStatistics, { query: { itemsId: fzuProject.id } })
    assert.equal(subs.body.code, -1)
    // the seed has fzu gifts: the counts exist in the database but are not answered
    const paidCount = Number(
      (
        await ctx.app.db
          .selectFrom('donation')
          .innerJoin('school', 'school.id', 'donation.school_id')
          .where('school.code', '=', 'fzu')
          .where('donation.status', '=', 'paid')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n
    )
    assert.ok(paidCount > 0, 'the seed has paid fzu gifts')
    const rows = (await call<Page<ProjectSummary>>(ctx.app, 'fzu', Api.itemsList, { query: { limit: 100, offset: 0 } })).body.data.rows
    assert.ok(rows.length > 0)
    assert.ok(rows.every((r) => r.payCounts === 0))
    const detail = (await call<Project>(ctx.app, 'fzu', Api.itemsDetail, { query: { id: fzuProject.id } })).body.data
    assert.equal(detail.payCounts, 0)
  })

  it('demo: the same calls answer the figures', async () => {
    const scholarship = await projectIdOf(ctx.app, 'demo', SCHOLARSHIP)
    await paidGift(ctx.app, 'demo', await login(ctx.app, 'demo', 'stats-dora'), scholarship)
    const total = await call<DirectoryTotal>(ctx.app, 'demo', Api.total)
    assert.equal(total.body.code, 0)
    assert.equal(
      (await call<SubItemStatistic[]>(ctx.app, 'demo', Api.subItemsStatistics, { query: { itemsId: scholarship } })).body.code,
      0
    )
    const detail = (await call<Project>(ctx.app, 'demo', Api.itemsDetail, { query: { id: scholarship } })).body.data
    assert.ok(detail.payCounts >= 1)
  })
})
