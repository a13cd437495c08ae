/**
 * Demo naming data: the jnu seat campaign (grid areas A to D), the hhu seat campaign (one list area), the
 * book projects (categories, books with stock 1..20), nameplate examples and the nameplate-detail card, all with
 * locally generated images. The seeded paid gifts of these projects (activity-seeder.ts, labels such as "A区1排1座"
 * or "《平凡的世界》") become named seats and books with approved nameplates, so the maps and shelves agree with the
 * donor lists. Tree campaigns keep their map data elsewhere and are left alone.
 */
import type { Transaction } from 'kysely'
import { CampaignKey, NameplateStatus, type NameplateElement } from '../../../types'
import type { DB } from '../db/schema'
import { expiryOf } from '../domain/naming/holds'
import type { StoredPrice } from '../domain/naming/mapper'
import { SEAT_DONATED, SEAT_FREE, SEAT_UNAVAILABLE } from '../domain/naming/tables'
import { hex, type PngSpec } from '../lib/png'
import type { SeededProject } from './project-seeder'
import { rngFor } from './rng'

export const namingImg = {
  area: (zone: string) => `/files/seed/naming-area-${zone}.png`,
  seat: '/files/seed/naming-seat.png',
  book: (n: number) => `/files/seed/naming-book-${n}.png`,
  plateBg: (kind: 'seat' | 'book', n: number) => `/files/seed/naming-plate-${kind}-${n}.png`,
  plateExample: (kind: 'seat' | 'book', n: number) => `/files/seed/naming-plate-${kind}-${n}-example.png`,
  cardBg: (kind: 'seat' | 'book') => `/files/seed/naming-card-${kind}.png`,
  cardBottom: (kind: 'seat' | 'book') => `/files/seed/naming-card-${kind}-bottom.png`
}

const BRASS = ['#b8860b', '#f3e5ab'] as const
const WALNUT = ['#5d4037', '#d7ccc8'] as const

/** The PNGs of naming, merged into seed/images.ts's writer (written once, never rewritten). */
export function namingImageSpecs(): Record<string, PngSpec> {
  const out: Record<string, PngSpec> = {}
  const zones: [string, string][] = [
    ['a', '#8d6e63'],
    ['b', '#6d4c41'],
    ['c', '#a1887f'],
    ['d', '#4e342e'],
    ['hall', '#1d4e89']
  ]
  for (const [z, c] of zones) {
    out[namingImg.area(z)] = { width: 600, height: 360, from: hex(c), to: [255, 236, 179], stripes: { every: 24, color: [255, 255, 255] } }
  }
  out[namingImg.seat] = {
    width: 120,
    height: 120,
    from: hex('#6d4c41'),
    to: hex('#ffcc80'),
    circles: [{ x: 60, y: 44, r: 28, color: [255, 255, 255] }]
  }
  for (let n = 1; n <= 4; n++) {
    const [a, b] = [
      ['#37474f', '#b0bec5'],
      ['#5d4037', '#d7ccc8'],
      ['#1b5e20', '#c5e1a5'],
      ['#4527a0', '#b39ddb']
    ][n - 1]
    out[namingImg.book(n)] = { width: 240, height: 320, from: hex(a), to: hex(b), stripes: { every: 40, color: [255, 255, 255] } }
  }
  for (const kind of ['seat', 'book'] as const) {
    const [a, b] = kind === 'seat' ? BRASS : WALNUT
    for (const n of [1, 2]) {
      out[namingImg.plateBg(kind, n)] = { width: 600, height: 300, from: hex(n === 1 ? a : b), to: hex(n === 1 ? b : a) }
      out[namingImg.plateExample(kind, n)] = {
        width: 600,
        height: 300,
        from: hex(n === 1 ? a : b),
        to: hex(n === 1 ? b : a),
        circles: [{ x: 90, y: 150, r: 50, color: [255, 255, 255] }],
        stripes: { every: 60, color: [0, 0, 0] }
      }
    }
    out[namingImg.cardBg(kind)] = {
      width: 750,
      height: 1000,
      from: [255, 250, 240],
      to: hex(b),
      circles: [{ x: 620, y: 140, r: 90, color: hex(a) }]
    }
    out[namingImg.cardBottom(kind)] = { width: 750, height: 200, from: hex(b), to: hex(a), stripes: { every: 30, color: [255, 255, 255] } }
  }
  return out
}

