/**
 * The map pages' species and price pickers (docs/product §2 Maps; §5 price filter rules; §9 tree price bands) turned
 * into the getSeatStatusList body (types/naming-map.ts SeatFilter). Pure: no Taro.
 */
import type { SeatFilter } from '@contract'

/** A price band of docs/product §9: 'a-b' sets min and max; 'a以上' sets only min. */
export interface PriceBand {
  /** the picker's label, also the band's key: '2099-5000', '20000以上' */
  label: string
  min: number
  max: number | null
}

/** Parses 'a-b' and 'a以上' (docs/product §5); anything else is no band. */
export function parseBand(label: string): PriceBand | null {
  const range = /^(\d+)-(\d+)$/.exec(label)
  if (range) return { label, min: Number(range[1]), max: Number(range[2]) }
  const above = /^(\d+)以上$/.exec(label)
  if (above) return { label, min: Number(above[1]), max: null }
  return null
}

const bands = (labels: string[]): PriceBand[] => labels.map((l) => parseBand(l) as PriceBand)

/** docs/product §9: the tree campaigns' bands, and the one set (cpu) that stops at 10000. */
export const TREE_BANDS: PriceBand[] = bands(['2099-5000', '5001-10000', '10000-20000', '20000以上'])
export const CPU_BANDS: PriceBand[] = bands(['2000-5000', '5000-10000'])

/** What the pickers hold: null is 'all' (no filter). */
export interface MapFilters {
  species: string | null
  band: PriceBand | null
}

export const NO_FILTERS: MapFilters = { species: null, band: null }

/**
 * A picker's answer: index 0 is 'all' and clears the filter; a cancelled picker clears it too (docs/product §5
 * "'all' clears; cancelling a picker clears its filter").
 */
export function pickSpecies(f: MapFilters, options: string[], index: number | null): MapFilters {
  const species = index !== null && index > 0 ? (options[index - 1] ?? null) : null
  return { ...f, species }
}

export function pickBand(f: MapFilters, options: PriceBand[], index: number | null): MapFilters {
  const band = index !== null && index > 0 ? (options[index - 1] ?? null) : null
  return { ...f, band }
}

/** The getSeatStatusList body: empty filters are left out so the server does not filter on them. */
export function toSeatFilter(itemsId: number, areaIdList: number[], f: MapFilters): SeatFilter {
  const body: SeatFilter = { itemsId }
  if (areaIdList.length) body.areaIdList = areaIdList
  if (f.species) body.seatName = f.species
  if (f.band) {
    body.minMoney = f.band.min
    if (f.band.max !== null) body.maxMoney = f.band.max
  }
  return body
}

/** Whether the pickers show at this level (docs/product §2: level 3; cpu on any level above 1). */
export function filtersShown(level: number, fromLevel: 2 | 3 | null): boolean {
  return fromLevel !== null && level >= fromLevel
}

/** The VR button (docs/product §2): on every level but 2, and only when the map has a panorama link. */
export function vrShown(level: number, vrUrl: string): boolean {
  return level !== 2 && !!vrUrl
}
