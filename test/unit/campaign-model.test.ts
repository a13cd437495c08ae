/**
 * The campaign table and the pure rules of the campaign pages (docs/product §2 Naming, §5 price filter, §9 campaign ids
 * and price bands): which item, map and action each route has, the pickers turned into getSeatStatusList bodies, the
 * hhu donor count and the merged donor list.
 */
import { CampaignKey, type MapSeat, type NamingRecord } from '@contract'
import { HOMES, LISTS, MAPS, firstMapOf, itemIdOf, itemIdsOf, itemKeyOf, speciesLabel } from '@/features/campaign/model/campaigns'
import {
  CPU_BANDS,
  NO_FILTERS,
  TREE_BANDS,
  filtersShown,
  parseBand,
  pickBand,
  pickSpecies,
  toSeatFilter,
  vrShown
} from '@/features/campaign/model/filters'
import { mapSelection } from '@/features/campaign/model/naming-choice'
import { donorCount, mergeDonors, phoneIn, seatView } from '@/features/campaign/model/views'
import { ROUTES } from '@/lib/routes'
import { H5_ROUTES } from '@/lib/route-list'

const SCHOOL = { treeNaming: 15, treeNamingCpu: 44, hhuTreeYc: 32, hhuTreeJn: 34, hallNaming: 19, seatNaming: 18 }

describe('campaign table', () => {
  it('registers every route of docs/product §2 with its H5 path', () => {
    const names = [...Object.keys(HOMES), ...Object.keys(MAPS), ...Object.keys(LISTS)]
    expect(names.sort()).toEqual(
      [
        'tree-naming',
        'tree-naming-map',
        'tree-naming-cpu',
        'tree-naming-map-cpu',
        'tree-naming-donateList-cpu',
        'tree-naming-xzit',
        'tree-naming-map-xzit',
        'tree-naming-donateList-xzit',
        'tree-naming-hhu-home',
        'tree-naming-hhu',
        'tree-naming-hhu-jn',
        'tree-naming-donateList-hhu',
        'tree-naming-map-gmu',
        'seat-naming-map',
        'build-naming-map',
        'wall-naming-map'
      ].sort()
    )
    for (const name of names) {
      const path = (ROUTES as Record<string, string>)[name]
      expect(path).toBe(`/pkg-campaign/${name}/index`)
      expect(H5_ROUTES[path]).toBe(`/${name}`)
    }
  })

  it('sends each home to its maps: tree-naming yc and ys; cpu ys is coming soon; hhu yc and jn', () => {
    expect(HOMES['tree-naming'].entries.map((e) => e.target)).toEqual([
      { kind: 'map', route: 'tree-naming-map', query: { area: 'yc' } },
      { kind: 'map', route: 'tree-naming-map', query: { area: 'ys' } }
    ])
    expect(HOMES['tree-naming-cpu'].entries.map((e) => [e.key, e.target])).toEqual([
      ['yc', { kind: 'map', route: 'tree-naming-map-cpu', query: { area: 'yc' } }],
      ['ys', { kind: 'soon' }]
    ])
    expect(HOMES['tree-naming-hhu-home'].entries.map((e) => e.target.kind === 'map' && e.target.route)).toEqual([
      'tree-naming-hhu',
      'tree-naming-hhu-jn'
    ])
    expect(HOMES['tree-naming-hhu-home'].items).toEqual([CampaignKey.HHU_TREE_YC, CampaignKey.HHU_TREE_JN])
    expect(LISTS['tree-naming-donateList-hhu'].items).toEqual([CampaignKey.HHU_TREE_YC, CampaignKey.HHU_TREE_JN])
    expect(HOMES['tree-naming-cpu'].list).toBe('tree-naming-donateList-cpu')
    expect(HOMES['tree-naming-xzit'].list).toBe('tree-naming-donateList-xzit')
  })

  it('gives each map its first map, filters level, bands and tap action', () => {
    expect(firstMapOf(MAPS['tree-naming-map'], 'ys')).toBe('ys-1')
    expect(firstMapOf(MAPS['tree-naming-map'], 'yc')).toBe('yc-1')
    // an area the campaign does not offer falls back to its first
    expect(firstMapOf(MAPS['tree-naming-map'], 'nowhere')).toBe('yc-1')
    expect(firstMapOf(MAPS['tree-naming-map-cpu'], 'ys')).toBe('yc-1')
    expect(firstMapOf(MAPS['tree-naming-hhu-jn'], undefined)).toBe('ys-1')
    expect(firstMapOf(MAPS['seat-naming-map'], 'hall')).toBe('hall-1')
    expect(firstMapOf(MAPS['seat-naming-map'], undefined)).toBe('seat-1')
    expect(itemKeyOf(MAPS['seat-naming-map'], 'hall')).toBe(CampaignKey.HALL_NAMING)
    expect(itemKeyOf(MAPS['seat-naming-map'], undefined)).toBe(CampaignKey.SEAT_NAMING)

    expect(MAPS['tree-naming-map'].filterFrom).toBe(3)
    expect(MAPS['tree-naming-map-cpu'].filterFrom).toBe(2)
    expect(MAPS['tree-naming-map-cpu'].bands).toBe(CPU_BANDS)
    expect(MAPS['tree-naming-map'].bands).toBe(TREE_BANDS)
    expect(MAPS['tree-naming-map'].tap).toEqual({ kind: 'naming' })
    expect(MAPS['tree-naming-map-xzit'].tap).toEqual({ kind: 'naming' })
    expect(MAPS['tree-naming-map-xzit'].building).toBe('contact')
    expect(MAPS['tree-naming-map-cpu'].tap).toEqual({ kind: 'phone' })
    expect(MAPS['tree-naming-hhu'].tap).toEqual({ kind: 'hhu-detail', from: 'map' })
    expect(MAPS['tree-naming-hhu-jn'].tap).toEqual({ kind: 'hhu-detail', from: 'mapJn' })
    expect(MAPS['wall-naming-map'].landing).toBe(true)
    // benches, hall seats, buildings and bricks are named like trees, never through the money-gift form (decision 046)
    for (const r of ['seat-naming-map', 'build-naming-map', 'wall-naming-map'] as const) expect(MAPS[r].tap).toEqual({ kind: 'naming' })
    expect(MAPS['build-naming-map'].building).toBe('named')
    // the maps that are their own home; the others go back to theirs
    expect(
      Object.values(MAPS)
        .filter((m) => m.homeOnMap)
        .map((m) => m.route)
    ).toEqual(['tree-naming-map-gmu', 'seat-naming-map', 'build-naming-map', 'wall-naming-map'])
    expect(MAPS['tree-naming-hhu-jn'].home).toBe('tree-naming-hhu-home')
  })

  it('looks item ids up in the school settings; a campaign the school does not run is 0', () => {
    expect(itemIdOf(SCHOOL, CampaignKey.TREE_NAMING)).toBe(15)
    expect(itemIdOf(SCHOOL, CampaignKey.WALL_NAMING)).toBe(0)
    expect(itemIdsOf(SCHOOL, [CampaignKey.HHU_TREE_YC, CampaignKey.HHU_TREE_JN])).toEqual([32, 34])
    expect(itemIdsOf({ hhuTreeJn: 34 }, [CampaignKey.HHU_TREE_YC, CampaignKey.HHU_TREE_JN])).toEqual([34])
  })
})