const SEAT_PRICES: StoredPrice[] = [
  { termName: '5年', termYear: 5, fen: 100_000 },
  { termName: '10年', termYear: 10, fen: 200_000 },
  { termName: '永久', termYear: 0, fen: 500_000 }
]
const ZONES = ['A', 'B', 'C', 'D'] as const
/** Seats kept for guests of honour: shown, never offered. */
const RESERVED = new Set(['A区1排10座', 'A区1排11座', 'B区3排1座'])
const ROWS_PER_ZONE = 8
const SEATS_PER_ROW = 20
/** A grid row: seats 1-10, an aisle, seats 11-20. */
const colOf = (n: number) => (n <= 10 ? n : n + 1)
const MESSAGES = ['饮水思源，不忘师恩', '愿学弟学妹前程似锦', '母校生日快乐', '青春无悔，感恩遇见', '']

interface SeatRow {
  label: string
  row_no: number
  col_no: number
  sort_no: number
}

function gridSeats(zone: string): SeatRow[] {
  const out: SeatRow[] = []
  for (let row = 1; row <= ROWS_PER_ZONE; row++) {
    for (let n = 1; n <= SEATS_PER_ROW; n++)
      out.push({ label: `${zone}区${row}排${n}座`, row_no: row, col_no: colOf(n), sort_no: out.length })
  }
  return out
}

/** The hhu hall as one list: rows 1-2 zone A, 3-4 B, 5-6 C, 7-8 D (the labels the seeded gifts name). */
function listSeats(): SeatRow[] {
  const out: SeatRow[] = []
  for (let row = 1; row <= ROWS_PER_ZONE; row++) {
    const zone = ZONES[Math.floor((row - 1) / 2)]
    for (let n = 1; n <= SEATS_PER_ROW; n++) out.push({ label: `${zone}区${row}排${n}座`, row_no: 0, col_no: 0, sort_no: out.length })
  }
  return out
}

const BOOKS: [string, string, string, string][] = [
  // title, author, press, category
  ['平凡的世界', '路遥', '北京十月文艺出版社', '中国文学'],
  ['红楼梦', '曹雪芹', '人民文学出版社', '中国文学'],
  ['围城', '钱锺书', '人民文学出版社', '中国文学'],
  ['呐喊', '鲁迅', '人民文学出版社', '中国文学'],
  ['活着', '余华', '作家出版社', '中国文学'],
  ['百年孤独', '加西亚·马尔克斯', '南海出版公司', '外国文学'],
  ['老人与海', '海明威', '上海译文出版社', '外国文学'],
  ['悲惨世界', '雨果', '人民文学出版社', '外国文学'],
  ['史记', '司马迁', '中华书局', '历史'],
  ['万历十五年', '黄仁宇', '中华书局', '历史'],
  ['资治通鉴', '司马光', '中华书局', '历史'],
  ['时间简史', '史蒂芬·霍金', '湖南科学技术出版社', '科普'],
  ['物种起源', '达尔文', '商务印书馆', '科普'],
  ['寂静的春天', '蕾切尔·卡森', '上海译文出版社', '科普'],
  ['中国水利史稿', '水利史研究室', '水利电力出版社', '专业'],
  ['水力学', '吴持恭', '高等教育出版社', '专业']
]

const seatElements = (): NameplateElement[] => [
  {
    key: 'donorName',
    text: '{捐赠人}',
    x: 300,
    y: 110,
    style: { fontSize: 40, color: '#3e2723', fontWeight: 'bold', textAlign: 'center' }
  },
  { key: 'donorIdentity', text: '{身份}', x: 300, y: 170, style: { fontSize: 24, color: '#4e342e', textAlign: 'center' } },
  { key: 'donationMessage', text: '{寄语}', x: 300, y: 220, style: { fontSize: 22, color: '#5d4037', textAlign: 'center' } }
]
const bookElements = (): NameplateElement[] => [
  { key: 'text', text: '藏书票', x: 300, y: 60, style: { fontSize: 28, color: '#ffffff', textAlign: 'center' } },
  { key: 'donorName', text: '{捐赠人} 惠赠', x: 300, y: 140, style: { fontSize: 36, color: '#ffffff', textAlign: 'center' } },
  { key: 'donorIdentity', text: '{身份}', x: 300, y: 190, style: { fontSize: 22, color: '#efebe9', textAlign: 'center' } },
  { key: 'donationMessage', text: '{寄语}', x: 300, y: 240, style: { fontSize: 22, color: '#efebe9', textAlign: 'center' } }
]

