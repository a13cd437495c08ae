/**
 * What a tap hits (docs/product §2 Maps: tapping a tree opens its detail, tapping an area opens its next level).
 * Points win over areas: a tree inside a grove's hot polygon is what the donor aimed at.
 */
import type { MapArea } from '@contract'
import { screenToImage, type Point, type Viewport } from './viewport'
import type { MapPoint } from './points'

/** Even-odd ray casting; points on an edge may fall either way, which a finger cannot tell apart anyway. */
export function pointInPolygon(p: Point, poly: ReadonlyArray<readonly [number, number]>): boolean {
  if (!poly || poly.length < 3) return false
  let inside = false
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]
    const [xj, yj] = poly[j]
    if (yi > p.y !== yj > p.y && p.x < ((xj - xi) * (p.y - yi)) / (yj - yi) + xi) inside = !inside
  }
  return inside
}

/** The nearest point within `radiusPx` screen pixels of the screen point `at`, or null. */
export function hitPoint(points: readonly MapPoint[], at: Point, vp: Viewport, radiusPx: number): MapPoint | null {
  let best: MapPoint | null = null
  let bestD = radiusPx * radiusPx
  for (const p of points) {
    const dx = p.x * vp.scale + vp.x - at.x
    const dy = p.y * vp.scale + vp.y - at.y
    const d = dx * dx + dy * dy
    if (d <= bestD) {
      bestD = d
      best = p
    }
  }
  return best
}

/** The area whose hot polygon holds the screen point `at`; the last one listed wins where polygons overlap (drawn on top). */
export function hitArea(areas: readonly MapArea[], at: Point, vp: Viewport): MapArea | null {
  const img = screenToImage(vp, at)
  for (let i = areas.length - 1; i >= 0; i--) {
    if (pointInPolygon(img, areas[i].hot)) return areas[i]
  }
  return null
}

export type MapHit = { kind: 'point'; point: MapPoint } | { kind: 'area'; area: MapArea }

export function hitTest(points: readonly MapPoint[], areas: readonly MapArea[], at: Point, vp: Viewport, radiusPx: number): MapHit | null {
  const point = hitPoint(points, at, vp, radiusPx)
  if (point) return { kind: 'point', point }
  const area = hitArea(areas, at, vp)
  return area ? { kind: 'area', area } : null
}
