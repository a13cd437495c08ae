/**
 * The campaign table (docs/product §2 Naming: campaign homes and maps; §9 campaign item ids, price bands, timings): one
 * row per home, per map page and per donor list, so one screen of each kind serves every campaign. Item ids are the
 * school's real ids, looked up by CampaignKey in settings.campaignItems (docs/product's 4, 10, 13 … are the ids
 * one deployment happened to have). Pure: no Taro.
 */
import { CampaignKey } from '@contract'
import type { MessageKey } from '@/lib/i18n'
import { CPU_BANDS, TREE_BANDS, type PriceBand } from './filters'

export type CampaignName = 'tree' | 'cpu' | 'xzit' | 'hhu' | 'gmu' | 'seat' | 'build' | 'wall'
type ItemKey = (typeof CampaignKey)[keyof typeof CampaignKey]

/** Route names of this feature's pages (registered in src/lib/routes.ts). */
export type HomeRoute = 'tree-naming' | 'tree-naming-cpu' | 'tree-naming-xzit' | 'tree-naming-hhu-home'
export type MapRoute =
  | 'tree-naming-map'
  | 'tree-naming-map-cpu'
  | 'tree-naming-map-xzit'
  | 'tree-naming-hhu'
  | 'tree-naming-hhu-jn'
  | 'tree-naming-map-gmu'
  | 'seat-naming-map'
  | 'build-naming-map'
  | 'wall-naming-map'
export type ListRoute = 'tree-naming-donateList-cpu' | 'tree-naming-donateList-xzit' | 'tree-naming-donateList-hhu'

/** Where a home's area button leads: a map page with its query, or the 'coming soon' alert. */
export type EntryTarget = { kind: 'map'; route: MapRoute; query: Record<string, string> } | { kind: 'soon' }
export interface HomeEntry {
  key: string
  label: MessageKey
  target: EntryTarget
}

export interface HomeDef {
  route: HomeRoute
  campaign: CampaignName
  title: MessageKey
  /** the items whose donor counts add up (hhu: yc and jn); the first one's text, music and cover are the home's */
  items: ItemKey[]
  entries: HomeEntry[]
  list: ListRoute | null
}

/** What tapping a free tree or seat does (docs/product §2 Maps, Seat map). */
export type TapAction =
  /** the detail dialog with the naming button to form-gm?id={item}: trees, benches, hall seats, buildings and bricks
   * alike are naming seats held while the donor pays (docs/decisions/046-map-taps.md) */
  | { kind: 'naming' }
  /** cpu: naming is not in the app; the dialog says to phone a teacher */
  | { kind: 'phone' }
  /** hhu: straight to the tree page of the pledge flow */
  | { kind: 'hhu-detail'; from: 'map' | 'mapJn' }

export interface MapDef {
  route: MapRoute
  campaign: CampaignName
  title: MessageKey
  item: ItemKey
  /** an area of the page that belongs to another item (seat-naming-map?area=hall: the hall) */
  areaItems: Record<string, ItemKey>
  /** the campaign home back leaves for at level 1; null: the map is the home (back leaves the page) */
  home: HomeRoute | null
  /** map id at level 1 for the page's `area` query (the only areas offered are listed) */
  areas: string[]
  firstMap: (area: string) => string
  /** level from which the species and price pickers show; null: never */
  filterFrom: 2 | 3 | null
  bands: PriceBand[]
  species: string[]
  tap: TapAction
  /** xzit: a building opens the contact dialog; build: a building is what is named */
  building: 'contact' | 'named' | null
  /** gmu, seat, build and wall have no separate home: the map page carries count, description, music and share */
  homeOnMap: boolean
  /** wall: the landing overlay with 'I want to name' before the map */
  landing: boolean
}

export interface ListDef {
  route: ListRoute
  campaign: CampaignName
  title: MessageKey
  /** every item's named seats, merged newest first (hhu: yc and jn) */
  items: ItemKey[]
}

/** Common species of the demo campuses (docs/product §2: the species picker); the server filters by exact name. */
const TREE_SPECIES = ['银杏', '香樟', '桂花', '玉兰', '水杉', '鸡爪槭', '樱花', '榉树', '紫薇', '广玉兰']

