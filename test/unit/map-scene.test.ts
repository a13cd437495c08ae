/**
 * The map's scene maths (src/features/map/model): clamping, pinch, hit-testing, levels, gestures and which points
 * are drawn (docs/product §2 Naming maps, §4 map rules).
 */
import type { MapConfig, SeatStatusMap } from '@contract'
import {
  boundsOf,
  clampViewport,
  goBack,
  hitArea,
  hitPoint,
  hitTest,
  imageToScreen,
  initialViewport,
  openArea,
  panBy,
  pinchTo,
  pointInPolygon,
  screenToImage,
  seatLabelsVisible,
  startTrail,
  visiblePoints,
  zoomStep,
  zoomTo,
  type Viewport
} from '@/features/map'
import { idleGesture, touchEnd, touchMove, touchStart, PINCH_COOLDOWN_MS, TAP_SLOP_PX } from '@/features/map/model/gesture'
import { createMapRenderer, layerMargin, placeStamps, type StampBox } from '@/features/map/renderer/map-renderer'

function config(over: Partial<MapConfig> = {}): MapConfig {
  return {
    id: 'yc-1',
    level: 1,
    width: 2000,
    height: 1500,
    scale: 1,
    minScale: 0.25,
    maxScale: 3,
    top: 0,
    left: 0,
    map: '/files/maps/yc-1.png',
    areaList: [],
    treeList: [],
    buildingList: [],
    areaIdList: [],
    vrUrl: '',
    ...over
  }
}

const view = { width: 390, height: 600 }
const b = boundsOf(config(), view)
const vp = (scale: number, x: number, y: number, level: 1 | 2 | 3 = 1): Viewport => ({ scale, x, y, level })

describe('pan and zoom clamping (docs/product §2: pan clamped to bounds, zoom between minScale and maxScale)', () => {
  it('keeps the image edge at the view edge when panning past it', () => {
    expect(panBy(vp(1, 0, 0), 500, 500, b)).toEqual(vp(1, 0, 0))
    // the far corner: the image's right edge meets the view's right edge
    expect(panBy(vp(1, 0, 0), -5000, -5000, b)).toEqual(vp(1, 390 - 2000, 600 - 1500))
    expect(panBy(vp(1, -100, -100), -40, 30, b)).toEqual(vp(1, -140, -70))
  })

  it('centres an image smaller than the view instead of letting it drift', () => {
    // 2000 x 1500 at 0.1 is clamped to 0.25: 500 x 375 inside 390 x 600 -> x may pan, y is centred
    const v = clampViewport(vp(0.1, 50, 50), b)
    expect(v.scale).toBe(0.25)
    expect(v.y).toBeCloseTo((600 - 375) / 2)
    expect(v.x).toBe(0)
  })

  it('clamps zoom to minScale..maxScale, buttons and zoomTo alike', () => {
    let v = vp(1, -300, -300)
    for (let i = 0; i < 10; i++) v = zoomStep(v, 1.5, b)
    expect(v.scale).toBe(3)
    for (let i = 0; i < 20; i++) v = zoomStep(v, 1 / 1.5, b)
    expect(v.scale).toBe(0.25)
    expect(zoomTo(vp(1, 0, 0), 99, { x: 10, y: 10 }, b).scale).toBe(3)
  })

  it('starts at the config zoom and offset, clamped (hall: 0.3)', () => {
    const hall = config({ id: 'hall-1', scale: 0.3, minScale: 0.2, maxScale: 2, top: -40, left: -20 })
    const v = initialViewport(hall, view)
    expect(v.scale).toBe(0.3)
    expect(v.level).toBe(1)
    // 600 x 450 at 0.3: wider than 390 so x keeps -20; 450 < 600 so y is centred
    expect(v.x).toBe(-20)
    expect(v.y).toBeCloseTo(75)
    expect(initialViewport(config({ scale: 9 }), view).scale).toBe(3)
  })

  it('zoomTo keeps the image point under the anchor', () => {
    const start = vp(1, -400, -300)
    const anchor = { x: 200, y: 250 }
    const before = screenToImage(start, anchor)
    const after = zoomTo(start, 2, anchor, b)
    const at = imageToScreen(after, before)
    expect(at.x).toBeCloseTo(anchor.x)
    expect(at.y).toBeCloseTo(anchor.y)
  })
})

