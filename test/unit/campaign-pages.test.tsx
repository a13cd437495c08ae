/**
 * The campaign pages as a donor uses them (docs/product §2 Naming: campaign homes and maps; §4 map rules; §5 price
 * filter; §9 timings): only Taro.request is stubbed at the HTTP boundary, answering like the server; the map's canvas
 * is the real <canvas> element handed out through the platform with a 2d context that only records (jsdom draws
 * nothing), and touches go to the map where a donor's finger would.
 */
import Taro from '@tarojs/taro'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { MapConfig, MapSeat, Project, SeatStatusMap } from '@contract'
import { platform } from '@/platform'
import { store } from '@/platform/storage-keys'
import HhuHomePage from '@/pkg-campaign/tree-naming-hhu-home'
import CpuHomePage from '@/pkg-campaign/tree-naming-cpu'
import TreeMapPage from '@/pkg-campaign/tree-naming-map'
import CpuMapPage from '@/pkg-campaign/tree-naming-map-cpu'
import HhuJnMapPage from '@/pkg-campaign/tree-naming-hhu-jn'
import WallMapPage from '@/pkg-campaign/wall-naming-map'
import HhuListPage from '@/pkg-campaign/tree-naming-donateList-hhu'
import { bootSession, ok, page, project, setQuery, stubApi, type Call } from './project-fixtures'

// the map pages wait for the canvas and image loads, slower on a loaded 2-core runner than jest's default budget
jest.setTimeout(45000)

const ITEMS = { treeNaming: 15, treeNamingCpu: 44, hhuTreeYc: 32, hhuTreeJn: 34, wallNaming: 21 }
const VIEW = { width: 390, height: 600 }
const touch = (x: number, y: number) => ({ clientX: x + 10, clientY: y + 50 })

/** A finger's tap on the map; answers whether the touchend went through uncancelled (fireEvent's return value). */
function tapAt(x: number, y: number): boolean {
  const el = screen.getByTestId('map-canvas')
  fireEvent.touchStart(el, { touches: [touch(x, y)] })
  return fireEvent.touchEnd(el, { touches: [], changedTouches: [touch(x, y)] })
}

/** A 2d context that draws nothing but keeps the positions of the dots drawn since the last full frame. */
function quietContext(dots: { n: number }) {
  let pending: string[] = []
  let seen = new Set<string>()
  const noop = () => undefined
  return new Proxy(
    {},
    {
      get: (_t, k) => {
        if (k === 'measureText') return (s: string) => ({ width: s.length * 7 })
        if (k === 'setTransform') return () => ((seen = new Set()), (dots.n = 0))
        if (k === 'beginPath') return () => (pending = [])
        if (k === 'arc') return (x: number, y: number, r: number) => (r < 12 ? pending.push(`${x},${y}`) : undefined)
        if (k === 'fill')
          return () => {
            pending.forEach((p) => seen.add(p))
            pending = []
            dots.n = seen.size
          }
        return noop
      },
      set: () => true
    }
  )
}

function mapConfig(over: Partial<MapConfig>): MapConfig {
  return {
    id: 'yc-1',
    level: 1,
    width: 1200,
    height: 900,
    scale: 1,
    minScale: 0.5,
    maxScale: 3,
    top: 0,
    left: 0,
    map: '/files/seed/maps/demo-yc-1.jpg',
    areaList: [],
    treeList: [],
    buildingList: [],
    areaIdList: [5, 6],
    vrUrl: '',
    ...over
  }
}

const CAMPUS = mapConfig({
  vrUrl: 'https://vr.example.edu.cn/demo/yc-1',
  areaList: [
    {
      id: 'yc-3-1',
      x: 250,
      y: 420,
      title: '银杏林',
      hot: [
        [200, 380],
        [330, 380],
        [330, 470],
        [200, 470]
      ],
      next: 'yc-3-1'
    }
  ]
})
const GROVE = mapConfig({
  id: 'yc-3-1',
  level: 3,
  vrUrl: 'https://vr.example.edu.cn/demo/yc-3-1',
  areaIdList: [5],
  treeList: [
    { id: 't641', x: 100, y: 120, seatId: 641, show: 1, selected: 0 },
    { id: 't642', x: 180, y: 200, seatId: 642, show: 1, selected: 0 }
  ]
})

