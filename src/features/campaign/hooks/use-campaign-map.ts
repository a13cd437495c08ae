/**
 * A map page's state (docs/product §2 Maps, §4 map rules): the level trail, the config of the map on screen, the
 * pickers and the status answer they filter. Filters apply only where they are shown (level 3; cpu from level 2),
 * so going up a level shows every point again without forgetting what the donor picked.
 */
import { useCallback, useMemo, useState } from 'react'
import type { MapConfig, SeatStatusMap } from '@contract'
import { useMapTrail } from '@/features/map'
import { useData } from '@/lib/hooks/use-data'
import { fetchMapConfig, fetchSeatStatuses } from '../api/campaign'
import { firstMapOf, type MapDef } from '../model/campaigns'
import { filtersShown, NO_FILTERS, pickBand, pickSpecies, toSeatFilter, vrShown, type MapFilters } from '../model/filters'

export function useCampaignMap(def: MapDef, itemsId: number, area: string | undefined) {
  const trail = useMapTrail(firstMapOf(def, area))
  const mapId = trail.step.mapId
  const config = useData<MapConfig>(() => fetchMapConfig(mapId), [mapId])
  const [filters, setFilters] = useState<MapFilters>(NO_FILTERS)
  const level = config.data?.level ?? trail.level
  const showFilters = filtersShown(level, def.filterFrom)
  const applied = showFilters ? filters : NO_FILTERS
  const cfg = config.status === 'ready' ? config.data : undefined
  const body = useMemo(() => (cfg ? toSeatFilter(itemsId, cfg.areaIdList, applied) : null), [cfg, itemsId, applied])
  const bodyKey = body ? JSON.stringify(body) : ''
  const statuses = useData<SeatStatusMap>(
    () => (body ? fetchSeatStatuses(body) : Promise.resolve({})),
    // the body by value: a new object with the same filters must not ask again
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [bodyKey],
    { enabled: !!body && itemsId > 0 }
  )
  const species = useCallback((index: number | null) => setFilters((f) => pickSpecies(f, def.species, index)), [def.species])
  const band = useCallback((index: number | null) => setFilters((f) => pickBand(f, def.bands, index)), [def.bands])
  const vrUrl = cfg?.vrUrl || ''
  return {
    trail,
    level,
    config,
    statuses,
    filters,
    showFilters,
    filtered: !!(applied.species || applied.band),
    pickSpecies: species,
    pickBand: band,
    vrUrl,
    showVr: !!cfg && vrShown(level, vrUrl)
  }
}