describe('pinch (docs/product §2: zoom around the fingers)', () => {
  it('zooms by the fingers spread and keeps the image point under the midpoint under it', () => {
    const start = vp(1, -600, -400)
    const from: [{ x: number; y: number }, { x: number; y: number }] = [
      { x: 150, y: 300 },
      { x: 250, y: 300 }
    ]
    const imgUnderMid = screenToImage(start, { x: 200, y: 300 })
    // spread 100 -> 200 px, midpoint moved to (190, 280)
    const to: typeof from = [
      { x: 90, y: 280 },
      { x: 290, y: 280 }
    ]
    const v = pinchTo(start, from, to, b)
    expect(v.scale).toBeCloseTo(2)
    const p = imageToScreen(v, imgUnderMid)
    expect(p.x).toBeCloseTo(190)
    expect(p.y).toBeCloseTo(280)
  })

  it('stops at maxScale and still keeps the midpoint point fixed', () => {
    const start = vp(2, -1500, -1200)
    const from: [{ x: number; y: number }, { x: number; y: number }] = [
      { x: 180, y: 300 },
      { x: 220, y: 300 }
    ]
    const img = screenToImage(start, { x: 200, y: 300 })
    const v = pinchTo(
      start,
      from,
      [
        { x: 0, y: 300 },
        { x: 400, y: 300 }
      ],
      b
    )
    expect(v.scale).toBe(3)
    const p = imageToScreen(v, img)
    expect(p.x).toBeCloseTo(200)
    expect(p.y).toBeCloseTo(300)
  })
})

describe('hit-testing', () => {
  const square: Array<[number, number]> = [
    [100, 100],
    [300, 100],
    [300, 300],
    [100, 300]
  ]
  // an L shape: (250, 250) is inside its bounding box but outside the polygon
  const ell: Array<[number, number]> = [
    [0, 0],
    [200, 0],
    [200, 100],
    [100, 100],
    [100, 300],
    [0, 300]
  ]

  it('point-in-polygon handles concave shapes and degenerate input', () => {
    expect(pointInPolygon({ x: 200, y: 200 }, square)).toBe(true)
    expect(pointInPolygon({ x: 99, y: 200 }, square)).toBe(false)
    expect(pointInPolygon({ x: 50, y: 250 }, ell)).toBe(true)
    expect(pointInPolygon({ x: 150, y: 250 }, ell)).toBe(false)
    expect(pointInPolygon({ x: 1, y: 1 }, [])).toBe(false)
  })

  const pts = visiblePoints(
    config({
      treeList: [
        { id: 'T1', x: 200, y: 200, seatId: 11, show: 1, selected: 0 },
        { id: 'T2', x: 212, y: 200, seatId: 12, show: 1, selected: 0 }
      ]
    }),
    { 11: 1, 12: 2 }
  )

  it('finds the nearest point within the radius in screen pixels, at any zoom', () => {
    // at scale 2 with offset (-100, -50): T1 at (300, 350), T2 at (324, 350)
    const v = vp(2, -100, -50)
    expect(hitPoint(pts, { x: 305, y: 352 }, v, 16)?.id).toBe('T1')
    expect(hitPoint(pts, { x: 320, y: 350 }, v, 16)?.id).toBe('T2')
    expect(hitPoint(pts, { x: 300, y: 370 }, v, 16)).toBeNull()
    // radius is in screen pixels: at scale 0.5, 15 screen px below T1 is 30 image px away and still hits it
    expect(hitPoint(pts, { x: 100, y: 115 }, vp(0.5, 0, 0), 16)?.id).toBe('T1')
    expect(hitPoint(pts, { x: 100, y: 118 }, vp(0.5, 0, 0), 16)).toBeNull()
  })

  it('a point wins over the area around it; outside any point the area is hit', () => {
    const areas = [{ id: 'a', x: 200, y: 200, title: 'Grove', hot: square, next: 'yc-2-1' }]
    const v = vp(1, 0, 0)
    expect(hitTest(pts, areas, { x: 201, y: 201 }, v, 16)).toEqual({ kind: 'point', point: pts[0] })
    expect(hitTest(pts, areas, { x: 120, y: 280 }, v, 16)).toEqual({ kind: 'area', area: areas[0] })
    expect(hitTest(pts, areas, { x: 20, y: 20 }, v, 16)).toBeNull()
    // screen to image: the area is found through the viewport
    expect(hitArea(areas, { x: 120 * 2 - 50, y: 280 * 2 - 50 }, vp(2, -50, -50))?.id).toBe('a')
  })
})

