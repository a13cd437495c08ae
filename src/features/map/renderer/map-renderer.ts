/**
 * Draws a map scene onto a 2d context (H5 HTMLCanvasElement or a mini-program type="2d" node: the same API).
 * - devicePixelRatio: the backing store is CSS size x dpr and every frame starts with setTransform(dpr, …), so
 *   drawing happens in CSS pixels and stays sharp.
 * - Redraws only when the view or data changed, at most once per animation frame: many touchmoves, one frame.
 * - With a layer (an offscreen canvas from `createLayer`), the scene (image, areas, points, stamps, seat ids) is
 *   rendered once per scale into the layer, larger than the view by a margin, and a pan frame is one drawImage of the
 *   layer shifted by whole device pixels: its cost does not depend on the number of points (2,000 points at
 *   60 frames a second; bench/map.js measures it). The layer is rendered again when the scene changes, when the scale
 *   changes (at once, or when the gesture ends while `setInteracting(true)`: meanwhile the layer is drawn scaled), and
 *   when a pan leaves the margin.
 * - Without a layer (no offscreen canvas on this runtime) every frame draws the visible image part and the points in
 *   view (culling), batched per status.
 * No React, no Taro: the component hands it a canvas, frame scheduling and the layer factory.
 */
import type { MapArea, MapSeatStatus } from '@contract'
import { pointRadius, type MapPoint } from '../model/points'
import { visibleImageRect, type Point, type Size, type Viewport } from '../model/viewport'
import { DEFAULT_PALETTE, type MapPalette } from './palette'

export interface RenderScene {
  /** a drawable image (HTMLImageElement, a mini-program canvas image) or null while loading */
  image: any
  imageSize: Size
  points: readonly MapPoint[]
  areas: readonly MapArea[]
  /** false until the hall's reveal delay has passed */
  showPoints: boolean
  showSeatLabels: boolean
  /** the word on the 'named' stamp, in the user's language */
  namedLabel: string
  palette: MapPalette
}

export interface CanvasTarget {
  canvas: any
  ctx: any
  width: number
  height: number
  dpr: number
}

/** An offscreen 2d canvas of `width` x `height` device pixels and its context. */
export interface LayerSurface {
  canvas: any
  ctx: any
}

/** Makes the layer; null where the runtime has none (the renderer then draws every frame directly). */
export type LayerFactory = (width: number, height: number) => LayerSurface | null

export interface FrameScheduler {
  request(cb: () => void): unknown
  cancel(handle: unknown): void
}

/**
 * 'direct': the whole scene drawn on the canvas (no layer); 'layer': the layer rendered again, then drawn;
 * 'pan': the layer drawn shifted; 'scaled': the layer drawn scaled (during a pinch).
 */
export type FrameKind = 'direct' | 'layer' | 'pan' | 'scaled'

export interface FrameStats {
  frames: number
  /** points drawn in the last frame (after culling): 0 for a frame that only draws the layer */
  lastPoints: number
  lastKind: FrameKind | null
  /** how often the layer was rendered */
  layerRenders: number
  /** 'named' stamps the last painted scene drew (their boxes, in that pass's CSS px) and left out (placeStamps) */
  stamps: { drawn: StampBox[]; skipped: number }
  /** area labels the last painted scene drew, in screen CSS px (relative to the view) */
  labels: Array<StampBox & { title: string }>
}

/** A stamp's box, in the pass's CSS px. */
export interface StampBox {
  x: number
  y: number
  w: number
  h: number
}

/**
 * Which 'named' stamps to draw: greedily from the top-left, each one only if its box keeps `gap` px clear of every
 * box already placed (docs/decisions/080-layout-defects.md). A hall's rows of named seats sit closer than a stamp is
 * wide; drawn all, the stamps piled over each other and none could be read. A stamp left out still has its red dot.
 */
