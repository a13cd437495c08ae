/** The avatar editor's pure geometry (src/features/avatar/model/transform.ts) and its file-type rule. */
import {
  clamp,
  exportPlan,
  exportWidth,
  initialCrop,
  minScale,
  MAX_ZOOM,
  pan,
  pinch,
  rotate,
  rotatedSize,
  normaliseRotation,
  zoomAround,
  type CropState,
  type Point,
  type Size
} from '@/features/avatar/model/transform'

import { imageTypeOf, isAllowedImage } from '@/features/avatar/model/file-type'

/** Where a frame point falls on the image, in image pixels: the inverse of the drawing transform, which the tests
 *  use to check that a gesture keeps the point under the fingers. */
function frameToImage(p: Point, state: CropState, img: Size): Point {
  const rad = (-normaliseRotation(state.rotation) * Math.PI) / 180
  const dx = (p.x - state.x) / state.scale
  const dy = (p.y - state.y) / state.scale
  return {
    x: dx * Math.cos(rad) - dy * Math.sin(rad) + img.width / 2,
    y: dx * Math.sin(rad) + dy * Math.cos(rad) + img.height / 2
  }
}

const FRAME = 300
const photo: Size = { width: 4000, height: 3000 }
const tall: Size = { width: 600, height: 1200 }

/** Every corner of the frame lands on the image: no empty area can be exported. */
function covers(s: CropState, img: Size, frame = FRAME): boolean {
  const h = frame / 2
  return [
    { x: -h, y: -h },
    { x: h, y: -h },
    { x: h, y: h },
    { x: -h, y: h }
  ].every((p) => {
    const q = frameToImage(p, s, img)
    const eps = 1e-6
    return q.x >= -eps && q.y >= -eps && q.x <= img.width + eps && q.y <= img.height + eps
  })
}

describe('crop maths', () => {
  it('starts centred at the scale that just covers the frame', () => {
    const s = initialCrop(photo, FRAME)
    expect(s).toEqual({ x: 0, y: 0, scale: FRAME / 3000, rotation: 0 })
    expect(covers(s, photo)).toBe(true)
    // the short side fills the frame exactly
    expect(photo.height * s.scale).toBeCloseTo(FRAME)
  })

  it('clamps the scale between cover and MAX_ZOOM times that', () => {
    const lo = minScale(photo, 0, FRAME)
    expect(clamp({ x: 0, y: 0, scale: lo / 10, rotation: 0 }, photo, FRAME).scale).toBeCloseTo(lo)
    expect(clamp({ x: 0, y: 0, scale: lo * 100, rotation: 0 }, photo, FRAME).scale).toBeCloseTo(lo * MAX_ZOOM)
  })

  it('clamps a drag so the image still covers the frame', () => {
    const s = initialCrop(photo, FRAME)
    // 4000 x 3000 at 0.1: 400 x 300 on screen; 50 px of overhang on each side horizontally, none vertically
    const far = pan(s, 500, 500, photo, FRAME)
    expect(far.x).toBeCloseTo(50)
    expect(far.y).toBeCloseTo(0)
    expect(covers(far, photo)).toBe(true)
    const left = pan(s, -20, 0, photo, FRAME)
    expect(left.x).toBeCloseTo(-20)
  })

  it('rotates by quarter turns, swapping the bounding box and turning the offset with the image', () => {
    expect(rotatedSize(tall, 90)).toEqual({ width: 1200, height: 600 })
    expect(rotatedSize(tall, -90)).toEqual({ width: 1200, height: 600 })
    expect(rotatedSize(tall, 180)).toEqual(tall)
    const s = pan(zoomAround(initialCrop(tall, FRAME), 2, { x: 0, y: 0 }, tall, FRAME), 10, -40, tall, FRAME)
    const r = rotate(s, 90, tall, FRAME)
    expect(r.rotation).toBe(90)
    // (x, y) turned a quarter clockwise in screen coordinates: (10, -40) -> (40, 10)
    expect(r.x).toBeCloseTo(40)
    expect(r.y).toBeCloseTo(10)
    expect(covers(r, tall)).toBe(true)
    expect(rotate(rotate(r, -90, tall, FRAME), 0, tall, FRAME).rotation).toBe(0)
    expect(rotate(s, 270, tall, FRAME).rotation).toBe(270)
    expect(rotate(rotate(s, 270, tall, FRAME), 180, tall, FRAME).rotation).toBe(90)
  })

  it('rotating a zoomed-out wide image keeps it covering the frame (scale grows as needed)', () => {
    const wide: Size = { width: 3000, height: 1000 }
    const s = initialCrop(wide, FRAME)
    const r = rotate(s, 90, wide, FRAME)
    expect(r.scale).toBeCloseTo(FRAME / 1000)
    expect(covers(r, wide)).toBe(true)
  })

  it('zooms around a point: the image point under it stays put', () => {
    const s = initialCrop(photo, FRAME)
    const at = { x: 60, y: -30 }
    const before = frameToImage(at, s, photo)
    const z = zoomAround(s, 2.5, at, photo, FRAME)
    expect(z.scale).toBeCloseTo(s.scale * 2.5)
    const after = frameToImage(at, z, photo)
    expect(after.x).toBeCloseTo(before.x)
    expect(after.y).toBeCloseTo(before.y)
    expect(covers(z, photo)).toBe(true)
  })

  it('pinches: scale follows the finger distance, the midpoint drags, and zooming out stops at cover', () => {
    const s = zoomAround(initialCrop(photo, FRAME), 3, { x: 0, y: 0 }, photo, FRAME)
    const from: [{ x: number; y: number }, { x: number; y: number }] = [
      { x: -50, y: 0 },
      { x: 50, y: 0 }
    ]
    const spread = pinch(
      s,
      from,
      [
        { x: -100, y: 0 },
        { x: 100, y: 0 }
      ],
      photo,
      FRAME
    )
    expect(spread.scale).toBeCloseTo(s.scale * 2)
    const moved = pinch(
      s,
      from,
      [
        { x: -40, y: 30 },
        { x: 60, y: 30 }
      ],
      photo,
      FRAME
    )
    expect(moved.scale).toBeCloseTo(s.scale)
    expect(moved.x - s.x).toBeCloseTo(10)
    expect(moved.y - s.y).toBeCloseTo(30)
    const squeeze = pinch(
      s,
      from,
      [
        { x: -1, y: 0 },
        { x: 1, y: 0 }
      ],
      photo,
      FRAME
    )
    expect(squeeze.scale).toBeCloseTo(minScale(photo, 0, FRAME))
    expect(covers(squeeze, photo)).toBe(true)
    // two fingers on one spot: nothing happens
    expect(
      pinch(
        s,
        [
          { x: 5, y: 5 },
          { x: 5, y: 5 }
        ],
        [
          { x: 50, y: 5 },
          { x: 90, y: 5 }
        ],
        photo,
        FRAME
      )
    ).toBe(s)
  })

  it('any sequence of gestures keeps the frame covered', () => {
    let s = initialCrop(tall, FRAME)
    const steps = [
      (x: CropState) => pan(x, 300, -200, tall, FRAME),
      (x: CropState) => zoomAround(x, 4, { x: 120, y: 120 }, tall, FRAME),
      (x: CropState) => rotate(x, 90, tall, FRAME),
      (x: CropState) => pan(x, -999, 999, tall, FRAME),
      (x: CropState) => zoomAround(x, 0.05, { x: -140, y: 100 }, tall, FRAME),
      (x: CropState) => rotate(x, -90, tall, FRAME),
      (x: CropState) =>
        pinch(
          x,
          [
            { x: 0, y: 0 },
            { x: 10, y: 10 }
          ],
          [
            { x: -90, y: -90 },
            { x: 100, y: 100 }
          ],
          tall,
          FRAME
        )
    ]
    for (const step of steps) {
      s = step(s)
      expect(covers(s, tall)).toBe(true)
    }
  })
})

