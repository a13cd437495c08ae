/**
 * The signature pad's stroke model (src/components/signature-pad/strokes.ts): points clamped to the pad, a resting
 * finger adds nothing, a tap or a dot is blank ('please sign first'), a real stroke is not, clear empties it.
 */
import {
  beginStroke,
  clampPoint,
  emptyStrokes,
  extendStroke,
  isBlank,
  MIN_INK,
  MIN_STEP,
  type Strokes
} from '@/components/signature-pad/strokes'

/** The box the ink covers, or null when nothing is drawn: what the strokes hold, checked against what was drawn. */
function inkBounds(s: Strokes): { left: number; top: number; right: number; bottom: number } | null {
  const pts = s.lines.flat()
  if (!pts.length) return null
  return {
    left: Math.min(...pts.map((p) => p.x)),
    top: Math.min(...pts.map((p) => p.y)),
    right: Math.max(...pts.map((p) => p.x)),
    bottom: Math.max(...pts.map((p) => p.y))
  }
}

const W = 304
const H = 126

function draw(points: Array<[number, number]>) {
  let s = beginStroke(emptyStrokes(), { x: points[0][0], y: points[0][1] }, W, H)
  const segments = []
  for (const [x, y] of points.slice(1)) {
    const r = extendStroke(s, { x, y }, W, H)
    s = r.strokes
    if (r.segment) segments.push(r.segment)
  }
  return { s, segments }
}

describe('signature strokes', () => {
  it('clamps points to the pad', () => {
    expect(clampPoint({ x: -5, y: 200 }, W, H)).toEqual({ x: 0, y: H })
    expect(clampPoint({ x: 400, y: -1 }, W, H)).toEqual({ x: W, y: 0 })
    const { s } = draw([
      [10, 10],
      [500, 10]
    ])
    expect(s.lines[0][1]).toEqual({ x: W, y: 10 })
    expect(s.ink).toBe(W - 10)
  })

  it('drops a point closer than MIN_STEP (a resting finger) and draws nothing for it', () => {
    const { s, segments } = draw([
      [10, 10],
      [10 + MIN_STEP / 2, 10],
      [10, 10 + MIN_STEP / 3]
    ])
    expect(segments).toHaveLength(0)
    expect(s.lines[0]).toHaveLength(1)
    expect(s.ink).toBe(0)
  })

  it('a tap or a dot is blank; a stroke longer than MIN_INK is a signature', () => {
    expect(isBlank(emptyStrokes())).toBe(true)
    expect(isBlank(draw([[50, 50]]).s)).toBe(true)
    expect(
      isBlank(
        draw([
          [50, 50],
          [50 + MIN_INK - 2, 50]
        ]).s
      )
    ).toBe(true)
    const real = draw([
      [20, 80],
      [60, 30],
      [100, 90],
      [150, 40]
    ])
    expect(isBlank(real.s)).toBe(false)
    expect(real.segments).toHaveLength(3)
    expect(real.segments[0]).toEqual([
      { x: 20, y: 80 },
      { x: 60, y: 30 }
    ])
    expect(inkBounds(real.s)).toEqual({ left: 20, top: 30, right: 150, bottom: 90 })
  })

  it('several strokes add up; moving without a stroke open draws nothing; clearing is a fresh model', () => {
    expect(extendStroke(emptyStrokes(), { x: 5, y: 5 }, W, H).segment).toBeNull()
    let s = draw([
      [10, 10],
      [14, 10]
    ]).s
    s = beginStroke(s, { x: 100, y: 100 }, W, H)
    s = extendStroke(s, { x: 110, y: 100 }, W, H).strokes
    expect(s.lines).toHaveLength(2)
    expect(s.ink).toBe(14)
    expect(isBlank(s)).toBe(false)
    expect(isBlank(emptyStrokes())).toBe(true)
    expect(inkBounds(emptyStrokes())).toBeNull()
  })
})