export function placeStamps(boxes: StampBox[], gap = 1): boolean[] {
  const order = boxes.map((_, i) => i).sort((a, b) => boxes[a].y - boxes[b].y || boxes[a].x - boxes[b].x)
  const placed: StampBox[] = []
  const keep = new Array<boolean>(boxes.length).fill(false)
  for (const i of order) {
    const b = boxes[i]
    const clear = placed.every((o) => b.x + b.w + gap <= o.x || o.x + o.w + gap <= b.x || b.y + b.h + gap <= o.y || o.y + o.h + gap <= b.y)
    if (clear) {
      placed.push(b)
      keep[i] = true
    }
  }
  return keep
}

export interface MapRenderer {
  setScene(patch: Partial<RenderScene>): void
  setViewport(vp: Viewport): void
  /** a gesture is under way: a scale change draws the layer scaled until it ends, then renders it crisply */
  setInteracting(on: boolean): void
  resize(width: number, height: number, dpr: number): void
  /** draw now (tests, benchmarks); the component uses the scheduled path */
  drawNow(): void
  destroy(): void
  /** the canvas that images for this renderer should be created with (the layer's, when there is one) */
  readonly imageCanvas: any
  readonly stats: FrameStats
}

/** requestAnimationFrame of the canvas (mini-program 2d nodes have one), of the window, or a 16 ms timer. */
export function frameSchedulerFor(canvas: any): FrameScheduler {
  if (canvas && typeof canvas.requestAnimationFrame === 'function') {
    return { request: (cb) => canvas.requestAnimationFrame(cb), cancel: (h) => canvas.cancelAnimationFrame?.(h) }
  }
  const g: any = globalThis as any
  if (typeof g.requestAnimationFrame === 'function') {
    return { request: (cb) => g.requestAnimationFrame(cb), cancel: (h) => g.cancelAnimationFrame(h) }
  }
  return { request: (cb) => setTimeout(cb, 16), cancel: (h) => clearTimeout(h as any) }
}

const STATUSES: MapSeatStatus[] = [1, 3, 2]
/** Stamps are text: past this many on screen they would cover the map, so dense views show the red dot only. */
const MAX_STAMPS = 250
const LABEL_FONT = '13px sans-serif'
const SEAT_FONT = '10px sans-serif'
const STAMP_FONT = 'bold 9px sans-serif'
const OUTLINE = 1.5

/**
 * The layer's margin around the view, in CSS px: a pan of up to this much in any direction costs one drawImage.
 * Bounded by memory (a 390 x 844 view at dpr 3 with 256 px all round would be 11 M pixels, 44 MB) and by the
 * 4096-pixel side that phones' canvases accept; never below MIN_MARGIN, where re-rendering would be most frames.
 */
const MAX_MARGIN = 256
const MIN_MARGIN = 64
const MAX_LAYER_PIXELS = 10_000_000
const MAX_LAYER_SIDE = 4096

export function layerMargin(width: number, height: number, dpr: number): number {
  let m = MAX_MARGIN
  while (m > MIN_MARGIN) {
    const w = (width + 2 * m) * dpr
    const h = (height + 2 * m) * dpr
    if (w * h <= MAX_LAYER_PIXELS && Math.max(w, h) <= MAX_LAYER_SIDE) break
    m -= 16
  }
  return Math.max(MIN_MARGIN, m)
}

/** What one paint pass draws on: a context, the viewport in its CSS pixels, and its size. */
interface Pass {
  ctx: any
  vp: Viewport
  width: number
  height: number
  /** the part of this surface that is on screen now (stamp density is judged there) */
  view: { left: number; top: number; right: number; bottom: number }
}

/** The rendered layer: where its top-left corner was on screen (CSS px) at viewport `vp`. */
interface LayerState {
  vp: Viewport
  left: number
  top: number
  /** CSS size */
  width: number
  height: number
}

