/**
 * naming-xbmu's rules as pure functions (docs/product §5 Artwork): each work's price by count (750, 700, 650) unless its
 * own price list says otherwise (docs/decisions/031), total = the sum in fixed point, at most three works, named or
 * held works not choosable, labels split into title and author, the waterfall, and the 'gm' hand-off to form-gm.
 */
import type { SeatListAnswer, SeatPrice } from '@contract'
import {
  artworkItemOf,
  pricePerWork,
  splitLabel,
  toggleWork,
  toSelection,
  totalOf,
  waterfall,
  worksInRecord,
  worksOf,
  type Work
} from '@/features/artwork/model/artwork'
import { parseSelection } from '@/features/naming/model/selection'
import { seatsTotal } from '@/features/naming/model/price'

const DEFAULT_LIST: SeatPrice[] = [
  { termName: '选一幅', termMoney: '750.00', termYear: 0 },
  { termName: '选两幅', termMoney: '700.00', termYear: 0 },
  { termName: '选三幅', termMoney: '650.00', termYear: 0 }
]
const FEATURED: SeatPrice[] = [
  { termName: '选一幅', termMoney: '1200.00', termYear: 0 },
  { termName: '选两幅', termMoney: '1100.00', termYear: 0 },
  { termName: '选三幅', termMoney: '1000.00', termYear: 0 }
]

function work(seatId: number, over: Partial<Work> = {}): Work {
  return {
    seatId,
    areaId: 251,
    areaTitle: '国画',
    title: `作品${seatId}`,
    author: '马晓林',
    label: `《作品${seatId}》马晓林`,
    imgUrl: `/files/seed/maps/artwork-${seatId}.jpg`,
    status: 1,
    priceList: DEFAULT_LIST,
    ...over
  }
}

describe('artwork pricing (docs/product §5)', () => {
  it('750 for one, 700 each for two, 650 each for three; total = price x count', () => {
    const a = work(1)
    const b = work(2)
    const c = work(3)
    expect([pricePerWork([]), totalOf([])]).toEqual([null, '0.00'])
    expect([pricePerWork([a]), totalOf([a])]).toEqual(['750.00', '750.00'])
    expect([pricePerWork([a, b]), totalOf([a, b])]).toEqual(['700.00', '1400.00'])
    expect([pricePerWork([a, b, c]), totalOf([a, b, c])]).toEqual(['650.00', '1950.00'])
  })

  it('each work costs its own list entry for the count (else the default), whatever the order it was chosen in', () => {
    const bare = work(1, { priceList: [] })
    expect(totalOf([bare, work(2, { priceList: FEATURED })])).toBe('1800.00')
    expect(totalOf([work(2, { priceList: FEATURED }), bare])).toBe('1800.00')
    const featured = work(9, { priceList: FEATURED })
    expect(pricePerWork([featured])).toBe('1200.00')
    expect(totalOf([featured, work(2)])).toBe('1800.00')
    // the three works: 1,000 + 650 + 650 in every order (not 1,950 with a plain work first)
    expect(totalOf([featured, work(2), work(3)])).toBe('2300.00')
    expect(totalOf([work(2), work(3), featured])).toBe('2300.00')
    // works at different prices have no single "each" price
    expect(pricePerWork([featured, work(2)])).toBeNull()
    // a list shorter than the count falls back to the default for that count
    expect(totalOf([work(4, { priceList: [FEATURED[0]] }), work(5)])).toBe('1400.00')
  })

  it('sums in fixed point (no float drift)', () => {
    const odd: SeatPrice[] = [
      { termName: '', termMoney: '0.10', termYear: 0 },
      { termName: '', termMoney: '0.10', termYear: 0 },
      { termName: '', termMoney: '0.70', termYear: 0 }
    ]
    expect(totalOf([work(1, { priceList: odd }), work(2, { priceList: odd }), work(3, { priceList: odd })])).toBe('2.10')
    expect(totalOf([work(1, { priceList: odd }), work(2), work(3)])).toBe('1300.70')
  })
})

describe('choosing works', () => {
  it('at most three; a chosen work is released; named and held works cannot be chosen', () => {
    let chosen: Work[] = []
    for (const id of [1, 2, 3]) {
      const r = toggleWork(chosen, work(id))
      expect(r.kind).toBe('ok')
      if (r.kind === 'ok') chosen = r.chosen
    }
    expect(chosen.map((w) => w.seatId)).toEqual([1, 2, 3])
    expect(toggleWork(chosen, work(4))).toEqual({ kind: 'limit' })
    const released = toggleWork(chosen, work(2))
    expect(released.kind === 'ok' && released.chosen.map((w) => w.seatId)).toEqual([1, 3])
    expect(toggleWork([], work(5, { status: 2 }))).toEqual({ kind: 'unavailable' })
    expect(toggleWork([], work(6, { status: 3 }))).toEqual({ kind: 'unavailable' })
  })

  it('splits labels and rows into title and author', () => {
    expect(splitLabel('《秋山晚翠》马晓林')).toEqual({ title: '秋山晚翠', author: '马晓林' })
    expect(splitLabel('无题')).toEqual({ title: '无题', author: '' })
    expect(worksInRecord('《秋山晚翠》马晓林、《上善若水》马国强')).toEqual([
      { title: '秋山晚翠', author: '马晓林' },
      { title: '上善若水', author: '马国强' }
    ])
  })

  it('reads works from list and grid areas', () => {
    const seat = (id: number, label: string) => ({
      id,
      seat: label,
      status: 1 as const,
      held: 0 as const,
      donateSeatId: null,
      priceList: DEFAULT_LIST,
      imgUrl: '/a.jpg',
      areaId: 7,
      row: 0,
      col: 0,
      donorName: '',
      donateTime: '',
      donationMessage: ''
    })
    const list: SeatListAnswer = { type: 3, twoArray: [], oneArray: [seat(1, '《甘南草原》李卓玛')] }
    expect(worksOf(list, '油画')[0]).toMatchObject({ seatId: 1, title: '甘南草原', author: '李卓玛', areaTitle: '油画' })
    const grid: SeatListAnswer = { type: 1, twoArray: [[seat(2, '《a》b'), null]], oneArray: [] }
    expect(worksOf(grid, '').map((w) => w.seatId)).toEqual([2])
  })

  it('the waterfall puts each work in the shorter column', () => {
    const ratios: Record<string, number> = { a: 2, b: 1, c: 0.5, d: 1 }
    const [left, right] = waterfall(['a', 'b', 'c', 'd'], (k) => ratios[k])
    expect(left).toEqual(['a'])
    expect(right).toEqual(['b', 'c', 'd'])
  })

  it('the campaign item: the route id, else the school setting, else 25', () => {
    expect(artworkItemOf('31', { artworkNaming: 40 })).toBe(31)
    expect(artworkItemOf(undefined, { artworkNaming: 40 })).toBe(40)
    expect(artworkItemOf(undefined, {})).toBe(25)
  })
})

describe("the hand-off to form-gm (local storage 'gm')", () => {
  it('is a seat choice form-gm accepts, each work at its own price for the count, totalling the sum', () => {
    const sel = toSelection(25, [work(1, { priceList: FEATURED }), work(2)])
    expect(parseSelection(sel)).toBe(sel)
    expect(sel.seats.map((s) => [s.seatId, s.seat, s.termYear, s.priceList[0].termMoney])).toEqual([
      [1, '《作品1》马晓林', 0, '1100.00'],
      [2, '《作品2》马晓林', 0, '700.00']
    ])
    expect(seatsTotal(sel.seats)).toBe('1800.00')
  })
})