function seat(over: Partial<MapSeat>): MapSeat {
  return {
    seatId: 641,
    seatName: '银杏',
    seatImg: '/files/seed/maps/tree-ginkgo.jpg',
    seatIntro: '银杏科 银杏属\n落叶大乔木，秋季叶色金黄\n东苑银杏林',
    status: 1,
    termMoney: '12000.00',
    donorName: '',
    donateTime: '',
    donationMessage: '',
    itemsId: 15,
    areaId: 5,
    ...over
  }
}
const SEATS: Record<number, MapSeat> = {
  641: seat({}),
  642: seat({
    seatId: 642,
    seatName: '香樟',
    status: 2,
    termMoney: '5800.00',
    donorName: '张**',
    donateTime: '2026-04-01 10:30:59',
    donationMessage: '愿母校桃李满天下'
  })
}

let calls: Call[]
let dots: { n: number }
let projects: Record<number, Project | null>

function serve(configs: MapConfig[], statuses: (body: any) => SeatStatusMap = () => ({ 641: 1, 642: 2 })) {
  calls = stubApi({
    itemsDetail: (c) => {
      const p = projects[Number(c.query.get('id'))]
      return p ? ok(p) : { code: -1, message: '项目不存在', data: null }
    },
    map: (c) => {
      const cfg = configs.find((x) => x.id === c.query.get('id'))
      return cfg ? ok(cfg) : { code: -1, message: '地图不存在', data: null }
    },
    getSeatStatusList: (c) => ok(statuses(c.data)),
    getSeatDetail: (c) => ok(SEATS[Number(c.query.get('seatId'))]),
    donateSeatList: (c) =>
      ok(
        c.query.get('itemsId') === '32'
          ? page([{ id: 1, name: '张**', seat: '银杏-01', donateTime: '2026-05-01 09:00:00', donateMoney: '2099.00' }])
          : page([{ id: 7, name: '李**', seat: '玉兰-05', donateTime: '2026-06-01 09:00:00', donateMoney: '5800.00' }])
      )
  })
}

const statusBodies = () => calls.filter((c) => c.path.endsWith('/getSeatStatusList')).map((c) => c.data)

beforeEach(() => {
  jest.restoreAllMocks()
  bootSession({ campaignItems: ITEMS })
  store.remove('hasShownTreeNamingGuide')
  store.remove('gm')
  projects = {
    15: project({ id: 15, name: '校园纪念树认植', payCounts: 9, content: '<p>认植说明正文</p><script>alert(1)</script>' }),
    32: project({ id: 32, name: '江宁校区纪念树', payCounts: 12, content: '<p>河海认植说明</p>' }),
    34: project({ id: 34, name: '西康路校区纪念树', payCounts: 30 }),
    44: project({ id: 44, name: '药苑认植', payCounts: 3 }),
    21: project({ id: 21, name: '校友纪念墙', payCounts: 5, intro: '一砖一情' })
  }
  dots = { n: 0 }
  jest.spyOn(platform.media, 'loadCanvasImage').mockResolvedValue({ width: 1200, height: 900 })
  jest.spyOn(platform, 'getCanvas').mockImplementation(async (selector) => {
    const el = document.querySelector<HTMLCanvasElement>(`${selector} canvas`)
    if (!el) return null
    return { canvas: el, ctx: quietContext(dots), width: VIEW.width, height: VIEW.height, dpr: 2, left: 10, top: 50 } as any
  })
})

