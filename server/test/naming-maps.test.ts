/**
 * Naming maps: map configs per school and map id, getSeatStatusList filters and statuses, getSeatDetail
 * with the school's name rules, the tree pledge through the naming order flow (held while paying, named on the
 * sandbox notify, hhu trees only with the caller's signed agreement, one winner among concurrent pledges) and the
 * artwork prices by count (docs/product §2, §3, §4, §5, §7, §9).
 */
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { Api, CampaignKey, type MapConfig, type MapSeat, type NamingArea, type Seat, type SeatStatusMap } from '../../types'
import { call, login, startApp, type TestContext } from './helpers'
import { areasOf, campaignItem, donateNaming, seatRow, seatsOf } from './naming-fixtures'
import { demoBody, orderRow, sandboxNotify, schoolIdOf } from './order-fixtures'

let ctx: TestContext

before(async () => {
  ctx = await startApp()
})
after(async () => {
  await ctx.close()
})

const mapOf = (school: string, id: string, lang = 'zh_CN') => call<MapConfig>(ctx.app, school, Api.namingMap, { query: { id, lang } })
const statusList = (school: string, filter: Record<string, unknown>) =>
  call<SeatStatusMap>(ctx.app, school, Api.getSeatStatusList, { method: 'POST', body: filter })
const detail = (school: string, seatId: number, token?: string) =>
  call<MapSeat>(ctx.app, school, Api.getSeatDetail, { query: { seatId }, ...(token ? { token } : {}) })

/** Every seat of a project as the database holds it, with its map profile and list price. */
async function seatsWithProfile(school: string, itemsId: number) {
  const sid = await schoolIdOf(ctx.app, school)
  const rows = await ctx.app.db
    .selectFrom('naming_seat as s')
    .innerJoin('naming_area as a', 'a.id', 's.area_id')
    .leftJoin('naming_seat_profile as p', 'p.seat_id', 's.id')
    .select(['s.id', 's.label', 's.status', 's.area_id', 's.price_list', 'a.price_list as area_prices', 'p.name', 'p.intro'])
    .where('s.school_id', '=', sid)
    .where('s.items_id', '=', itemsId)
    .orderBy('s.id')
    .execute()
  return rows.map((r) => {
    const list = JSON.parse(r.price_list || r.area_prices) as { fen: number }[]
    return { ...r, fen: list[0].fen }
  })
}

const keys = (m: SeatStatusMap) =>
  Object.keys(m)
    .map(Number)
    .sort((a, b) => a - b)