describe('levels (docs/product §2: 1 to 3, back decrements, back at level 1 returns to the campaign home)', () => {
  it('opens next maps down to level 3 and no further, then backs up to leave', () => {
    let t = startTrail('yc-1')
    t = openArea(t, { next: 'yc-2-1' })
    expect(t[t.length - 1]).toEqual({ mapId: 'yc-2-1', level: 2 })
    t = openArea(t, { next: 'yc-3-1', map: '/files/maps/yc-3-1-alt.png' })
    expect(t[t.length - 1]).toEqual({ mapId: 'yc-3-1', level: 3, image: '/files/maps/yc-3-1-alt.png' })
    expect(openArea(t, { next: 'yc-4' })).toBe(t)
    const up = goBack(t)
    expect(up.action).toBe('up')
    if (up.action !== 'up') throw new Error('unreachable')
    expect(up.step).toEqual({ mapId: 'yc-2-1', level: 2 })
    const up2 = goBack(up.trail)
    if (up2.action !== 'up') throw new Error('expected up')
    expect(up2.step.level).toBe(1)
    expect(goBack(up2.trail)).toEqual({ action: 'leave' })
  })

  it('a one-level map (seat map) leaves at once, an area without next leads nowhere', () => {
    const t = startTrail('seat-1')
    expect(goBack(t)).toEqual({ action: 'leave' })
    expect(openArea(t, { next: '' })).toBe(t)
  })
})

describe('gestures: taps, pans and pinches', () => {
  const start = vp(1, -500, -400)

  it('a short still touch is a tap; a moved one pans and is not a tap', () => {
    let g = touchStart(idleGesture(), [{ x: 100, y: 100 }], 1000, start).state
    g = touchMove(g, [{ x: 102, y: 101 }], start, b).state
    const tap = touchEnd(g, [], 1100, start)
    expect(tap.tap).toEqual({ x: 100, y: 100 })

    g = touchStart(idleGesture(), [{ x: 100, y: 100 }], 2000, start).state
    const moved = touchMove(g, [{ x: 100 + TAP_SLOP_PX + 20, y: 90 }], start, b)
    expect(moved.viewport).toEqual(vp(1, -500 + TAP_SLOP_PX + 20, -410))
    expect(touchEnd(moved.state, [], 2100, moved.viewport!).tap).toBeUndefined()
  })

  it('ignores taps during a pinch and right after it (docs/product §2 hhu maps)', () => {
    // two fingers down, spread, then lifted one after the other: no tap
    let g = touchStart(idleGesture(), [{ x: 100, y: 100 }], 0, start).state
    g = touchStart(
      g,
      [
        { x: 100, y: 100 },
        { x: 200, y: 100 }
      ],
      10,
      start
    ).state
    const pinch = touchMove(
      g,
      [
        { x: 80, y: 100 },
        { x: 220, y: 100 }
      ],
      start,
      b
    )
    expect(pinch.viewport!.scale).toBeCloseTo(1.4)
    g = pinch.state
    let r = touchEnd(g, [{ x: 80, y: 100 }], 200, pinch.viewport!)
    expect(r.tap).toBeUndefined()
    // the remaining finger continues as a pan, and its lifting is no tap either
    r = touchEnd(r.state, [], 260, pinch.viewport!)
    expect(r.tap).toBeUndefined()
    // a quick touch within the cool-down after the pinch is ignored
    g = touchStart(r.state, [{ x: 50, y: 50 }], 300, pinch.viewport!).state
    expect(touchEnd(g, [], 320, pinch.viewport!).tap).toBeUndefined()
    // after the cool-down taps work again
    g = touchStart(idleGesture(), [{ x: 50, y: 50 }], 260 + PINCH_COOLDOWN_MS + 10, start).state
    const ok = touchEnd({ ...g, pinchEndedAt: 200 }, [], 260 + PINCH_COOLDOWN_MS + 20, start)
    expect(ok.tap).toEqual({ x: 50, y: 50 })
  })

  it('a long press is not a tap', () => {
    const g = touchStart(idleGesture(), [{ x: 10, y: 10 }], 0, start).state
    expect(touchEnd(g, [], 5000, start).tap).toBeUndefined()
  })
})

