/**
 * The avatar editor's geometry as pure functions (CONVENTIONS: canvas maths apart from the platform, with tests in
 * test/unit/avatar-transform.test.ts). Coordinates are CSS pixels relative to the centre of the square crop frame;
 * the image's centre sits at (x, y), drawn at `scale` CSS pixels per image pixel and turned by `rotation` degrees
 * (a multiple of 90). The image always covers the whole frame: zoom and pan are clamped so no empty corner shows.
 */
export interface Size {
  width: number
  height: number
}

export interface Point {
  x: number
  y: number
}

export interface CropState {
  x: number
  y: number
  scale: number
  /** 0, 90, 180 or 270 */
  rotation: number
}

/** How far past "just covers the frame" the user may zoom in. */
export const MAX_ZOOM = 8

export const normaliseRotation = (deg: number): number => (((Math.round(deg / 90) * 90) % 360) + 360) % 360

/** The image's bounding box once turned (width and height swap at 90 and 270). */
export function rotatedSize(img: Size, rotation: number): Size {
  const r = normaliseRotation(rotation)
  return r === 90 || r === 270 ? { width: img.height, height: img.width } : { width: img.width, height: img.height }
}

/** The smallest scale at which the (turned) image covers the frame. */
export function minScale(img: Size, rotation: number, frame: number): number {
  const r = rotatedSize(img, rotation)
  return Math.max(frame / r.width, frame / r.height)
}

export function clampScale(scale: number, img: Size, rotation: number, frame: number): number {
  const lo = minScale(img, rotation, frame)
  return Math.min(Math.max(scale, lo), lo * MAX_ZOOM)
}

/** Keeps the image over the whole frame: |x| at most half of the overhang, the same for y. */
export function clamp(state: CropState, img: Size, frame: number): CropState {
  const rotation = normaliseRotation(state.rotation)
  const scale = clampScale(state.scale, img, rotation, frame)
  const r = rotatedSize(img, rotation)
  const maxX = Math.max(0, (r.width * scale - frame) / 2)
  const maxY = Math.max(0, (r.height * scale - frame) / 2)
  const within = (v: number, m: number) => Math.min(Math.max(v, -m), m)
  return { x: within(state.x, maxX), y: within(state.y, maxY), scale, rotation }
}

/** Centred, just covering the frame. */
export function initialCrop(img: Size, frame: number): CropState {
  return { x: 0, y: 0, scale: minScale(img, 0, frame), rotation: 0 }
}

export function pan(state: CropState, dx: number, dy: number, img: Size, frame: number): CropState {
  return clamp({ ...state, x: state.x + dx, y: state.y + dy }, img, frame)
}

/** Turns by a multiple of 90 degrees about the frame centre (the offset turns with the image). */
export function rotate(state: CropState, delta: number, img: Size, frame: number): CropState {
  const d = normaliseRotation(delta)
  const rad = (d * Math.PI) / 180
  const cos = Math.round(Math.cos(rad))
  const sin = Math.round(Math.sin(rad))
  return clamp(
    { x: state.x * cos - state.y * sin, y: state.x * sin + state.y * cos, scale: state.scale, rotation: state.rotation + d },
    img,
    frame
  )
}

/** Scales by `factor` keeping the image point under `at` (frame coordinates) where it is, then clamps. */
export function zoomAround(state: CropState, factor: number, at: Point, img: Size, frame: number): CropState {
  const scale = clampScale(state.scale * factor, img, state.rotation, frame)
  const k = scale / state.scale
  return clamp({ ...state, scale, x: at.x + (state.x - at.x) * k, y: at.y + (state.y - at.y) * k }, img, frame)
}

export const distance = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y)
export const midpoint = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 })

/**
 * A pinch from the two touches at its start to where they are now: zoom by the change of their distance around
 * their starting midpoint, and follow the midpoint as it moves (two-finger drag).
 */
export function pinch(start: CropState, from: [Point, Point], to: [Point, Point], img: Size, frame: number): CropState {
  const d0 = distance(from[0], from[1])
  if (d0 < 1) return start
  const factor = distance(to[0], to[1]) / d0
  const m0 = midpoint(from[0], from[1])
  const m1 = midpoint(to[0], to[1])
  const zoomed = zoomAround(start, factor, m0, img, frame)
  return pan(zoomed, m1.x - m0.x, m1.y - m0.y, img, frame)
}

/**
 * docs/product §9 exports 2650 px wide. The width is capped at the image pixels the frame actually covers (never upscale
 * a small picture into a big blurry file: the avatar is shown at about 64 px, and a JPEG at quality 1 of 2650 x
 * 2650 can pass the server's 5 MB upload limit) and kept at 640 px at least so a small or vector source still
 * gives a sharp avatar. The 2650 x 2650 RGBA canvas is 28 MB, which phones of the last years handle.
 */
export const EXPORT_MAX_WIDTH = 2650
export const EXPORT_MIN_WIDTH = 640

export function exportWidth(state: CropState, frame: number): number {
  const sourcePixels = Math.round(frame / state.scale)
  return Math.max(EXPORT_MIN_WIDTH, Math.min(EXPORT_MAX_WIDTH, sourcePixels))
}

export interface ExportPlan {
  width: number
  height: number
  /** where the image's centre goes on the output canvas */
  cx: number
  cy: number
  /** radians */
  angle: number
  /** the unrotated image's drawn size */
  drawWidth: number
  drawHeight: number
}

/**
 * The output canvas: the frame scaled to `width` (height in proportion; the frame is square). Draw with
 * translate(cx, cy), rotate(angle), drawImage(img, -drawWidth / 2, -drawHeight / 2, drawWidth, drawHeight).
 */
export function exportPlan(state: CropState, img: Size, frame: number, width: number, frameHeight = frame): ExportPlan {
  const k = width / frame
  const height = Math.round(width * (frameHeight / frame))
  return {
    width,
    height,
    cx: width / 2 + state.x * k,
    cy: height / 2 + state.y * k,
    angle: (normaliseRotation(state.rotation) * Math.PI) / 180,
    drawWidth: img.width * state.scale * k,
    drawHeight: img.height * state.scale * k
  }
}
