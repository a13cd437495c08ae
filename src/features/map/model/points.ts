/**
 * Which map points are drawn, and how (docs/product §4 named seats and map rules): a point is shown only if its
 * config says so (trees show=1, buildings isHide=0) and its seatId is a key of the getSeatStatusList answer; the
 * answer's status decides its look. A filter (species, price) therefore hides points simply by leaving them out of
 * the answer.
 */
import type { MapConfig, MapSeatStatus, SeatStatusMap } from '@contract'

export type MapPointKind = 'tree' | 'building'

/** One drawable, tappable point of a map. */
export interface MapPoint {
  /** the config's point id (a hall seat's number, a tree's label) */
  id: string
  kind: MapPointKind
  /** map-image pixels */
  x: number
  y: number
  seatId: number
  status: MapSeatStatus
  /** highlighted: the config marks it, or it is the page's selected seat */
  selected: boolean
}

/** docs/product §9 animation timings and §4 hall rules. */
export const HALL_REVEAL_MS = 500
export const HALL_LABEL_SCALE = 0.6
export const HALL_INITIAL_SCALE = 0.3

const isStatus = (v: unknown): v is MapSeatStatus => v === 1 || v === 2 || v === 3

/** The points of a map that the status answer lets through, trees first, in config order. */
export function visiblePoints(
  config: Pick<MapConfig, 'treeList' | 'buildingList'>,
  statuses: SeatStatusMap | null | undefined,
  selectedSeatId?: number | null
): MapPoint[] {
  if (!statuses) return []
  const out: MapPoint[] = []
  for (const t of config.treeList || []) {
    if (t.show !== 1) continue
    const status = statuses[String(t.seatId)]
    if (!isStatus(status)) continue
    out.push({
      id: t.id,
      kind: 'tree',
      x: t.x,
      y: t.y,
      seatId: t.seatId,
      status,
      selected: t.selected === 1 || t.seatId === selectedSeatId
    })
  }
  for (const b of config.buildingList || []) {
    if (b.isHide !== 0) continue
    const status = statuses[String(b.seatId)]
    if (!isStatus(status)) continue
    out.push({ id: b.id, kind: 'building', x: b.x, y: b.y, seatId: b.seatId, status, selected: b.seatId === selectedSeatId })
  }
  return out
}

/** Seat ids are drawn beside the points from this zoom on (hall: 0.6); below it they would overlap into noise. */
export const seatLabelsVisible = (scale: number, labelScale: number | null | undefined): boolean =>
  labelScale !== null && labelScale !== undefined && scale >= labelScale

/** The point's radius in screen pixels: constant-ish, shrinking when zoomed far out so dense halls stay legible. */
export const pointRadius = (scale: number): number => Math.max(3, Math.min(9, 10 * scale))

/** A finger is bigger than a dot: taps within this many screen pixels of a point hit it. */
export const hitRadius = (scale: number): number => Math.max(16, pointRadius(scale) + 6)