describe('campaign homes', () => {
  it('hhu home adds the two items’ donors, opens the description once, then the guide after 300 ms', async () => {
    setQuery('/pkg-campaign/tree-naming-hhu-home/index', {})
    serve([])
    const { unmount } = render(<HhuHomePage />)
    await waitFor(() => expect(screen.getByTestId('campaign-count').getAttribute('data-count')).toBe('42'))
    expect(screen.getByTestId('campaign-count').textContent).toBe('42位爱心人士已参与')
    expect(screen.getByTestId('campaign-title').textContent).toBe('江宁校区纪念树')
    // first visit: the description opens by itself, sanitised
    const body = await screen.findByTestId('describe-body')
    expect(body.innerHTML).toContain('河海认植说明')
    jest.useFakeTimers()
    try {
      fireEvent.click(screen.getByTestId('describe-dialog-close'))
      expect(screen.queryByTestId('describe-dialog')).toBeNull()
      act(() => jest.advanceTimersByTime(299))
      expect(screen.queryByTestId('guide')).toBeNull()
      act(() => jest.advanceTimersByTime(1))
      expect(screen.getByTestId('guide').getAttribute('data-step')).toBe('1')
      expect(store.get('hasShownTreeNamingGuide')).toBe(true)
      fireEvent.click(screen.getByTestId('guide-next'))
      fireEvent.click(screen.getByTestId('guide-next'))
      expect(screen.getByTestId('guide-title').textContent).toBe('点击树木，查看并认植')
      fireEvent.click(screen.getByTestId('guide-done'))
      // the close animation runs 500 ms
      expect(screen.getByTestId('guide').className).toContain('cm-guide--closing')
      act(() => jest.advanceTimersByTime(500))
      expect(screen.queryByTestId('guide')).toBeNull()
    } finally {
      jest.useRealTimers()
    }
    unmount()

    // second visit: no description by itself, and closing it by hand shows no guide
    render(<HhuHomePage />)
    await waitFor(() => expect(screen.getByTestId('campaign-count').getAttribute('data-count')).toBe('42'))
    expect(screen.queryByTestId('describe-dialog')).toBeNull()
    fireEvent.click(screen.getByTestId('campaign-describe'))
    fireEvent.click(screen.getByTestId('describe-dialog-close'))
    await act(async () => {
      await new Promise((r) => setTimeout(r, 400))
    })
    expect(screen.queryByTestId('guide')).toBeNull()

    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    fireEvent.click(screen.getByTestId('campaign-entry-ys'))
    fireEvent.click(screen.getByTestId('campaign-donors'))
    expect(nav.mock.calls.map((c) => (c[0] as any).url)).toEqual([
      '/pkg-campaign/tree-naming-hhu-jn/index',
      '/pkg-campaign/tree-naming-donateList-hhu/index'
    ])
  })

  it('shows the music toggle only where the school set music for the campaign’s first item', async () => {
    store.set('hasShownTreeNamingGuide', true)
    setQuery('/pkg-campaign/tree-naming-hhu-home/index', {})
    stubApi({
      itemsDetail: (c) => ok(projects[Number(c.query.get('id'))]),
      getSettingValue: () => ok(JSON.stringify({ 32: '/files/seed/music/hhu.mp3' }))
    })
    const play = jest.fn()
    jest.spyOn(Taro, 'createInnerAudioContext').mockReturnValue({ play, pause: jest.fn(), destroy: jest.fn(), onError: jest.fn() } as any)
    const { unmount } = render(<HhuHomePage />)
    const toggle = await screen.findByTestId('music-toggle')
    expect(toggle.getAttribute('data-playing')).toBe('0')
    fireEvent.click(toggle)
    expect(play).toHaveBeenCalledTimes(1)
    expect(screen.getByTestId('music-toggle').getAttribute('data-playing')).toBe('1')
    unmount()
    bootSession({ campaignItems: { ...ITEMS, hhuTreeYc: 34, hhuTreeJn: 32 } })
    stubApi({
      itemsDetail: (c) => ok(projects[Number(c.query.get('id'))]),
      getSettingValue: () => ok(JSON.stringify({ 32: '/files/seed/music/hhu.mp3' }))
    })
    render(<HhuHomePage />)
    await waitFor(() => expect(screen.getByTestId('campaign-count').getAttribute('data-count')).toBe('42'))
    expect(screen.queryByTestId('music-toggle')).toBeNull()
  })

  it('a failing item counts 0 on the hhu home; English is complete', async () => {
    bootSession({ campaignItems: ITEMS }, 'en')
    store.set('hasShownTreeNamingGuide', true)
    projects[32] = null
    setQuery('/pkg-campaign/tree-naming-hhu-home/index', {})
    serve([])
    render(<HhuHomePage />)
    await waitFor(() => expect(screen.getByTestId('campaign-count').getAttribute('data-count')).toBe('30'))
    expect(screen.getByTestId('campaign-count').textContent).toBe('30donors have taken part')
    expect(screen.getByTestId('campaign-entry-yc').textContent).toContain('Main campus')
  })

  it('cpu: the ys campus alerts 即将上线!, yc opens its map', async () => {
    store.set('hasShownTreeNamingGuide', true)
    setQuery('/pkg-campaign/tree-naming-cpu/index', {})
    serve([])
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'ok' } as any)
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    render(<CpuHomePage />)
    await waitFor(() => expect(screen.getByTestId('campaign-count').getAttribute('data-count')).toBe('3'))
    fireEvent.click(screen.getByTestId('campaign-entry-ys'))
    expect((modal.mock.calls[0][0] as any).content).toBe('即将上线!')
    expect(nav).not.toHaveBeenCalled()
    fireEvent.click(screen.getByTestId('campaign-entry-yc'))
    expect((nav.mock.calls[0][0] as any).url).toBe('/pkg-campaign/tree-naming-map-cpu/index?area=yc')
  })

  it('a school that does not run the campaign says so', async () => {
    bootSession({ campaignItems: {} })
    setQuery('/pkg-campaign/tree-naming-cpu/index', {})
    serve([])
    render(<CpuHomePage />)
    expect(screen.getByTestId('campaign-missing').textContent).toBe('本校暂未开展此项目')
  })

  it('the hhu donor list merges both items newest first', async () => {
    setQuery('/pkg-campaign/tree-naming-donateList-hhu/index', {})
    serve([])
    render(<HhuListPage />)
    await waitFor(() => expect(screen.getAllByTestId('donor-name').map((n) => n.textContent)).toEqual(['李**', '张**']))
    const asked = calls.filter((c) => c.path.endsWith('/donateSeatList')).map((c) => [c.query.get('itemsId'), c.query.get('limit')])
    expect(asked.sort()).toEqual([
      ['32', '999'],
      ['34', '999']
    ])
  })
})

