/**
 * The map's viewport as pure functions (CONVENTIONS "Canvas: platform gets the canvas, the scene is pure"; tests in
 * test/unit/map-scene.test.ts). Coordinates: image points are map-image pixels (the config's width x height); screen
 * points are CSS pixels from the canvas's top-left corner. A viewport draws image point p at `p * scale + (x, y)`,
 * so (x, y) is where the image's top-left corner sits on screen.
 *
 * docs/product §2 Maps: pan clamped to the image's bounds, zoom clamped between minScale and maxScale.
 */
import type { MapConfig, MapLevel } from '@contract'

export interface Point {
  x: number
  y: number
}

export interface Size {
  width: number
  height: number
}

export interface Viewport {
  scale: number
  x: number
  y: number
  level: MapLevel
}

/** What clamping needs: the image, the canvas and the zoom range of the config. */
export interface Bounds {
  image: Size
  view: Size
  minScale: number
  maxScale: number
}

export function boundsOf(config: Pick<MapConfig, 'width' | 'height' | 'minScale' | 'maxScale'>, view: Size): Bounds {
  // a config whose range is inverted or missing still gives a usable map rather than NaN
  const min = config.minScale > 0 ? config.minScale : 0.1
  const max = config.maxScale >= min ? config.maxScale : min
  return { image: { width: config.width, height: config.height }, view, minScale: min, maxScale: max }
}

export const clampScale = (scale: number, b: Bounds): number => Math.min(b.maxScale, Math.max(b.minScale, scale))

/** One axis: an image wider than the view can move until its edge meets the view's; a narrower one stays centred. */
function clampAxis(offset: number, imageLength: number, viewLength: number): number {
  if (imageLength <= viewLength) return (viewLength - imageLength) / 2
  return Math.min(0, Math.max(viewLength - imageLength, offset))
}

/** The viewport with its scale in range and the image covering as much of the view as it can. */
export function clampViewport(vp: Viewport, b: Bounds): Viewport {
  const scale = clampScale(vp.scale, b)
  return {
    scale,
    x: clampAxis(vp.x, b.image.width * scale, b.view.width),
    y: clampAxis(vp.y, b.image.height * scale, b.view.height),
    level: vp.level
  }
}

/** The first view of a map: the config's zoom (0.3 for the hall, docs/product §4) and its top/left offset. */
export function initialViewport(config: MapConfig, view: Size): Viewport {
  const b = boundsOf(config, view)
  return clampViewport({ scale: config.scale || 1, x: config.left || 0, y: config.top || 0, level: config.level }, b)
}

export const imageToScreen = (vp: Viewport, p: Point): Point => ({ x: p.x * vp.scale + vp.x, y: p.y * vp.scale + vp.y })
export const screenToImage = (vp: Viewport, p: Point): Point => ({ x: (p.x - vp.x) / vp.scale, y: (p.y - vp.y) / vp.scale })

export function panBy(vp: Viewport, dx: number, dy: number, b: Bounds): Viewport {
  return clampViewport({ ...vp, x: vp.x + dx, y: vp.y + dy }, b)
}

/** Zoom to `scale` keeping the image point under `anchor` (a screen point) where it is, as far as clamping allows. */
export function zoomTo(vp: Viewport, scale: number, anchor: Point, b: Bounds): Viewport {
  const s = clampScale(scale, b)
  const img = screenToImage(vp, anchor)
  return clampViewport({ ...vp, scale: s, x: anchor.x - img.x * s, y: anchor.y - img.y * s }, b)
}

/** The +/- buttons: one step around the view's centre. */
export function zoomStep(vp: Viewport, factor: number, b: Bounds): Viewport {
  return zoomTo(vp, vp.scale * factor, { x: b.view.width / 2, y: b.view.height / 2 }, b)
}

export const ZOOM_STEP = 1.5

/** A mouse wheel notch (deltaY about 100) zooms by about 16 %; trackpads send many small deltas. */
export function wheelZoom(vp: Viewport, deltaY: number, anchor: Point, b: Bounds): Viewport {
  return zoomTo(vp, vp.scale * Math.exp(-deltaY * 0.0015), anchor, b)
}

const mid = (a: Point, c: Point): Point => ({ x: (a.x + c.x) / 2, y: (a.y + c.y) / 2 })
const dist = (a: Point, c: Point): number => Math.hypot(a.x - c.x, a.y - c.y)

/**
 * Two fingers moved from `from` to `to` since the pinch began at viewport `start`: the zoom follows the fingers'
 * spread and the image point that was under their midpoint stays under the (moving) midpoint, so a two-finger drag
 * also pans. Computed from the start every time so rounding does not accumulate over a long pinch.
 */
export function pinchTo(start: Viewport, from: [Point, Point], to: [Point, Point], b: Bounds): Viewport {
  const d0 = dist(from[0], from[1])
  const d1 = dist(to[0], to[1])
  const scale = clampScale(d0 > 0 ? (start.scale * d1) / d0 : start.scale, b)
  const img = screenToImage(start, mid(from[0], from[1]))
  const m = mid(to[0], to[1])
  return clampViewport({ ...start, scale, x: m.x - img.x * scale, y: m.y - img.y * scale }, b)
}

/** The part of the image on screen, in image pixels, grown by `marginPx` screen pixels on every side (culling). */
export function visibleImageRect(vp: Viewport, view: Size, marginPx = 0): { left: number; top: number; right: number; bottom: number } {
  const tl = screenToImage(vp, { x: -marginPx, y: -marginPx })
  const br = screenToImage(vp, { x: view.width + marginPx, y: view.height + marginPx })
  return { left: tl.x, top: tl.y, right: br.x, bottom: br.y }
}

export const sameViewport = (a: Viewport, c: Viewport): boolean => a.scale === c.scale && a.x === c.x && a.y === c.y && a.level === c.level
