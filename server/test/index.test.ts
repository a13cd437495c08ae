/** P/index: base config and settings, the donation directory (orders, search, masking), totals, articles. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { Api, CampaignKey, SettingKey, type BaseConfig, type DirectoryTotal, type DonationRecord, type Page } from '../../types'
import { fenToYuan } from '../src/lib/money'
import { call, startApp, type TestContext } from './helpers'
import { saveLoginSettings } from '../src/domain/identity/settings'

let ctx: TestContext
before(async () => {
  ctx = await startApp()
})
after(async () => {
  await ctx.close()
})

const schoolId = async (code: string) =>
  (await ctx.app.db.selectFrom('school').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id
const paidRows = async (code: string) =>
  ctx.app.db
    .selectFrom('donation')
    .selectAll()
    .where('school_id', '=', await schoolId(code))
    .where('status', '=', 'paid')
    .execute()
const directory = async (code: string, query: Record<string, string | number> = {}) =>
  (await call<Page<DonationRecord>>(ctx.app, code, Api.donateRecordPage, { query })).body.data
const fenOf = (yuan: string) => Number(yuan.replace('.', ''))

describe('baseConfig and settings', () => {
  it('sends the school texts and its settings', async () => {
    const demo = (await call<BaseConfig>(ctx.app, 'demo', Api.baseConfig)).body.data
    assert.equal(demo.title, '示范大学教育发展基金会')
    assert.match(demo.agreeContent, /捐赠/)
    assert.equal(demo.shareImg, '/files/seed/share-demo.jpg')
    assert.deepEqual(demo.settings, {
      hideStatistics: false,
      disableOnlineDonation: false,
      offlineContactInfo: '',
      maskDonorNames: false,
      hideDirectorySearch: false,
      hideProjectDirectory: false,
      defaultDirectoryOrder: '',
      projectListVariant: 'tabs',
      campaignItems: demo.settings.campaignItems
    })
    // the demo school's seat-naming hall is the jnu seat campaign (naming demo data); the map campaigns (decision 016)
    // that no other seeded school runs are the demo school's too (docs/decisions/016)
    assert.deepEqual(
      Object.keys(demo.settings.campaignItems).sort(),
      [
        CampaignKey.JNU_SEAT,
        CampaignKey.TREE_NAMING,
        CampaignKey.TREE_NAMING_XZIT,
        CampaignKey.TREE_NAMING_GMU,
        CampaignKey.SEAT_NAMING,
        CampaignKey.HALL_NAMING,
        CampaignKey.BUILD_NAMING,
        CampaignKey.WALL_NAMING,
        CampaignKey.ARTWORK_NAMING
      ].sort()
    )
    assert.ok(Number(demo.settings.campaignItems[CampaignKey.JNU_SEAT]) > 0)
    const cpu = (await call<BaseConfig>(ctx.app, 'cpu', Api.baseConfig)).body.data.settings
    assert.equal(cpu.projectListVariant, 'dropdown')
    assert.equal(cpu.maskDonorNames, true)
    const fzu = (await call<BaseConfig>(ctx.app, 'fzu', Api.baseConfig)).body.data.settings
    assert.equal(fzu.hideStatistics, true)
    assert.equal(fzu.disableOnlineDonation, true)
    assert.match(fzu.offlineContactInfo, /0591/)
    assert.equal(fzu.hideDirectorySearch, true)
    assert.equal(fzu.hideProjectDirectory, true)
  })
  it('tells the app before sign-in whether the school offers mobile/password login', async () => {
    assert.equal((await call<BaseConfig>(ctx.app, 'demo', Api.baseConfig)).body.data.isOpenLogin, 1)
    const school = await ctx.app.db.selectFrom('school').select('id').where('code', '=', 'cpu').executeTakeFirstOrThrow()
    await saveLoginSettings(ctx.app.db, Number(school.id), { isOpenLogin: false })
    assert.equal((await call<BaseConfig>(ctx.app, 'cpu', Api.baseConfig)).body.data.isOpenLogin, 0)
    assert.equal((await call<BaseConfig>(ctx.app, 'demo', Api.baseConfig)).body.data.isOpenLogin, 1, 'other schools unchanged')
    await saveLoginSettings(ctx.app.db, Number(school.id), { isOpenLogin: true })
  })
  it('maps campaign keys to real projects of that school', async () => {
    const hhu = (await call<BaseConfig>(ctx.app, 'hhu', Api.baseConfig)).body.data.settings
    assert.equal(hhu.defaultDirectoryOrder, '1')
    for (const key of [CampaignKey.HHU_SEAT, CampaignKey.HHU_TREE_DEFAULT, CampaignKey.HHU_TREE_YC, CampaignKey.HHU_TREE_JN]) {
      const id = hhu.campaignItems[key]
      assert.ok(Number.isInteger(id), key)
      const p = (await call(ctx.app, 'hhu', Api.itemsDetail, { query: { id } })).body
      assert.equal(p.code, 0, key)
      assert.equal(p.data.itemsType, 2, `${key} is a naming project`)
    }
    const seat = (await call(ctx.app, 'hhu', Api.itemsDetail, { query: { id: hhu.campaignItems[CampaignKey.HHU_SEAT] } })).body.data
    assert.equal(seat.name, '大礼堂座椅冠名')
    const cpu = (await call<BaseConfig>(ctx.app, 'cpu', Api.baseConfig)).body.data.settings
    assert.deepEqual(Object.keys(cpu.campaignItems), [CampaignKey.TREE_NAMING_CPU])
  })
  it('getSettingValue returns the alumni-auth-skip JSON string', async () => {
    const r = await call(ctx.app, 'hhu', Api.getSettingValue, { query: { key: SettingKey.ALUMNI_AUTH_SKIP } })
    assert.equal(typeof r.body.data, 'string')
    assert.deepEqual(JSON.parse(r.body.data), { appid: 'wxalumnihhu', path: 'pages/auth/index', originalId: 'gh_hhualumni01' })
    assert.equal((await call(ctx.app, 'hhu', Api.getSettingValue, { query: { key: 'unknown_key' } })).body.data, '')
  })
})

describe('donateRecordPage', () => {
  it('lists only paid gifts, 20 per page by default, newest first when the school default is time', async () => {
    const paid = await paidRows('demo')
    const page = await directory('demo')
    assert.equal(page.total, paid.length)
    assert.ok(page.total >= 40)
    assert.equal(page.rows.length, 20)
    assert.ok(
      page.rows.every((r) => fenOf(r.donateMoney) < 99_999_900),
      'pending/cancelled orders never listed'
    )
    const times = page.rows.map((r) => r.donateTime)
    assert.deepEqual(times, [...times].sort().reverse())
  })
  it('sorts in each of the four orders over the whole list', async () => {
    const all = async (order: string) => (await directory('demo', { order, limit: 500 })).rows
    const byTimeDesc = await all('')
    const byTimeAsc = await all('donate_time_asc')
    const byMoneyDesc = await all('1')
    const byMoneyAsc = await all('donate_money_asc')
    const t = (rows: DonationRecord[]) => rows.map((r) => r.donateTime)
    const m = (rows: DonationRecord[]) => rows.map((r) => fenOf(r.donateMoney))
    assert.deepEqual(t(byTimeDesc), [...t(byTimeDesc)].sort().reverse())
    assert.deepEqual(t(byTimeAsc), [...t(byTimeAsc)].sort())
    assert.deepEqual(
      m(byMoneyDesc),
      [...m(byMoneyDesc)].sort((a, b) => b - a)
    )
    assert.deepEqual(
      m(byMoneyAsc),
      [...m(byMoneyAsc)].sort((a, b) => a - b)
    )
    assert.notDeepEqual(m(byMoneyDesc), m(byTimeDesc), 'money order differs from time order on this data')
  })
  it('uses the school default order when order is absent', async () => {
    const hhu = (await directory('hhu', { limit: 500 })).rows.map((r) => fenOf(r.donateMoney))
    assert.deepEqual(
      hhu,
      [...hhu].sort((a, b) => b - a),
      'hhu defaults to money desc'
    )
    const explicit = (await directory('hhu', { order: '', limit: 500 })).rows.map((r) => r.donateTime)
    assert.deepEqual(explicit, [...explicit].sort().reverse(), 'order= (empty) is time desc')
    const fzu = (await directory('fzu', { limit: 500 })).rows.map((r) => r.donateTime)
    assert.deepEqual(fzu, [...fzu].sort(), 'fzu defaults to time asc')
  })
  it('refuses an unknown order value', async () => {
    const r = await call(ctx.app, 'demo', Api.donateRecordPage, { query: { order: 'name' } })
    assert.equal(r.status, 400)
    assert.equal(r.body.message, '参数 order 格式不正确')
  })
  it('pages without repeats', async () => {
    const a = await directory('demo', { limit: 15, offset: 0, order: '1' })
    const b = await directory('demo', { limit: 15, offset: 15, order: '1' })
    assert.equal(a.total, b.total)
    const ids = [...a.rows, ...b.rows].map((r) => r.id)
    assert.equal(new Set(ids).size, 30)
  })
  it('labels anonymous gifts in the request language and hides their real name from search', async () => {
    const anon = (await paidRows('demo')).filter((d) => d.is_anonymous)
    assert.ok(anon.length > 0)
    const rows = (await directory('demo', { limit: 500 })).rows
    const anonRows = rows.filter((r) => anon.some((a) => a.id === r.id))
    assert.ok(anonRows.every((r) => r.name === '匿名爱心人士' && r.avatar === ''))
    const en = (await directory('demo', { limit: 500, lang: 'en' })).rows
    assert.ok(en.filter((r) => anon.some((a) => a.id === r.id)).every((r) => r.name === 'Anonymous donor'))
    // A fresh anonymous gift under a unique real name: findable by project, never by that name.
    const p = (await paidRows('demo'))[0]
    await ctx.app.db
      .insertInto('donation')
      .values({
        bill_no: 'TESTANON0001',
        school_id: p.school_id,
        items_id: p.items_id,
        sub_items_id: null,
        user_id: null,
        together_id: null,
        donor_name: '隐名测试人',
        is_anonymous: 1,
        amount_fen: 12345,
        material_number: 0,
        pay_type: 1,
        status: 'paid',
        created_at: new Date().toISOString(),
        paid_at: new Date().toISOString()
      })
      .execute()
    assert.equal((await directory('demo', { s: '隐名测试人' })).total, 0)
    const project = (await call(ctx.app, 'demo', Api.itemsDetail, { query: { id: p.items_id } })).body.data
    const byProject = await directory('demo', { s: project.name, limit: 500 })
    assert.ok(byProject.rows.some((r) => r.donateMoney === '123.45' && r.name === '匿名爱心人士'))
  })
  it('masks names at schools that ask for it (code points), never the anonymous label', async () => {
    const rows = (await directory('cpu', { limit: 500 })).rows
    const rare = (await paidRows('cpu')).find((d) => d.donor_name === '赟喆䶮')!
    assert.equal(rows.find((r) => r.id === rare.id)!.name, '赟**')
    assert.ok(rows.every((r) => r.name === '匿名爱心人士' || /^.\*\*$/u.test(r.name)))
    assert.ok(rows.some((r) => r.name === '匿名爱心人士'))
    const demo = (await directory('demo', { limit: 500 })).rows
    assert.ok(
      demo.some((r) => r.name === '赟喆䶮'),
      'no masking at demo'
    )
  })
  it('searches donor names and project names, and filters by project and joint donation', async () => {
    const byDonor = await directory('demo', { s: '赟喆䶮' })
    assert.equal(byDonor.total, 1)
    const byProject = await directory('demo', { s: '林荫大道', limit: 100 })
    assert.ok(byProject.total > 0)
    assert.ok(byProject.rows.every((r) => r.itemsName === '校园林荫大道改造'))
    const paid = await paidRows('demo')
    const itemsId = paid[0].items_id
    const byItem = await directory('demo', { itemsId, limit: 100 })
    assert.equal(byItem.total, paid.filter((d) => d.items_id === itemsId).length)
    const together = paid.find((d) => d.together_id)!
    const byTogether = await directory('demo', { donateTogetherId: together.together_id!, limit: 100 })
    assert.equal(byTogether.total, paid.filter((d) => d.together_id === together.together_id).length)
  })
  it('describes goods gifts, sub-projects and named seats', async () => {
    const rows = (await directory('demo', { limit: 500 })).rows
    const goods = rows.find((r) => r.crowdType === 2)!
    assert.ok(goods.donateMaterialNumber > 0)
    assert.ok(['册', '套'].includes(goods.materialUnit))
    assert.ok(rows.some((r) => r.subItemsName !== ''))
    assert.ok(rows.some((r) => /座$/.test(r.seats)))
  })
})

describe('total', () => {
  /** Every row the directory lists for this query, all pages. */
  const listed = async (code: string, query: Record<string, string | number> = {}) => {
    const out: DonationRecord[] = []
    for (let offset = 0; ; offset += 100) {
      const page = await directory(code, { ...query, limit: 100, offset })
      out.push(...page.rows)
      if (out.length >= page.total || !page.rows.length) return out
    }
  }
  const moneyOf = (rows: DonationRecord[]) => fenToYuan(rows.filter((r) => r.crowdType !== 2).reduce((a, r) => a + fenOf(r.donateMoney), 0))
  it('matches the rows the directory lists: for the school, per project and under a search', async () => {
    const all = await listed('demo')
    const t = (await call<DirectoryTotal>(ctx.app, 'demo', Api.total)).body.data
    const paid = await paidRows('demo')
    const unlisted = await ctx.app.db
      .selectFrom('donation_submission as ds')
      .innerJoin('donation as d', 'd.id', 'ds.donation_id')
      .select(['d.id', 'd.amount_fen', 'd.items_id'])
      .where('d.school_id', '=', await schoolId('demo'))
      .where('d.status', '=', 'paid')
      .where('ds.is_no_data', '=', 1)
      .execute()
    // gifts whose donor asked not to be listed count (as in every project total) and are answered as such
    assert.equal(t.totalCount, all.length + unlisted.length)
    assert.equal(t.unlistedCount, unlisted.length || undefined)
    assert.equal(paid.length, t.totalCount)
    assert.equal(fenOf(t.totalMoney), fenOf(moneyOf(all)) + unlisted.reduce((a, d) => a + Number(d.amount_fen), 0))
    assert.ok(
      all.some((r) => r.crowdType === 2),
      'goods gifts are listed and counted, not summed as yuan'
    )
    const giftId = all.find((r) => r.crowdType !== 2)!.id
    const row = await ctx.app.db.selectFrom('donation').select('items_id').where('id', '=', giftId).executeTakeFirstOrThrow()
    const mine = await listed('demo', { itemsId: row.items_id })
    const ti = (await call<DirectoryTotal>(ctx.app, 'demo', Api.total, { query: { itemsId: row.items_id } })).body.data
    const hidden = unlisted.filter((d) => d.items_id === row.items_id)
    assert.equal(ti.totalCount, mine.length + hidden.length)
    assert.equal(fenOf(ti.totalMoney), fenOf(moneyOf(mine)) + hidden.reduce((a, d) => a + Number(d.amount_fen), 0))
    const project = await ctx.app.db.selectFrom('project').select('offline_fen').where('id', '=', row.items_id).executeTakeFirstOrThrow()
    assert.equal(ti.offlineMoney ?? '0.00', fenToYuan(project.offline_fen))
    const s = all[0].itemsName.slice(0, 2)
    const found = await listed('demo', { s })
    const ts = (await call<DirectoryTotal>(ctx.app, 'demo', Api.total, { query: { s } })).body.data
    assert.ok(found.length > 0 && found.length < all.length, `search ${s} narrows the list`)
    assert.deepEqual(ts, { totalCount: found.length, totalMoney: moneyOf(found) }, 'the total follows the search, without offline money')
    const unpaid = await ctx.app.db.selectFrom('donation').select('id').where('status', '!=', 'paid').execute()
    assert.ok(unpaid.length > 0, 'the seed holds unpaid orders that must be excluded')
  })
})

