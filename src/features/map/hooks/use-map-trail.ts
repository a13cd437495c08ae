/**
 * The level trail of a map page (docs/product §2 Maps): `open(area)` goes one level down, `back()` one level up and
 * answers 'leave' at level 1 so the page returns to its campaign home.
 */
import { useCallback, useState } from 'react'
import type { MapArea, MapLevel } from '@contract'
import { currentStep, goBack, openArea, startTrail, type MapTrail, type TrailStep } from '../model/levels'

export interface MapTrailApi {
  trail: MapTrail
  step: TrailStep
  level: MapLevel
  open(area: MapArea): void
  /** 'up' when a level was left, 'leave' at level 1 (the page navigates away) */
  back(): 'up' | 'leave'
}

export function useMapTrail(firstMapId: string, firstLevel: MapLevel = 1): MapTrailApi {
  const [trail, setTrail] = useState<MapTrail>(() => startTrail(firstMapId, firstLevel))
  const open = useCallback((area: MapArea) => setTrail((t) => openArea(t, area)), [])
  const back = useCallback((): 'up' | 'leave' => {
    const r = goBack(trail)
    if (r.action === 'leave') return 'leave'
    setTrail(r.trail)
    return 'up'
  }, [trail])
  const step = currentStep(trail)
  return { trail, step, level: step.level, open, back }
}
