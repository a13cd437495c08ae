/**
 * naming-xbmu pages (docs/product §2, §5 Artwork, §9 loading bar) against a stubbed HTTP boundary: the loading
 * bar reaching 100 in about a second, the home's buttons and popups; choose with area tabs, the waterfall, image
 * preview, at most three works, the 'my choice' and 'customise' popups, the price by count and the hand-off to
 * form-gm?id=25&namelate=0; the donor list (donor, author, time) and my donations.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { NamingArea, Seat, SeatListAnswer } from '@contract'
import HomePage from '@/pkg-artwork/naming-xbmu/home/index'
import ChoosePage from '@/pkg-artwork/naming-xbmu/choose/index'
import ListPage from '@/pkg-artwork/naming-xbmu/list/index'
import MinePage from '@/pkg-artwork/naming-xbmu/mine/index'
import { store } from '@/platform/storage-keys'
import { useSession } from '@/store/session'
import { bootSession, ok, page, project, setQuery, stubApi, toastSpy } from './project-fixtures'

const titles = (spy: jest.SpyInstance) => spy.mock.calls.map((c) => c[0].title)
const LIST = [
  { termName: '选一幅', termMoney: '750.00', termYear: 0 },
  { termName: '选两幅', termMoney: '700.00', termYear: 0 },
  { termName: '选三幅', termMoney: '650.00', termYear: 0 }
]
const AREAS: NamingArea[] = [
  { id: 251, title: '国画', imgUrl: '', type: 3 },
  { id: 252, title: '油画', imgUrl: '', type: 3 }
]
function seat(id: number, label: string, over: Partial<Seat> = {}): Seat {
  return {
    id,
    seat: label,
    status: 1,
    held: 0,
    donateSeatId: null,
    priceList: LIST,
    imgUrl: `/files/seed/maps/artwork-${id}.jpg`,
    areaId: 251,
    row: 0,
    col: 0,
    donorName: '',
    donateTime: '',
    donationMessage: '',
    ...over
  }
}
const INK: SeatListAnswer = {
  type: 3,
  twoArray: [],
  oneArray: [
    seat(1, '《秋山晚翠》马晓林'),
    seat(2, '《黄河远上》丁玉梅'),
    seat(3, '《陇上春耕》才让东主', { status: 2, donateSeatId: 77 }),
    seat(4, '《祁连雪霁》马晓林')
  ]
}
const OIL: SeatListAnswer = {
  type: 3,
  twoArray: [],
  oneArray: [
    seat(8, '《甘南草原》李卓玛', {
      areaId: 252,
      priceList: [
        { termName: '选一幅', termMoney: '1200.00', termYear: 0 },
        { termName: '选两幅', termMoney: '1100.00', termYear: 0 },
        { termName: '选三幅', termMoney: '1000.00', termYear: 0 }
      ]
    }),
    seat(9, '《校园的黄昏》王思远', { areaId: 252 })
  ]
}

function stub() {
  return stubApi({
    itemsDetail: () =>
      ok(project({ id: 25, name: '书画作品认捐', intro: '认捐校庆师生书画作品', content: '<p>每次最多认捐<b>三幅</b></p>' })),
    areaList: () => ok(AREAS),
    seatList: (c) => ok(c.query.get('areaId') === '252' ? OIL : INK),
    donateSeatList: () =>
      ok(
        page([
          {
            id: 1,
            name: '王**',
            seat: '《秋山晚翠》马晓林、《上善若水》马国强',
            donateTime: '2026-10-01 10:00:00',
            donateMoney: '1400.00'
          },
          { id: 2, name: '匿名', seat: '《甘南草原》李卓玛', donateTime: '2026-09-12 08:30:00', donateMoney: '1200.00' }
        ])
      ),
    namingList: () =>
      ok(
        page([
          {
            id: 5,
            itemsId: 25,
            itemsName: '书画作品认捐',
            donateTime: '2026-10-02 09:15:00',
            donateMoney: '750.00',
            namingType: 1,
            donateSeatList: [
              {
                namingId: 91,
                namingType: 1,
                quantity: 1,
                nameplate: { donorName: '张赟喆', donorIdentity: '校友', donationMessage: '' },
                nameplateStatus: 1,
                reviewReason: '',
                seat: '《祁连雪霁》马晓林',
                termName: '选一幅',
                termMoney: '750.00',
                expireDate: ''
              }
            ]
          }
        ])
      )
  })
}

beforeEach(() => {
  jest.restoreAllMocks()
  jest.useRealTimers()
  Taro.clearStorageSync()
  bootSession()
  document.body.innerHTML = ''
})

describe('naming-xbmu home', () => {
  it('fills the loading bar to 100 in about a second in ten updates (the bar slides between them), then shows the campaign', async () => {
    jest.useFakeTimers()
    setQuery('/pkg-artwork/naming-xbmu/home/index', {})
    const calls = stub()
    render(<HomePage />)
    expect(screen.getByTestId('artwork-loading-pct').textContent).toBe('0%')
    act(() => jest.advanceTimersByTime(500))
    expect(screen.getByTestId('artwork-loading-pct').textContent).toBe('50%')
    // no update between the steps: 50% until the next 100 ms
    act(() => jest.advanceTimersByTime(50))
    expect(screen.getByTestId('artwork-loading-pct').textContent).toBe('50%')
    act(() => jest.advanceTimersByTime(350))
    expect(screen.getByTestId('artwork-loading-pct').textContent).toBe('90%')
    act(() => jest.advanceTimersByTime(100))
    jest.useRealTimers()
    await waitFor(() => expect(screen.getByTestId('artwork-name').textContent).toBe('书画作品认捐'))
    expect(calls.find((c) => c.path.endsWith('/itemsDetail'))!.query.get('id')).toBe('25')
  })

  it('explanation popup, list and mine links, and the project info popup before choose', async () => {
    jest.useFakeTimers()
    setQuery('/pkg-artwork/naming-xbmu/home/index', {})
    stub()
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    render(<HomePage />)
    act(() => jest.advanceTimersByTime(1100))
    jest.useRealTimers()
    await waitFor(() => expect(screen.getByTestId('artwork-name').textContent).toBe('书画作品认捐'))
    fireEvent.click(screen.getByTestId('artwork-go-explain'))
    expect(screen.getByTestId('artwork-explain').innerHTML).toContain('三幅')
    fireEvent.click(screen.getByTestId('artwork-explain-close'))
    fireEvent.click(screen.getByTestId('artwork-go-list'))
    fireEvent.click(screen.getByTestId('artwork-go-mine'))
    fireEvent.click(screen.getByTestId('artwork-start'))
    expect(screen.getByTestId('artwork-info').textContent).toContain('认捐校庆师生书画作品')
    fireEvent.click(screen.getByTestId('artwork-info-go'))
    expect(nav.mock.calls.map((c) => c[0].url)).toEqual([
      '/pkg-artwork/naming-xbmu/list/index?id=25',
      '/pkg-artwork/naming-xbmu/mine/index?id=25',
      '/pkg-artwork/naming-xbmu/choose/index?id=25'
    ])
  })
})

describe('naming-xbmu/choose', () => {
  async function open() {
    setQuery('/pkg-artwork/naming-xbmu/choose/index', { id: '25' })
    const calls = stub()
    render(<ChoosePage />)
    await screen.findByTestId('work-1')
    return calls
  }
  const pick = (id: number) => fireEvent.click(screen.getByTestId(`work-pick-${id}`))

  it('area tabs and a two-column waterfall; a named work has no choose icon; the image opens a preview', async () => {
    const preview = jest.spyOn(Taro, 'previewImage').mockResolvedValue({ errMsg: 'ok' } as any)
    await open()
    const cols = screen.getByTestId('artwork-fall').children
    expect(cols).toHaveLength(2)
    expect(within(cols[0] as HTMLElement).queryByTestId('work-1')).toBeTruthy()
    expect(within(cols[1] as HTMLElement).queryByTestId('work-2')).toBeTruthy()
    expect(screen.getByTestId('work-3').textContent).toContain('已认捐')
    expect(screen.queryByTestId('work-pick-3')).toBeNull()
    fireEvent.click(screen.getByTestId('work-img-1'))
    expect(preview.mock.calls[0][0].current).toContain('/files/seed/maps/artwork-1.jpg')
    fireEvent.click(screen.getByTestId('area-252'))
    await screen.findByTestId('work-8')
    expect(screen.queryByTestId('work-1')).toBeNull()
  })

  it("'my choice' is empty at first; three works at most; price by count; next hands the choice to form-gm", async () => {
    const toast = toastSpy()
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    await open()
    fireEvent.click(screen.getByTestId('artwork-mine'))
    expect(screen.getByTestId('artwork-mine-empty').textContent).toBe('暂未选择作品')
    fireEvent.click(screen.getByTestId('artwork-mine-popup-close'))
    fireEvent.click(screen.getByTestId('artwork-next'))
    expect(titles(toast)).toEqual(['请先选择作品'])
    pick(1)
    expect(screen.getByTestId('artwork-total').textContent).toBe('¥750.00')
    pick(2)
    expect(screen.getByTestId('artwork-total').textContent).toBe('¥1,400.00')
    pick(4)
    expect(screen.getByTestId('artwork-total').textContent).toBe('¥1,950.00')
    expect(screen.getByTestId('artwork-each').textContent).toBe('3幅 · 每幅 ¥650.00')
    // a fourth work from another area is refused with the product's words
    fireEvent.click(screen.getByTestId('area-252'))
    await screen.findByTestId('work-8')
    pick(8)
    expect(titles(toast)[1]).toBe('最多选择三幅作品')
    expect(screen.getByTestId('work-8').getAttribute('data-chosen')).toBe('0')
    // release one in 'my choice', then the featured oil painting is the third: it keeps its own price (docs/decisions/031)
    fireEvent.click(screen.getByTestId('artwork-mine'))
    expect(screen.getByTestId('artwork-mine-popup').textContent).toContain('秋山晚翠')
    fireEvent.click(screen.getByTestId('chosen-remove-1'))
    fireEvent.click(screen.getByTestId('artwork-mine-popup-close'))
    pick(8)
    expect(screen.getByTestId('artwork-total').textContent).toBe('¥2,300.00')
    expect(screen.queryByTestId('artwork-each')).toBeNull()
    fireEvent.click(screen.getByTestId('artwork-custom'))
    expect(screen.getByTestId('artwork-custom-popup').textContent).toContain('基金会')
    fireEvent.click(screen.getByTestId('artwork-custom-popup-close'))
    fireEvent.click(screen.getByTestId('artwork-next'))
    expect(nav.mock.calls[0][0].url).toBe('/pkg-naming/form-gm/index?id=25&namelate=0')
    const gm = store.get('gm')!
    expect(gm.itemsId).toBe(25)
    expect(gm.seats.map((s) => [s.seatId, s.priceList[0].termMoney])).toEqual([
      [2, '650.00'],
      [4, '650.00'],
      [8, '1000.00']
    ])
  })

  it('a featured work keeps its own price whichever is chosen first', async () => {
    await open()
    fireEvent.click(screen.getByTestId('area-252'))
    await screen.findByTestId('work-8')
    pick(8)
    pick(9)
    expect(screen.getByTestId('artwork-total').textContent).toBe('¥1,800.00')
    pick(8)
    pick(8)
    expect(screen.getByTestId('artwork-total').textContent).toBe('¥1,800.00')
  })

  it('English', async () => {
    bootSession({}, 'en')
    const toast = toastSpy()
    await open()
    pick(1)
    pick(2)
    pick(4)
    fireEvent.click(screen.getByTestId('area-252'))
    await screen.findByTestId('work-8')
    pick(8)
    expect(titles(toast)).toEqual(['At most three works can be chosen'])
  })
})

describe('naming-xbmu/list and mine', () => {
  it('the list shows donor, the works with their authors, and the day', async () => {
    setQuery('/pkg-artwork/naming-xbmu/list/index', { id: '25' })
    const calls = stub()
    render(<ListPage />)
    const rows = await screen.findAllByTestId('artwork-list-row')
    expect(rows).toHaveLength(2)
    expect(within(rows[0]).getByTestId('artwork-list-donor').textContent).toBe('王**')
    expect(
      within(rows[0])
        .getAllByTestId('artwork-list-author')
        .map((e) => e.textContent)
    ).toEqual(['《秋山晚翠》马晓林', '《上善若水》马国强'])
    expect(rows[0].textContent).toContain('2026-10-01')
    expect(calls.find((c) => c.path.endsWith('/donateSeatList'))!.query.get('itemsId')).toBe('25')
  })

  it("my donations: the signed-in donor's artwork namings of this campaign", async () => {
    useSession.setState({ token: 'tok-9' })
    setQuery('/pkg-artwork/naming-xbmu/mine/index', { id: '25' })
    const calls = stub()
    render(<MinePage />)
    const card = await screen.findByTestId('artwork-mine-card')
    expect(card.textContent).toContain('祁连雪霁')
    expect(card.textContent).toContain('¥750.00')
    expect(calls.find((c) => c.path.endsWith('/namingList'))!.query.get('itemsId')).toBe('25')
  })
})
