/**
 * The map component (src/features/map) in jsdom: the real <Canvas type='2d'> element that Taro renders, handed out
 * through platform.getCanvas with a recording 2d context (jsdom has no canvas drawing), and the image loader of the
 * platform spied on (jsdom loads no images). Touches go to the map as a donor's finger would.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { MapConfig, SeatStatusMap } from '@contract'
import { MapCanvas, HALL_REVEAL_MS, type MapPoint } from '@/features/map'
import { platform } from '@/platform'
import { DEFAULT_PALETTE } from '@/features/map/renderer/palette'
import { bootSession } from './project-fixtures'

interface Recorder {
  ops: string[]
  /** centres of the circles drawn in the last frame, with the fill they got */
  dots: Array<{ x: number; y: number; fill: string }>
  texts: string[]
}

const STATUS_FILLS = Object.values(DEFAULT_PALETTE.status)

/** A 2d context that records what is drawn: enough to tell where points are and in which colour. */
function recordingContext(rec: Recorder) {
  let pending: Array<{ x: number; y: number }> = []
  const ctx: any = {
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    font: '',
    textAlign: '',
    textBaseline: '',
    setTransform: (...a: number[]) => {
      rec.ops.push(`setTransform ${a.join(',')}`)
      rec.dots = []
      rec.texts = []
    },
    scale: () => undefined,
    fillRect: () => undefined,
    drawImage: (_img: unknown, ...a: number[]) => rec.ops.push(`drawImage ${a.map((n) => Math.round(n)).join(',')}`),
    beginPath: () => {
      pending = []
    },
    arc: (x: number, y: number, r: number) => {
      if (r < 12) pending.push({ x, y })
    },
    fill: () => {
      // the status discs only (not their white outline discs or the selection ring)
      if (STATUS_FILLS.includes(String(ctx.fillStyle))) rec.dots.push(...pending.map((p) => ({ ...p, fill: String(ctx.fillStyle) })))
      pending = []
    },
    moveTo: () => undefined,
    lineTo: () => undefined,
    arcTo: () => undefined,
    closePath: () => undefined,
    stroke: () => undefined,
    measureText: (s: string) => ({ width: s.length * 7 }),
    fillText: (s: string) => rec.texts.push(s)
  }
  return ctx
}

const VIEW = { width: 390, height: 600 }

function mapConfig(over: Partial<MapConfig> = {}): MapConfig {
  return {
    id: 'yc-3-1',
    level: 3,
    width: 1200,
    height: 900,
    scale: 1,
    minScale: 0.5,
    maxScale: 3,
    top: 0,
    left: 0,
    map: '/files/maps/yc-3-1.png',
    areaList: [
      {
        id: 'pond',
        x: 300,
        y: 420,
        title: '荷花池',
        hot: [
          [250, 380],
          [360, 380],
          [360, 470],
          [250, 470]
        ],
        next: 'yc-3-2'
      }
    ],
    treeList: [
      { id: 'T-101', x: 100, y: 120, seatId: 101, show: 1, selected: 0 },
      { id: 'T-102', x: 180, y: 200, seatId: 102, show: 1, selected: 0 },
      { id: 'T-103', x: 260, y: 150, seatId: 103, show: 1, selected: 0 },
      { id: 'T-104', x: 40, y: 40, seatId: 104, show: 0, selected: 0 }
    ],
    buildingList: [],
    areaIdList: [3],
    vrUrl: '',
    ...over
  }
}

const STATUSES: SeatStatusMap = { 101: 1, 102: 2, 103: 3, 104: 1 }

let rec: Recorder
let canvasEl: HTMLCanvasElement | null

beforeEach(() => {
  jest.restoreAllMocks()
  bootSession()
  rec = { ops: [], dots: [], texts: [] }
  canvasEl = null
  // the platform's own query needs a loaded Taro page; the node it would answer is the component's real <canvas>
  jest.spyOn(platform, 'getCanvas').mockImplementation(async (selector) => {
    canvasEl = document.querySelector(`${selector} canvas`)
    if (!canvasEl) return null
    canvasEl.width = VIEW.width * 2
    canvasEl.height = VIEW.height * 2
    return { canvas: canvasEl, ctx: recordingContext(rec), width: VIEW.width, height: VIEW.height, dpr: 2, left: 10, top: 50 }
  })
})

