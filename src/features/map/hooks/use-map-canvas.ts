/**
 * The map component's engine room: obtains the canvas through the platform, loads the map image once per canvas,
 * keeps the viewport in a ref (a pan must not re-render React 60 times a second) and hands every change to the
 * renderer, which draws at most once per frame. Gestures go through the pure state machine of model/gesture.ts.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { MapArea, MapConfig, SeatStatusMap } from '@contract'
import Taro from '@tarojs/taro'
import { platform } from '@/platform'
import { touchEnd, touchMove, touchStart, idleGesture, type GestureState } from '../model/gesture'
import { hitTest } from '../model/hit-test'
import { hitRadius, seatLabelsVisible, visiblePoints, type MapPoint } from '../model/points'
import {
  boundsOf,
  clampViewport,
  initialViewport,
  wheelZoom,
  zoomStep,
  ZOOM_STEP,
  type Bounds,
  type Point,
  type Viewport
} from '../model/viewport'
import { loadImageCached } from '../renderer/image-cache'
import { domLayerFactory, offscreenLayerFactory } from '../renderer/layer'
import { createMapRenderer, type FrameStats, type MapRenderer, type StampBox } from '../renderer/map-renderer'
import { DEFAULT_PALETTE } from '../renderer/palette'

export type MapStatus = 'loading' | 'ready' | 'error'

export interface MapCanvasOptions {
  canvasId: string
  config: MapConfig | null
  /** the getSeatStatusList answer; null while it loads (no points yet) */
  statuses: SeatStatusMap | null
  /** replaces config.map (an area's `map` override) */
  image?: string
  selectedSeatId?: number | null
  /** points appear this long after the image (hall: 500 ms, docs/product §9) */
  revealDelayMs: number
  /** seat ids are drawn from this zoom on (hall: 0.6); null never */
  seatLabelScale: number | null
  namedLabel: string
  selectedColor?: string
  onTapPoint?(point: MapPoint): void
  onTapArea?(area: MapArea): void
  onViewportChange?(vp: Viewport): void
}

interface TouchListLike {
  length: number
  [i: number]: { clientX?: number; clientY?: number; pageX?: number; pageY?: number; x?: number; y?: number }
}

/** H5 and mini-program View touches carry clientX/Y (window coordinates); canvas-local x/y is the last resort. */
function localPoints(list: TouchListLike | undefined, origin: Point): Point[] {
  const out: Point[] = []
  if (!list) return out
  for (let i = 0; i < list.length; i++) {
    const t = list[i]
    if (t.clientX !== undefined || t.pageX !== undefined) {
      out.push({ x: (t.clientX ?? t.pageX ?? 0) - origin.x, y: (t.clientY ?? t.pageY ?? 0) - origin.y })
    } else out.push({ x: t.x ?? 0, y: t.y ?? 0 })
  }
  return out
}

/** Mouse events that browsers synthesise after a touch must not count twice. */
const TOUCH_MOUSE_GAP_MS = 800
/** The canvas may take a while to appear (a slow phone, H5's web components upgrading): about 3 s in all. */
const CANVAS_TRIES = 30
const QUERY_TIMEOUT_MS = 500
const RESIZE_SETTLE_MS = 200
/** A wheel has no 'end': this long after the last notch the zoom counts as finished and the map is drawn crisply. */
const WHEEL_SETTLE_MS = 200

