/**
 * Shared pieces of the naming tests (not a test file itself): the demo school's jnu seat and book projects, free
 * seats, valid seat and book submissions through the real donate route, and the holds as the database stores them.
 */
import type { FastifyInstance } from 'fastify'
import {
  Api,
  CampaignKey,
  type BaseConfig,
  type Book,
  type DonateAnswer,
  type NamingArea,
  type NameplateText,
  type Seat,
  type SeatListAnswer
} from '../../types'
import { call } from './helpers'
import { demoBody, donate } from './order-fixtures'

export const BOOK_PROJECT = '馆藏图书冠名'

export async function campaignItem(app: FastifyInstance, school: string, key: string): Promise<number> {
  const cfg = (await call<BaseConfig>(app, school, Api.baseConfig)).body.data
  const id = cfg.settings.campaignItems[key]
  if (!id) throw new Error(`${school} has no campaign ${key}`)
  return id
}
export const jnuSeatProject = (app: FastifyInstance) => campaignItem(app, 'demo', CampaignKey.JNU_SEAT)

export async function areasOf(app: FastifyInstance, school: string, itemsId: number) {
  return (await call<NamingArea[]>(app, school, Api.areaList, { query: { itemsId } })).body.data
}

export async function seatsOf(app: FastifyInstance, school: string, areaId: number): Promise<Seat[]> {
  const d = (await call<SeatListAnswer>(app, school, Api.seatList, { query: { areaId } })).body.data
  return [...d.oneArray, ...d.twoArray.flat().filter((s): s is Seat => s !== null)]
}

/** `n` free seats of the project's first area (the seed names a few, reserves a few, leaves most free). */
export async function freeSeats(app: FastifyInstance, school: string, itemsId: number, n: number, skip = 0): Promise<Seat[]> {
  const [area] = await areasOf(app, school, itemsId)
  const free = (await seatsOf(app, school, area.id)).filter((s) => s.status === 1)
  if (free.length < skip + n) throw new Error(`only ${free.length} free seats`)
  return free.slice(skip, skip + n)
}

export const plate = (over: Partial<NameplateText> = {}): NameplateText => ({
  donorName: '赟喆䶮',
  donorIdentity: '校友',
  donationMessage: '饮水思源',
  ...over
})

/** "1234.56" + "0.44" with integer fen. */
export function sumYuan(values: string[]): string {
  const fen = values.reduce((s, v) => {
    const [w, f = ''] = v.split('.')
    return s + Number(w) * 100 + Number(f.padEnd(2, '0'))
  }, 0)
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`
}

/** A seat naming submission: each seat with a period (termYear) and the price the seat lists for it. */
export function seatBody(
  itemsId: number,
  picks: { seat: Seat; termYear: number; plate?: Partial<NameplateText> }[],
  over: Record<string, unknown> = {}
) {
  const money = picks.map((p) => {
    const price = p.seat.priceList.find((x) => x.termYear === p.termYear)
    if (!price) throw new Error(`seat ${p.seat.seat} has no ${p.termYear}-year price`)
    return price.termMoney
  })
  return demoBody(itemsId, {
    itemsType: 2,
    namingType: '1',
    currencyMoney: sumYuan(money),
    seatList: picks.map((p) => ({ seatId: p.seat.id, areaId: p.seat.areaId, itemsId, termYear: p.termYear, ...plate(p.plate) })),
    ...over
  } as Record<string, unknown>)
}

export async function booksOf(
  app: FastifyInstance,
  school: string,
  itemsId: number,
  q: Record<string, string | number> = {}
): Promise<Book[]> {
  return (await call<Book[]>(app, school, Api.bookList, { query: { itemsId, ...q } })).body.data
}

export function bookBody(
  itemsId: number,
  picks: { book: Book; count: number; plates?: NameplateText[] }[],
  over: Record<string, unknown> = {}
) {
  const money = picks.map((p) => sumYuan(Array.from({ length: p.count }, () => p.book.unitPrice)))
  return demoBody(itemsId, {
    itemsType: 2,
    namingType: '2',
    currencyMoney: sumYuan(money),
    bookList: picks.map((p) => ({
      bookId: p.book.id,
      itemsId,
      namingCount: p.count,
      nameplateList: p.plates ?? [plate({ donorIdentity: '教师' })],
      title: p.book.title,
      unitPrice: p.book.unitPrice
    })),
    ...over
  } as Record<string, unknown>)
}

export const donateNaming = (app: FastifyInstance, school: string, token: string, body: unknown) =>
  donate(app, school, token, body) as Promise<{ status: number; body: { code: number; message: string; data: DonateAnswer } }>

/** What the database holds: seat status and holder, the book's stock and held copies. */
export async function seatRow(app: FastifyInstance, id: number) {
  return app.db.selectFrom('naming_seat').select(['status', 'hold_donation_id', 'record_id']).where('id', '=', id).executeTakeFirstOrThrow()
}
export async function bookRow(app: FastifyInstance, id: number) {
  return app.db.selectFrom('naming_book').select(['stock', 'held']).where('id', '=', id).executeTakeFirstOrThrow()
}
export async function recordsOf(app: FastifyInstance, donationId: number) {
  return app.db.selectFrom('naming_record').selectAll().where('donation_id', '=', donationId).orderBy('id').execute()
}

/** Signs a staff member in on the staff API and returns a caller for it. */
export async function staffCaller(app: FastifyInstance, school: string, username: string, password: string) {
  const login = await app.inject({ method: 'POST', url: `/staff-api/${school}/login`, payload: { username, password } })
  const token = (login.json() as { data: { token: string } }).data.token
  return async <T = any>(method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await app.inject({
      method,
      url: `/staff-api/${school}${url}`,
      headers: { authorization: `Staff ${token}` },
      ...(body !== undefined ? { payload: body as object } : {})
    })
    return res.json() as { code: number; message: string; data: T }
  }
}