async function seedNameplates(trx: Transaction<DB>, schoolId: number, itemsId: number, kind: 'seat' | 'book') {
  await trx
    .insertInto('nameplate_example')
    .values(
      [1, 2].map((n) => ({
        school_id: schoolId,
        items_id: itemsId,
        title: kind === 'seat' ? ['铜质铭牌', '木质铭牌'][n - 1] : ['经典藏书票', '简约藏书票'][n - 1],
        bg_img: namingImg.plateBg(kind, n),
        example_img: namingImg.plateExample(kind, n),
        width: 600,
        height: 300,
        config_data: JSON.stringify(kind === 'seat' ? seatElements() : bookElements()),
        sort_no: n
      }))
    )
    .execute()
  await trx
    .insertInto('nameplate_config')
    .values({
      school_id: schoolId,
      items_id: itemsId,
      bg_img: namingImg.cardBg(kind),
      bottom_img: namingImg.cardBottom(kind),
      bg_word: kind === 'seat' ? '感恩母校 · 座椅冠名' : '书香传承 · 图书冠名',
      bg_color: kind === 'seat' ? '#fff8e1' : '#efebe9'
    })
    .execute()
}

/** The seeded paid gifts of a project with their labels: they become named seats or books. */
const seededGifts = (trx: Transaction<DB>, schoolId: number, itemsId: number) =>
  trx
    .selectFrom('donation_naming as n')
    .innerJoin('donation as d', 'd.id', 'n.donation_id')
    .select(['n.label', 'n.quantity', 'd.id as donation_id', 'd.user_id', 'd.donor_name', 'd.paid_at', 'd.amount_fen'])
    .where('n.school_id', '=', schoolId)
    .where('n.items_id', '=', itemsId)
    .where('d.status', '=', 'paid')
    .orderBy('n.id')
    .execute()