describe('map configs', () => {
  it('serves each school its own config by map id, with images that exist and points that are its seats', async () => {
    const hhu = (await mapOf('hhu', 'yc-1')).body
    assert.equal(hhu.code, 0, hhu.message)
    assert.equal(hhu.data.id, 'yc-1')
    assert.equal(hhu.data.level, 1)
    assert.deepEqual(
      hhu.data.areaList.map((a) => a.next),
      ['yc-2-1']
    )
    assert.ok(hhu.data.areaList[0].hot.length >= 3)
    assert.match(hhu.data.vrUrl, /^https:\/\//)
    assert.ok(existsSync(path.join(ctx.dataDir, hhu.data.map.replace(/^\/files\//, 'files/'))), hhu.data.map)
    const image = await ctx.app.inject({ url: hhu.data.map })
    assert.equal(image.statusCode, 200)
    assert.match(String(image.headers['content-type']), /image\/jpeg/)

    const cpu = (await mapOf('cpu', 'yc-1')).body.data
    assert.notDeepEqual(cpu.areaIdList, hhu.data.areaIdList, 'per school: same map id, other areas')
    assert.deepEqual(
      cpu.areaList.map((a) => a.next),
      ['yc-2-1', 'yc-2-2']
    )

    // level 3: a grove with its trees, every point one of the project's seats in the map's areas
    const grove = (await mapOf('hhu', 'yc-3-1')).body.data
    assert.equal(grove.level, 3)
    assert.equal(grove.treeList.length, 16)
    const itemsId = await campaignItem(ctx.app, 'hhu', CampaignKey.HHU_TREE_YC)
    const seats = await seatsWithProfile('hhu', itemsId)
    for (const t of grove.treeList) {
      const s = seats.find((x) => x.id === t.seatId)
      assert.ok(s, `point ${t.id} is a seat of the project`)
      assert.ok(grove.areaIdList.includes(s.area_id))
      assert.ok(t.x > 0 && t.x < grove.width && t.y > 0 && t.y < grove.height)
    }

    // the hall: one level, initial zoom 0.3, 1917 seats planned of which about 200 are offered
    const demoHall = (await mapOf('demo', 'hall-1')).body.data
    assert.equal(demoHall.scale, 0.3)
    assert.equal(demoHall.treeList.length, 1917)
    const hallItems = await campaignItem(ctx.app, 'demo', CampaignKey.HALL_NAMING)
    const offered = Object.values((await statusList('demo', { itemsId: hallItems })).body.data).filter((s) => s !== 3).length
    assert.ok(offered >= 190 && offered <= 220, `${offered} hall seats in the first batch`)
    // the wall: 850 bricks of 2000 yuan
    const wall = (await mapOf('demo', 'wall-1')).body.data
    assert.equal(wall.treeList.length, 850)
    const brick = (await detail('demo', wall.treeList[0].seatId)).body.data
    assert.equal(brick.termMoney, '2000.00')
  })

  it('answers -1 in the caller language for an unknown map id or another school`s map', async () => {
    const zh = (await mapOf('hhu', 'nope-1')).body
    assert.equal(zh.code, -1)
    assert.equal(zh.message, '地图不存在或已下线')
    const en = (await mapOf('hhu', 'nope-1', 'en')).body
    assert.equal(en.code, -1)
    assert.match(en.message, /does not exist/)
    // fzu runs no map campaign: yc-1 of the other schools is not its map
    assert.equal((await mapOf('fzu', 'yc-1')).body.code, -1)
  })
})

describe('getSeatStatusList', () => {
  it('answers the project`s seats matching every filter, each alone and combined', async () => {
    const itemsId = await campaignItem(ctx.app, 'hhu', CampaignKey.HHU_TREE_YC)
    const seats = await seatsWithProfile('hhu', itemsId)
    const all = (await statusList('hhu', { itemsId })).body
    assert.equal(all.code, 0, all.message)
    assert.deepEqual(
      keys(all.data),
      seats.map((s) => s.id)
    )

    const grove = (await mapOf('hhu', 'yc-3-2')).body.data
    const inGrove = (await statusList('hhu', { itemsId, areaIdList: grove.areaIdList })).body.data
    assert.deepEqual(
      keys(inGrove),
      seats.filter((s) => grove.areaIdList.includes(s.area_id)).map((s) => s.id)
    )
    assert.ok(keys(inGrove).length > 0 && keys(inGrove).length < seats.length)

    const species = seats[0].name!
    const bySpecies = (await statusList('hhu', { itemsId, seatName: species })).body.data
    assert.deepEqual(
      keys(bySpecies),
      seats.filter((s) => s.name === species).map((s) => s.id)
    )
    // a label is a name too
    assert.deepEqual(keys((await statusList('hhu', { itemsId, seatName: seats[1].label })).body.data), [seats[1].id])

    const price = seats[2].fen
    const byMoney = (await statusList('hhu', { itemsId, money: (price / 100).toFixed(2) })).body.data
    assert.deepEqual(
      keys(byMoney),
      seats.filter((s) => s.fen === price).map((s) => s.id)
    )
    // the §9 band 5001-10000 as numbers, inclusive
    const band = (await statusList('hhu', { itemsId, minMoney: 5001, maxMoney: 10000 })).body.data
    assert.deepEqual(
      keys(band),
      seats.filter((s) => s.fen >= 500_100 && s.fen <= 1_000_000).map((s) => s.id)
    )
    const above = (await statusList('hhu', { itemsId, minMoney: '20000', maxMoney: '' })).body.data
    assert.deepEqual(
      keys(above),
      seats.filter((s) => s.fen >= 2_000_000).map((s) => s.id)
    )

    const combined = (
      await statusList('hhu', { itemsId, areaIdList: grove.areaIdList, seatName: species, minMoney: '2099', maxMoney: '5000' })
    ).body.data
    assert.deepEqual(
      keys(combined),
      seats
        .filter((s) => grove.areaIdList.includes(s.area_id) && s.name === species && s.fen >= 209_900 && s.fen <= 500_000)
        .map((s) => s.id)
    )

    // empty filters do not filter; a nonsense amount is refused in the caller's language
    assert.deepEqual(
      keys((await statusList('hhu', { itemsId, areaIdList: [], seatName: '', money: '', minMoney: null })).body.data),
      keys(all.data)
    )
    const bad = (await statusList('hhu', { itemsId, minMoney: '12abc' })).body
    assert.deepEqual([bad.code, bad.message], [-1, '金额筛选条件不正确'])
  })

  it('lists only the visible seats: none of another project or another school', async () => {
    const yc = await campaignItem(ctx.app, 'hhu', CampaignKey.HHU_TREE_YC)
    const jn = await campaignItem(ctx.app, 'hhu', CampaignKey.HHU_TREE_JN)
    const ycKeys = keys((await statusList('hhu', { itemsId: yc })).body.data)
    const jnKeys = keys((await statusList('hhu', { itemsId: jn })).body.data)
    assert.ok(ycKeys.length && jnKeys.length)
    assert.equal(ycKeys.filter((k) => jnKeys.includes(k)).length, 0)
    // an area of another project does not widen the answer
    const jnMap = (await mapOf('hhu', 'ys-1')).body.data
    assert.deepEqual(keys((await statusList('hhu', { itemsId: yc, areaIdList: jnMap.areaIdList })).body.data), [])
    // another school asking for hhu's project gets nothing of it
    assert.deepEqual((await statusList('cpu', { itemsId: yc })).body.data, {})
    // and a seat of another school has no detail here
    assert.equal((await detail('cpu', ycKeys[0])).body.code, -1)
  })
})

describe('getSeatDetail', () => {
  it('shows a named tree`s donor per the school`s rules, with time and message; free trees show none', async () => {
    // hhu shows names in full, cpu masks them (docs/product §3 directory rules)
    for (const [school, key, masked] of [
      ['hhu', CampaignKey.HHU_TREE_YC, false],
      ['cpu', CampaignKey.TREE_NAMING_CPU, true]
    ] as const) {
      const itemsId = await campaignItem(ctx.app, school, key)
      const sid = await schoolIdOf(ctx.app, school)
      const named = await ctx.app.db
        .selectFrom('naming_seat as s')
        .innerJoin('naming_record as r', 'r.id', 's.record_id')
        .innerJoin('donation as d', 'd.id', 'r.donation_id')
        .select(['s.id', 'r.donor_name', 'r.donation_message', 'd.is_anonymous', 'd.paid_at'])
        .where('s.school_id', '=', sid)
        .where('s.items_id', '=', itemsId)
        .where('s.status', '=', 2)
        .execute()
      assert.ok(named.length >= 3, `${school} has named trees`)
      for (const n of named) {
        const d = (await detail(school, n.id)).body.data
        assert.equal(d.status, 2)
        assert.equal(d.itemsId, itemsId)
        const expected = n.is_anonymous ? '匿名爱心人士' : masked ? `${[...n.donor_name][0]}**` : n.donor_name
        assert.equal(d.donorName, expected, `${school} seat ${n.id}`)
        assert.equal(d.donationMessage, n.donation_message)
        assert.equal(d.donateTime.slice(0, 10).length, 10)
        assert.equal(d.seatIntro.split('\n').length, 3, 'family and genus, habit, location')
      }
      const free = (await seatsWithProfile(school, itemsId)).find((s) => s.status === 1)!
      const f = (await detail(school, free.id)).body.data
      assert.deepEqual([f.status, f.donorName, f.donateTime, f.donationMessage], [1, '', '', ''])
      assert.match(f.termMoney, /^\d+\.\d{2}$/)
      assert.match(f.seatImg, /^\/files\/seed\/maps\/tree-/)
    }
    assert.equal((await detail('hhu', 999_999_999)).body.code, -1)
  })
})

// ---------------------------------------------------------------- the tree pledge

async function signedAgreement(school: string, token: string, itemsId: number, amountFen: number, file: string) {
  const sid = await schoolIdOf(ctx.app, school)
  const user = await userIdOf(school, token)
  await ctx.app.db
    .insertInto('agreement')
    .values({
      school_id: sid,
      user_id: user,
      kind: 'hhu',
      items_id: itemsId,
      name: '赟喆䶮',
      mobile: '13800138000',
      amount_fen: amountFen,
      agreement_no: `T${file}`,
      unsigned_url: `/files/agreements/${file}.pdf`,
      signed_url: `/files/agreements/${file}-signed.pdf`,
      status: 2,
      created_at: new Date().toISOString(),
      signed_at: new Date().toISOString()
    })
    .execute()
  return `/files/agreements/${file}-signed.pdf`
}

async function userIdOf(school: string, token: string): Promise<number> {
  const sid = await schoolIdOf(ctx.app, school)
  // the sandbox login's code is the user's openId (helpers.login)
  const openId = TOKENS.get(token)!
  const u = await ctx.app.db
    .selectFrom('app_user')
    .select('id')
    .where('school_id', '=', sid)
    .where('open_id', '=', openId)
    .executeTakeFirstOrThrow()
  return u.id
}
const TOKENS = new Map<string, string>()
async function signIn(school: string, openId: string) {
  const t = await login(ctx.app, school, openId)
  TOKENS.set(t, openId)
  return t
}

function treeBody(itemsId: number, seat: MapSeat, over: Record<string, unknown> = {}, formData: Record<string, unknown> = {}) {
  return demoBody(itemsId, {
    itemsType: 2,
    namingType: '1',
    currencyMoney: seat.termMoney,
    formDataMap: { name: '赟喆䶮', mobile: '86-13800138000', isAlumni: '0', ...formData },
    seatList: [
      {
        seatId: seat.seatId,
        areaId: seat.areaId,
        itemsId,
        termYear: 0,
        donorName: '赟喆䶮',
        donorIdentity: '',
        donationMessage: '十年树木，百年树人'
      }
    ],
    ...over
  } as Record<string, unknown>)
}

async function freeTree(school: string, itemsId: number, skip = 0): Promise<MapSeat> {
  const map = (await statusList(school, { itemsId })).body.data
  const free = keys(map).filter((k) => map[String(k)] === 1)
  return (await detail(school, free[skip])).body.data
}

describe('tree pledge through the naming order flow', () => {
  it('holds the tree while paying (3), names it on the sandbox notify (1 -> 2) with donor, date and message', async () => {
    const itemsId = await campaignItem(ctx.app, 'hhu', CampaignKey.HHU_TREE_YC)
    const token = await signIn('hhu', 'tree-alice')
    const tree = await freeTree('hhu', itemsId)
    assert.equal(tree.status, 1)

    // no agreement, an unknown link, or one for another amount: refused, nothing held
    const none = await donateNaming(ctx.app, 'hhu', token, treeBody(itemsId, tree))
    assert.deepEqual([none.body.code, none.body.message], [-1, '请先签署认植协议'])
    const unknown = await donateNaming(
      ctx.app,
      'hhu',
      token,
      treeBody(itemsId, tree, {}, { sign_agreement_file: '/files/agreements/nope.pdf' })
    )
    assert.equal(unknown.body.code, -1)
    const cheap = await signedAgreement('hhu', token, itemsId, 100, 'cheap')
    const wrong = await donateNaming(ctx.app, 'hhu', token, treeBody(itemsId, tree, {}, { sign_agreement_file: cheap }))
    assert.match(wrong.body.message, /不符/)
    assert.equal((await seatRow(ctx.app, tree.seatId)).status, 1)

    const fen = Math.round(Number(tree.termMoney) * 100)
    const link = await signedAgreement('hhu', token, itemsId, fen, 'alice-1')
    // another donor cannot use Alice's signed agreement
    const bob = await signIn('hhu', 'tree-bob')
    const stolen = await donateNaming(ctx.app, 'hhu', bob, treeBody(itemsId, tree, {}, { sign_agreement_file: link }))
    assert.deepEqual([stolen.body.code, stolen.body.message], [-1, '请先签署认植协议'])

    const r = await donateNaming(
      ctx.app,
      'hhu',
      token,
      treeBody(itemsId, tree, {}, { sign_agreement_file: `https://give.example.edu.cn${link}` })
    )
    assert.equal(r.body.code, 0, r.body.message)
    const billNo = r.body.data.orderPayRequestDTO.billNo
    const order = await orderRow(ctx.app, billNo)
    assert.equal(order.amount_fen, fen)
    assert.equal((await seatRow(ctx.app, tree.seatId)).status, 4)
    assert.equal((await statusList('hhu', { itemsId })).body.data[String(tree.seatId)], 3, 'held shows as 3')
    assert.equal((await detail('hhu', tree.seatId)).body.data.status, 3)

    const paid = await sandboxNotify(ctx.app, 'hhu', billNo)
    assert.equal(paid.body.code, 0, paid.body.message)
    assert.equal((await seatRow(ctx.app, tree.seatId)).status, 2)
    assert.equal((await statusList('hhu', { itemsId })).body.data[String(tree.seatId)], 2)
    // the donor sees their message at once; the public sees the name now and the message once the nameplate is approved
    const mine = (await detail('hhu', tree.seatId, token)).body.data
    assert.deepEqual([mine.status, mine.donorName, mine.donationMessage], [2, '赟喆䶮', '十年树木，百年树人'])
    assert.equal(mine.donateTime.slice(0, 10), new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10))
    const publicView = (await detail('hhu', tree.seatId)).body.data
    assert.deepEqual([publicView.status, publicView.donationMessage], [2, ''])
    assert.ok(publicView.donorName.length > 0)
    await ctx.app.db.updateTable('naming_record').set({ nameplate_status: 2 }).where('seat_id', '=', tree.seatId).execute()
    assert.equal((await detail('hhu', tree.seatId)).body.data.donationMessage, '十年树木，百年树人')

    // a named tree cannot be pledged again
    const again = await donateNaming(
      ctx.app,
      'hhu',
      bob,
      treeBody(itemsId, tree, {}, { sign_agreement_file: await signedAgreement('hhu', bob, itemsId, fen, 'bob-1') })
    )
    assert.equal(again.body.code, -1)
  })

  it('lets exactly one of concurrent pledges of one tree win', async () => {
    const itemsId = await campaignItem(ctx.app, 'demo', CampaignKey.TREE_NAMING)
    const tree = await freeTree('demo', itemsId, 3)
    const tokens = await Promise.all(Array.from({ length: 6 }, (_, i) => signIn('demo', `tree-racer-${i}`)))
    const results = await Promise.all(tokens.map((t) => donateNaming(ctx.app, 'demo', t, treeBody(itemsId, tree))))
    const winners = results.filter((r) => r.body.code === 0)
    assert.equal(winners.length, 1, results.map((r) => r.body.message).join(' | '))
    const seat = await seatRow(ctx.app, tree.seatId)
    assert.equal(seat.status, 4)
    const won = await orderRow(ctx.app, winners[0].body.data.orderPayRequestDTO.billNo)
    assert.equal(seat.hold_donation_id, won.id)
    for (const r of results.filter((x) => x.body.code !== 0)) assert.match(r.body.message, /已被|选择|占用|他人|taken|认捐|冠名/)
  })
})

describe('bench, hall seat, building and brick naming through the naming order flow (decision 046)', () => {
  const CAMPAIGNS = [
    ['bench', CampaignKey.SEAT_NAMING],
    ['hall seat', CampaignKey.HALL_NAMING],
    ['building', CampaignKey.BUILD_NAMING],
    ['wall brick', CampaignKey.WALL_NAMING]
  ] as const
  const minutes = (n: number) => new Date(Date.now() + n * 60_000)
  const statusOf = async (itemsId: number, seatId: number) => (await statusList('demo', { itemsId })).body.data[String(seatId)]

  for (const [label, key] of CAMPAIGNS) {
    it(`${label}: held while paying, released on cancel and on expiry, named on payment with donor and message`, async () => {
      const itemsId = await campaignItem(ctx.app, 'demo', key)
      const alice = await signIn('demo', `${key}-alice`)
      const bob = await signIn('demo', `${key}-bob`)
      const point = await freeTree('demo', itemsId)
      assert.equal(point.status, 1)
      assert.ok(Number(point.termMoney) > 0, 'a map point carries its price')

      // the money-gift form is refused for a naming project: the map must not lead there
      const gift = await call<any>(ctx.app, 'demo', Api.donate, {
        method: 'POST',
        token: alice,
        body: demoBody(itemsId, { currencyMoney: point.termMoney })
      })
      assert.deepEqual([gift.body.code, gift.body.message], [-1, '冠名捐赠请在冠名页面进行'])

      // held while Alice pays: 3 on the map, refused to Bob
      const first = await donateNaming(ctx.app, 'demo', alice, treeBody(itemsId, point))
      assert.equal(first.body.code, 0, first.body.message)
      const firstBill = first.body.data.orderPayRequestDTO.billNo
      assert.equal((await orderRow(ctx.app, firstBill)).amount_fen, Math.round(Number(point.termMoney) * 100))
      assert.equal(await statusOf(itemsId, point.seatId), 3)
      assert.equal((await detail('demo', point.seatId)).body.data.status, 3)
      const refused = await donateNaming(ctx.app, 'demo', bob, treeBody(itemsId, point))
      assert.equal(refused.body.code, -1)

      // cancelled: free again
      const cancelled = await call(ctx.app, 'demo', Api.cancel, { query: { donatePlatOrder: firstBill }, token: alice })
      assert.equal(cancelled.body.code, 0, cancelled.body.message)
      assert.equal(await statusOf(itemsId, point.seatId), 1)
      assert.equal((await seatRow(ctx.app, point.seatId)).status, 1)

      // expired unpaid: free again
      const second = await donateNaming(ctx.app, 'demo', bob, treeBody(itemsId, point))
      assert.equal(second.body.code, 0, second.body.message)
      assert.equal(await statusOf(itemsId, point.seatId), 3)
      await ctx.app.jobs.reconcileOnce(minutes(16))
      assert.equal((await orderRow(ctx.app, second.body.data.orderPayRequestDTO.billNo)).status, 'expired')
      assert.equal(await statusOf(itemsId, point.seatId), 1)

      // paid: named, with the donor's name and message on the point
      const third = await donateNaming(ctx.app, 'demo', alice, treeBody(itemsId, point))
      assert.equal(third.body.code, 0, third.body.message)
      const paid = await sandboxNotify(ctx.app, 'demo', third.body.data.orderPayRequestDTO.billNo)
      assert.equal(paid.body.code, 0, paid.body.message)
      assert.equal(await statusOf(itemsId, point.seatId), 2)
      const mine = (await detail('demo', point.seatId, alice)).body.data
      assert.deepEqual([mine.status, mine.donorName, mine.donationMessage], [2, '赟喆䶮', '十年树木，百年树人'])
      const publicView = (await detail('demo', point.seatId)).body.data
      assert.equal(publicView.status, 2)
      assert.ok(publicView.donorName.length > 0)
      // named for good: nobody names it again
      assert.equal((await donateNaming(ctx.app, 'demo', bob, treeBody(itemsId, point))).body.code, -1)
    })
  }
})

// ---------------------------------------------------------------- artworks

describe('artwork pricing (naming-xbmu, item 25)', () => {
  it('charges 750/700/650 per work by count, each work`s own list when it has one, at most three works', async () => {
    const itemsId = await campaignItem(ctx.app, 'demo', CampaignKey.ARTWORK_NAMING)
    const areas: NamingArea[] = await areasOf(ctx.app, 'demo', itemsId)
    assert.deepEqual(
      areas.map((a) => a.title),
      ['国画', '书法', '油画', '版画']
    )
    const works: Seat[] = (await Promise.all(areas.map((a) => seatsOf(ctx.app, 'demo', a.id)))).flat()
    const free = works.filter((w) => w.status === 1)
    const plain = free.filter((w) => w.priceList[0]?.termMoney === '750.00')
    const featured = free.find((w) => w.priceList[0]?.termMoney === '1200.00')!
    assert.ok(plain.length >= 4 && featured, 'works with the default and an own list')
    const detailOfWork = (await detail('demo', plain[0].id)).body.data
    assert.match(detailOfWork.seatIntro, /作者/)

    const token = await signIn('demo', 'art-lover')
    const body = (picks: Seat[], money: string) =>
      demoBody(itemsId, {
        itemsType: 2,
        namingType: '1',
        currencyMoney: money,
        seatList: picks.map((w) => ({
          seatId: w.id,
          areaId: w.areaId,
          itemsId,
          termYear: 0,
          donorName: '赟喆䶮',
          donorIdentity: '',
          donationMessage: ''
        }))
      } as Record<string, unknown>)
    const expect = async (picks: Seat[], money: string) => {
      const r = await donateNaming(ctx.app, 'demo', token, body(picks, money))
      assert.equal(r.body.code, 0, `${money}: ${r.body.message}`)
      const o = await orderRow(ctx.app, r.body.data.orderPayRequestDTO.billNo)
      assert.equal(o.amount_fen, Math.round(Number(money) * 100))
      return o
    }
    await expect(plain.slice(0, 1), '750.00')
    // each new order replaces the caller's unpaid one, so the same works can be chosen again
    await expect(plain.slice(0, 2), '1400.00')
    const three = await expect(plain.slice(0, 3), '1950.00')
    const recs = await ctx.app.db.selectFrom('naming_record').select(['unit_fen']).where('donation_id', '=', three.id).execute()
    assert.deepEqual(
      recs.map((x) => x.unit_fen),
      [65_000, 65_000, 65_000]
    )
    // each work costs its own list's price for the count, whichever is listed first (docs/decisions/031)
    await expect([featured, plain[0]], '1800.00')
    await expect([plain[0], featured], '1800.00')
    // the client's figure must be the server's
    const wrong = await donateNaming(ctx.app, 'demo', token, body(plain.slice(0, 2), '1500.00'))
    assert.equal(wrong.body.code, -1)
    const four = await donateNaming(ctx.app, 'demo', token, body(plain.slice(0, 4), '2600.00'))
    assert.deepEqual([four.body.code, four.body.message], [-1, '最多选择三幅作品'])
  })
})
