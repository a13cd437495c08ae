/**
 * Naming reads (docs/product §7): areaList, seatList (grid and list areas), bookList with search and category,
 * bookCategoryList, nameplateExample, getNameplateDetailConfig, getSeatShowData for seeded namings, and the demo
 * data behind them (jnu grid areas, the hhu list area, books with stock 1..20, locally generated images).
 */
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import {
  Api,
  CampaignKey,
  type Book,
  type BookCategory,
  type NameplateDetailConfig,
  type NameplateExample,
  type NameplateShowData,
  type NamingRecord,
  type Page,
  type SeatListAnswer
} from '../../types'
import { call, startApp, type TestContext } from './helpers'
import { areasOf, BOOK_PROJECT, booksOf, campaignItem, jnuSeatProject, seatsOf } from './naming-fixtures'
import { projectIdOf } from './order-fixtures'

let ctx: TestContext
before(async () => {
  ctx = await startApp()
})
after(async () => {
  await ctx.close()
})

describe('seats', () => {
  it('jnu (item "jnuSeat"): four grid areas; seatList fills twoArray with rows of seats and the aisle as null', async () => {
    const jnu = await jnuSeatProject(ctx.app)
    const areas = await areasOf(ctx.app, 'demo', jnu)
    assert.deepEqual(
      areas.map((a) => [a.title, a.type]),
      [
        ['A区', 1],
        ['B区', 1],
        ['C区', 2],
        ['D区', 2]
      ]
    )
    assert.ok(areas.every((a) => a.imgUrl && existsSync(path.join(ctx.dataDir, a.imgUrl))))
    const d = (await call<SeatListAnswer>(ctx.app, 'demo', Api.seatList, { query: { areaId: areas[0].id } })).body.data
    assert.deepEqual([d.type, d.oneArray.length, d.twoArray.length, d.twoArray[0].length], [1, 0, 8, 21])
    assert.ok(
      d.twoArray.every((row) => row[10] === null),
      'the aisle after seat 10'
    )
    assert.equal(d.twoArray[2][11]?.seat, 'A区3排11座')
    const seats = d.twoArray.flat().filter((s) => s !== null)
    assert.equal(seats.length, 160)
    assert.deepEqual(new Set(seats.map((s) => s!.status)), new Set([1, 2, 3]))
    assert.deepEqual(seats[0]!.priceList, [
      { termName: '5年', termMoney: '1000.00', termYear: 5 },
      { termName: '10年', termMoney: '2000.00', termYear: 10 },
      { termName: '永久', termMoney: '5000.00', termYear: 0 }
    ])
    // seeded named seats agree with the project's naming list
    const named = (await Promise.all(areas.map((a) => seatsOf(ctx.app, 'demo', a.id)))).flat().filter((s) => s.status === 2)
    const list = (await call<Page<NamingRecord>>(ctx.app, 'demo', Api.donateSeatList, { query: { itemsId: jnu, limit: 999 } })).body.data
    assert.deepEqual(named.map((s) => s.seat).sort(), list.rows.map((r) => r.seat).sort())
    assert.ok(named.every((s) => s.donateSeatId && s.donorName && s.donateTime))
    const one = (await call<NameplateShowData>(ctx.app, 'demo', Api.getSeatShowData, { query: { id: named[0].donateSeatId! } })).body
    assert.equal(one.code, 0, one.message)
    assert.equal(one.data.objectName, named[0].seat)
    assert.ok(one.data.nameplate, 'seeded nameplates are approved')
  })

  it('hhu (item "hhuSeat"): one list area; seatList fills oneArray', async () => {
    const hhu = await campaignItem(ctx.app, 'hhu', CampaignKey.HHU_SEAT)
    const areas = await areasOf(ctx.app, 'hhu', hhu)
    assert.deepEqual(
      areas.map((a) => a.type),
      [3]
    )
    const d = (await call<SeatListAnswer>(ctx.app, 'hhu', Api.seatList, { query: { areaId: areas[0].id } })).body.data
    assert.deepEqual([d.type, d.twoArray.length, d.oneArray.length], [3, 0, 160])
    assert.ok(d.oneArray.some((s) => s.status === 2))
  })

  it('an area of another school or project is not found; tree campaigns have no areas', async () => {
    const hhu = await campaignItem(ctx.app, 'hhu', CampaignKey.HHU_SEAT)
    const [area] = await areasOf(ctx.app, 'hhu', hhu)
    const r = (await call(ctx.app, 'demo', Api.seatList, { query: { areaId: area.id } })).body
    assert.deepEqual([r.code, r.message], [-1, '区域不存在'])
    assert.deepEqual(await areasOf(ctx.app, 'demo', hhu), [])
    const tree = await campaignItem(ctx.app, 'hhu', CampaignKey.HHU_TREE_DEFAULT)
    assert.deepEqual(await areasOf(ctx.app, 'hhu', tree), [])
  })
})