describe('articles', () => {
  it('lists index articles by category, 20 per page, newest first, without content', async () => {
    const all = (await call(ctx.app, 'demo', Api.articleList)).body.data
    assert.equal(all.total, 7)
    const cats = await ctx.app.db
      .selectFrom('article_category')
      .select(['id', 'name'])
      .where('school_id', '=', await schoolId('demo'))
      .where('source', '=', 'index')
      .orderBy('sort_no')
      .execute()
    const news = (await call(ctx.app, 'demo', Api.articleList, { query: { categoryId: cats[0].id } })).body.data
    assert.equal(news.total, 4)
    const dates = news.rows.map((r: { publishDate: string }) => r.publishDate)
    assert.deepEqual(dates, [...dates].sort().reverse())
    assert.equal(news.rows[0].content, undefined)
    assert.match(news.rows[0].thumbnailImage, /^\/files\/seed\//)
  })
  it('returns the detail with its raw HTML and counts the read', async () => {
    const first = (await call(ctx.app, 'demo', Api.articleList)).body.data.rows[0]
    const d1 = (await call(ctx.app, 'demo', Api.articleDetail, { query: { id: first.id } })).body.data
    assert.equal(d1.readCount, first.readCount + 1)
    assert.match(d1.content, /<img src="\/files\/seed\/article-1\.jpg"/)
    assert.match(d1.content, /<script>/, 'stored as written; the app sanitises')
    const d2 = (await call(ctx.app, 'demo', Api.articleDetail, { query: { id: first.id } })).body.data
    assert.equal(d2.readCount, first.readCount + 2)
    assert.equal((await call(ctx.app, 'hhu', Api.articleDetail, { query: { id: first.id } })).body.code, -1, 'other school')
    assert.equal((await call(ctx.app, 'demo', Api.articleDetail, { query: { id: 999999, lang: 'en' } })).body.message, 'Article not found')
  })
  it('serves web-source articles by website (default 1)', async () => {
    const site1 = (await call(ctx.app, 'demo', Api.webArticleList)).body.data
    assert.equal(site1.total, 3)
    assert.ok(site1.rows.every((r: { articleTitle: string; title: string }) => r.articleTitle === r.title))
    const site2 = (await call(ctx.app, 'demo', Api.webArticleList, { query: { websiteId: 2 } })).body.data
    assert.equal(site2.total, 1)
    const detail = (await call(ctx.app, 'demo', Api.webArticleDetail, { query: { articleId: site1.rows[0].id } })).body.data
    assert.match(detail.content, /<p>/)
    const indexId = (await call(ctx.app, 'demo', Api.articleList)).body.data.rows[0].id
    assert.equal(
      (await call(ctx.app, 'demo', Api.webArticleDetail, { query: { articleId: indexId } })).body.code,
      -1,
      'index article is not a web article'
    )
  })
})