export function useMapCanvas(o: MapCanvasOptions) {
  const { canvasId, config, statuses, image, selectedSeatId, revealDelayMs, seatLabelScale, namedLabel, selectedColor } = o
  const [status, setStatus] = useState<MapStatus>('loading')
  const [attempt, setAttempt] = useState(0)
  const [surface, setSurface] = useState<{ canvas: any; renderer: MapRenderer; width: number; height: number; origin: Point } | null>(null)
  const vpRef = useRef<Viewport | null>(null)
  const boundsRef = useRef<Bounds | null>(null)
  const gestureRef = useRef<GestureState>(idleGesture())
  const lastTouchAt = useRef(-Infinity)
  const mouseDown = useRef(false)
  const points = useMemo(() => (config ? visiblePoints(config, statuses, selectedSeatId) : []), [config, statuses, selectedSeatId])
  // the latest props for event handlers, without re-binding them on every render
  const live = useRef({ points, areas: [] as MapArea[], o, surface, config })
  live.current = { points, areas: config?.areaList || [], o, surface, config }

  // 1. the canvas: the node exists only after the first render has reached the page (mini-programs: after setData)
  useEffect(() => {
    let cancelled = false
    let renderer: MapRenderer | null = null
    let timer: ReturnType<typeof setTimeout> | undefined
    const tryGet = async (n: number) => {
      // a query made before the page is ready may never answer (Taro throws inside its own callback): time it out
      const h = await Promise.race([
        platform.getCanvas(`#${canvasId}`).catch(() => null),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), QUERY_TIMEOUT_MS))
      ])
      if (cancelled) return
      if (!h || !h.ctx || !(h.width > 0)) {
        if (n + 1 >= CANVAS_TRIES) setStatus('error')
        else timer = setTimeout(() => void tryGet(n + 1), 100)
        return
      }
      // the layer that makes a pan frame one drawImage (renderer/layer.ts says which runtime gets which)
      const T: any = Taro
      const layers =
        platform.env().target === 'h5'
          ? domLayerFactory(h.ctx)
          : offscreenLayerFactory(
              typeof T.createOffscreenCanvas === 'function' ? (opts) => T.createOffscreenCanvas(opts) : undefined,
              h.ctx
            )
      // On H5 the stamps and area labels drawn are written on the canvas element, for the layout journey to check they
      // never overlap and labels stay on screen
      // (test/e2e/layout.e2e.js, docs/decisions/080-layout-defects.md); a mini-program's canvas node has no attributes.
      const el: any = h.canvas
      const onPainted =
        typeof el?.setAttribute === 'function'
          ? (s: FrameStats) => {
              const round = (b: StampBox) => [b.x, b.y, b.w, b.h].map(Math.round)
              el.setAttribute('data-stamps', JSON.stringify(s.stamps.drawn.map(round)))
              el.setAttribute('data-labels', JSON.stringify(s.labels.map((b) => [b.title, ...round(b)])))
            }
          : undefined
      renderer = createMapRenderer(h, undefined, layers, onPainted)
      setSurface({ canvas: h.canvas, renderer, width: h.width, height: h.height, origin: { x: h.left || 0, y: h.top || 0 } })
    }
    void tryGet(0)
    return () => {
      cancelled = true
      if (timer) clearTimeout(timer)
      renderer?.destroy()
      setSurface(null)
    }
  }, [canvasId, attempt])

  // 2. a new map (level change): its first view, and its image loaded once per canvas. Keyed by what defines the
  // map rather than the object, so a reload of the same config (a language switch) keeps the donor's view.
  const src = config ? image || config.map : ''
  const mapKey = config
    ? [config.id, config.width, config.height, config.scale, config.minScale, config.maxScale, config.left, config.top, src].join('|')
    : ''
  useEffect(() => {
    const config = live.current.config
    if (!surface || !config || !mapKey) return
    let cancelled = false
    const view = { width: surface.width, height: surface.height }
    boundsRef.current = boundsOf(config, view)
    const vp = initialViewport(config, view)
    vpRef.current = vp
    gestureRef.current = idleGesture()
    surface.renderer.setViewport(vp)
    surface.renderer.setScene({ image: null, imageSize: { width: config.width, height: config.height } })
    live.current.o.onViewportChange?.(vp)
    setStatus('loading')
    loadImageCached(surface.renderer.imageCanvas, platform.assetUrl(src), platform.media.loadCanvasImage).then(
      (img) => {
        if (cancelled) return
        surface.renderer.setScene({ image: img })
        setStatus('ready')
      },
      () => {
        if (!cancelled) setStatus('error')
      }
    )
    return () => {
      cancelled = true
    }
  }, [surface, mapKey, src])
  useEffect(() => {
    surface?.renderer.setScene({ areas: config?.areaList || [] })
  }, [surface, config])

  // 3. points, their reveal delay, labels and palette
  useEffect(() => {
    surface?.renderer.setScene({ points })
  }, [surface, points])
  useEffect(() => {
    if (!surface) return
    surface.renderer.setScene({
      namedLabel,
      palette: selectedColor ? { ...DEFAULT_PALETTE, selected: selectedColor } : DEFAULT_PALETTE,
      showSeatLabels: seatLabelsVisible(vpRef.current?.scale ?? 0, seatLabelScale)
    })
  }, [surface, namedLabel, selectedColor, seatLabelScale])
  const [revealed, setRevealed] = useState(revealDelayMs <= 0)
  useEffect(() => {
    if (status !== 'ready') return setRevealed(revealDelayMs <= 0)
    if (revealDelayMs <= 0) return setRevealed(true)
    const t = setTimeout(() => setRevealed(true), revealDelayMs)
    return () => clearTimeout(t)
  }, [status, revealDelayMs, src])
  useEffect(() => {
    surface?.renderer.setScene({ showPoints: revealed })
  }, [surface, revealed])

  const apply = useCallback(
    (vp: Viewport) => {
      const s = live.current.surface
      if (!s) return
      vpRef.current = vp
      s.renderer.setViewport(vp)
      s.renderer.setScene({ showSeatLabels: seatLabelsVisible(vp.scale, seatLabelScale) })
      live.current.o.onViewportChange?.(vp)
    },
    [seatLabelScale]
  )

  const onTap = useCallback(
    (at: Point) => {
      const vp = vpRef.current
      if (!vp) return
      const { points: pts, areas, o: opts } = live.current
      const hit = hitTest(revealed ? pts : [], areas, at, vp, hitRadius(vp.scale))
      if (hit?.kind === 'point') opts.onTapPoint?.(hit.point)
      else if (hit?.kind === 'area') opts.onTapArea?.(hit.area)
    },
    [revealed]
  )

  const handlers = useMemo(() => {
    const origin = () => live.current.surface?.origin || { x: 0, y: 0 }
    const ready = () => vpRef.current !== null && boundsRef.current !== null
    // while a finger or the mouse is down, a zoom draws the map's layer scaled and renders it crisply at the end
    const interacting = (on: boolean) => live.current.surface?.renderer.setInteracting(on)
    let wheelTimer: ReturnType<typeof setTimeout> | undefined
    const start = (pts: Point[]) => {
      if (!ready()) return
      interacting(true)
      gestureRef.current = touchStart(gestureRef.current, pts, Date.now(), vpRef.current!).state
    }
    const move = (pts: Point[]) => {
      if (!ready()) return
      const r = touchMove(gestureRef.current, pts, vpRef.current!, boundsRef.current!)
      gestureRef.current = r.state
      if (r.viewport) apply(r.viewport)
    }
    /** true when the gesture ended in a tap */
    const end = (pts: Point[]): boolean => {
      if (!ready()) return false
      const r = touchEnd(gestureRef.current, pts, Date.now(), vpRef.current!)
      gestureRef.current = r.state
      if (!pts.length) interacting(false)
      if (r.tap) onTap(r.tap)
      return !!r.tap
    }
    const mouse = (e: any): Point[] => [{ x: (e.clientX ?? 0) - origin().x, y: (e.clientY ?? 0) - origin().y }]
    const fromTouch = () => Date.now() - lastTouchAt.current < TOUCH_MOUSE_GAP_MS
    return {
      onTouchStart: (e: any) => {
        lastTouchAt.current = Date.now()
        start(localPoints(e.touches, origin()))
      },
      onTouchMove: (e: any) => {
        // no preventDefault: React's touch listeners are passive; the stylesheet's touch-action: none keeps the
        // browser from scrolling, and the mini-programs' catchMove from moving the page
        lastTouchAt.current = Date.now()
        move(localPoints(e.touches, origin()))
      },
      onTouchEnd: (e: any) => {
        lastTouchAt.current = Date.now()
        // a tap may have opened a dialog under the finger: cancel the click the browser would send after this touch,
        // which would land on the dialog's mask and close it (touchend listeners are not passive; the mini-programs'
        // events accept the call and do nothing). The dialogs' useMaskDismiss is the second line.
        if (end(localPoints(e.touches, origin()))) e.preventDefault?.()
      },
      onTouchCancel: (e: any) => {
        lastTouchAt.current = Date.now()
        // a cancelled touch (an incoming call, a system gesture) is never a tap
        gestureRef.current = { ...gestureRef.current, press: null }
        end(localPoints(e.touches, origin()))
      },
      // desktop browsers (docs/product §9: H5 also opens on desktops): drag with the mouse, zoom with the wheel
      onMouseDown: (e: any) => {
        if (fromTouch()) return
        mouseDown.current = true
        start(mouse(e))
      },
      onMouseMove: (e: any) => {
        if (!mouseDown.current || fromTouch()) return
        move(mouse(e))
      },
      onMouseUp: () => {
        if (!mouseDown.current) return
        mouseDown.current = false
        end([])
      },
      onMouseLeave: () => {
        if (!mouseDown.current) return
        mouseDown.current = false
        gestureRef.current = { ...gestureRef.current, press: null }
        end([])
      },
      onWheel: (e: any) => {
        if (!ready()) return
        interacting(true)
        if (wheelTimer) clearTimeout(wheelTimer)
        wheelTimer = setTimeout(() => interacting(false), WHEEL_SETTLE_MS)
        apply(wheelZoom(vpRef.current!, Number(e.deltaY) || 0, mouse(e)[0], boundsRef.current!))
      }
    }
  }, [apply, onTap])

  // 4. the window changed size (desktop browsers, a phone turned): measure the canvas again and keep the view,
  // clamped to the new bounds. The surface object stays the same so that the map is not reset.
  useEffect(() => {
    const T: any = Taro
    if (!surface || typeof T.onWindowResize !== 'function') return
    let timer: ReturnType<typeof setTimeout> | undefined
    const onResize = () => {
      if (timer) clearTimeout(timer)
      timer = setTimeout(async () => {
        const h = await platform.getCanvas(`#${canvasId}`).catch(() => null)
        if (!h || !(h.width > 0) || h.canvas !== surface.canvas) return
        surface.width = h.width
        surface.height = h.height
        surface.origin = { x: h.left || 0, y: h.top || 0 }
        surface.renderer.resize(h.width, h.height, h.dpr)
        const cfg = live.current.config
        if (cfg && vpRef.current) {
          boundsRef.current = boundsOf(cfg, { width: h.width, height: h.height })
          apply(clampViewport(vpRef.current, boundsRef.current))
        }
      }, RESIZE_SETTLE_MS)
    }
    T.onWindowResize(onResize)
    return () => {
      if (timer) clearTimeout(timer)
      T.offWindowResize?.(onResize)
    }
  }, [surface, canvasId, apply])

  const zoom = useCallback(
    (factor: number) => {
      if (vpRef.current && boundsRef.current) apply(zoomStep(vpRef.current, factor, boundsRef.current))
    },
    [apply]
  )
  const zoomIn = useCallback(() => zoom(ZOOM_STEP), [zoom])
  const zoomOut = useCallback(() => zoom(1 / ZOOM_STEP), [zoom])
  // a failed canvas is looked up again; a failed image is loaded again (the cache forgot it)
  const retry = useCallback(() => {
    setStatus('loading')
    setAttempt((n) => n + 1)
  }, [])

  return { status, retry, handlers, zoomIn, zoomOut, points, revealed, viewport: () => vpRef.current }
}