describe('which points are drawn (docs/product §4: only ids in the status answer)', () => {
  const cfg = config({
    treeList: [
      { id: 'A', x: 1, y: 1, seatId: 1, show: 1, selected: 0 },
      { id: 'B', x: 2, y: 2, seatId: 2, show: 0, selected: 0 },
      { id: 'C', x: 3, y: 3, seatId: 3, show: 1, selected: 1 },
      { id: 'D', x: 4, y: 4, seatId: 4, show: 1, selected: 0 }
    ],
    buildingList: [
      { id: 'Lib', x: 5, y: 5, seatId: 50, isHide: 0 },
      { id: 'Old', x: 6, y: 6, seatId: 51, isHide: 1 }
    ]
  })

  it('keeps show=1 / isHide=0 points whose seatId is in the answer, with its status', () => {
    const statuses: SeatStatusMap = { 1: 1, 2: 1, 3: 2, 50: 3, 51: 1 }
    const pts = visiblePoints(cfg, statuses)
    expect(pts.map((p) => `${p.id}:${p.status}:${p.selected ? 'sel' : ''}`)).toEqual(['A:1:', 'C:2:sel', 'Lib:3:'])
    expect(pts.find((p) => p.id === 'Lib')?.kind).toBe('building')
  })

  it('a filter answer with fewer ids shows fewer points; no answer yet shows none', () => {
    expect(visiblePoints(cfg, { 4: 1 }).map((p) => p.id)).toEqual(['D'])
    expect(visiblePoints(cfg, {})).toEqual([])
    expect(visiblePoints(cfg, null)).toEqual([])
  })

  it('marks the page-selected seat', () => {
    expect(visiblePoints(cfg, { 1: 1, 4: 1 }, 4).map((p) => p.selected)).toEqual([false, true])
  })

  it('shows seat ids from the hall zoom on only', () => {
    expect(seatLabelsVisible(0.3, 0.6)).toBe(false)
    expect(seatLabelsVisible(0.6, 0.6)).toBe(true)
    expect(seatLabelsVisible(2, null)).toBe(false)
  })
})

describe('renderer: one frame per animation frame, culling, devicePixelRatio', () => {
  function fakeTarget() {
    const calls: string[] = []
    const ctx: any = new Proxy(
      {},
      {
        get: (_t, k) => (k === 'measureText' ? () => ({ width: 10 }) : (...a: unknown[]) => calls.push(`${String(k)} ${a.join(',')}`)),
        set: () => true
      }
    )
    return { calls, target: { canvas: { width: 0, height: 0 }, ctx, width: 390, height: 600, dpr: 3 } }
  }

  it('coalesces many view changes into one draw, culls off-screen points, and sizes the backing store by dpr', () => {
    const { calls, target } = fakeTarget()
    const frames: Array<() => void> = []
    const r = createMapRenderer(target, { request: (cb) => frames.push(cb), cancel: () => undefined })
    const points = visiblePoints(
      config({
        treeList: Array.from({ length: 2000 }, (_, i) => ({
          id: `T${i}`,
          x: (i % 50) * 40,
          y: Math.floor(i / 50) * 37,
          seatId: i,
          show: 1 as const,
          selected: 0 as const
        }))
      }),
      Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [String(i), 1 as const]))
    )
    r.setScene({ points, imageSize: { width: 2000, height: 1500 } })
    for (let i = 0; i < 40; i++) r.setViewport(vp(1, -i * 3, -i * 2))
    // 41 changes, one frame requested
    expect(frames).toHaveLength(1)
    frames[0]()
    expect(r.stats.frames).toBe(1)
    expect(calls.filter((c) => c.startsWith('setTransform'))).toEqual(['setTransform 3,0,0,3,0,0'])
    // a 390 x 600 view at zoom 1 shows about 11 x 17 of the 50 x 40 grid, not 2,000
    expect(r.stats.lastPoints).toBeGreaterThan(100)
    expect(r.stats.lastPoints).toBeLessThan(400)
    r.resize(390, 600, 3)
    expect(target.canvas).toEqual({ width: 1170, height: 1800 })
    // an unchanged view schedules nothing
    frames.length = 0
    r.setViewport(vp(1, -117, -78))
    expect(frames).toHaveLength(0)
  })
})

