/**
 * Touch handling of the crop stage: one finger drags, two fingers pinch (zoom around their midpoint) and drag.
 * The maths is model/transform.ts; this only turns touch events into frame coordinates.
 */
import { useRef } from 'react'
import { pan, pinch, type CropState, type Point, type Size } from '../model/transform'

interface Geometry {
  img: Size
  frame: number
  /** the frame centre in client coordinates */
  centre: Point
}

/** What the handlers read of a touch event: H5 touches carry clientX/pageX, canvas touches x/y. */
interface TouchLike {
  touches?: ArrayLike<{ clientX?: number; pageX?: number; x?: number; clientY?: number; pageY?: number; y?: number }>
  preventDefault?(): void
}

function pointsOf(e: TouchLike, centre: Point): Point[] {
  const list = e?.touches || []
  const out: Point[] = []
  for (let i = 0; i < list.length; i++) {
    const t = list[i]
    const x = t.clientX ?? t.pageX ?? t.x ?? 0
    const y = t.clientY ?? t.pageY ?? t.y ?? 0
    out.push({ x: x - centre.x, y: y - centre.y })
  }
  return out
}

export function useCropGestures(geometry: Geometry | null, state: CropState | null, setState: (s: CropState) => void) {
  const start = useRef<{ state: CropState; points: Point[] } | null>(null)

  const begin = (e: TouchLike) => {
    if (!geometry || !state) return
    start.current = { state, points: pointsOf(e, geometry.centre) }
  }

  const onTouchStart = (e: TouchLike) => begin(e)

  const onTouchMove = (e: TouchLike) => {
    if (!geometry || !start.current) return
    if (typeof e?.preventDefault === 'function') e.preventDefault()
    const now = pointsOf(e, geometry.centre)
    const from = start.current.points
    if (now.length >= 2 && from.length >= 2) {
      setState(pinch(start.current.state, [from[0], from[1]], [now[0], now[1]], geometry.img, geometry.frame))
    } else if (now.length === 1 && from.length === 1) {
      setState(pan(start.current.state, now[0].x - from[0].x, now[0].y - from[0].y, geometry.img, geometry.frame))
    } else {
      // the number of fingers changed: continue from here
      begin(e)
    }
  }

  const onTouchEnd = (e: TouchLike) => {
    // a finger lifted during a pinch: the remaining one continues as a drag from where it is
    const remaining = e?.touches?.length || 0
    start.current = null
    if (remaining > 0 && geometry && state) begin(e)
  }

  return { onTouchStart, onTouchMove, onTouchEnd, onTouchCancel: onTouchEnd }
}