describe('export', () => {
  it('2650 px wide at most, never more than the pixels the frame covers, 640 at least', () => {
    const s = initialCrop(photo, FRAME)
    // the frame covers 3000 source pixels: capped at 2650
    expect(exportWidth(s, FRAME)).toBe(2650)
    // zoomed 4x: 750 source pixels across
    expect(exportWidth(zoomAround(s, 4, { x: 0, y: 0 }, photo, FRAME), FRAME)).toBe(750)
    // a small picture: never below 640
    expect(exportWidth(initialCrop({ width: 200, height: 200 }, FRAME), FRAME)).toBe(640)
  })

  it('maps the frame onto the output canvas with proportional height', () => {
    const s = pan(zoomAround(initialCrop(photo, FRAME), 2, { x: 0, y: 0 }, photo, FRAME), 30, -20, photo, FRAME)
    const p = exportPlan(s, photo, FRAME, 2650)
    const k = 2650 / FRAME
    expect(p.width).toBe(2650)
    expect(p.height).toBe(2650)
    expect(p.cx).toBeCloseTo(1325 + 30 * k)
    expect(p.cy).toBeCloseTo(1325 - 20 * k)
    expect(p.drawWidth).toBeCloseTo(4000 * s.scale * k)
    expect(p.drawHeight).toBeCloseTo(3000 * s.scale * k)
    expect(p.angle).toBe(0)
    expect(exportPlan(rotate(s, 90, photo, FRAME), photo, FRAME, 1000).angle).toBeCloseTo(Math.PI / 2)
    // a 3:2 frame would export 2650 x 1767
    expect(exportPlan(s, photo, FRAME, 2650, 200).height).toBe(1767)
  })
})

describe('file types (gif, jpeg, jpg, png, svg)', () => {
  it('reads the MIME type on H5 and the extension of mini-program temp files', () => {
    expect(imageTypeOf({ path: 'blob:http://x/1', type: 'image/svg+xml', name: 'logo.svg' })).toBe('svg')
    expect(imageTypeOf({ path: 'wxfile://tmp_abc.PNG' })).toBe('png')
    expect(imageTypeOf({ path: 'http://tmp/a.jpeg?x=1' })).toBe('jpeg')
    expect(imageTypeOf({ path: 'blob:http://x/2', type: '', name: 'photo.JPG' })).toBe('jpg')
  })

  it('accepts the five types and refuses others', () => {
    for (const t of ['image/gif', 'image/jpeg', 'image/png', 'image/svg+xml']) expect(isAllowedImage({ type: t })).toBe(true)
    expect(isAllowedImage({ path: 'x.jpg' })).toBe(true)
    expect(isAllowedImage({ type: 'image/webp', name: 'a.webp' })).toBe(false)
    expect(isAllowedImage({ type: 'image/heic' })).toBe(false)
    expect(isAllowedImage({ path: 'wxfile://tmp_1.bmp' })).toBe(false)
    expect(isAllowedImage({ path: 'blob:http://x/3' })).toBe(false)
  })
})