async function seedSeats(trx: Transaction<DB>, schoolId: number, itemsId: number, layout: 'grid' | 'list', now: string) {
  const areas =
    layout === 'grid'
      ? ZONES.map((z, i) => ({ title: `${z}区`, img: namingImg.area(z.toLowerCase()), type: i < 2 ? 1 : 2, seats: gridSeats(z) }))
      : [{ title: '大礼堂', img: namingImg.area('hall'), type: 3, seats: listSeats() }]
  const seatIds = new Map<string, number>()
  for (const [i, a] of areas.entries()) {
    const { id: areaId } = await trx
      .insertInto('naming_area')
      .values({
        school_id: schoolId,
        items_id: itemsId,
        title: a.title,
        img_url: a.img,
        type: a.type,
        price_list: JSON.stringify(SEAT_PRICES),
        sort_no: i
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const rows = await trx
      .insertInto('naming_seat')
      .values(
        a.seats.map((s) => ({
          school_id: schoolId,
          items_id: itemsId,
          area_id: areaId,
          ...s,
          img_url: namingImg.seat,
          status: RESERVED.has(s.label) ? SEAT_UNAVAILABLE : SEAT_FREE,
          hold_donation_id: null,
          record_id: null,
          updated_at: now
        }))
      )
      .returning(['id', 'label'])
      .execute()
    for (const r of rows) seatIds.set(r.label, r.id)
  }
  const prices = new Map(SEAT_PRICES.map((p) => [p.fen, p]))
  for (const [k, g] of (await seededGifts(trx, schoolId, itemsId)).entries()) {
    const seatId = seatIds.get(g.label)
    if (!seatId) continue
    const price = prices.get(g.amount_fen) ?? SEAT_PRICES[1]
    const namedAt = g.paid_at ?? now
    const { id } = await trx
      .insertInto('naming_record')
      .values({
        school_id: schoolId,
        donation_id: g.donation_id,
        items_id: itemsId,
        user_id: g.user_id,
        kind: 'seat',
        seat_id: seatId,
        book_id: null,
        area_id: null,
        label: g.label,
        quantity: 1,
        term_year: price.termYear,
        term_name: price.termName,
        unit_fen: g.amount_fen,
        amount_fen: g.amount_fen,
        donor_name: g.donor_name,
        donor_identity: '校友',
        donation_message: MESSAGES[k % MESSAGES.length],
        nameplate_list: '',
        status: 'named',
        nameplate_status: NameplateStatus.APPROVED,
        review_reason: '',
        reviewed_by: null,
        reviewed_at: namedAt,
        named_at: namedAt,
        expire_at: expiryOf(namedAt, price.termYear),
        created_at: namedAt,
        updated_at: namedAt
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx.updateTable('naming_seat').set({ status: SEAT_DONATED, record_id: id }).where('id', '=', seatId).execute()
  }
}

async function seedBooks(trx: Transaction<DB>, schoolId: number, itemsId: number, unitFen: number, schoolCode: string, now: string) {
  const rng = rngFor(`${schoolCode}-books`)
  const categories = [...new Set(BOOKS.map((b) => b[3]))]
  const catIds = new Map<string, number>()
  for (const [i, title] of categories.entries()) {
    const { id } = await trx
      .insertInto('book_category')
      .values({ school_id: schoolId, items_id: itemsId, title, sort_no: i })
      .returning('id')
      .executeTakeFirstOrThrow()
    catIds.set(title, id)
  }
  const rows = await trx
    .insertInto('naming_book')
    .values(
      BOOKS.map(([title, author, press, cat], i) => ({
        school_id: schoolId,
        items_id: itemsId,
        category_id: catIds.get(cat)!,
        title,
        author,
        press,
        book_no: `ISBN-978-7-${String(1000 + i * 37).padStart(4, '0')}-${i}`,
        unit_fen: unitFen,
        stock: rng.int(1, 20),
        remarks: `${author}著，${press}出版。冠名后扉页贴专属藏书票。`,
        img_url: namingImg.book((i % 4) + 1),
        sort_no: i
      }))
    )
    .returning(['id', 'title', 'stock'])
    .execute()
  const books = new Map(rows.map((r) => [`《${r.title}》`, r]))
  for (const [k, g] of (await seededGifts(trx, schoolId, itemsId)).entries()) {
    const book = books.get(g.label)
    if (!book) continue
    const namedAt = g.paid_at ?? now
    const plate = { donorName: g.donor_name, donorIdentity: '校友', donationMessage: MESSAGES[k % MESSAGES.length] }
    await trx
      .insertInto('naming_record')
      .values({
        school_id: schoolId,
        donation_id: g.donation_id,
        items_id: itemsId,
        user_id: g.user_id,
        kind: 'book',
        seat_id: null,
        book_id: book.id,
        area_id: null,
        label: book.title,
        quantity: g.quantity,
        term_year: 0,
        term_name: '',
        unit_fen: unitFen,
        amount_fen: g.amount_fen,
        donor_name: plate.donorName,
        donor_identity: plate.donorIdentity,
        donation_message: plate.donationMessage,
        nameplate_list: JSON.stringify([plate]),
        status: 'named',
        nameplate_status: NameplateStatus.APPROVED,
        review_reason: '',
        reviewed_by: null,
        reviewed_at: namedAt,
        named_at: namedAt,
        expire_at: null,
        created_at: namedAt,
        updated_at: namedAt
      })
      .execute()
  }
}

export async function seedNaming(trx: Transaction<DB>, school: { id: number; code: string }, projects: SeededProject[]) {
  const now = new Date().toISOString()
  for (const p of projects) {
    const n = p.seed.naming
    if (!n) continue
    if (n.type === 1 && (p.seed.campaign === CampaignKey.JNU_SEAT || p.seed.campaign === CampaignKey.HHU_SEAT)) {
      await seedSeats(trx, school.id, p.id, p.seed.campaign === CampaignKey.JNU_SEAT ? 'grid' : 'list', now)
      await seedNameplates(trx, school.id, p.id, 'seat')
    } else if (n.type === 2) {
      await seedBooks(trx, school.id, p.id, n.unitYuan * 100, school.code, now)
      await seedNameplates(trx, school.id, p.id, 'book')
    }
  }
}