describe("'named' stamps never pile up (docs/decisions/080-layout-defects.md)", () => {
  const apart = (bs: StampBox[]) => {
    for (let i = 0; i < bs.length; i++)
      for (let j = i + 1; j < bs.length; j++) {
        const [a, c] = [bs[i], bs[j]]
        if (a.x < c.x + c.w && c.x < a.x + a.w && a.y < c.y + c.h && c.y < a.y + a.h) return false
      }
    return true
  }

  it('keeps only stamps clear of each other, from the top-left, and every stamp that has room', () => {
    // a hall's rows: seats 12 px apart, stamps 40 x 14 — drawn all, four stamps share each spot
    const boxes = Array.from({ length: 60 }, (_, i) => ({ x: (i % 12) * 12, y: Math.floor(i / 12) * 12, w: 40, h: 14 }))
    expect(apart(boxes)).toBe(false)
    const keep = placeStamps(boxes)
    const kept = boxes.filter((_, i) => keep[i])
    expect(apart(kept)).toBe(true)
    expect(kept[0]).toEqual(boxes[0])
    expect(kept.length).toBeGreaterThan(3)
    expect(kept.length).toBeLessThan(boxes.length)
    // stamps far apart are all kept
    const sparse = Array.from({ length: 10 }, (_, i) => ({ x: i * 60, y: 0, w: 40, h: 14 }))
    expect(placeStamps(sparse).every(Boolean)).toBe(true)
  })

  it('the renderer draws a dense hall with stamps apart and says how many it left out', () => {
    const ctx: any = new Proxy({}, { get: (_t, k) => (k === 'measureText' ? () => ({ width: 27 }) : () => undefined), set: () => true })
    const frames: Array<() => void> = []
    const r = createMapRenderer(
      { canvas: { width: 0, height: 0 }, ctx, width: 390, height: 600, dpr: 1 },
      { request: (cb) => frames.push(cb), cancel: () => undefined }
    )
    const points = visiblePoints(
      config({
        treeList: Array.from({ length: 200 }, (_, i) => ({
          id: `S${i}`,
          x: 20 + (i % 20) * 12,
          y: 20 + Math.floor(i / 20) * 12,
          seatId: i,
          show: 1 as const,
          selected: 0 as const
        }))
      }),
      Object.fromEntries(Array.from({ length: 200 }, (_, i) => [String(i), 2 as const]))
    )
    r.setScene({ points, namedLabel: '已冠名', imageSize: { width: 2000, height: 1500 } })
    r.setViewport(vp(1, 0, 0))
    frames.forEach((f) => f())
    expect(r.stats.stamps.drawn.length).toBeGreaterThan(5)
    expect(r.stats.stamps.skipped).toBeGreaterThan(100)
    expect(apart(r.stats.stamps.drawn)).toBe(true)
  })
})

describe('area labels: inside the view, never over each other (docs/decisions/080-layout-defects.md)', () => {
  it('pulls a label at the edge inside the view and leaves out one that would cover another', () => {
    const ctx: any = new Proxy({}, { get: (_t, k) => (k === 'measureText' ? () => ({ width: 40 }) : () => undefined), set: () => true })
    const frames: Array<() => void> = []
    const r = createMapRenderer(
      { canvas: { width: 0, height: 0 }, ctx, width: 390, height: 600, dpr: 1 },
      { request: (cb) => frames.push(cb), cancel: () => undefined }
    )
    const area = (id: string, title: string, x: number, y: number) => ({ id, title, x, y, hot: [], next: '' })
    r.setScene({
      areas: [area('a', '东苑', 5, 300), area('b', '西苑', 385, 100), area('c', '东苑', 10, 305)],
      imageSize: { width: 2000, height: 1500 }
    })
    r.setViewport(vp(1, 0, 0))
    frames.forEach((f) => f())
    const labels = r.stats.labels
    expect(labels.map((l) => l.title)).toEqual(['东苑', '西苑'])
    for (const l of labels) {
      expect(l.x).toBeGreaterThanOrEqual(0)
      expect(l.x + l.w).toBeLessThanOrEqual(390)
    }
  })
})

