/**
 * Two donors can never name the same seat, and a book is never named more times than its stock: 200
 * concurrent orders for the same 10 seats and 200 for a book with stock 5, all in flight at once, give exactly 10
 * seat holders and 5 copies held; every loser gets code -1 with a message naming the seat or the book and nothing of
 * their order is written; then payment names, cancellation and expiry release, and the counts still add up.
 * Runs on SQLite and, with DATABASE_URL, on PostgreSQL (where the requests really race on a connection pool).
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { Api, type Book, type Seat } from '../../types'
import { call, login, startApp, type TestContext } from './helpers'
import { BOOK_PROJECT, bookBody, bookRow, booksOf, donateNaming, freeSeats, jnuSeatProject, seatBody } from './naming-fixtures'
import { orderRow, projectIdOf, sandboxNotify } from './order-fixtures'

let ctx: TestContext
let jnu: number
let books: number
let seats: Seat[]
let book: Book
const DONORS = 200
const minutes = (n: number) => new Date(Date.now() + n * 60_000)

before(async () => {
  ctx = await startApp()
  jnu = await jnuSeatProject(ctx.app)
  books = await projectIdOf(ctx.app, 'demo', BOOK_PROJECT)
  seats = await freeSeats(ctx.app, 'demo', jnu, 10)
  const shelf = await booksOf(ctx.app, 'demo', books)
  await ctx.app.db.updateTable('naming_book').set({ stock: 5, held: 0 }).where('id', '=', shelf[0].id).execute()
  book = (await booksOf(ctx.app, 'demo', books)).find((b) => b.id === shelf[0].id)!
  assert.equal(book.stock, 5)
})
after(async () => {
  await ctx.close()
})

interface Outcome {
  token: string
  code: number
  message: string
  billNo: string
}

describe('200 concurrent orders for 10 seats and 200 for a book with stock 5', () => {
  const seatOutcomes: Outcome[] = []
  const bookOutcomes: Outcome[] = []

  it('exactly 10 seat holders and 5 copies held; every loser a clear -1 and nothing written', async () => {
    const tokens: string[] = []
    for (let i = 0; i < 2 * DONORS; i++) tokens.push(await login(ctx.app, 'demo', `race-${i}`))
    const ordersBefore = Number(
      (
        await ctx.app.db
          .selectFrom('donation')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n
    )

    // every request is started before any is awaited
    const run = (token: string, body: unknown, into: Outcome[]) =>
      donateNaming(ctx.app, 'demo', token, body).then((r) => {
        into.push({ token, code: r.body.code, message: r.body.message, billNo: r.body.data?.orderPayRequestDTO?.billNo ?? '' })
      })
    await Promise.all(
      tokens.map((token, i) =>
        i % 2
          ? run(token, seatBody(jnu, [{ seat: seats[(i >> 1) % 10], termYear: 10 }]), seatOutcomes)
          : run(token, bookBody(books, [{ book, count: 1 }]), bookOutcomes)
      )
    )

    const seatWinners = seatOutcomes.filter((o) => o.code === 0)
    const bookWinners = bookOutcomes.filter((o) => o.code === 0)
    assert.equal(seatWinners.length, 10, 'one holder per seat')
    assert.equal(bookWinners.length, 5, 'one holder per copy')
    for (const o of seatOutcomes.filter((x) => x.code !== 0)) {
      assert.equal(o.code, -1)
      assert.match(o.message, /^[A-D]区\d+排\d+座已被其他捐赠人选择，请另选$/)
    }
    for (const o of bookOutcomes.filter((x) => x.code !== 0)) {
      assert.equal(o.code, -1)
      assert.equal(o.message, `《${book.title}》库存不足（可冠名0本）`)
    }

    // the database agrees: each seat held by a different winning order, five copies held, no loser's order exists
    const rows = await ctx.app.db
      .selectFrom('naming_seat')
      .select(['id', 'status', 'hold_donation_id'])
      .where(
        'id',
        'in',
        seats.map((s) => s.id)
      )
      .execute()
    assert.ok(rows.every((r) => r.status === 4))
    const winnerIds = await Promise.all(seatWinners.map(async (o) => (await orderRow(ctx.app, o.billNo)).id))
    assert.deepEqual(new Set(rows.map((r) => r.hold_donation_id)), new Set(winnerIds))
    assert.deepEqual(await bookRow(ctx.app, book.id), { stock: 5, held: 5 })
    const ordersAfter = Number(
      (
        await ctx.app.db
          .selectFrom('donation')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n
    )
    assert.equal(ordersAfter - ordersBefore, 15)
    const held = await ctx.app.db.selectFrom('naming_record').select(['kind']).where('status', '=', 'held').execute()
    assert.equal(held.filter((r) => r.kind === 'seat').length, 10)
    assert.equal(held.filter((r) => r.kind === 'book').length, 5)
  })

  it('paid orders name their seat and copy; cancelled and expired ones are released', async () => {
    const seatWinners = seatOutcomes.filter((o) => o.code === 0)
    const bookWinners = bookOutcomes.filter((o) => o.code === 0)
    // pay 2 seats and 1 copy, cancel 3 seats and 2 copies, let the rest (5 seats, 2 copies) expire
    for (const o of [...seatWinners.slice(0, 2), bookWinners[0]])
      assert.equal((await sandboxNotify(ctx.app, 'demo', o.billNo)).body.data.status, 'applied')
    for (const o of [...seatWinners.slice(2, 5), ...bookWinners.slice(1, 3)]) {
      assert.equal((await call(ctx.app, 'demo', Api.cancel, { query: { donatePlatOrder: o.billNo }, token: o.token })).body.code, 0)
    }
    assert.deepEqual(await bookRow(ctx.app, book.id), { stock: 4, held: 2 })
    await ctx.app.jobs.reconcileOnce(minutes(16))
    for (const o of [...seatWinners.slice(5), ...bookWinners.slice(3)]) assert.equal((await orderRow(ctx.app, o.billNo)).status, 'expired')

    const rows = await ctx.app.db
      .selectFrom('naming_seat')
      .select(['status', 'hold_donation_id'])
      .where(
        'id',
        'in',
        seats.map((s) => s.id)
      )
      .execute()
    assert.equal(rows.filter((r) => r.status === 2).length, 2)
    assert.equal(rows.filter((r) => r.status === 1 && r.hold_donation_id === null).length, 8)
    assert.deepEqual(await bookRow(ctx.app, book.id), { stock: 4, held: 0 })
    assert.equal((await booksOf(ctx.app, 'demo', books)).find((b) => b.id === book.id)!.stock, 4)
    const left = await ctx.app.db.selectFrom('naming_record').select('id').where('status', '=', 'held').execute()
    assert.equal(left.length, 0)

    // a released seat can be named again
    const freedSeat = (
      await ctx.app.db
        .selectFrom('naming_seat')
        .select('id')
        .where(
          'id',
          'in',
          seats.map((s) => s.id)
        )
        .where('status', '=', 1)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id
    const again = await donateNaming(
      ctx.app,
      'demo',
      await login(ctx.app, 'demo', 'race-again'),
      seatBody(jnu, [{ seat: seats.find((s) => s.id === freedSeat)!, termYear: 5 }])
    )
    assert.equal(again.body.code, 0, again.body.message)
  })
})