/** The species' English names: the filter is the server's exact Chinese name, the picker shows the reader's word. */
const SPECIES_EN: Record<string, string> = {
  银杏: 'Ginkgo',
  香樟: 'Camphor tree',
  桂花: 'Sweet osmanthus',
  玉兰: 'Yulan magnolia',
  水杉: 'Dawn redwood',
  鸡爪槭: 'Japanese maple',
  樱花: 'Cherry',
  榉树: 'Zelkova',
  紫薇: 'Crape myrtle',
  广玉兰: 'Southern magnolia'
}

/** A species as the picker shows it: English where known on an English page, else the name as stored. */
export const speciesLabel = (name: string, lang: string): string => (lang === 'en' && SPECIES_EN[name]) || name

const map = (def: Partial<MapDef> & Pick<MapDef, 'route' | 'campaign' | 'title' | 'item'>): MapDef => ({
  home: null,
  areaItems: {},
  areas: [''],
  firstMap: (area) => `${area}-1`,
  filterFrom: null,
  bands: [],
  species: [],
  tap: { kind: 'naming' },
  building: null,
  homeOnMap: false,
  landing: false,
  ...def
})

const mapEntry = (key: string, label: MessageKey, route: MapRoute, query: Record<string, string> = {}): HomeEntry => ({
  key,
  label,
  target: { kind: 'map', route, query }
})

export const HOMES: Record<HomeRoute, HomeDef> = {
  'tree-naming': {
    route: 'tree-naming',
    campaign: 'tree',
    title: 'route.tree-naming',
    items: [CampaignKey.TREE_NAMING],
    entries: [
      mapEntry('yc', 'campaign.area.yc', 'tree-naming-map', { area: 'yc' }),
      mapEntry('ys', 'campaign.area.ys', 'tree-naming-map', { area: 'ys' })
    ],
    list: null
  },
  'tree-naming-cpu': {
    route: 'tree-naming-cpu',
    campaign: 'cpu',
    title: 'route.tree-naming-cpu',
    items: [CampaignKey.TREE_NAMING_CPU],
    entries: [
      mapEntry('yc', 'campaign.area.yc', 'tree-naming-map-cpu', { area: 'yc' }),
      { key: 'ys', label: 'campaign.area.ys', target: { kind: 'soon' } }
    ],
    list: 'tree-naming-donateList-cpu'
  },
  'tree-naming-xzit': {
    route: 'tree-naming-xzit',
    campaign: 'xzit',
    title: 'route.tree-naming-xzit',
    items: [CampaignKey.TREE_NAMING_XZIT],
    entries: [mapEntry('campus', 'campaign.area.campus', 'tree-naming-map-xzit')],
    list: 'tree-naming-donateList-xzit'
  },
  'tree-naming-hhu-home': {
    route: 'tree-naming-hhu-home',
    campaign: 'hhu',
    title: 'route.tree-naming-hhu-home',
    items: [CampaignKey.HHU_TREE_YC, CampaignKey.HHU_TREE_JN],
    entries: [mapEntry('yc', 'campaign.area.hhuYc', 'tree-naming-hhu'), mapEntry('ys', 'campaign.area.hhuJn', 'tree-naming-hhu-jn')],
    list: 'tree-naming-donateList-hhu'
  }
}