describe('renderer layer: a pan frame costs one drawImage, whatever the number of points', () => {
  /** A context that records every call as text; `arc` calls are the points. */
  function recorder() {
    const calls: string[] = []
    const ctx: any = new Proxy(
      {},
      {
        get: (_t, k) =>
          k === 'measureText'
            ? () => ({ width: 10 })
            : (...a: unknown[]) => calls.push(`${String(k)} ${a.map((v) => (typeof v === 'object' ? '[canvas]' : v)).join(',')}`),
        set: () => true
      }
    )
    return { calls, ctx }
  }

  const grid = (n: number) =>
    visiblePoints(
      config({
        treeList: Array.from({ length: n }, (_, i) => ({
          id: `T${i}`,
          x: (i % 50) * 40,
          y: Math.floor(i / 50) * 37,
          seatId: i,
          show: 1 as const,
          selected: 0 as const
        }))
      }),
      Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i), (i % 3) + 1] as [string, 1 | 2 | 3]))
    )

  function setup(dpr = 2) {
    const main = recorder()
    const layer = recorder()
    const layerCanvas = { width: 0, height: 0 }
    const made: Array<[number, number]> = []
    const frames: Array<() => void> = []
    const r = createMapRenderer(
      { canvas: { width: 0, height: 0 }, ctx: main.ctx, width: 390, height: 600, dpr },
      { request: (cb) => frames.push(cb), cancel: () => undefined },
      (w, h) => {
        made.push([w, h])
        layerCanvas.width = w
        layerCanvas.height = h
        return { canvas: layerCanvas, ctx: layer.ctx }
      }
    )
    r.setScene({ points: grid(2000), imageSize: { width: 2000, height: 1500 }, image: {}, namedLabel: '已冠名' })
    r.setViewport(vp(1, -500, -400))
    const frame = () => {
      main.calls.length = 0
      layer.calls.length = 0
      const cb = frames.shift()
      if (!cb) throw new Error('no frame was scheduled')
      cb()
      expect(frames).toHaveLength(0)
    }
    return { r, main, layer, layerCanvas, made, frame }
  }

  const arcs = (calls: string[]) => calls.filter((c) => c.startsWith('arc ')).length
  const texts = (calls: string[]) => calls.filter((c) => c.startsWith('fillText')).length

  it('renders the scene into the layer once (with the margin and dpr), then pans by drawing the layer shifted', () => {
    const { r, main, layer, made, frame } = setup(2)
    // 390 x 600 CSS px plus 256 px all round, at dpr 2
    expect(made).toEqual([[(390 + 512) * 2, (600 + 512) * 2]])
    frame()
    expect(r.stats.lastKind).toBe('layer')
    expect(r.stats.layerRenders).toBe(1)
    // the layer holds the points of the view and of its margin, stamps included
    expect(arcs(layer.calls)).toBeGreaterThan(300)
    expect(texts(layer.calls)).toBeGreaterThan(0)
    expect(layer.calls[0]).toBe('setTransform 2,0,0,2,0,0')
    // the canvas shows the layer from its margin on: one straight copy in device pixels, nothing else
    expect(main.calls).toEqual(['setTransform 1,0,0,1,0,0', 'drawImage [canvas],512,512,780,1200,0,0,780,1200'])

    // a pan of (-30, +20) CSS px: the same layer, its window moved by (60, -40) device px; no point is drawn
    r.setViewport(vp(1, -530, -380))
    frame()
    expect(r.stats.lastKind).toBe('pan')
    expect(r.stats.lastPoints).toBe(0)
    expect(r.stats.layerRenders).toBe(1)
    expect(layer.calls).toEqual([])
    expect(main.calls).toEqual(['setTransform 1,0,0,1,0,0', 'drawImage [canvas],572,472,780,1200,0,0,780,1200'])
    expect(arcs(main.calls) + texts(main.calls)).toBe(0)

    // fractional pans land on whole device pixels (sharp copies)
    r.setViewport(vp(1, -530.3, -380.2))
    frame()
    expect(main.calls[1]).toBe('drawImage [canvas],573,472,780,1200,0,0,780,1200')
  })

  it('renders the layer again when the pan leaves its margin', () => {
    const { r, main, layer, frame } = setup(2)
    frame()
    r.setViewport(vp(1, -500 - 250, -400))
    frame()
    expect(r.stats.lastKind).toBe('pan')
    r.setViewport(vp(1, -500 - 260, -400))
    frame()
    expect(r.stats.lastKind).toBe('layer')
    expect(r.stats.layerRenders).toBe(2)
    expect(arcs(layer.calls)).toBeGreaterThan(300)
    // the drag goes right over the map: the new layer reaches 1.5 margins (384 px) ahead, half a margin behind
    expect(main.calls).toEqual(['setTransform 1,0,0,1,0,0', 'drawImage [canvas],256,512,780,1200,0,0,780,1200'])
    r.setViewport(vp(1, -760 - 380, -400))
    frame()
    expect(r.stats.lastKind).toBe('pan')
  })

  it('renders the layer again at a new scale (buttons, wheel), and draws it scaled during a pinch until the gesture ends', () => {
    const { r, main, layer, frame } = setup(2)
    frame()
    const before = r.stats.lastPoints
    r.setViewport(vp(1.5, -900, -700))
    frame()
    expect(r.stats.lastKind).toBe('layer')
    expect(r.stats.layerRenders).toBe(2)
    // zoomed in: fewer points fit the layer
    expect(r.stats.lastPoints).toBeLessThan(before)
    expect(arcs(layer.calls)).toBeGreaterThan(0)

    r.setInteracting(true)
    // pinch out around (195, 300): the layer rendered at 1.5 is drawn at 1.8 / 1.5 = 1.2 times its size
    r.setViewport(vp(1.8, -1144, -900))
    frame()
    expect(r.stats.lastKind).toBe('scaled')
    expect(r.stats.layerRenders).toBe(2)
    expect(layer.calls).toEqual([])
    expect(main.calls[0]).toBe('setTransform 2,0,0,2,0,0')
    expect(main.calls).toHaveLength(2)
    const [sx, sy, sw, sh, dx, dy, dw, dh] = main.calls[1].split(' ')[1].split(',').slice(1).map(Number)
    expect([sx, sy, sw, sh]).toEqual([0, 0, 1804, 2224])
    // the layer's image point (0, 0) was at -900 + 256 in layer px; scaled by 1.2 around the new offset
    expect(dx).toBeCloseTo((-256 + 900) * 1.2 - 1144)
    expect(dy).toBeCloseTo((-256 + 700) * 1.2 - 900)
    expect(dw).toBeCloseTo(902 * 1.2)
    expect(dh).toBeCloseTo(1112 * 1.2)

    // the fingers lift: the layer is rendered crisply at the pinch's scale
    r.setInteracting(false)
    frame()
    expect(r.stats.lastKind).toBe('layer')
    expect(r.stats.layerRenders).toBe(3)

    // pinched out to 0.6 of the layer's scale: scaled, it would leave bare edges, so the view is drawn directly on
    // the canvas (no layer render per frame); lifting the fingers renders the layer at the new scale
    r.setInteracting(true)
    r.setViewport(vp(1.08, -400, -300))
    frame()
    expect(r.stats.lastKind).toBe('direct')
    expect(r.stats.layerRenders).toBe(3)
    expect(layer.calls).toEqual([])
    expect(main.calls[0]).toBe('setTransform 2,0,0,2,0,0')
    expect(arcs(main.calls)).toBeGreaterThan(100)
    r.setInteracting(false)
    frame()
    expect(r.stats.lastKind).toBe('layer')
    expect(r.stats.layerRenders).toBe(4)
    expect(arcs(main.calls)).toBe(0)
  })

  it('renders again only when the scene really changes, and keeps drawing directly without a layer', () => {
    const { r, frame } = setup(3)
    frame()
    r.setScene({ showSeatLabels: false, namedLabel: '已冠名' })
    r.setViewport(vp(1, -501, -400))
    frame()
    expect(r.stats.lastKind).toBe('pan')
    // a status change (a seat named meanwhile) re-renders the layer
    r.setScene({ points: grid(1999) })
    frame()
    expect(r.stats.lastKind).toBe('layer')
    expect(r.stats.layerRenders).toBe(2)

    const { ctx } = recorder()
    const frames: Array<() => void> = []
    const direct = createMapRenderer(
      { canvas: { width: 0, height: 0 }, ctx, width: 390, height: 600, dpr: 2 },
      { request: (cb) => frames.push(cb), cancel: () => undefined },
      () => null
    )
    direct.setScene({ points: grid(2000) })
    frames.shift()!()
    expect(direct.stats.lastKind).toBe('direct')
    expect(direct.stats.lastPoints).toBeGreaterThan(100)
  })

  it('keeps the layer within what phones allow: at dpr 3 the margin shrinks, never below 64 px', () => {
    expect(layerMargin(390, 844, 2)).toBe(256)
    const m3 = layerMargin(390, 844, 3)
    expect(m3).toBeLessThan(256)
    expect((390 + 2 * m3) * 3 * (844 + 2 * m3) * 3).toBeLessThanOrEqual(10_000_000)
    expect((844 + 2 * m3) * 3).toBeLessThanOrEqual(4096)
    expect(layerMargin(1920, 1080, 2)).toBe(64)
  })
})
