/**
 * The seat map (docs/product §4 seat cells, §2 seat?id): the cell rules as pure functions, then the page against a
 * stubbed HTTP boundary: each state drawn, free seats toggle, a donated seat shows its donor, unavailable and held
 * seats are inert, cells 30 px and 20 px zoomed out, a period per seat, the total, and Confirm into form-gm (or the
 * jnu campaign's form) with the choice in storage 'gm'.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import Taro from '@tarojs/taro'
import SeatPage from '@/pkg-naming/seat/index'
import JnuSeatPage from '@/pkg-naming/seat-naming-jnu/seat/index'
import { cellKind, cellPx, keepStillFree, tapSeat } from '@/features/naming/model/seat-cells'
import { objectTitle, seatLabel } from '@/features/naming/model/selection'
import { store } from '@/platform/storage-keys'
import { useSession } from '@/store/session'
import { bootSession, ok, setQuery, stubApi, toastSpy } from './project-fixtures'
import { AREAS, gridAnswer, listAnswer, PRICES, seat, seatProject } from './naming-fixtures'

const kind = (id: number) => screen.getByTestId(`seat-${id}`).getAttribute('data-kind')
const tap = (id: number) => fireEvent.click(screen.getByTestId(`seat-${id}`))
const titles = (spy: jest.SpyInstance) => spy.mock.calls.map((c) => c[0].title)
const confirm = () => fireEvent.click(screen.getByTestId('seat-confirm').querySelector('.at-button')!)

function stubSeats() {
  return stubApi({
    itemsDetail: () => ok(seatProject()),
    areaList: () => ok(AREAS),
    seatList: (c) => ok(c.query.get('areaId') === '12' ? listAnswer() : gridAnswer())
  })
}

async function openSeats(Page = SeatPage, route = '/pkg-naming/seat/index') {
  setQuery(route, { id: '1' })
  const calls = stubSeats()
  render(<Page />)
  await screen.findByTestId('seat-101')
  return calls
}

beforeEach(() => {
  jest.restoreAllMocks()
  Taro.clearStorageSync()
  bootSession()
})

describe('seat cells (pure)', () => {
  it('draws 1 free, 2 donated, 3 unavailable, 3 with held as held, a chosen free seat as chosen, null as a gap', () => {
    const chosen = new Set([7])
    expect(cellKind(seat({ id: 6 }), chosen)).toBe('free')
    expect(cellKind(seat({ id: 7 }), chosen)).toBe('chosen')
    expect(cellKind(seat({ status: 2 }), chosen)).toBe('donated')
    expect(cellKind(seat({ status: 3 }), chosen)).toBe('unavailable')
    expect(cellKind(seat({ status: 3, held: 1 }), chosen)).toBe('held')
    // a seat someone named while this donor had it chosen is drawn as donated, not chosen
    expect(cellKind(seat({ id: 7, status: 2 }), chosen)).toBe('donated')
    expect(cellKind(null, chosen)).toBe('gap')
  })

  it('toggles free seats, shows donors of donated ones, ignores the rest; a single period is picked for the donor', () => {
    const free = seat({ id: 1 })
    const single = seat({ id: 2, priceList: [PRICES[1]] })
    let out = tapSeat(free, [], 'A区')
    expect(out.kind).toBe('chosen')
    const chosen = out.kind === 'chosen' ? out.seats : []
    expect(chosen).toEqual([{ seatId: 1, areaId: 11, areaTitle: 'A区', seat: free.seat, priceList: PRICES, termYear: null }])
    out = tapSeat(single, chosen, 'A区')
    expect(out.kind === 'chosen' && out.seats[1].termYear).toBe(10)
    out = tapSeat(free, chosen, 'A区')
    expect(out).toEqual({ kind: 'released', seats: [] })
    const donated = seat({ status: 2 })
    expect(tapSeat(donated, [], '')).toEqual({ kind: 'donor', seat: donated })
    expect(tapSeat(seat({ status: 3 }), [], '')).toEqual({ kind: 'none' })
    expect(tapSeat(seat({ status: 3, held: 1 }), [], '')).toEqual({ kind: 'none' })
    expect(tapSeat(null, [], '')).toEqual({ kind: 'none' })
  })

  it('labels a seat with its area unless the label names it, and a book with its copies once', () => {
    expect(seatLabel('一楼大厅', '1排1座')).toBe('一楼大厅 · 1排1座')
    expect(seatLabel('A区', 'A区1排3座')).toBe('A区1排3座')
    expect(seatLabel('', '1排1座')).toBe('1排1座')
    expect(objectTitle('《平凡的世界》', 3)).toBe('《平凡的世界》 ×3')
    expect(objectTitle('《平凡的世界》×3', 3)).toBe('《平凡的世界》×3')
    expect(objectTitle('A区1排3座', 1)).toBe('A区1排3座')
  })

  it('sizes cells 30 px, 20 px zoomed out', () => {
    expect(cellPx(false)).toBe(30)
    expect(cellPx(true)).toBe(20)
  })

  it("drops chosen seats of the area that the fresh map no longer shows free, and keeps other areas' seats", () => {
    const chosen = [
      { seatId: 101, areaId: 11, areaTitle: '', seat: '', priceList: PRICES, termYear: 5 },
      { seatId: 102, areaId: 11, areaTitle: '', seat: '', priceList: PRICES, termYear: 5 },
      { seatId: 201, areaId: 12, areaTitle: '', seat: '', priceList: PRICES, termYear: 5 }
    ]
    expect(keepStillFree(chosen, gridAnswer(), 11).map((s) => s.seatId)).toEqual([101, 201])
  })
})

describe('seat?id', () => {
  it('draws every state, 30 px cells and 20 px zoomed out', async () => {
    await openSeats()
    expect([101, 102, 103, 104, 105, 106].map(kind)).toEqual(['free', 'donated', 'unavailable', 'held', 'free', 'free'])
    expect(screen.getByTestId('seat-101').style.width).toBe('30px')
    fireEvent.click(screen.getByTestId('seat-zoom'))
    expect(screen.getByTestId('seat-101').style.width).toBe('20px')
    expect(screen.getByTestId('seat-grid').getAttribute('data-cell')).toBe('20')
  })

  it('toggles a free seat; unavailable and held seats do nothing; a donated seat shows its donor and message', async () => {
    await openSeats()
    tap(101)
    expect(kind(101)).toBe('chosen')
    expect(screen.getByTestId('chosen-101')).toBeTruthy()
    tap(101)
    expect(kind(101)).toBe('free')
    expect(screen.queryByTestId('chosen-101')).toBeNull()
    tap(103)
    tap(104)
    expect(kind(103)).toBe('unavailable')
    expect(kind(104)).toBe('held')
    expect(screen.queryByTestId('chosen-103')).toBeNull()
    expect(screen.queryByTestId('chosen-104')).toBeNull()
    tap(102)
    const donor = await screen.findByTestId('seat-donor')
    expect(within(donor).getByTestId('seat-donor-name').textContent).toBe('王**')
    expect(within(donor).getByTestId('seat-donor-message').textContent).toBe('饮水思源')
  })

  it('asks for a seat, then for a period; the total adds the chosen periods exactly; Confirm keeps the choice and opens form-gm', async () => {
    const toast = toastSpy()
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    await openSeats()
    confirm()
    expect(titles(toast)).toEqual(['请选择冠名对象'])
    tap(101)
    confirm()
    expect(titles(toast)[1]).toBe('请选择冠名期限')
    expect(nav).not.toHaveBeenCalled()
    fireEvent.click(screen.getByTestId('period-101-10'))
    expect(screen.getByTestId('period-101-10').getAttribute('data-selected')).toBe('1')
    expect(screen.getByTestId('naming-total').textContent).toBe('¥8,800.50')
    tap(106) // one period only: picked for the donor
    expect(screen.getByTestId('naming-total').textContent).toBe('¥13,800.50')
    confirm()
    expect(nav).toHaveBeenCalledWith({ url: '/pkg-naming/form-gm/index?id=1&namingType=1' })
    const gm = store.get('gm')!
    expect(gm.itemsId).toBe(1)
    expect(gm.namingType).toBe(1)
    expect(gm.seats.map((s) => [s.seatId, s.termYear, s.areaTitle])).toEqual([
      [101, 10, '一楼大厅'],
      [106, 5, '一楼大厅']
    ])
  })

  it('keeps the choice across a return to the page and drops a seat that was named meanwhile', async () => {
    const toast = toastSpy()
    store.set('gm', {
      itemsId: 1,
      namingType: 1,
      mode: 'all',
      nameplate: { donorName: '', donorIdentity: '校友', donationMessage: '' },
      nameplates: {},
      books: [],
      seats: [
        { seatId: 105, areaId: 11, areaTitle: '一楼大厅', seat: '2排1座', priceList: PRICES, termYear: 0 },
        { seatId: 102, areaId: 11, areaTitle: '一楼大厅', seat: '1排2座', priceList: PRICES, termYear: 5 }
      ]
    })
    await openSeats()
    await waitFor(() => expect(screen.queryByTestId('chosen-102')).toBeNull())
    expect(kind(105)).toBe('chosen')
    expect(titles(toast)).toContain('部分已选座位已被他人冠名，已为您移除')
    expect(store.get('gm')!.seats.map((s) => s.seatId)).toEqual([105])
  })

  it('list areas show one row per seat with the same taps', async () => {
    await openSeats()
    fireEvent.click(screen.getByTestId('area-12'))
    await screen.findByTestId('seat-list')
    expect(kind(201)).toBe('free')
    tap(201)
    expect(kind(201)).toBe('chosen')
    expect(screen.getByTestId('seat-202').textContent).toContain('冠名人：李**')
  })

  it('English', async () => {
    useSession.setState({ lang: 'en' })
    const toast = toastSpy()
    await openSeats()
    confirm()
    expect(titles(toast)).toEqual(['Please choose what to name'])
    expect(screen.getByTestId('seat-legend').textContent).toContain('Named')
  })
})

describe('seat-naming-jnu/seat', () => {
  it('chooses areas in the modal, shows the carousel, and confirms into the campaign form with the amount rule', async () => {
    const toast = toastSpy()
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    await openSeats(JnuSeatPage, '/pkg-naming/seat-naming-jnu/seat/index')
    expect(screen.getByTestId('current-area').textContent).toBe('一楼大厅')
    tap(101)
    expect(screen.getByTestId('chosen-carousel')).toBeTruthy()
    confirm()
    expect(titles(toast)).toEqual(['请选择捐赠金额'])
    fireEvent.click(screen.getByTestId('period-101-0'))
    confirm()
    expect(nav).toHaveBeenLastCalledWith({ url: '/pkg-naming/seat-naming-jnu/form/index?id=1' })
    fireEvent.click(screen.getByTestId('other-area'))
    await act(async () => {
      fireEvent.click(screen.getByTestId('area-pick-12'))
    })
    await screen.findByTestId('seat-list')
    expect(screen.getByTestId('current-area').textContent).toBe('二楼看台')
  })

  it("the plain seat page of the school's jnu campaign item also confirms into the campaign form (docs/product §2 special routing)", async () => {
    useSession.setState({ settings: { ...useSession.getState().settings, campaignItems: { jnuSeat: 1 } } })
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    await openSeats()
    tap(106)
    confirm()
    expect(nav).toHaveBeenCalledWith({ url: '/pkg-naming/seat-naming-jnu/form/index?id=1' })
  })
})
