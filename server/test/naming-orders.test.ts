/**
 * Naming orders: POST donate with itemsType 2 through the same order, payment and notification code as
 * every gift. Server-side prices, every docs/product §5 naming rule re-checked with nothing written on a refusal, seats and
 * copies held by the order until it is paid (named), cancelled, replaced or expired (released), and a late payment
 * for a released seat going to review instead of a second owner.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { Api, NameplateStatus, type Book, type Page, type PersonalNamingRecord, type Project, type Seat } from '../../types'
import { applyNotification } from '../src/domain/order/notifications'
import { call, login, startApp, type TestContext } from './helpers'
import {
  BOOK_PROJECT,
  bookBody,
  bookRow,
  booksOf,
  donateNaming,
  freeSeats,
  jnuSeatProject,
  plate,
  recordsOf,
  seatBody,
  seatRow,
  seatsOf
} from './naming-fixtures'
import { demoBody, orderRow, projectIdOf, sandboxNotify, writeCounts } from './order-fixtures'

let ctx: TestContext
let jnu: number
let books: number
let alice: string
let bob: string
const minutes = (n: number) => new Date(Date.now() + n * 60_000)

before(async () => {
  ctx = await startApp()
  jnu = await jnuSeatProject(ctx.app)
  books = await projectIdOf(ctx.app, 'demo', BOOK_PROJECT)
  alice = await login(ctx.app, 'demo', 'naming-alice')
  bob = await login(ctx.app, 'demo', 'naming-bob')
})
after(async () => {
  await ctx.close()
})

const namingCounts = async () => {
  const n = async (table: 'naming_record' | 'donation_naming') =>
    Number(
      (
        await ctx.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n
    )
  return { ...(await writeCounts(ctx.app)), records: await n('naming_record'), labels: await n('donation_naming') }
}

describe('seat naming: two seats with different periods, paid, named', () => {
  it('prices from the server, holds while paying, names on payment, shows in mine-gm and the project totals', async () => {
    const [s1, s2] = await freeSeats(ctx.app, 'demo', jnu, 2)
    const before = (await call<Project>(ctx.app, 'demo', Api.itemsDetail, { query: { id: jnu } })).body.data
    const body = seatBody(jnu, [
      { seat: s1, termYear: 5 },
      { seat: s2, termYear: 10, plate: { donationMessage: '愿母校越来越好' } }
    ])
    assert.equal(body.currencyMoney, '3000.00')
    const r = await donateNaming(ctx.app, 'demo', alice, body)
    assert.equal(r.body.code, 0, r.body.message)
    const billNo = r.body.data.orderPayRequestDTO.billNo
    const order = await orderRow(ctx.app, billNo)
    assert.deepEqual([order.amount_fen, order.status], [300_000, 'pending'])

    // held: the database and what other donors see (status 3, held 1)
    for (const s of [s1, s2]) assert.deepEqual(await seatRow(ctx.app, s.id), { status: 4, hold_donation_id: order.id, record_id: null })
    const shown = (await seatsOf(ctx.app, 'demo', s1.areaId)).find((s) => s.id === s1.id)!
    assert.deepEqual([shown.status, shown.held, shown.donateSeatId], [3, 1, null])
    const recs = await recordsOf(ctx.app, order.id)
    assert.deepEqual(
      recs.map((x) => [x.seat_id, x.term_year, x.term_name, x.amount_fen, x.status]),
      [
        [s1.id, 5, '5年', 100_000, 'held'],
        [s2.id, 10, '10年', 200_000, 'held']
      ]
    )

    assert.equal((await sandboxNotify(ctx.app, 'demo', billNo)).body.data.status, 'applied')
    const paid = await recordsOf(ctx.app, order.id)
    assert.deepEqual(
      paid.map((x) => x.status),
      ['named', 'named']
    )
    for (const [i, s] of [s1, s2].entries())
      assert.deepEqual(await seatRow(ctx.app, s.id), { status: 2, hold_donation_id: null, record_id: paid[i].id })
    // five and ten years from the payment
    const years = paid.map((x) => new Date(x.expire_at!).getUTCFullYear() - new Date(x.named_at!).getUTCFullYear())
    assert.deepEqual(years, [5, 10])

    // the seat map shows the donor (the nameplate is not public before approval: the order's name, no message)
    const now = (await seatsOf(ctx.app, 'demo', s2.areaId)).find((s) => s.id === s2.id)!
    assert.deepEqual([now.status, now.held, now.donateSeatId, now.donorName, now.donationMessage], [2, 0, paid[1].id, '张三', ''])

    // paid naming orders count like any gift
    const after = (await call<Project>(ctx.app, 'demo', Api.itemsDetail, { query: { id: jnu } })).body.data
    assert.equal(Number(after.completeMoney) - Number(before.completeMoney), 3000)
    assert.equal(after.payCounts - before.payCounts, 1)
    assert.equal(after.namingCountDonate - before.namingCountDonate, 2)
    // ... and the same paid transaction queued its certificate and recorded the donor's awards
    const jobs = await ctx.app.db.selectFrom('job').select(['kind', 'payload']).where('kind', '=', 'certificate').execute()
    assert.equal(jobs.filter((j) => (JSON.parse(j.payload) as { donationId: number }).donationId === order.id).length, 1)
    const awards = await ctx.app.db.selectFrom('award_record').select('id').where('user_id', '=', order.user_id!).execute()
    assert.ok(awards.length > 0, 'the naming gift earned the donor an award')
    const list = (await call<Page<{ seat: string }>>(ctx.app, 'demo', Api.donateSeatList, { query: { itemsId: jnu, limit: 999 } })).body
      .data
    assert.ok(list.rows.some((row) => row.seat === `${s1.seat}、${s2.seat}`))

    const mine = (await call<Page<PersonalNamingRecord>>(ctx.app, 'demo', Api.namingList, { token: alice })).body.data
    assert.equal(mine.total, 1)
    assert.equal(mine.rows[0].namingType, 1)
    assert.deepEqual(
      mine.rows[0].donateSeatList.map((e) => [e.seat, e.termName, e.termMoney, e.nameplateStatus, e.nameplate.donationMessage]),
      [
        [s1.seat, '5年', '1000.00', NameplateStatus.PENDING, '饮水思源'],
        [s2.seat, '10年', '2000.00', NameplateStatus.PENDING, '愿母校越来越好']
      ]
    )
  })
})

describe('docs/product §5 naming rules, re-checked: code -1, nothing written', () => {
  let seats: Seat[]
  let book: Book
  before(async () => {
    seats = await freeSeats(ctx.app, 'demo', jnu, 2, 10)
    book = (await booksOf(ctx.app, 'demo', books)).find((b) => b.stock >= 2)!
  })

  const refused = async (body: unknown, message: RegExp) => {
    const before = await namingCounts()
    const r = await donateNaming(ctx.app, 'demo', bob, body)
    assert.equal(r.body.code, -1, `expected a refusal matching ${message}`)
    assert.match(r.body.message, message)
    assert.deepEqual(await namingCounts(), before)
    for (const s of seats) assert.equal((await seatRow(ctx.app, s.id)).status, 1)
  }

  it('donor name required; message at most 20; identity alumnus for seats', async () => {
    await refused(seatBody(jnu, [{ seat: seats[0], termYear: 10, plate: { donorName: '  ' } }]), /铭牌捐赠人不能为空/)
    await refused(
      seatBody(jnu, [{ seat: seats[0], termYear: 10, plate: { donationMessage: '一二三四五六七八九十一二三四五六七八九十一' } }]),
      /不能超过20个字/
    )
    await refused(seatBody(jnu, [{ seat: seats[0], termYear: 10, plate: { donorIdentity: '教师' } }]), /校友/)
    // 20 characters, rare ones counted as one each, is fine
    const ok = await donateNaming(
      ctx.app,
      'demo',
      bob,
      seatBody(jnu, [{ seat: seats[0], termYear: 10, plate: { donationMessage: '赟喆䶮'.repeat(6) + '一二' } }])
    )
    assert.equal(ok.body.code, 0, ok.body.message)
    await call(ctx.app, 'demo', Api.cancel, { query: { donatePlatOrder: ok.body.data.orderPayRequestDTO.billNo }, token: bob })
    assert.equal((await seatRow(ctx.app, seats[0].id)).status, 1)
  })

  it('a period per seat, one the seat offers; at least one seat', async () => {
    const noPeriod = seatBody(jnu, [
      { seat: seats[0], termYear: 10 },
      { seat: seats[1], termYear: 10 }
    ]) as unknown as { seatList: Record<string, unknown>[] }
    delete noPeriod.seatList[1].termYear
    await refused(noPeriod, new RegExp(`请为${seats[1].seat}选择冠名期限`))
    const badPeriod = seatBody(jnu, [{ seat: seats[0], termYear: 10 }]) as unknown as { seatList: Record<string, unknown>[] }
    badPeriod.seatList[0].termYear = 7
    await refused(badPeriod, new RegExp(`${seats[0].seat}不提供所选冠名期限`))
    await refused(seatBody(jnu, [{ seat: seats[0], termYear: 10 }], { seatList: [] }), /请选择冠名对象/)
    await refused(
      seatBody(jnu, [
        { seat: seats[0], termYear: 10 },
        { seat: seats[0], termYear: 5 }
      ]),
      /重复选择/
    )
    await refused(seatBody(jnu, [{ seat: seats[0], termYear: 10 }], { namingType: '2' }), /请选择冠名座椅或图书/)
  })

  it('the server prices the order: a currencyMoney that disagrees is refused', async () => {
    await refused(seatBody(jnu, [{ seat: seats[0], termYear: 10 }], { currencyMoney: '1000.00' }), /冠名金额与当前价格不符/)
    await refused(seatBody(jnu, [{ seat: seats[0], termYear: 10 }], { currencyMoney: '' }), /冠名金额与当前价格不符/)
  })

  it('seats of another project, unavailable seats, naming on a donation project, a gift on a naming project', async () => {
    const scholarship = await projectIdOf(ctx.app, 'demo', '示范大学励志奖学金')
    await refused(seatBody(scholarship, [{ seat: seats[0], termYear: 10 }]), /冠名/)
    await refused(seatBody(books, [{ seat: seats[0], termYear: 10 }], { namingType: '2' }), /至少选择一本书籍/)
    await refused(demoBody(jnu), /冠名捐赠请在冠名页面进行/)
    const reserved = (await seatsOf(ctx.app, 'demo', seats[0].areaId)).find((s) => s.status === 3 && !s.held)!
    await refused(seatBody(jnu, [{ seat: reserved, termYear: 10 }]), new RegExp(`${reserved.seat}暂不开放冠名`))
    const named = (await seatsOf(ctx.app, 'demo', seats[0].areaId)).find((s) => s.status === 2)!
    await refused(seatBody(jnu, [{ seat: named, termYear: 10 }]), new RegExp(`^${named.seat}已被冠名，请另选$`))
  })

  it('books: quantity 1..stock, one nameplate or one per copy, at least one book', async () => {
    await refused(bookBody(books, [{ book, count: book.stock + 1 }]), new RegExp(`《${book.title}》库存不足`))
    await refused(bookBody(books, [{ book, count: 0 }], { currencyMoney: '0.00' }), /冠名数量至少为1本/)
    await refused(bookBody(books, [{ book, count: 2, plates: [plate(), plate(), plate()] }]), /铭牌应为1条或2条/)
    await refused(bookBody(books, [{ book, count: 1, plates: [plate({ donorName: '' })] }]), /铭牌捐赠人不能为空/)
    await refused(bookBody(books, [{ book, count: 1 }], { bookList: [] }), /至少选择一本书籍/)
    await refused(bookBody(books, [{ book, count: 1 }], { currencyMoney: '1.00' }), /冠名金额与当前价格不符/)
  })
})

describe('holds: a held or donated seat is refused naming the seat; cancel, replacement and expiry release', () => {
  it('a second donor asking for a held seat gets -1 naming it and nothing of their order is created', async () => {
    const [s] = await freeSeats(ctx.app, 'demo', jnu, 1, 20)
    const first = await donateNaming(ctx.app, 'demo', alice, seatBody(jnu, [{ seat: s, termYear: 10 }]))
    assert.equal(first.body.code, 0, first.body.message)
    const before = await namingCounts()
    const second = await donateNaming(ctx.app, 'demo', bob, seatBody(jnu, [{ seat: s, termYear: 10 }]))
    assert.equal(second.body.code, -1)
    assert.equal(second.body.message, `${s.seat}已被其他捐赠人选择，请另选`)
    assert.deepEqual(await namingCounts(), before)
    // cancelling releases it; now bob gets it
    assert.equal(
      (await call(ctx.app, 'demo', Api.cancel, { query: { donatePlatOrder: first.body.data.orderPayRequestDTO.billNo }, token: alice }))
        .body.code,
      0
    )
    assert.deepEqual(await seatRow(ctx.app, s.id), { status: 1, hold_donation_id: null, record_id: null })
    const firstRow = await orderRow(ctx.app, first.body.data.orderPayRequestDTO.billNo)
    assert.deepEqual(
      (await recordsOf(ctx.app, firstRow.id)).map((r) => r.status),
      ['released']
    )
    const again = await donateNaming(ctx.app, 'demo', bob, seatBody(jnu, [{ seat: s, termYear: 10 }]))
    assert.equal(again.body.code, 0, again.body.message)
    await call(ctx.app, 'demo', Api.cancel, { query: { donatePlatOrder: again.body.data.orderPayRequestDTO.billNo }, token: bob })
  })

  it("a refusal on the second seat rolls the first seat's hold back (the order is all or nothing)", async () => {
    const [a, b] = await freeSeats(ctx.app, 'demo', jnu, 2, 30)
    const holder = await donateNaming(ctx.app, 'demo', alice, seatBody(jnu, [{ seat: b, termYear: 5 }]))
    assert.equal(holder.body.code, 0)
    // bob passes the friendly pre-check for `a`, then loses `b` inside the transaction
    const r = await donateNaming(
      ctx.app,
      'demo',
      bob,
      seatBody(jnu, [
        { seat: a, termYear: 5 },
        { seat: b, termYear: 5 }
      ])
    )
    assert.equal(r.body.code, -1)
    assert.match(r.body.message, new RegExp(b.seat))
    assert.deepEqual(await seatRow(ctx.app, a.id), { status: 1, hold_donation_id: null, record_id: null })
    await call(ctx.app, 'demo', Api.cancel, { query: { donatePlatOrder: holder.body.data.orderPayRequestDTO.billNo }, token: alice })
  })

  it("the donor's new order replaces the earlier unpaid one, whose seats are released in the same transaction", async () => {
    const [a, b] = await freeSeats(ctx.app, 'demo', jnu, 2, 40)
    const one = await donateNaming(ctx.app, 'demo', alice, seatBody(jnu, [{ seat: a, termYear: 5 }]))
    // the same seat again with another period (the donor went back and changed it): allowed, the old hold goes
    const two = await donateNaming(
      ctx.app,
      'demo',
      alice,
      seatBody(jnu, [
        { seat: a, termYear: 10 },
        { seat: b, termYear: 0 }
      ])
    )
    assert.equal(two.body.code, 0, two.body.message)
    const oldRow = await orderRow(ctx.app, one.body.data.orderPayRequestDTO.billNo)
    const newRow = await orderRow(ctx.app, two.body.data.orderPayRequestDTO.billNo)
    assert.deepEqual([oldRow.status, oldRow.close_reason], ['cancelled', 'replaced'])
    assert.equal(newRow.amount_fen, 700_000)
    for (const s of [a, b]) assert.equal((await seatRow(ctx.app, s.id)).hold_donation_id, newRow.id)
    await call(ctx.app, 'demo', Api.cancel, { query: { donatePlatOrder: two.body.data.orderPayRequestDTO.billNo }, token: alice })
    for (const s of [a, b]) assert.equal((await seatRow(ctx.app, s.id)).status, 1)
  })

  it('expiry releases the hold; a late payment for the released seat goes to review, never to a second owner', async () => {
    const [s] = await freeSeats(ctx.app, 'demo', jnu, 1, 50)
    const late = await donateNaming(ctx.app, 'demo', alice, seatBody(jnu, [{ seat: s, termYear: 10 }]))
    const lateBill = late.body.data.orderPayRequestDTO.billNo
    await ctx.app.jobs.reconcileOnce(minutes(16))
    assert.equal((await orderRow(ctx.app, lateBill)).status, 'expired')
    assert.deepEqual(await seatRow(ctx.app, s.id), { status: 1, hold_donation_id: null, record_id: null })

    // bob names it and pays
    const bobs = await donateNaming(ctx.app, 'demo', bob, seatBody(jnu, [{ seat: s, termYear: 5, plate: { donorName: '鲍勃' } }]))
    assert.equal(bobs.body.code, 0, bobs.body.message)
    assert.equal((await sandboxNotify(ctx.app, 'demo', bobs.body.data.orderPayRequestDTO.billNo)).body.data.status, 'applied')
    const bobRow = await orderRow(ctx.app, bobs.body.data.orderPayRequestDTO.billNo)
    const owner = (await recordsOf(ctx.app, bobRow.id))[0]

    // alice's money arrives late (as a provider's verified notification would): recorded, flagged for refund review,
    // the order not reopened, the seat stays bob's
    const lateRow = await orderRow(ctx.app, lateBill)
    const r = await applyNotification(ctx.app.db, lateRow.school_id, {
      provider: 'sandbox',
      billNo: lateBill,
      outcome: 'paid',
      amountFen: lateRow.amount_fen,
      providerTradeNo: 'T-late',
      raw: '{}'
    })
    assert.equal(r.status, 'late')
    const after = await orderRow(ctx.app, lateBill)
    assert.deepEqual([after.status, after.refund_review], ['expired', 1])
    assert.deepEqual(await seatRow(ctx.app, s.id), { status: 2, hold_donation_id: null, record_id: owner.id })
    assert.deepEqual(
      (await recordsOf(ctx.app, lateRow.id)).map((x) => x.status),
      ['released']
    )
  })
})

describe('book naming: three copies with a custom nameplate', () => {
  it('holds copies, sells them once on payment, stock shown reduced', async () => {
    const shelf = await booksOf(ctx.app, 'demo', books)
    const book = shelf.find((b) => b.stock >= 4)!
    const stored = await bookRow(ctx.app, book.id)
    const plates = [
      plate({ donorName: '张三', donationMessage: '书香致远' }),
      plate({ donorName: '李四' }),
      plate({ donorName: '王五', donorIdentity: '学生' })
    ]
    const r = await donateNaming(ctx.app, 'demo', alice, bookBody(books, [{ book, count: 3, plates }]))
    assert.equal(r.body.code, 0, r.body.message)
    assert.deepEqual(await bookRow(ctx.app, book.id), { stock: stored.stock, held: 3 })
    assert.equal((await booksOf(ctx.app, 'demo', books)).find((b) => b.id === book.id)!.stock, book.stock - 3)

    const billNo = r.body.data.orderPayRequestDTO.billNo
    assert.equal((await sandboxNotify(ctx.app, 'demo', billNo)).body.data.status, 'applied')
    assert.deepEqual(await bookRow(ctx.app, book.id), { stock: stored.stock - 3, held: 0 })
    assert.equal((await booksOf(ctx.app, 'demo', books)).find((b) => b.id === book.id)!.stock, book.stock - 3)
    const order = await orderRow(ctx.app, billNo)
    const [rec] = await recordsOf(ctx.app, order.id)
    assert.deepEqual([rec.status, rec.quantity, rec.amount_fen, JSON.parse(rec.nameplate_list)], ['named', 3, 3 * 20_000, plates])

    // a duplicate notification sells nothing more
    assert.equal((await sandboxNotify(ctx.app, 'demo', billNo)).body.data.status, 'duplicate')
    assert.deepEqual(await bookRow(ctx.app, book.id), { stock: stored.stock - 3, held: 0 })
    const list = (await call<Page<{ seat: string }>>(ctx.app, 'demo', Api.donateBookList, { query: { itemsId: books, limit: 999 } })).body
      .data
    assert.ok(list.rows.some((row) => row.seat === `《${book.title}》×3`))
  })

  it('a cancelled book order gives its copies back', async () => {
    const book = (await booksOf(ctx.app, 'demo', books)).find((b) => b.stock >= 2)!
    const stored = await bookRow(ctx.app, book.id)
    const r = await donateNaming(ctx.app, 'demo', bob, bookBody(books, [{ book, count: 2 }]))
    assert.equal(r.body.code, 0, r.body.message)
    assert.equal((await bookRow(ctx.app, book.id)).held, stored.held + 2)
    await call(ctx.app, 'demo', Api.cancel, { query: { donatePlatOrder: r.body.data.orderPayRequestDTO.billNo }, token: bob })
    assert.deepEqual(await bookRow(ctx.app, book.id), stored)
  })
})