describe('map pages', () => {
  it('tree-naming-map: the area goes to level 3, the pickers filter getSeatStatusList, back climbs and leaves', async () => {
    setQuery('/pkg-campaign/tree-naming-map/index', { area: 'yc' })
    serve([CAMPUS, GROVE], (b): SeatStatusMap => (b.minMoney === 5001 ? { 642: 2 } : { 641: 1, 642: 2 }))
    render(<TreeMapPage />)
    await waitFor(() => expect(statusBodies()).toEqual([{ itemsId: 15, areaIdList: [5, 6] }]))
    // the map's images decode in jsdom: slow when the suite shares the machine with builds, hence the long wait
    await waitFor(() => expect(screen.queryByTestId('map-loading')).toBeNull(), { timeout: 45000 })
    expect(screen.getByTestId('campaign-map-tree').getAttribute('data-level')).toBe('1')
    expect(screen.queryByTestId('map-filters')).toBeNull()
    // level 1 of yc has a panorama: the VR button, at its level-1 place
    expect(screen.getByTestId('map-vr').className).toContain('cm-map__vr--l1')

    tapAt(260, 420)
    await waitFor(() => expect(screen.getByTestId('campaign-map-tree').getAttribute('data-level')).toBe('3'))
    await waitFor(() => expect(statusBodies()).toHaveLength(2))
    expect(statusBodies()[1]).toEqual({ itemsId: 15, areaIdList: [5] })
    expect(screen.getByTestId('map-vr').className).toContain('cm-map__vr--l3')

    // price band 5001-10000 (row 2 after 'all')
    fireEvent.click(screen.getByTestId('filter-price'))
    const rows = screen.getAllByTestId('picker-price-option')
    expect(rows.map((r) => r.getAttribute('data-value'))).toEqual(['全部', '2099-5000', '5001-10000', '10000-20000', '20000以上'])
    fireEvent.click(rows[2])
    await waitFor(() => expect(statusBodies()).toHaveLength(3))
    expect(statusBodies()[2]).toEqual({ itemsId: 15, areaIdList: [5], minMoney: 5001, maxMoney: 10000 })
    expect(screen.getByTestId('filter-price').textContent).toContain('5001-10000')

    // species 香樟 as well
    fireEvent.click(screen.getByTestId('filter-species'))
    fireEvent.click(screen.getAllByTestId('picker-species-option').find((r) => r.getAttribute('data-value') === '香樟') as Element)
    await waitFor(() => expect(statusBodies()).toHaveLength(4))
    expect(statusBodies()[3]).toEqual({ itemsId: 15, areaIdList: [5], seatName: '香樟', minMoney: 5001, maxMoney: 10000 })

    // cancelling the price picker clears the band; 'all' clears the species
    fireEvent.click(screen.getByTestId('filter-price'))
    fireEvent.click(screen.getByTestId('picker-price-cancel'))
    await waitFor(() => expect(statusBodies()).toHaveLength(5))
    expect(statusBodies()[4]).toEqual({ itemsId: 15, areaIdList: [5], seatName: '香樟' })
    fireEvent.click(screen.getByTestId('filter-species'))
    fireEvent.click(screen.getAllByTestId('picker-species-option')[0])
    await waitFor(() => expect(statusBodies()).toHaveLength(6))
    expect(statusBodies()[5]).toEqual({ itemsId: 15, areaIdList: [5] })

    // back: level 3 -> 1, then 1 -> the campaign home (no page below: the home replaces the map)
    const redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' } as any)
    fireEvent.click(screen.getByTestId('map-back'))
    await waitFor(() => expect(screen.getByTestId('campaign-map-tree').getAttribute('data-level')).toBe('1'))
    expect(redirect).not.toHaveBeenCalled()
    fireEvent.click(screen.getByTestId('map-back'))
    expect((redirect.mock.calls[0][0] as any).url).toBe('/pkg-campaign/tree-naming/index')
  }, 60000)

  it('a free tree opens its detail with the naming button to form-gm; a named one shows donor, time, message and stamp', async () => {
    setQuery('/pkg-campaign/tree-naming-map/index', { area: 'yc' })
    serve([mapConfig({ ...GROVE, id: 'yc-1' })])
    render(<TreeMapPage />)
    await waitFor(() => expect(dots.n).toBe(2), { timeout: 10000 })

    // the tap cancels the browser's follow-up click; a runtime that sends it anyway hits the new dialog's mask at
    // once, with no finger down on the mask: the dialog stays (docs/decisions/046-map-taps.md)
    expect(tapAt(100, 120)).toBe(false)
    fireEvent.click(screen.getByTestId('seat-dialog-mask'))
    const body = await screen.findByTestId('seat-dialog-body')
    expect(screen.getByTestId('seat-dialog')).toBeTruthy()
    expect(body.getAttribute('data-status')).toBe('1')
    expect(screen.getByTestId('seat-name').textContent).toBe('银杏')
    expect(body.textContent).toContain('落叶大乔木，秋季叶色金黄')
    expect(screen.getByTestId('seat-price').textContent).toBe('¥12,000.00')
    expect(screen.queryByTestId('seat-stamp')).toBeNull()
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    fireEvent.click(screen.getByTestId('seat-action'))
    expect((nav.mock.calls[0][0] as any).url).toBe('/pkg-naming/form-gm/index?id=15')
    const gm = store.get('gm')
    expect(gm?.itemsId).toBe(15)
    expect(gm?.seats.map((s) => [s.seatId, s.termYear, s.priceList[0].termMoney])).toEqual([[641, 0, '12000.00']])

    // the donor's own tap on the dim closes it: a finger down on the mask, then its click
    fireEvent.touchStart(screen.getByTestId('seat-dialog-mask'))
    fireEvent.click(screen.getByTestId('seat-dialog-mask'))
    expect(screen.queryByTestId('seat-dialog')).toBeNull()
    // a pan is no tap: its touchend is left alone
    const el = screen.getByTestId('map-canvas')
    fireEvent.touchStart(el, { touches: [touch(100, 120)] })
    fireEvent.touchMove(el, { touches: [touch(160, 180)] })
    expect(fireEvent.touchEnd(el, { touches: [], changedTouches: [touch(160, 180)] })).toBe(true)
    expect(screen.queryByTestId('seat-dialog')).toBeNull()
    tapAt(181, 201)
    await waitFor(() => expect(screen.getByTestId('seat-dialog-body').getAttribute('data-status')).toBe('2'))
    expect(screen.getByTestId('seat-stamp').textContent).toBe('已冠名')
    expect(screen.getByTestId('seat-donor').textContent).toBe('张**')
    expect(screen.getByTestId('seat-time').textContent).toBe('2026-04-01 10:30')
    expect(screen.getByTestId('seat-message').textContent).toContain('愿母校桃李满天下')
    expect(screen.queryByTestId('seat-action')).toBeNull()
  }, 60000)

  it('cpu: pickers from level 2 with its own bands, and naming is the phone-a-teacher dialog', async () => {
    bootSession({ campaignItems: ITEMS, offlineContactInfo: '基金会 王老师 025-86185000' })
    setQuery('/pkg-campaign/tree-naming-map-cpu/index', { area: 'yc' })
    serve([mapConfig({ ...GROVE, id: 'yc-1', level: 2 })])
    render(<CpuMapPage />)
    await waitFor(() => expect(dots.n).toBe(2), { timeout: 10000 })
    expect(statusBodies()[0]).toEqual({ itemsId: 44, areaIdList: [5] })
    fireEvent.click(screen.getByTestId('filter-price'))
    expect(screen.getAllByTestId('picker-price-option').map((r) => r.getAttribute('data-value'))).toEqual([
      '全部',
      '2000-5000',
      '5000-10000'
    ])
    fireEvent.click(screen.getAllByTestId('picker-price-option')[1])
    await waitFor(() => expect(statusBodies()).toHaveLength(2))
    expect(statusBodies()[1]).toEqual({ itemsId: 44, areaIdList: [5], minMoney: 2000, maxMoney: 5000 })

    tapAt(100, 120)
    await screen.findByTestId('seat-dialog-body')
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    fireEvent.click(screen.getByTestId('seat-action'))
    expect(nav).not.toHaveBeenCalled()
    expect(screen.queryByTestId('seat-dialog')).toBeNull()
    expect(screen.getByTestId('phone-dialog').textContent).toContain('请致电基金会老师')
    expect(screen.getByTestId('contact-info').textContent).toBe('基金会 王老师 025-86185000')
    const call = jest.spyOn(Taro, 'makePhoneCall').mockResolvedValue({ errMsg: 'ok' } as any)
    fireEvent.click(screen.getByTestId('contact-call'))
    expect((call.mock.calls[0][0] as any).phoneNumber).toBe('025-86185000')
  })

  it('a failed status list says so and retries on a tap', async () => {
    setQuery('/pkg-campaign/tree-naming-map/index', { area: 'yc' })
    let fail = true
    serve([mapConfig({ ...GROVE, id: 'yc-1' })])
    const answer = (Taro.request as unknown as jest.SpyInstance).getMockImplementation() as (o: any) => Promise<any>
    jest.spyOn(Taro, 'request').mockImplementation(((opts: any) => {
      if (String(opts.url).includes('getSeatStatusList') && fail) {
        fail = false
        return Promise.resolve({ statusCode: 200, data: { code: -1, message: '服务繁忙', data: null }, header: {}, errMsg: 'request:ok' })
      }
      return answer(opts)
    }) as any)
    render(<TreeMapPage />)
    fireEvent.click(await screen.findByTestId('map-status-error', {}, { timeout: 10000 }))
    await waitFor(() => expect(screen.queryByTestId('map-status-error')).toBeNull())
    // the failed answer came from the wrapper above; the retry reached the server stub
    expect(statusBodies()).toHaveLength(1)
    await waitFor(() => expect(dots.n).toBeGreaterThan(0), { timeout: 10000 })
  })

  it('hhu jn map: tapping a tree opens tree-naming-hhu/detail with from=mapJn', async () => {
    setQuery('/pkg-campaign/tree-naming-hhu-jn/index', {})
    serve([mapConfig({ ...GROVE, id: 'ys-1' })])
    render(<HhuJnMapPage />)
    await waitFor(() => expect(dots.n).toBe(2), { timeout: 10000 })
    expect(statusBodies()[0].itemsId).toBe(34)
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    tapAt(100, 120)
    expect((nav.mock.calls[0][0] as any).url).toBe('/pkg-pledge/tree-naming-hhu/detail/index?from=mapJn&id=641')
    expect(screen.queryByTestId('seat-dialog')).toBeNull()
  })

  it('wall: the landing overlay first, then the map with its count and description; a brick goes to form-gm with its price', async () => {
    setQuery('/pkg-campaign/wall-naming-map/index', {})
    SEATS[641] = seat({ seatName: '纪念砖 A-01', seatIntro: '', termMoney: '2000.00', itemsId: 21 })
    serve([mapConfig({ ...GROVE, id: 'wall-1', level: 1, vrUrl: '' })])
    render(<WallMapPage />)
    expect(screen.getByTestId('wall-landing')).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('wall-landing').textContent).toContain('校友纪念墙'))
    fireEvent.click(screen.getByTestId('wall-start'))
    expect(screen.queryByTestId('wall-landing')).toBeNull()
    expect(screen.getByTestId('campaign-count').textContent).toBe('已有 5 位爱心人士参与')
    expect(screen.queryByTestId('map-vr')).toBeNull()
    // a full-screen map has no home link pushing it down; opened on its own, its back at level 1 leads home
    expect(screen.queryByTestId('home-button')).toBeNull()
    const tab = jest.spyOn(Taro, 'switchTab').mockResolvedValue({ errMsg: 'ok' } as any)
    fireEvent.click(screen.getByTestId('map-back'))
    expect((tab.mock.calls[0][0] as any).url).toBe('/pages/home/index')
    await waitFor(() => expect(dots.n).toBe(2), { timeout: 10000 })
    tapAt(100, 120)
    await screen.findByTestId('seat-dialog-body')
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    expect(screen.getByTestId('seat-action').textContent).toBe('我要冠名')
    fireEvent.click(screen.getByTestId('seat-action'))
    expect((nav.mock.calls[0][0] as any).url).toBe('/pkg-naming/form-gm/index?id=21')
    const gm = store.get('gm')
    expect(gm?.itemsId).toBe(21)
    expect(gm?.seats.map((s) => [s.seatId, s.seat, s.termYear, s.priceList[0].termMoney])).toEqual([[641, '纪念砖 A-01', 0, '2000.00']])
    SEATS[641] = seat({})
  })
})
