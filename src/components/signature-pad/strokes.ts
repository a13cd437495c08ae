/**
 * The signature pad's stroke model, pure (CONVENTIONS: the platform gets the canvas, the scene is pure): points in
 * CSS pixels of the pad, clamped to it; a point closer than MIN_STEP to the last one is dropped (a resting finger
 * adds nothing); a pad whose ink is shorter than MIN_INK is blank, so a stray tap is not a signature
 * (docs/product §5: "signature non-empty").
 */
export interface Point {
  x: number
  y: number
}

export interface Strokes {
  lines: Point[][]
  /** total drawn length, CSS pixels */
  ink: number
}

export const MIN_STEP = 1.5
/** shorter than this much ink is "please sign first": a tap or a dot */
export const MIN_INK = 12

export const emptyStrokes = (): Strokes => ({ lines: [], ink: 0 })

export function clampPoint(p: Point, width: number, height: number): Point {
  return { x: Math.min(Math.max(p.x, 0), width), y: Math.min(Math.max(p.y, 0), height) }
}

/** A finger or the mouse goes down: a new line starts at p. */
export function beginStroke(s: Strokes, p: Point, width: number, height: number): Strokes {
  return { lines: [...s.lines, [clampPoint(p, width, height)]], ink: s.ink }
}

/**
 * The pointer moves: the point joins the current line unless it is too close; `segment` is what to draw now
 * (null when nothing changed or no line is open).
 */
export function extendStroke(s: Strokes, p: Point, width: number, height: number): { strokes: Strokes; segment: [Point, Point] | null } {
  const line = s.lines[s.lines.length - 1]
  if (!line) return { strokes: s, segment: null }
  const last = line[line.length - 1]
  const q = clampPoint(p, width, height)
  const d = Math.hypot(q.x - last.x, q.y - last.y)
  if (d < MIN_STEP) return { strokes: s, segment: null }
  const lines = s.lines.slice(0, -1).concat([[...line, q]])
  return { strokes: { lines, ink: s.ink + d }, segment: [last, q] }
}

export const isBlank = (s: Strokes): boolean => s.ink < MIN_INK
