/**
 * The personal centre (docs/product §2 mine, mine-don, mine-together, mine-gm; §3 User center; §7 User centre) with gifts
 * made through the server's own donation flow (donate + sandbox notify) and the seeded users' history: my,
 * updateUser rules, donateRecordList, itemsDonateGroup, togetherStatistics, launchList, joinList, namingList.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import {
  Api,
  ResultCode,
  type MyTogetherDonation,
  type Page,
  type PersonalDonation,
  type PersonalNamingRecord,
  type ProjectDonateGroup,
  type TogetherStatistics,
  type UserCenter
} from '../../types'
import { call, login, startApp, type TestContext } from './helpers'
import { AVENUE, SCHOLARSHIP, cancelOrder, demoBody, paidGift, placeOrder, projectIdOf, userIdOf } from './center-fixtures'

let ctx: TestContext
let app: FastifyInstance
let token: string
let scholarship: number
let avenue: number

before(async () => {
  ctx = await startApp()
  app = ctx.app
  token = await login(app, 'demo', 'centre-user')
  scholarship = await projectIdOf(app, 'demo', SCHOLARSHIP)
  avenue = await projectIdOf(app, 'demo', AVENUE)
})
after(async () => {
  await ctx.close()
})

/** an amount the project accepts (some offer fixed amounts only) */
async function allowedAmount(itemsId: number): Promise<string> {
  const p = await app.db
    .selectFrom('project')
    .select(['fix_money', 'is_fix_money', 'is_hand_money'])
    .where('id', '=', itemsId)
    .executeTakeFirstOrThrow()
  const fixed = JSON.parse(p.fix_money) as { fen: number }[]
  return p.is_fix_money && !p.is_hand_money && fixed.length ? (fixed[0].fen / 100).toFixed(2) : '20.00'
}

const get = async <T>(path: string, query: Record<string, string | number> = {}, t = token) =>
  (await call<T>(app, 'demo', path, { query, token: t })).body
const update = async (body: unknown, t = token) => (await call(app, 'demo', Api.updateUser, { method: 'POST', body, token: t })).body

describe('my', () => {
  it('a new user: nothing given, account type 1 (no mobile), login open with the default note', async () => {
    const r = await get<UserCenter>(Api.centerMy)
    assert.equal(r.code, 0)
    assert.deepEqual(
      { ...r.data, userId: 0, avatar: '' },
      {
        userId: 0,
        nickname: '爱心校友',
        // the platform's word, not the donor's: the app shows its own in the page's language (decision 073)
        isDefaultNickname: 1,
        avatar: '',
        donateMoney: '0.00',
        donateCountItems: 0,
        launchCount: 0,
        togetherLaunchCount: 0,
        isOpenLogin: 1,
        accountType: 1,
        loginNotes: '绑定手机号后，可在任意平台登录并查看您的捐赠记录',
        isAlumni: 0
      }
    )
    assert.equal(
      (await get<UserCenter>(Api.centerMy, { lang: 'en' })).data.loginNotes,
      'Bind your mobile to sign in anywhere and see your gifts'
    )
  })
  it('counts only paid gifts: sum and distinct projects', async () => {
    await paidGift(app, 'demo', token, scholarship, { currencyMoney: '100.00' })
    await paidGift(app, 'demo', token, scholarship, { currencyMoney: '50.50' })
    await paidGift(app, 'demo', token, avenue, { currencyMoney: '1.00' })
    await placeOrder(app, 'demo', token, demoBody(avenue, { currencyMoney: '9999.00' }))
    const cancelled = await placeOrder(app, 'demo', token, demoBody(scholarship, { currencyMoney: '8888.00' }))
    await cancelOrder(app, 'demo', token, cancelled)
    const me = (await get<UserCenter>(Api.centerMy)).data
    assert.equal(me.donateMoney, '151.50')
    assert.equal(me.donateCountItems, 2)
  })
  it('needs a token; the userId variant names the caller only', async () => {
    assert.equal((await call(app, 'demo', Api.centerMy)).body.code, ResultCode.TOKEN_INVALID)
    const me = (await get<UserCenter>(Api.centerMy)).data
    assert.equal((await get<UserCenter>(Api.centerMy, { userId: me.userId })).code, 0)
    const other = await get(Api.centerMy, { userId: me.userId + 1 })
    assert.equal(other.code, ResultCode.ERROR)
    assert.equal(other.message, '只能查看自己的信息')
  })
})