describe('books', () => {
  it('bookList: stock 1..20, unit price, category; search by title or author; filter by category', async () => {
    const books = await projectIdOf(ctx.app, 'demo', BOOK_PROJECT)
    const all = await booksOf(ctx.app, 'demo', books)
    assert.equal(all.length, 16)
    assert.ok(all.every((b) => b.stock >= 1 && b.stock <= 20 && b.unitPrice === '200.00' && b.categoryTitle && b.imgUrl))
    const cats = (await call<Page<BookCategory>>(ctx.app, 'demo', Api.bookCategoryList, { query: { itemsId: books } })).body.data
    assert.deepEqual(
      cats.rows.map((c) => c.title),
      ['中国文学', '外国文学', '历史', '科普', '专业']
    )
    const history = cats.rows.find((c) => c.title === '历史')!
    const inHistory = await booksOf(ctx.app, 'demo', books, { categoryId: history.id })
    assert.deepEqual(
      inHistory.map((b) => b.title),
      ['史记', '万历十五年', '资治通鉴']
    )
    assert.deepEqual(
      (await booksOf(ctx.app, 'demo', books, { s: '路遥' })).map((b: Book) => b.title),
      ['平凡的世界']
    )
    assert.deepEqual(await booksOf(ctx.app, 'demo', books, { s: '%' }), [])
    const page = (await call<Page<BookCategory>>(ctx.app, 'demo', Api.bookCategoryList, { query: { itemsId: books, limit: 2, offset: 4 } }))
      .body.data
    assert.deepEqual([page.total, page.rows.length], [5, 1])
  })

  it('masked schools show donors of named books as first character + **', async () => {
    const books = await projectIdOf(ctx.app, 'cpu', BOOK_PROJECT)
    const rec = await ctx.app.db
      .selectFrom('naming_record')
      .innerJoin('donation', 'donation.id', 'naming_record.donation_id')
      .select(['naming_record.id', 'naming_record.donor_name', 'donation.is_anonymous'])
      .where('naming_record.items_id', '=', books)
      .where('donation.is_anonymous', '=', 0)
      .executeTakeFirstOrThrow()
    const d = (await call<NameplateShowData>(ctx.app, 'cpu', Api.getBookShowData, { query: { id: rec.id } })).body.data
    assert.equal(d.donorName, `${[...rec.donor_name][0]}**`)
  })
})

describe('nameplates', () => {
  it("nameplateExample: the preview slider's examples with placeholders; getNameplateDetailConfig: the card", async () => {
    const jnu = await jnuSeatProject(ctx.app)
    const ex = (await call<NameplateExample[]>(ctx.app, 'demo', Api.nameplateExample, { query: { itemsId: jnu } })).body.data
    assert.equal(ex.length, 2)
    for (const e of ex) {
      assert.deepEqual(
        e.configData.map((c) => c.key),
        ['donorName', 'donorIdentity', 'donationMessage']
      )
      for (const img of [e.bgImg, e.exampleImg]) assert.ok(existsSync(path.join(ctx.dataDir, img)), img)
    }
    const cfg = (await call<NameplateDetailConfig>(ctx.app, 'demo', Api.getNameplateDetailConfig, { query: { itemsId: jnu } })).body.data
    assert.deepEqual(Object.keys(cfg).sort(), ['bg_color', 'bg_img', 'bg_word', 'bottom_img'])
    assert.ok(existsSync(path.join(ctx.dataDir, cfg.bg_img)) && existsSync(path.join(ctx.dataDir, cfg.bottom_img)))
    const res = await ctx.app.inject({ url: cfg.bg_img })
    assert.deepEqual([res.statusCode, res.headers['content-type']], [200, 'image/png'])
    // a project without a card still gets a frame
    const plain = (await call<NameplateDetailConfig>(ctx.app, 'demo', Api.getNameplateDetailConfig, { query: { itemsId: 1 } })).body.data
    assert.deepEqual(plain, { bg_img: '', bg_word: '', bottom_img: '', bg_color: '#ffffff' })
  })
})