describe('filters -> SeatFilter', () => {
  it('parses the price bands of docs/product §9', () => {
    expect(TREE_BANDS.map((b) => [b.label, b.min, b.max])).toEqual([
      ['2099-5000', 2099, 5000],
      ['5001-10000', 5001, 10000],
      ['10000-20000', 10000, 20000],
      ['20000以上', 20000, null]
    ])
    expect(CPU_BANDS.map((b) => [b.min, b.max])).toEqual([
      [2000, 5000],
      [5000, 10000]
    ])
    expect(parseBand('全部')).toBeNull()
  })

  it("'a-b' sets min and max, 'a以上' only min, 'all' and cancel clear, empty filters are left out", () => {
    expect(toSeatFilter(15, [5, 6], NO_FILTERS)).toEqual({ itemsId: 15, areaIdList: [5, 6] })
    expect(toSeatFilter(15, [], NO_FILTERS)).toEqual({ itemsId: 15 })
    let f = pickBand(NO_FILTERS, TREE_BANDS, 2)
    expect(toSeatFilter(15, [5], f)).toEqual({ itemsId: 15, areaIdList: [5], minMoney: 5001, maxMoney: 10000 })
    f = pickBand(f, TREE_BANDS, 4)
    expect(toSeatFilter(15, [5], f)).toEqual({ itemsId: 15, areaIdList: [5], minMoney: 20000 })
    f = pickSpecies(f, ['银杏', '香樟'], 2)
    expect(toSeatFilter(15, [5], f)).toEqual({ itemsId: 15, areaIdList: [5], seatName: '香樟', minMoney: 20000 })
    // 'all' (row 0) clears the species; a cancelled price picker clears the band
    expect(toSeatFilter(15, [5], pickSpecies(f, ['银杏', '香樟'], 0))).toEqual({ itemsId: 15, areaIdList: [5], minMoney: 20000 })
    expect(toSeatFilter(15, [5], pickBand(f, TREE_BANDS, null))).toEqual({ itemsId: 15, areaIdList: [5], seatName: '香樟' })
  })

  it('shows the pickers on level 3, cpu from level 2, and the VR button off level 2 when there is a link', () => {
    expect([1, 2, 3].map((l) => filtersShown(l, 3))).toEqual([false, false, true])
    expect([1, 2, 3].map((l) => filtersShown(l, 2))).toEqual([false, true, true])
    expect(filtersShown(3, null)).toBe(false)
    expect([1, 2, 3].map((l) => vrShown(l, 'https://vr.example/yc-1'))).toEqual([true, false, true])
    expect(vrShown(1, '')).toBe(false)
  })
})