describe('updateUser', () => {
  it('nickname: 1 to 20 characters (code points), trimmed, no control characters; the WeChat placeholder is flagged', async () => {
    for (const bad of ['', '   ', 'a'.repeat(21), '赟'.repeat(21), '\u0007\u200b']) {
      const r = await update({ nickname: bad })
      assert.equal(r.code, ResultCode.ERROR, JSON.stringify(bad))
      assert.equal(r.message, '昵称长度应为1到20个字符')
      // names its input, so the popup shows it under the nickname (decision 081)
      assert.deepEqual(r.data, { field: 'nickname' })
    }
    assert.equal((await update({ nickname: '赟喆䶮'.repeat(6) + '赟喆' })).code, 0, '20 rare characters (surrogate pairs count once)')
    // control and invisible characters are removed before the rules (lib/text.ts, docs/decisions/030)
    assert.equal((await update({ nickname: 'bad\u0007name' })).code, 0)
    assert.equal((await get<UserCenter>(Api.centerMy)).data.nickname, 'badname')
    assert.equal((await update({ nickname: '  小王  ' })).code, 0)
    assert.equal((await get<UserCenter>(Api.centerMy)).data.nickname, '小王')
    await update({ nickname: '微信用户' })
    const me = (await get<UserCenter>(Api.centerMy)).data
    assert.deepEqual([me.nickname, me.isDefaultNickname], ['微信用户', 1])
  })
  it('an empty update, a wrong type or an unknown field is refused', async () => {
    assert.equal((await update({})).message, '请填写昵称或头像')
    const typed = await call(app, 'demo', Api.updateUser, { method: 'POST', body: { nickname: 12 }, token })
    assert.equal(typed.status, 400)
    assert.equal((await update({ nickname: 'x', isAdmin: 1 })).code, 0, 'unknown keys are ignored, not applied')
    const row = await app.db
      .selectFrom('app_user')
      .selectAll()
      .where('id', '=', (await get<UserCenter>(Api.centerMy)).data.userId)
      .executeTakeFirstOrThrow()
    assert.equal(row.nickname, 'x')
  })
})

describe('gift lists', () => {
  it("donateRecordList: the caller's paid gifts, newest first, paged", async () => {
    const all = (await get<Page<PersonalDonation>>(Api.donateRecordList, { limit: 10 })).data
    assert.equal(all.total, 3)
    assert.deepEqual(
      all.rows.map((r) => r.donateMoney),
      ['1.00', '50.50', '100.00']
    )
    assert.ok(all.rows.every((r) => /^D\d{14}/.test(r.donatePlatOrder) && r.donateTime.length === 19))
    assert.equal(all.rows[0].itemsName, AVENUE)
    const page2 = (await get<Page<PersonalDonation>>(Api.donateRecordList, { limit: 2, offset: 2 })).data
    assert.deepEqual([page2.total, page2.rows.length, page2.rows[0].id], [3, 1, all.rows[2].id])
  })
  it('itemsDonateGroup: by project, latest project first, sums and counts', async () => {
    const groups = (await get<ProjectDonateGroup[]>(Api.itemsDonateGroup)).data
    assert.deepEqual(
      groups.map((g) => [g.itemsName, g.donateMoney, g.donateCount, g.donateRecordList.length]),
      [
        [AVENUE, '1.00', 1, 1],
        [SCHOLARSHIP, '150.50', 2, 2]
      ]
    )
  })
})