export function createMapRenderer(
  target: CanvasTarget,
  scheduler: FrameScheduler = frameSchedulerFor(target.canvas),
  createLayer?: LayerFactory,
  /** called after each paint of the scene (direct or layer), with the stats so far */
  onPainted?: (stats: FrameStats) => void
): MapRenderer {
  let { width, height, dpr } = target
  const ctx = target.ctx
  let scene: RenderScene = {
    image: null,
    imageSize: { width: 1, height: 1 },
    points: [],
    areas: [],
    showPoints: true,
    showSeatLabels: false,
    namedLabel: '',
    palette: DEFAULT_PALETTE
  }
  let vp: Viewport = { scale: 1, x: 0, y: 0, level: 1 }
  let pending: unknown = null
  let destroyed = false
  let interacting = false
  const stats: FrameStats = { frames: 0, lastPoints: 0, lastKind: null, layerRenders: 0, stamps: { drawn: [], skipped: 0 }, labels: [] }
  // reused between frames: per-status buckets of visible points
  const buckets: Record<MapSeatStatus, MapPoint[]> = { 1: [], 2: [], 3: [] }

  let margin = layerMargin(width, height, dpr)
  let layer: LayerSurface | null = null
  try {
    layer = createLayer ? createLayer(...layerPixels()) : null
  } catch {
    layer = null
  }
  /** what the layer holds; null: render it again before drawing it */
  let rendered: LayerState | null = null

  function layerPixels(): [number, number] {
    return [Math.round((width + 2 * margin) * dpr), Math.round((height + 2 * margin) * dpr)]
  }

  function schedule() {
    if (pending !== null || destroyed) return
    pending = scheduler.request(() => {
      pending = null
      if (!destroyed) draw()
    })
  }

  function drawImage(p: Pass) {
    const { image, imageSize } = scene
    if (!image) return
    // copy only the visible source rectangle: a 4000 px campus image scaled up would otherwise be resampled whole
    const r = visibleImageRect(p.vp, { width: p.width, height: p.height })
    const sx = Math.max(0, r.left)
    const sy = Math.max(0, r.top)
    const sw = Math.min(imageSize.width, r.right) - sx
    const sh = Math.min(imageSize.height, r.bottom) - sy
    if (sw <= 0 || sh <= 0) return
    const { scale, x, y } = p.vp
    p.ctx.drawImage(image, sx, sy, sw, sh, sx * scale + x, sy * scale + y, sw * scale, sh * scale)
  }

  function drawAreas(p: Pass) {
    stats.labels = []
    if (!scene.areas.length) return
    const c = p.ctx
    c.font = LABEL_FONT
    c.textAlign = 'center'
    c.textBaseline = 'middle'
    // docs/decisions/080-layout-defects.md: a label whose area reaches the screen's edge is pulled inside the view
    // instead of being cut, and a label that would cover one already placed (an area split in two polygons with one
    // title, neighbours zoomed out) is left out rather than drawn over it
    const boxes: StampBox[] = []
    const titles: string[] = []
    for (const a of scene.areas) {
      if (!a.title) continue
      const x = a.x * p.vp.scale + p.vp.x
      const y = a.y * p.vp.scale + p.vp.y
      if (x < -100 || y < -20 || x > p.width + 100 || y > p.height + 20) continue
      const w = c.measureText(a.title).width + 16
      const { left, right, top, bottom } = p.view
      const cx = right - left > w + 8 ? Math.min(Math.max(x, left + 4 + w / 2), right - 4 - w / 2) : x
      const cy = bottom - top > 32 ? Math.min(Math.max(y, top + 16), bottom - 16) : y
      boxes.push({ x: cx - w / 2, y: cy - 12, w, h: 24 })
      titles.push(a.title)
    }
    const keep = placeStamps(boxes, 2)
    for (let i = 0; i < boxes.length; i++) {
      if (!keep[i]) continue
      const b = boxes[i]
      c.fillStyle = scene.palette.labelBg
      roundRect(c, b.x, b.y, b.w, b.h, 12)
      c.fill()
      c.fillStyle = scene.palette.labelText
      c.fillText(titles[i], b.x + b.w / 2, b.y + 12)
      stats.labels.push({ title: titles[i], x: b.x - p.view.left, y: b.y - p.view.top, w: b.w, h: b.h })
    }
  }

  function circles(p: Pass, a: MapPoint[], b: MapPoint[] | null, c: MapPoint[] | null, r: number, fill: string) {
    if (!a.length && !b?.length && !c?.length) return
    const g = p.ctx
    const { scale, x: ox, y: oy } = p.vp
    g.beginPath()
    for (const list of [a, b, c]) {
      if (!list) continue
      for (const pt of list) {
        const x = pt.x * scale + ox
        const y = pt.y * scale + oy
        g.moveTo(x + r, y)
        g.arc(x, y, r, 0, Math.PI * 2)
      }
    }
    g.fillStyle = fill
    g.fill()
  }

  /** Draws the points on the pass's surface; returns how many were drawn. */
  function drawPoints(p: Pass): number {
    const pal = scene.palette
    const g = p.ctx
    const { scale, x: ox, y: oy } = p.vp
    const r = pointRadius(scale)
    const m = r + 30
    buckets[1].length = 0
    buckets[2].length = 0
    buckets[3].length = 0
    const selected: MapPoint[] = []
    const left = -m
    const top = -m
    const right = p.width + m
    const bottom = p.height + m
    let count = 0
    let namedOnScreen = 0
    for (const pt of scene.points) {
      const x = pt.x * scale + ox
      if (x < left || x > right) continue
      const y = pt.y * scale + oy
      if (y < top || y > bottom) continue
      buckets[pt.status].push(pt)
      if (pt.selected) selected.push(pt)
      if (pt.status === 2 && x >= p.view.left && x <= p.view.right && y >= p.view.top && y <= p.view.bottom) namedOnScreen++
      count++
    }
    // One path per colour, filled once. The white outline is a slightly larger disc underneath rather than a
    // stroke: stroking arcs cost about ten times a fill in Chromium's software canvas (measured for bench/map.js).
    // Zoomed far out the dots are a few pixels wide and an outline only doubles the cost of the densest frames.
    if (r >= 5) circles(p, buckets[1], buckets[2], buckets[3], r + OUTLINE, pal.outline)
    for (const s of STATUSES) circles(p, buckets[s], null, null, r, pal.status[s])
    if (selected.length) {
      // a ring as a filled annulus (outer circle, inner one counter-clockwise), not a stroke: see above
      g.beginPath()
      for (const pt of selected) {
        const x = pt.x * scale + ox
        const y = pt.y * scale + oy
        g.moveTo(x + r + 5, y)
        g.arc(x, y, r + 5, 0, Math.PI * 2)
        g.moveTo(x + r + 2, y)
        g.arc(x, y, r + 2, 0, Math.PI * 2, true)
      }
      g.fillStyle = pal.selected
      g.fill()
    }
    // docs/product §4: named seats show a 'named' stamp; density is judged on screen, not over the layer's margin
    const named = buckets[2]
    if (named.length && namedOnScreen <= MAX_STAMPS && scene.namedLabel) {
      g.font = STAMP_FONT
      g.textAlign = 'center'
      g.textBaseline = 'middle'
      const w = g.measureText(scene.namedLabel).width + 8
      const boxes = named.map((pt) => ({ x: pt.x * scale + ox + r - 2, y: pt.y * scale + oy - r - 12, w, h: 14 }))
      const keep = placeStamps(boxes)
      const drawn: StampBox[] = []
      for (let i = 0; i < boxes.length; i++) {
        if (!keep[i]) continue
        const b = boxes[i]
        g.fillStyle = pal.stamp
        // a plain rectangle: rounded corners are four arcs per stamp, which software canvases pay for
        g.fillRect(b.x, b.y, b.w, b.h)
        g.fillStyle = pal.stampText
        g.fillText(scene.namedLabel, b.x + b.w / 2, b.y + 7)
        drawn.push(b)
      }
      stats.stamps = { drawn, skipped: boxes.length - drawn.length }
    } else stats.stamps = { drawn: [], skipped: named.length }
    if (scene.showSeatLabels) {
      g.font = SEAT_FONT
      g.textAlign = 'center'
      g.textBaseline = 'top'
      g.fillStyle = pal.seatLabel
      for (const s of STATUSES) {
        for (const pt of buckets[s]) g.fillText(pt.id, pt.x * scale + ox, pt.y * scale + oy + r + 2)
      }
    }
    return count
  }

  /** The scene on one surface: background, image, area labels, points. Returns the points drawn. */
  function paint(p: Pass): number {
    p.ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
    p.ctx.fillStyle = scene.palette.background
    p.ctx.fillRect(0, 0, p.width, p.height)
    drawImage(p)
    drawAreas(p)
    if (!scene.showPoints) stats.stamps = { drawn: [], skipped: 0 }
    const n = scene.showPoints ? drawPoints(p) : 0
    onPainted?.(stats)
    return n
  }

  /**
   * `lead` is the direction the pan was going (-1, 0, 1 per axis, in the viewport's sense): the new layer reaches
   * 1.5 margins ahead and half a margin behind, so a steady drag renders it half as often.
   */
  function renderLayer(l: LayerSurface, lead: Point = { x: 0, y: 0 }) {
    // the layer's top-left corner sits about `margin` CSS px above and left of the view's, on a whole device pixel
    const offX = Math.round(margin * (1 + lead.x / 2) * dpr) / dpr
    const offY = Math.round(margin * (1 + lead.y / 2) * dpr) / dpr
    const [pw, ph] = layerPixels()
    const lw = pw / dpr
    const lh = ph / dpr
    const n = paint({
      ctx: l.ctx,
      vp: { ...vp, x: vp.x + offX, y: vp.y + offY },
      width: lw,
      height: lh,
      view: { left: offX, top: offY, right: offX + width, bottom: offY + height }
    })
    rendered = { vp, left: -offX, top: -offY, width: lw, height: lh }
    stats.layerRenders++
    return n
  }

  /** Where the rendered layer's top-left corner is on screen now, if the scale is unchanged and it covers the view. */
  function panOffset(r: LayerState): { x: number; y: number } | null {
    if (r.vp.scale !== vp.scale) return null
    const x = r.left + (vp.x - r.vp.x)
    const y = r.top + (vp.y - r.vp.y)
    if (x > 0 || y > 0 || x + r.width < width || y + r.height < height) return null
    return { x, y }
  }

  function drawLayerShifted(l: LayerSurface, at: { x: number; y: number }) {
    // identity transform and whole device pixels: a straight copy, no resampling, as sharp as the layer
    const pw = Math.round(width * dpr)
    const ph = Math.round(height * dpr)
    const [lw, lh] = layerPixels()
    const sx = Math.min(Math.max(0, Math.round(-at.x * dpr)), lw - pw)
    const sy = Math.min(Math.max(0, Math.round(-at.y * dpr)), lh - ph)
    ctx.setTransform(1, 0, 0, 1, 0, 0)
    ctx.drawImage(l.canvas, sx, sy, pw, ph, 0, 0, pw, ph)
  }

  /** During a pinch: the layer scaled about the image, as the new viewport would place it. */
  function drawLayerScaled(l: LayerSurface, r: LayerState): boolean {
    const k = vp.scale / r.vp.scale
    // layer point L (CSS) shows image point (L + r.left - r.vp.x) / r.vp.scale; on screen now that is at:
    const x = (r.left - r.vp.x) * k + vp.x
    const y = (r.top - r.vp.y) * k + vp.y
    const w = r.width * k
    const h = r.height * k
    // a layer that no longer covers the view would show bare background: render it again instead
    if (x > 0 || y > 0 || x + w < width || y + h < height) return false
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
    const [lw, lh] = layerPixels()
    ctx.drawImage(l.canvas, 0, 0, lw, lh, x, y, w, h)
    return true
  }

  function draw() {
    stats.frames++
    const direct = () => {
      stats.lastKind = 'direct'
      stats.lastPoints = paint({ ctx, vp, width, height, view: { left: 0, top: 0, right: width, bottom: height } })
    }
    if (!layer) return direct()
    if (rendered) {
      const at = panOffset(rendered)
      if (at) {
        drawLayerShifted(layer, at)
        stats.lastKind = 'pan'
        stats.lastPoints = 0
        return
      }
      if (interacting && rendered.vp.scale !== vp.scale) {
        if (drawLayerScaled(layer, rendered)) {
          stats.lastKind = 'scaled'
          stats.lastPoints = 0
          return
        }
        // pinched out so far that the scaled layer leaves bare edges: draw the view itself, as cheap as a frame
        // without a layer and far cheaper than a layer re-rendered on every frame of the gesture; its end renders it
        return direct()
      }
    }
    // a pan that left the layer at the same scale: lead the way it is going
    const lead =
      rendered && rendered.vp.scale === vp.scale ? { x: Math.sign(vp.x - rendered.vp.x), y: Math.sign(vp.y - rendered.vp.y) } : undefined
    stats.lastPoints = renderLayer(layer, lead)
    stats.lastKind = 'layer'
    drawLayerShifted(layer, { x: rendered!.left, y: rendered!.top })
  }

  return {
    setScene(patch) {
      // the component repeats unchanged values (seat labels on every view change): only a real change re-renders
      let changed = false
      for (const k of Object.keys(patch) as Array<keyof RenderScene>) {
        if (patch[k] !== scene[k]) changed = true
      }
      if (!changed) return
      scene = { ...scene, ...patch }
      rendered = null
      schedule()
    },
    setViewport(next) {
      if (next.scale === vp.scale && next.x === vp.x && next.y === vp.y) return
      vp = next
      schedule()
    },
    setInteracting(on) {
      if (interacting === on) return
      interacting = on
      // the gesture ended zoomed: the scaled layer is blurred, render it crisply
      if (!on && rendered && rendered.vp.scale !== vp.scale) schedule()
    },
    resize(w, h, d) {
      width = w
      height = h
      dpr = d
      target.canvas.width = Math.round(w * d)
      target.canvas.height = Math.round(h * d)
      if (layer) {
        margin = layerMargin(w, h, d)
        const [lw, lh] = layerPixels()
        layer.canvas.width = lw
        layer.canvas.height = lh
      }
      rendered = null
      schedule()
    },
    drawNow() {
      if (pending !== null) {
        scheduler.cancel(pending)
        pending = null
      }
      draw()
    },
    destroy() {
      destroyed = true
      if (pending !== null) scheduler.cancel(pending)
      pending = null
      rendered = null
      // let the runtime reclaim the layer's pixels now rather than with the component
      if (layer) {
        layer.canvas.width = 0
        layer.canvas.height = 0
      }
    },
    get imageCanvas() {
      return layer ? layer.canvas : target.canvas
    },
    stats
  }
}

function roundRect(ctx: any, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath()
  ctx.moveTo(x + r, y)
  ctx.lineTo(x + w - r, y)
  ctx.arcTo(x + w, y, x + w, y + r, r)
  ctx.lineTo(x + w, y + h - r)
  ctx.arcTo(x + w, y + h, x + w - r, y + h, r)
  ctx.lineTo(x + r, y + h)
  ctx.arcTo(x, y + h, x, y + h - r, r)
  ctx.lineTo(x, y + r)
  ctx.arcTo(x, y, x + r, y, r)
  ctx.closePath()
}
