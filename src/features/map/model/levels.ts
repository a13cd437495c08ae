/**
 * Level navigation (docs/product §2 Maps, §4 "Map back decrements level"): maps are one to three levels; tapping an
 * area opens its `next` map one level down, back goes one level up, and back at level 1 leaves the map for the
 * campaign home. The trail is the list of maps opened, the campus first.
 */
import type { MapArea, MapLevel } from '@contract'

export interface TrailStep {
  mapId: string
  level: MapLevel
  /** the image the area asked for instead of the config's own (MapArea.map) */
  image?: string
}

export type MapTrail = readonly TrailStep[]

export const MAX_LEVEL: MapLevel = 3

export function startTrail(mapId: string, level: MapLevel = 1): MapTrail {
  return [{ mapId, level }]
}

export const currentStep = (trail: MapTrail): TrailStep => trail[trail.length - 1]

const toLevel = (n: number): MapLevel => (n <= 1 ? 1 : n >= 3 ? 3 : 2)

/** The trail after tapping `area`; unchanged at the deepest level or for an area that leads nowhere. */
export function openArea(trail: MapTrail, area: Pick<MapArea, 'next' | 'map'>): MapTrail {
  const here = currentStep(trail)
  if (!area.next || here.level >= MAX_LEVEL) return trail
  const step: TrailStep = { mapId: area.next, level: toLevel(here.level + 1) }
  if (area.map) step.image = area.map
  return [...trail, step]
}

export type BackResult = { action: 'leave' } | { action: 'up'; trail: MapTrail; step: TrailStep }

/** Back: one level up, or 'leave' at level 1 so the page returns to the campaign home. */
export function goBack(trail: MapTrail): BackResult {
  if (trail.length <= 1 || currentStep(trail).level <= 1) return { action: 'leave' }
  const up = trail.slice(0, -1)
  return { action: 'up', trail: up, step: currentStep(up) }
}