describe('joint donations and naming', () => {
  it('a seeded launcher: launchCount and launchList match the database; friends who join are counted', async () => {
    const seed = await login(app, 'demo', 'seed-user-1')
    const seedId = await userIdOf(app, 'demo', 'seed-user-1')
    const launched = await app.db.selectFrom('together_donation').select(['id', 'items_id']).where('user_id', '=', seedId).execute()
    assert.ok(launched.length > 0, 'the seed gives seed-user-1 joint donations')
    const stats = (await get<TogetherStatistics>(Api.togetherStatistics, {}, seed)).data
    assert.equal(stats.launchCount, launched.length)
    assert.equal(stats.totalCount, stats.launchCount + stats.joinCount)
    const list = (await get<Page<MyTogetherDonation>>(Api.launchList, { limit: 50 }, seed)).data
    assert.deepEqual(list.rows.map((r) => r.id).sort(), launched.map((r) => r.id).sort())
    // each row names the project it raises for (the personal centre's cards show it)
    for (const r of list.rows) {
      const p = await app.db.selectFrom('project').select('name').where('id', '=', r.itemsId).executeTakeFirstOrThrow()
      assert.equal(r.itemsName, p.name)
    }

    // a new donor gives through one of them: joinList for the donor, togetherLaunchCount for the launcher
    const before = (await get<UserCenter>(Api.centerMy, {}, seed)).data.togetherLaunchCount
    const friend = await login(app, 'demo', 'joining-friend')
    const tg = launched[0]
    await paidGift(app, 'demo', friend, tg.items_id, {
      isDonateTogether: 1,
      donateTogetherId: tg.id,
      currencyMoney: await allowedAmount(tg.items_id)
    })
    const joined = (await get<Page<MyTogetherDonation>>(Api.joinList, {}, friend)).data
    assert.deepEqual(
      joined.rows.map((r) => r.id),
      [tg.id]
    )
    assert.deepEqual((await get<TogetherStatistics>(Api.togetherStatistics, {}, friend)).data, {
      launchCount: 0,
      joinCount: 1,
      totalCount: 1
    })
    assert.equal((await get<UserCenter>(Api.centerMy, {}, seed)).data.togetherLaunchCount, before + 1)
    assert.equal((await get<Page<MyTogetherDonation>>(Api.launchList, {}, friend)).data.total, 0)
  })
  it("namingList: the caller's paid naming gifts with what they named, filterable by project", async () => {
    // the seeded user with the most naming gifts
    const rows = await app.db
      .selectFrom('donation')
      .innerJoin('donation_naming', 'donation_naming.donation_id', 'donation.id')
      .innerJoin('app_user', 'app_user.id', 'donation.user_id')
      .innerJoin('school', 'school.id', 'donation.school_id')
      .select(['app_user.open_id', 'donation.id', 'donation.items_id', 'donation_naming.label'])
      .where('school.code', '=', 'demo')
      .where('donation.status', '=', 'paid')
      .execute()
    assert.ok(rows.length > 0, 'the seed has naming gifts by seeded users')
    const openId = rows[0].open_id
    const mine = rows.filter((r) => r.open_id === openId)
    const t = await login(app, 'demo', openId)
    const list = (await get<Page<PersonalNamingRecord>>(Api.namingList, { limit: 999 }, t)).data
    assert.equal(list.total, new Set(mine.map((r) => r.id)).size)
    assert.ok(list.rows.every((r) => r.donateSeatList.length > 0))
    assert.ok(mine.every((m) => list.rows.find((r) => r.id === m.id)?.donateSeatList.some((s) => s.seat.startsWith(m.label))))
    const one = (await get<Page<PersonalNamingRecord>>(Api.namingList, { itemsId: mine[0].items_id }, t)).data
    assert.ok(one.rows.every((r) => r.itemsId === mine[0].items_id))
    // a user without naming gifts sees none
    assert.equal((await get<Page<PersonalNamingRecord>>(Api.namingList)).data.total, 0)
  })
})