const record = (id: number, name: string, donateTime: string): NamingRecord => ({
  id,
  name,
  seat: `银杏-${id}`,
  donateTime,
  donateMoney: '2099'
})

describe('views', () => {
  it('sums the donor counts of hhu yc and jn; a failed item counts 0', () => {
    expect(donorCount([{ payCounts: 12 }, { payCounts: 30 }])).toBe(42)
    expect(donorCount([{ payCounts: 12 }, null])).toBe(12)
    expect(donorCount([])).toBe(0)
  })

  it('merges two items’ donor lists newest first', () => {
    const rows = mergeDonors([
      { itemsId: 32, rows: [record(1, '张**', '2026-05-01 09:00:00'), record(2, '李**', '2026-03-01 09:00:00')] },
      { itemsId: 34, rows: [record(1, '王**', '2026-04-01 10:30:59')] }
    ])
    expect(rows.map((r) => [r.key, r.name, r.time])).toEqual([
      ['32-1', '张**', '2026-05-01 09:00'],
      ['34-1', '王**', '2026-04-01 10:30'],
      ['32-2', '李**', '2026-03-01 09:00']
    ])
    expect(rows[0].amount).toBe('2,099.00')
  })

  const seat = (over: Partial<MapSeat> = {}): MapSeat => ({
    seatId: 641,
    seatName: '银杏',
    seatImg: '/files/seed/maps/tree-ginkgo.jpg',
    seatIntro: '银杏科 银杏属\n落叶大乔木\n东苑银杏林',
    status: 1,
    termMoney: '12000.00',
    donorName: '',
    donateTime: '',
    donationMessage: '',
    itemsId: 15,
    areaId: 5,
    ...over
  })

  it('shows a free tree without donor, a named one with donor, time and message', () => {
    const free = seatView(seat())
    expect(free).toMatchObject({
      name: '银杏',
      price: '12,000.00',
      named: false,
      donor: '',
      intro: ['银杏科 银杏属', '落叶大乔木', '东苑银杏林']
    })
    const named = seatView(seat({ status: 2, donorName: '张**', donateTime: '2026-04-01 10:30:59', donationMessage: '愿母校常青' }))
    expect(named).toMatchObject({ named: true, donor: '张**', time: '2026-04-01 10:30', message: '愿母校常青' })
    expect(seatView(seat({ status: 3 })).unavailable).toBe(true)
  })

  it('carries a tree to form-gm as one permanent seat in storage gm', () => {
    const s = mapSelection(15, seat(), '银杏林', '永久')
    expect(s.itemsId).toBe(15)
    expect(s.namingType).toBe(1)
    expect(s.seats).toEqual([
      {
        seatId: 641,
        areaId: 5,
        areaTitle: '银杏林',
        seat: '银杏',
        priceList: [{ termName: '永久', termMoney: '12000.00', termYear: 0 }],
        termYear: 0
      }
    ])
  })

  it('finds the phone number in a contact text', () => {
    expect(phoneIn('请致电 0591-2286XXXX（工作日）')).toBe('')
    expect(phoneIn('王老师 025-83786000，工作日')).toBe('025-83786000')
    expect(phoneIn('')).toBe('')
  })
})

describe("tree species in the reader's language", () => {
  it('shows English names on an English page and filters by the stored Chinese name', () => {
    expect(speciesLabel('银杏', 'en')).toBe('Ginkgo')
    expect(speciesLabel('银杏', 'zh_CN')).toBe('银杏')
    // a species a school added that the app has no English for stays as stored
    expect(speciesLabel('珙桐', 'en')).toBe('珙桐')
    for (const name of MAPS['tree-naming-map'].species) expect(speciesLabel(name, 'en')).toMatch(/^[A-Za-z ]+$/)
  })
})