const touch = (x: number, y: number) => ({ clientX: x + 10, clientY: y + 50 })

function tapAt(el: Element, x: number, y: number) {
  fireEvent.touchStart(el, { touches: [touch(x, y)] })
  fireEvent.touchEnd(el, { touches: [], changedTouches: [touch(x, y)] })
}

/** Polls compare booleans: a failed toBeNull() on an element pretty-prints its React fiber on every attempt (seconds). */
async function gone(testId: string) {
  await waitFor(() => expect(screen.queryByTestId(testId) === null).toBe(true), { timeout: 10000 })
}

async function drawn(predicate: () => boolean) {
  await waitFor(() => expect(predicate()).toBe(true), { timeout: 10000 })
}

describe('MapCanvas', () => {
  it('draws the points in the status answer at dpr 2 and taps a point at its screen position', async () => {
    const image = { width: 1200, height: 900 }
    const load = jest.spyOn(platform.media, 'loadCanvasImage').mockResolvedValue(image)
    const onTapPoint = jest.fn<void, [MapPoint]>()
    const onTapArea = jest.fn()
    render(<MapCanvas config={mapConfig()} statuses={STATUSES} onTapPoint={onTapPoint} onTapArea={onTapArea} />)
    expect(screen.getByTestId('map-loading').textContent).toBe('地图加载中…')
    await gone('map-loading')
    expect(load).toHaveBeenCalledWith(canvasEl, '/files/maps/yc-3-1.png')
    // show=0 (T-104) is not drawn; the three others in their status colours
    await drawn(() => rec.dots.length === 3)
    expect(rec.ops).toContain('setTransform 2,0,0,2,0,0')
    expect(rec.dots.map((d) => `${d.x},${d.y},${d.fill}`).sort()).toEqual(['100,120,#2f9e57', '180,200,#c8102e', '260,150,#9aa0a6'])
    // docs/product §4: the named one carries the stamp
    expect(rec.texts).toContain('已冠名')
    expect(rec.texts).toContain('荷花池')

    const map = screen.getByTestId('map-canvas')
    tapAt(map, 181, 203)
    expect(onTapPoint).toHaveBeenCalledTimes(1)
    expect(onTapPoint.mock.calls[0][0]).toMatchObject({ id: 'T-102', seatId: 102, status: 2 })
    // inside the pond's hot polygon, away from points: the area
    tapAt(map, 300, 440)
    expect(onTapArea).toHaveBeenCalledWith(expect.objectContaining({ id: 'pond', next: 'yc-3-2' }))
    // empty ground: nothing
    tapAt(map, 380, 580)
    expect(onTapPoint).toHaveBeenCalledTimes(1)
    expect(onTapArea).toHaveBeenCalledTimes(1)
  })

  it('pans with one finger (no tap) and the points move with the map', async () => {
    jest.spyOn(platform.media, 'loadCanvasImage').mockResolvedValue({})
    const onTapPoint = jest.fn()
    render(<MapCanvas config={mapConfig()} statuses={STATUSES} onTapPoint={onTapPoint} />)
    await drawn(() => rec.dots.length === 3)
    const map = screen.getByTestId('map-canvas')
    fireEvent.touchStart(map, { touches: [touch(200, 300)] })
    fireEvent.touchMove(map, { touches: [touch(150, 260)] })
    fireEvent.touchMove(map, { touches: [touch(100, 220)] })
    fireEvent.touchEnd(map, { touches: [] })
    expect(onTapPoint).not.toHaveBeenCalled()
    await drawn(() => rec.dots.some((d) => d.x === 160 && d.y === 70))
    // the point that was at (180, 200) is now at (80, 120): a tap there finds it
    tapAt(map, 80, 120)
    expect(onTapPoint).toHaveBeenCalledWith(expect.objectContaining({ id: 'T-102' }))
  })

  it('drags with the mouse and zooms with the wheel on desktop browsers', async () => {
    jest.spyOn(platform.media, 'loadCanvasImage').mockResolvedValue({})
    const onTapPoint = jest.fn()
    render(<MapCanvas config={mapConfig()} statuses={STATUSES} onTapPoint={onTapPoint} />)
    await drawn(() => rec.dots.length === 3)
    const map = screen.getByTestId('map-canvas')
    fireEvent.mouseDown(map, touch(200, 300))
    fireEvent.mouseMove(map, touch(150, 280))
    fireEvent.mouseUp(map, touch(150, 280))
    await drawn(() => rec.dots.some((d) => d.x === 50 && d.y === 100))
    expect(onTapPoint).not.toHaveBeenCalled()
    // a wheel notch towards the user zooms in around the pointer: the point under it stays put
    fireEvent.wheel(map, { ...touch(50, 100), deltaY: -100 })
    // x e^0.15: T-102, 80 px right of and below the pointer, moves to 80 x 1.1618 px away
    const near = (a: number, b: number) => Math.abs(a - b) < 0.01
    await drawn(() => rec.dots.some((d) => near(d.x, 50 + 80 * Math.exp(0.15)) && near(d.y, 100 + 80 * Math.exp(0.15))))
    expect(rec.dots.some((d) => near(d.x, 50) && near(d.y, 100))).toBe(true)
  })

  it('measures the canvas again when the window is resized, keeping the view', async () => {
    jest.spyOn(platform.media, 'loadCanvasImage').mockResolvedValue({})
    render(<MapCanvas config={mapConfig()} statuses={STATUSES} />)
    await drawn(() => rec.dots.length === 3)
    const map = screen.getByTestId('map-canvas')
    fireEvent.touchStart(map, { touches: [touch(200, 300)] })
    fireEvent.touchMove(map, { touches: [touch(100, 220)] })
    fireEvent.touchEnd(map, { touches: [] })
    await drawn(() => rec.dots.some((d) => d.x === 80 && d.y === 120))
    // the window grows: the canvas is now 800 x 700 at dpr 1; the view keeps its offset (-100, -80)
    const resized = jest.spyOn(platform, 'getCanvas').mockImplementation(async (selector) => {
      const el = document.querySelector(`${selector} canvas`) as HTMLCanvasElement
      el.width = 800
      el.height = 700
      return { canvas: el, ctx: recordingContext(rec), width: 800, height: 700, dpr: 1, left: 0, top: 0 }
    })
    window.dispatchEvent(new Event('resize'))
    await drawn(() => rec.ops.includes('setTransform 1,0,0,1,0,0'))
    expect(resized).toHaveBeenCalled()
    expect(rec.dots.some((d) => d.x === 80 && d.y === 120)).toBe(true)
    expect(canvasEl?.width).toBe(800)
  })

  it('keeps the view when the same map is reloaded, and starts afresh on the next level', async () => {
    jest.spyOn(platform.media, 'loadCanvasImage').mockResolvedValue({})
    const cfg = mapConfig()
    const { rerender } = render(<MapCanvas config={cfg} statuses={STATUSES} />)
    await drawn(() => rec.dots.length === 3)
    const map = screen.getByTestId('map-canvas')
    fireEvent.touchStart(map, { touches: [touch(200, 300)] })
    fireEvent.touchMove(map, { touches: [touch(100, 220)] })
    fireEvent.touchEnd(map, { touches: [] })
    await drawn(() => rec.dots.some((d) => d.x === 80 && d.y === 120))
    // a language switch reloads the config: a new object, the same map, titles in English
    rerender(<MapCanvas config={{ ...cfg, areaList: [{ ...cfg.areaList[0], title: 'Lotus Pond' }] }} statuses={{ ...STATUSES }} />)
    await drawn(() => rec.texts.includes('Lotus Pond'))
    expect(rec.dots.some((d) => d.x === 80 && d.y === 120)).toBe(true)
    // the next level: its own first view (top-left, zoom 1)
    rerender(<MapCanvas config={{ ...cfg, id: 'yc-3-2' }} statuses={STATUSES} />)
    await drawn(() => rec.dots.some((d) => d.x === 180 && d.y === 200))
  })

  it('ignores the tap that ends a pinch, and zooms with the buttons', async () => {
    jest.spyOn(platform.media, 'loadCanvasImage').mockResolvedValue({})
    const onTapPoint = jest.fn()
    render(<MapCanvas config={mapConfig()} statuses={STATUSES} onTapPoint={onTapPoint} />)
    await drawn(() => rec.dots.length === 3)
    const map = screen.getByTestId('map-canvas')
    fireEvent.touchStart(map, { touches: [touch(180, 200)] })
    fireEvent.touchStart(map, { touches: [touch(180, 200), touch(220, 240)] })
    fireEvent.touchEnd(map, { touches: [touch(180, 200)] })
    fireEvent.touchEnd(map, { touches: [] })
    expect(onTapPoint).not.toHaveBeenCalled()

    const zoomIn = screen.getByTestId('map-zoom-in')
    expect(zoomIn.getAttribute('aria-label')).toBe('放大地图')
    fireEvent.click(zoomIn)
    // x1.5 around the centre (195, 300): (100, 120) -> (52.5, 30)
    await drawn(() => rec.dots.some((d) => Math.abs(d.x - 52.5) < 0.01 && Math.abs(d.y - 30) < 0.01))
    expect(onTapPoint).not.toHaveBeenCalled()
  })

  it('reveals hall points only after the delay and draws seat ids from zoom 0.6', async () => {
    jest.spyOn(platform.media, 'loadCanvasImage').mockResolvedValue({})
    const hall = mapConfig({ id: 'hall-1', level: 1, scale: 0.3, minScale: 0.3, maxScale: 2, areaList: [] })
    render(<MapCanvas config={hall} statuses={STATUSES} revealDelayMs={HALL_REVEAL_MS} seatLabelScale={0.6} />)
    await gone('map-loading')
    await act(async () => {
      await new Promise((r) => setTimeout(r, 100))
    })
    expect(rec.dots).toHaveLength(0)
    await drawn(() => rec.dots.length === 3)
    const seatIds = () => rec.texts.filter((s) => s.startsWith('T-'))
    expect(seatIds()).toEqual([])
    // 0.3 x 1.5 x 1.5 = 0.675: past 0.6, the seat ids of the points still on screen are drawn
    fireEvent.click(screen.getByTestId('map-zoom-in'))
    fireEvent.click(screen.getByTestId('map-zoom-in'))
    await drawn(() => seatIds().includes('T-103'))
  })

  it('shows an error with retry when the image fails, and loads it again', async () => {
    const load = jest.spyOn(platform.media, 'loadCanvasImage').mockRejectedValueOnce(new Error('404')).mockResolvedValue({})
    render(<MapCanvas config={mapConfig({ map: '/files/maps/missing.png' })} statuses={STATUSES} />)
    const err = await screen.findByTestId('map-error', {}, { timeout: 10000 })
    expect(err.textContent).toContain('地图加载失败')
    expect(load).toHaveBeenCalledTimes(1)
    expect(rec.ops.some((o) => o.startsWith('drawImage'))).toBe(false)
    fireEvent.click(screen.getByTestId('map-retry'))
    await waitFor(() => expect(load.mock.calls.length).toBe(2), { timeout: 10000 })
    await gone('map-error')
    await drawn(() => rec.ops.some((o) => o.startsWith('drawImage')) && rec.dots.length === 3)
    expect(screen.queryByTestId('map-error') === null).toBe(true)
  })

  describe('mini-programs: the offscreen layer (panning costs one drawImage)', () => {
    /** The runtime's offscreen 2d canvas, recording into `layerRec`, and a main context whose probe read is `answer`. */
    function miniRuntime(answer: number[]) {
      const layerRec: Recorder = { ops: [], dots: [], texts: [] }
      const offscreen = { width: 0, height: 0, getContext: () => recordingContext(layerRec), createImage: () => ({}) }
      const T: any = Taro
      const created: any[] = []
      const had = Object.prototype.hasOwnProperty.call(T, 'createOffscreenCanvas')
      const original = T.createOffscreenCanvas
      T.createOffscreenCanvas = (o: { type: string; width: number; height: number }) => {
        created.push(o)
        offscreen.width = o.width
        offscreen.height = o.height
        return offscreen
      }
      jest.spyOn(platform, 'env').mockReturnValue({ target: 'weapp', inWechatBrowser: false, inMiniProgram: true, isMobile: true })
      jest.spyOn(platform, 'getCanvas').mockImplementation(async (selector) => {
        canvasEl = document.querySelector(`${selector} canvas`)
        if (!canvasEl) return null
        const ctx = recordingContext(rec)
        const draw = ctx.drawImage
        // drawing the layer is recorded as such, and the probe's pixel read answers what the runtime would show
        ctx.drawImage = (img: unknown, ...a: number[]) => draw(img === offscreen ? 'layer' : img, ...a)
        ctx.getImageData = () => ({ data: answer })
        ctx.clearRect = () => undefined
        return { canvas: canvasEl, ctx, width: VIEW.width, height: VIEW.height, dpr: 2, left: 10, top: 50 }
      })
      const restore = () => {
        if (had) T.createOffscreenCanvas = original
        else delete T.createOffscreenCanvas
      }
      return { layerRec, offscreen, created, restore }
    }

    it('renders the points into the layer once; a pan draws only the layer, shifted', async () => {
      const rt = miniRuntime([255, 0, 0, 255])
      try {
        const load = jest.spyOn(platform.media, 'loadCanvasImage').mockResolvedValue({ width: 1200, height: 900 })
        render(<MapCanvas config={mapConfig()} statuses={STATUSES} />)
        await drawn(() => rt.layerRec.dots.length === 3)
        // a 2d layer of (390 + 2 x 256) x (600 + 2 x 256) CSS px at dpr 2; the map image is the layer's own
        expect(rt.created).toEqual([{ type: '2d', width: 1804, height: 2224 }])
        expect(load).toHaveBeenCalledWith(rt.offscreen, '/files/maps/yc-3-1.png')
        expect(rt.layerRec.dots.map((d) => `${d.x},${d.y},${d.fill}`).sort()).toEqual([
          '356,376,#2f9e57',
          '436,456,#c8102e',
          '516,406,#9aa0a6'
        ])
        expect(rt.layerRec.texts).toContain('已冠名')
        // the map canvas itself draws no point: it shows the layer from its margin on
        expect(rec.dots).toEqual([])
        await drawn(() => rec.ops[rec.ops.length - 1] === 'drawImage 512,512,780,1200,0,0,780,1200')
        const layerOps = rt.layerRec.ops.length

        const map = screen.getByTestId('map-canvas')
        fireEvent.touchStart(map, { touches: [touch(200, 300)] })
        fireEvent.touchMove(map, { touches: [touch(150, 260)] })
        fireEvent.touchMove(map, { touches: [touch(100, 220)] })
        fireEvent.touchEnd(map, { touches: [] })
        // panned by (-100, -80): the layer's window moves by (200, 160) device px; nothing is rendered again
        await drawn(() => rec.ops[rec.ops.length - 1] === 'drawImage 712,672,780,1200,0,0,780,1200')
        expect(rt.layerRec.ops.length).toBe(layerOps)
        expect(rec.dots).toEqual([])
      } finally {
        rt.restore()
      }
    })

    it('draws directly on the map canvas when the runtime does not show the layer (the probe reads nothing)', async () => {
      const rt = miniRuntime([0, 0, 0, 0])
      try {
        const load = jest.spyOn(platform.media, 'loadCanvasImage').mockResolvedValue({})
        render(<MapCanvas config={mapConfig()} statuses={STATUSES} />)
        await drawn(() => rec.dots.length === 3)
        expect(rt.created).toHaveLength(1)
        expect(load).toHaveBeenCalledWith(canvasEl, '/files/maps/yc-3-1.png')
        expect(rec.dots.map((d) => `${d.x},${d.y}`).sort()).toEqual(['100,120', '180,200', '260,150'])
      } finally {
        rt.restore()
      }
    })
  })

  it('a config the page failed to load shows the error and hands retry to the page', async () => {
    const onRetry = jest.fn()
    render(<MapCanvas config={null} statuses={null} configError onRetry={onRetry} />)
    fireEvent.click(await screen.findByTestId('map-retry'))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })
})