export const MAPS: Record<MapRoute, MapDef> = {
  'tree-naming-map': map({
    route: 'tree-naming-map',
    campaign: 'tree',
    title: 'route.tree-naming-map',
    item: CampaignKey.TREE_NAMING,
    home: 'tree-naming',
    areas: ['yc', 'ys'],
    filterFrom: 3,
    bands: TREE_BANDS,
    species: TREE_SPECIES,
    tap: { kind: 'naming' }
  }),
  'tree-naming-map-cpu': map({
    route: 'tree-naming-map-cpu',
    campaign: 'cpu',
    title: 'route.tree-naming-map-cpu',
    item: CampaignKey.TREE_NAMING_CPU,
    home: 'tree-naming-cpu',
    areas: ['yc'],
    filterFrom: 2,
    bands: CPU_BANDS,
    species: TREE_SPECIES,
    tap: { kind: 'phone' }
  }),
  'tree-naming-map-xzit': map({
    route: 'tree-naming-map-xzit',
    campaign: 'xzit',
    title: 'route.tree-naming-map-xzit',
    item: CampaignKey.TREE_NAMING_XZIT,
    home: 'tree-naming-xzit',
    areas: [''],
    firstMap: () => 'xzit-1',
    filterFrom: 3,
    bands: TREE_BANDS,
    species: TREE_SPECIES,
    tap: { kind: 'naming' },
    building: 'contact'
  }),
  'tree-naming-hhu': map({
    route: 'tree-naming-hhu',
    campaign: 'hhu',
    title: 'route.tree-naming-hhu',
    item: CampaignKey.HHU_TREE_YC,
    home: 'tree-naming-hhu-home',
    firstMap: () => 'yc-1',
    filterFrom: 3,
    bands: TREE_BANDS,
    species: TREE_SPECIES,
    tap: { kind: 'hhu-detail', from: 'map' }
  }),
  'tree-naming-hhu-jn': map({
    route: 'tree-naming-hhu-jn',
    campaign: 'hhu',
    title: 'route.tree-naming-hhu-jn',
    item: CampaignKey.HHU_TREE_JN,
    home: 'tree-naming-hhu-home',
    firstMap: () => 'ys-1',
    filterFrom: 3,
    bands: TREE_BANDS,
    species: TREE_SPECIES,
    tap: { kind: 'hhu-detail', from: 'mapJn' }
  }),
  'tree-naming-map-gmu': map({
    route: 'tree-naming-map-gmu',
    campaign: 'gmu',
    title: 'route.tree-naming-map-gmu',
    item: CampaignKey.TREE_NAMING_GMU,
    firstMap: () => 'gmu-1',
    filterFrom: 3,
    bands: TREE_BANDS,
    species: TREE_SPECIES,
    tap: { kind: 'naming' },
    homeOnMap: true
  }),
  'seat-naming-map': map({
    route: 'seat-naming-map',
    campaign: 'seat',
    title: 'route.seat-naming-map',
    item: CampaignKey.SEAT_NAMING,
    // ?area=hall opens the hall's '一楼' seats, a campaign of its own (docs/product §2 Hall seat map)
    areas: ['', 'hall'],
    areaItems: { hall: CampaignKey.HALL_NAMING },
    firstMap: (area) => (area === 'hall' ? 'hall-1' : 'seat-1'),
    homeOnMap: true
  }),
  'build-naming-map': map({
    route: 'build-naming-map',
    campaign: 'build',
    title: 'route.build-naming-map',
    item: CampaignKey.BUILD_NAMING,
    firstMap: () => 'build-1',
    building: 'named',
    homeOnMap: true
  }),
  'wall-naming-map': map({
    route: 'wall-naming-map',
    campaign: 'wall',
    title: 'route.wall-naming-map',
    item: CampaignKey.WALL_NAMING,
    firstMap: () => 'wall-1',
    homeOnMap: true,
    landing: true
  })
}

export const LISTS: Record<ListRoute, ListDef> = {
  'tree-naming-donateList-cpu': {
    route: 'tree-naming-donateList-cpu',
    campaign: 'cpu',
    title: 'route.tree-naming-donateList-cpu',
    items: [CampaignKey.TREE_NAMING_CPU]
  },
  'tree-naming-donateList-xzit': {
    route: 'tree-naming-donateList-xzit',
    campaign: 'xzit',
    title: 'route.tree-naming-donateList-xzit',
    items: [CampaignKey.TREE_NAMING_XZIT]
  },
  'tree-naming-donateList-hhu': {
    route: 'tree-naming-donateList-hhu',
    campaign: 'hhu',
    title: 'route.tree-naming-donateList-hhu',
    items: [CampaignKey.HHU_TREE_YC, CampaignKey.HHU_TREE_JN]
  }
}

/** The school's item id for a campaign key; 0 when the school does not run that campaign. */
export function itemIdOf(campaignItems: Record<string, number>, key: string): number {
  const n = campaignItems[key]
  return Number.isInteger(n) && n > 0 ? n : 0
}

/** The items of a home or list the school runs (a school may run only one of hhu's two areas). */
export function itemIdsOf(campaignItems: Record<string, number>, keys: string[]): number[] {
  return keys.map((k) => itemIdOf(campaignItems, k)).filter((n) => n > 0)
}

/** The page's area as the campaign offers it: an unknown one falls back to its first. */
export function areaOf(def: MapDef, area: string | undefined): string {
  return area && def.areas.includes(area) ? area : def.areas[0]
}

/** The item whose seats the page shows: the area's own item, else the page's. */
export const itemKeyOf = (def: MapDef, area: string | undefined): ItemKey => def.areaItems[areaOf(def, area)] || def.item

/** The map page's first map id for its `area` query; an area the campaign does not offer falls back to its first. */
export function firstMapOf(def: MapDef, area: string | undefined): string {
  return def.firstMap(areaOf(def, area))
}
