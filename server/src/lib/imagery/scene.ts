/**
 * Illustrated demo scenes drawn locally with @napi-rs/canvas: one scene per kind of project (scholarship,
 * campus, library, books, trees, auditorium seats, sports, research, alumni, donated goods), plus donor avatars and
 * school crests. No text is drawn (no font needed) and every random choice comes from a PRNG seeded by the caller's
 * seed text, so the same (kind, seed, size) gives the same JPEG bytes on every run.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas'
import { rngFor, type Rng } from '../../seed/rng'
import { roundRectPath } from './round-rect'

export const SCENE_KINDS = ['scholarship', 'campus', 'library', 'book', 'tree', 'seat', 'sports', 'research', 'alumni', 'goods'] as const
export type SceneKind = (typeof SCENE_KINDS)[number]

type Ctx = SKRSContext2D
type Paint = Ctx['fillStyle']
const JPEG_QUALITY = 84

// ---------------------------------------------------------------- primitives

function linear(ctx: Ctx, x0: number, y0: number, x1: number, y1: number, stops: string[]) {
  const g = ctx.createLinearGradient(x0, y0, x1, y1)
  stops.forEach((c, i) => g.addColorStop(i / Math.max(1, stops.length - 1), c))
  return g
}

function rect(ctx: Ctx, x: number, y: number, w: number, h: number, fill: Paint) {
  ctx.fillStyle = fill
  ctx.fillRect(x, y, w, h)
}

function circle(ctx: Ctx, x: number, y: number, r: number, fill: Paint) {
  ctx.fillStyle = fill
  ctx.beginPath()
  ctx.arc(x, y, r, 0, Math.PI * 2)
  ctx.fill()
}

function poly(ctx: Ctx, pts: Array<[number, number]>, fill: Paint) {
  ctx.fillStyle = fill
  ctx.beginPath()
  pts.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)))
  ctx.closePath()
  ctx.fill()
}

/**
 * An open book seen from the front: two pages, each a quadrilateral from its outer edge to the spine. The outer edges
 * span `outer` (top to bottom) and the spine `spine`; the desk's book rises at the spine, the crest's sinks.
 */
function openBook(
  ctx: Ctx,
  x: { left: number; spine: number; right: number },
  outer: { top: number; bottom: number },
  spine: { top: number; bottom: number },
  [leftPage, rightPage]: [Paint, Paint]
) {
  poly(
    ctx,
    [
      [x.left, outer.top],
      [x.spine, spine.top],
      [x.spine, spine.bottom],
      [x.left, outer.bottom]
    ],
    leftPage
  )
  poly(
    ctx,
    [
      [x.spine, spine.top],
      [x.right, outer.top],
      [x.right, outer.bottom],
      [x.spine, spine.bottom]
    ],
    rightPage
  )
}

function roundRect(ctx: Ctx, x: number, y: number, w: number, h: number, r: number, fill: Paint) {
  ctx.fillStyle = fill
  roundRectPath(ctx, x, y, w, h, r)
  ctx.fill()
}

function sky(ctx: Ctx, w: number, h: number, stops: string[], sun?: { x: number; y: number; r: number; color: string }) {
  rect(ctx, 0, 0, w, h, linear(ctx, 0, 0, 0, h, stops))
  if (sun) {
    const g = ctx.createRadialGradient(sun.x, sun.y, sun.r * 0.2, sun.x, sun.y, sun.r * 4)
    g.addColorStop(0, 'rgba(255, 250, 220, 0.85)')
    g.addColorStop(1, 'rgba(255, 250, 220, 0)')
    rect(ctx, 0, 0, w, h, g)
    circle(ctx, sun.x, sun.y, sun.r, sun.color)
  }
}

function cloud(ctx: Ctx, x: number, y: number, s: number, alpha = 0.85) {
  const c = `rgba(255, 255, 255, ${alpha})`
  circle(ctx, x, y, s, c)
  circle(ctx, x + s * 0.9, y - s * 0.35, s * 0.8, c)
  circle(ctx, x + s * 1.8, y, s * 0.9, c)
  roundRect(ctx, x - s * 0.2, y, s * 2.8, s * 0.7, s * 0.35, c)
}

function tree(ctx: Ctx, x: number, base: number, size: number, rng: Rng, greens = ['#2e7d32', '#388e3c', '#43a047']) {
  rect(ctx, x - size * 0.07, base - size * 0.6, size * 0.14, size * 0.6, '#6d4c41')
  const g = rng.pick(greens)
  circle(ctx, x, base - size * 0.85, size * 0.42, g)
  circle(ctx, x - size * 0.28, base - size * 0.65, size * 0.3, g)
  circle(ctx, x + size * 0.28, base - size * 0.66, size * 0.32, g)
  circle(ctx, x - size * 0.1, base - size * 0.98, size * 0.22, 'rgba(255, 255, 255, 0.12)')
}

function pine(ctx: Ctx, x: number, base: number, size: number, color: string) {
  rect(ctx, x - size * 0.05, base - size * 0.25, size * 0.1, size * 0.25, '#5d4037')
  for (let i = 0; i < 3; i++) {
    const y = base - size * 0.2 - i * size * 0.25
    const hw = size * (0.35 - i * 0.08)
    poly(
      ctx,
      [
        [x - hw, y],
        [x + hw, y],
        [x, y - size * 0.4]
      ],
      color
    )
  }
}

/** A standing person seen from afar; `cap`: graduation mortarboard. */
function person(ctx: Ctx, x: number, base: number, h: number, color: string, opts: { cap?: boolean; arm?: boolean } = {}) {
  const head = h * 0.11
  circle(ctx, x, base - h + head, head, color)
  roundRect(ctx, x - h * 0.14, base - h + head * 2.2, h * 0.28, h * 0.45, h * 0.1, color)
  rect(ctx, x - h * 0.11, base - h * 0.42, h * 0.09, h * 0.42, color)
  rect(ctx, x + h * 0.02, base - h * 0.42, h * 0.09, h * 0.42, color)
  if (opts.cap) {
    poly(
      ctx,
      [
        [x - head * 1.6, base - h + head * 0.2],
        [x, base - h - head * 0.5],
        [x + head * 1.6, base - h + head * 0.2],
        [x, base - h + head * 0.8]
      ],
      '#1a1a1a'
    )
  }
  if (opts.arm) {
    ctx.strokeStyle = color
    ctx.lineWidth = h * 0.07
    ctx.lineCap = 'round'
    ctx.beginPath()
    ctx.moveTo(x + h * 0.12, base - h + head * 2.6)
    ctx.lineTo(x + h * 0.3, base - h - head * 0.5)
    ctx.stroke()
  }
}

/** A building with rows of windows, a lit share of them warm. */
function building(
  ctx: Ctx,
  x: number,
  base: number,
  bw: number,
  bh: number,
  rng: Rng,
  o: { wall: string; roof?: string; pitched?: boolean; lit?: number; cols?: number; rows?: number; glass?: string }
) {
  rect(ctx, x, base - bh, bw, bh, o.wall)
  rect(ctx, x + bw * 0.82, base - bh, bw * 0.18, bh, 'rgba(0, 0, 0, 0.08)')
  if (o.pitched)
    poly(
      ctx,
      [
        [x - bw * 0.06, base - bh],
        [x + bw / 2, base - bh - bw * 0.28],
        [x + bw * 1.06, base - bh]
      ],
      o.roof ?? '#8d3b2f'
    )
  else rect(ctx, x - bw * 0.03, base - bh - bh * 0.05, bw * 1.06, bh * 0.05, o.roof ?? 'rgba(0, 0, 0, 0.25)')
  const cols = o.cols ?? Math.max(2, Math.round(bw / 40))
  const rows = o.rows ?? Math.max(2, Math.round(bh / 45))
  const cw = bw / cols
  const rh = (bh * 0.86) / rows
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const lit = rng.chance(o.lit ?? 0.25)
      rect(
        ctx,
        x + c * cw + cw * 0.22,
        base - bh + bh * 0.08 + r * rh + rh * 0.18,
        cw * 0.56,
        rh * 0.58,
        lit ? '#ffe08a' : (o.glass ?? '#5b7fa6')
      )
    }
  }
}

function ground(ctx: Ctx, w: number, y: number, h: number, stops: string[]) {
  rect(ctx, 0, y, w, h - y, linear(ctx, 0, y, 0, h, stops))
}

function vignette(ctx: Ctx, w: number, h: number, strength = 0.28) {
  const g = ctx.createRadialGradient(w / 2, h / 2, Math.min(w, h) * 0.35, w / 2, h / 2, Math.max(w, h) * 0.75)
  g.addColorStop(0, 'rgba(0, 0, 0, 0)')
  g.addColorStop(1, `rgba(0, 0, 0, ${strength})`)
  rect(ctx, 0, 0, w, h, g)
}

const PEOPLE = ['#37474f', '#4e342e', '#263238', '#5d4037', '#455a64', '#3e2723']
const BOOKS = ['#c62828', '#1565c0', '#2e7d32', '#f9a825', '#6a1b9a', '#00838f', '#ef6c00', '#4e342e', '#ad1457', '#283593']

// ---------------------------------------------------------------- scenes (drawn in a 1000 x 600 design space, scaled)

function campus(ctx: Ctx, w: number, h: number, rng: Rng) {
  sky(ctx, w, h, ['#6fb1e8', '#bfe0f7', '#eaf5fb'], { x: w * 0.82, y: h * 0.18, r: h * 0.06, color: '#fff6d5' })
  cloud(ctx, w * 0.12, h * 0.16, h * 0.05)
  cloud(ctx, w * 0.55, h * 0.1, h * 0.04, 0.7)
  const base = h * 0.66
  for (let i = 0; i < 7; i++) tree(ctx, rng.int(0, w), base, (h * rng.int(18, 26)) / 100, rng, ['#7cb342', '#689f38', '#8bc34a'])
  building(ctx, w * 0.06, base, w * 0.22, h * 0.26, rng, { wall: '#e9dcc3', pitched: true, roof: '#9e4b3c' })
  building(ctx, w * 0.72, base, w * 0.22, h * 0.28, rng, { wall: '#efe3cc', pitched: true, roof: '#9e4b3c' })
  // main hall with a clock tower
  building(ctx, w * 0.3, base, w * 0.4, h * 0.3, rng, { wall: '#f3ead8', roof: '#7b3f33', rows: 3, cols: 9 })
  rect(ctx, w * 0.455, base - h * 0.52, w * 0.09, h * 0.24, '#eadfca')
  poly(
    ctx,
    [
      [w * 0.445, base - h * 0.52],
      [w * 0.5, base - h * 0.62],
      [w * 0.555, base - h * 0.52]
    ],
    '#7b3f33'
  )
  circle(ctx, w * 0.5, base - h * 0.44, h * 0.035, '#ffffff')
  ctx.strokeStyle = '#37474f'
  ctx.lineWidth = Math.max(2, h * 0.005)
  ctx.beginPath()
  ctx.moveTo(w * 0.5, base - h * 0.44)
  ctx.lineTo(w * 0.5, base - h * 0.465)
  ctx.moveTo(w * 0.5, base - h * 0.44)
  ctx.lineTo(w * 0.515, base - h * 0.44)
  ctx.stroke()
  rect(ctx, w * 0.47, base - h * 0.1, w * 0.06, h * 0.1, '#6d4c41')
  ground(ctx, w, base, h, ['#9ccc65', '#7cb342'])
  // path in perspective
  poly(
    ctx,
    [
      [w * 0.47, base],
      [w * 0.53, base],
      [w * 0.68, h],
      [w * 0.32, h]
    ],
    '#e8dcc2'
  )
  for (let i = 0; i < 5; i++) {
    const side = i % 2 ? 1 : -1
    tree(ctx, w * 0.5 + side * w * (0.22 + i * 0.06), h * (0.8 + i * 0.04), h * (0.22 + i * 0.03), rng)
  }
  for (let i = 0; i < 6; i++)
    person(ctx, (w * rng.int(36, 64)) / 100, (h * rng.int(76, 96)) / 100, (h * rng.int(9, 14)) / 100, rng.pick(PEOPLE))
}

function scholarship(ctx: Ctx, w: number, h: number, rng: Rng) {
  sky(ctx, w, h, ['#ff8a65', '#ffb74d', '#ffe0b2'], { x: w * 0.5, y: h * 0.5, r: h * 0.1, color: '#fff3c4' })
  cloud(ctx, w * 0.1, h * 0.2, h * 0.04, 0.5)
  cloud(ctx, w * 0.7, h * 0.15, h * 0.05, 0.5)
  const base = h * 0.7
  const sil = 'rgba(93, 46, 40, 0.55)'
  building(ctx, w * 0.02, base, w * 0.2, h * 0.3, rng, { wall: sil, lit: 0.5, glass: 'rgba(60, 30, 30, 0.4)', pitched: true, roof: sil })
  building(ctx, w * 0.62, base, w * 0.3, h * 0.26, rng, { wall: sil, lit: 0.5, glass: 'rgba(60, 30, 30, 0.4)' })
  rect(ctx, w * 0.3, base - h * 0.22, w * 0.3, h * 0.22, sil)
  for (let i = 0; i < 6; i++) rect(ctx, w * (0.31 + i * 0.05), base - h * 0.22, w * 0.015, h * 0.22, 'rgba(255, 220, 180, 0.35)')
  poly(
    ctx,
    [
      [w * 0.28, base - h * 0.22],
      [w * 0.45, base - h * 0.34],
      [w * 0.62, base - h * 0.22]
    ],
    sil
  )
  ground(ctx, w, base, h, ['#8d6e63', '#5d4037'])
  // graduates, some throwing caps
  for (let i = 0; i < 9; i++) {
    const x = w * (0.08 + i * 0.105) + rng.int(-10, 10)
    person(ctx, x, h * (0.96 - (i % 2) * 0.04), h * (0.3 + rng.int(0, 6) / 100), '#3e2723', { cap: true, arm: i % 3 === 1 })
  }
  for (let i = 0; i < 5; i++) {
    const x = (w * rng.int(10, 90)) / 100
    const y = (h * rng.int(8, 30)) / 100
    poly(
      ctx,
      [
        [x - h * 0.03, y],
        [x, y - h * 0.012],
        [x + h * 0.03, y],
        [x, y + h * 0.012]
      ],
      '#212121'
    )
  }
}

function shelf(ctx: Ctx, x: number, y: number, sw: number, sh: number, rows: number, rng: Rng) {
  rect(ctx, x, y, sw, sh, '#5d4037')
  const rh = sh / rows
  for (let r = 0; r < rows; r++) {
    let bx = x + sw * 0.03
    const top = y + r * rh + rh * 0.12
    while (bx < x + sw * 0.95) {
      const bw = (sw * rng.int(20, 45)) / 1000
      const bh = (rh * rng.int(62, 84)) / 100
      rect(ctx, bx, top + (rh * 0.8 - bh), bw, bh, rng.pick(BOOKS))
      rect(ctx, bx, top + (rh * 0.8 - bh) + bh * 0.15, bw, bh * 0.06, 'rgba(255, 255, 255, 0.35)')
      bx += bw + 1
    }
    rect(ctx, x, y + (r + 1) * rh - rh * 0.08, sw, rh * 0.08, '#3e2723')
  }
}

function library(ctx: Ctx, w: number, h: number, rng: Rng) {
  rect(ctx, 0, 0, w, h, linear(ctx, 0, 0, 0, h, ['#f3e5d0', '#e6d2b5']))
  // arched window with light
  const wx = w * 0.38
  const ww = w * 0.24
  rect(ctx, wx, h * 0.18, ww, h * 0.46, linear(ctx, 0, h * 0.1, 0, h * 0.6, ['#bfe3f7', '#eaf6fc']))
  circle(ctx, wx + ww / 2, h * 0.18, ww / 2, '#cfe9f8')
  rect(ctx, wx + ww / 2 - 3, h * 0.05, 6, h * 0.6, '#8d6e63')
  rect(ctx, wx, h * 0.4, ww, 6, '#8d6e63')
  ctx.fillStyle = 'rgba(255, 244, 200, 0.28)'
  ctx.beginPath()
  ctx.moveTo(wx, h * 0.64)
  ctx.lineTo(wx + ww, h * 0.64)
  ctx.lineTo(w * 0.8, h)
  ctx.lineTo(w * 0.2, h)
  ctx.fill()
  shelf(ctx, w * 0.02, h * 0.08, w * 0.32, h * 0.68, 5, rng)
  shelf(ctx, w * 0.66, h * 0.08, w * 0.32, h * 0.68, 5, rng)
  rect(ctx, 0, h * 0.76, w, h * 0.24, linear(ctx, 0, h * 0.76, 0, h, ['#a1887f', '#795548']))
  // reading table, lamps and readers
  rect(ctx, w * 0.18, h * 0.78, w * 0.64, h * 0.04, '#4e342e')
  rect(ctx, w * 0.22, h * 0.82, w * 0.02, h * 0.16, '#4e342e')
  rect(ctx, w * 0.76, h * 0.82, w * 0.02, h * 0.16, '#4e342e')
  for (const lx of [0.32, 0.68]) {
    rect(ctx, w * lx - 2, h * 0.7, 4, h * 0.08, '#33691e')
    poly(
      ctx,
      [
        [w * lx - h * 0.05, h * 0.7],
        [w * lx + h * 0.05, h * 0.7],
        [w * lx + h * 0.03, h * 0.65],
        [w * lx - h * 0.03, h * 0.65]
      ],
      '#2e7d32'
    )
    const g = ctx.createRadialGradient(w * lx, h * 0.74, 2, w * lx, h * 0.74, h * 0.18)
    g.addColorStop(0, 'rgba(255, 230, 150, 0.55)')
    g.addColorStop(1, 'rgba(255, 230, 150, 0)')
    rect(ctx, 0, 0, w, h, g)
  }
  person(ctx, w * 0.44, h * 0.86, h * 0.22, '#4e342e')
  person(ctx, w * 0.57, h * 0.86, h * 0.2, '#37474f')
  rect(ctx, w * 0.42, h * 0.765, w * 0.05, h * 0.015, '#fafafa')
  rect(ctx, w * 0.55, h * 0.765, w * 0.05, h * 0.015, '#fafafa')
}

function book(ctx: Ctx, w: number, h: number, rng: Rng) {
  rect(ctx, 0, 0, w, h, '#4e342e')
  shelf(ctx, 0, 0, w, h * 0.62, 3, rng)
  rect(ctx, 0, h * 0.62, w, h * 0.38, linear(ctx, 0, h * 0.62, 0, h, ['#d7b98e', '#b08a5a']))
  // a stack of books, an open book and a plant on the desk
  let y = h * 0.9
  for (let i = 0; i < 5; i++) {
    const bw = w * (0.26 - i * 0.015)
    const bh = h * 0.05
    roundRect(ctx, w * 0.12 + i * w * 0.008, y - bh, bw, bh, 4, BOOKS[(i * 3 + rng.int(0, 9)) % BOOKS.length])
    rect(ctx, w * 0.12 + i * w * 0.008 + bw * 0.9, y - bh * 0.8, bw * 0.08, bh * 0.6, '#fffde7')
    y -= bh
  }
  openBook(
    ctx,
    { left: w * 0.45, spine: w * 0.6, right: w * 0.75 },
    { top: h * 0.78, bottom: h * 0.93 },
    { top: h * 0.75, bottom: h * 0.9 },
    ['#fffdf5', '#f5f0e1']
  )
  for (let i = 0; i < 5; i++) {
    rect(ctx, w * 0.47, h * (0.8 + i * 0.02), w * 0.11, 2, 'rgba(0, 0, 0, 0.25)')
    rect(ctx, w * 0.62, h * (0.8 + i * 0.02), w * 0.11, 2, 'rgba(0, 0, 0, 0.25)')
  }
  roundRect(ctx, w * 0.82, h * 0.8, w * 0.08, h * 0.12, 6, '#e57373')
  for (let i = 0; i < 6; i++) {
    ctx.fillStyle = i % 2 ? '#43a047' : '#66bb6a'
    ctx.beginPath()
    ctx.ellipse(w * 0.86 + (i - 2.5) * w * 0.012, h * 0.74, w * 0.012, h * 0.07, (i - 2.5) * 0.3, 0, Math.PI * 2)
    ctx.fill()
  }
  const g = ctx.createRadialGradient(w * 0.7, h * 0.2, 10, w * 0.7, h * 0.2, w * 0.6)
  g.addColorStop(0, 'rgba(255, 236, 179, 0.25)')
  g.addColorStop(1, 'rgba(255, 236, 179, 0)')
  rect(ctx, 0, 0, w, h, g)
}

function treeScene(ctx: Ctx, w: number, h: number, rng: Rng) {
  sky(ctx, w, h, ['#81d4fa', '#e1f5fe'], { x: w * 0.15, y: h * 0.16, r: h * 0.07, color: '#fffde7' })
  cloud(ctx, w * 0.6, h * 0.14, h * 0.045)
  poly(
    ctx,
    [
      [0, h * 0.55],
      [w * 0.25, h * 0.4],
      [w * 0.5, h * 0.52],
      [w * 0.78, h * 0.38],
      [w, h * 0.5],
      [w, h],
      [0, h]
    ],
    '#a5d6a7'
  )
  ground(ctx, w, h * 0.6, h, ['#8bc34a', '#689f38'])
  for (let i = 0; i < 10; i++) pine(ctx, w * (0.03 + i * 0.1), h * 0.6, h * 0.25, i % 2 ? '#2e7d32' : '#388e3c')
  // winding path
  ctx.fillStyle = '#efe0c0'
  ctx.beginPath()
  ctx.moveTo(w * 0.48, h * 0.6)
  ctx.bezierCurveTo(w * 0.3, h * 0.72, w * 0.7, h * 0.82, w * 0.35, h)
  ctx.lineTo(w * 0.6, h)
  ctx.bezierCurveTo(w * 0.9, h * 0.8, w * 0.4, h * 0.72, w * 0.52, h * 0.6)
  ctx.fill()
  for (let i = 0; i < 6; i++)
    tree(ctx, w * (i < 3 ? 0.05 + i * 0.1 : 0.68 + (i - 3) * 0.12), h * (0.78 + (i % 3) * 0.08), h * (0.32 + (i % 3) * 0.06), rng)
  // flowers
  for (let i = 0; i < 40; i++)
    circle(ctx, rng.int(0, w), (h * rng.int(66, 99)) / 100, h * 0.008, rng.pick(['#ffeb3b', '#f48fb1', '#ffffff', '#ff8a65']))
  // a young tree with a name tag being planted
  rect(ctx, w * 0.58, h * 0.74, w * 0.006, h * 0.12, '#6d4c41')
  circle(ctx, w * 0.583, h * 0.72, h * 0.05, '#7cb342')
  roundRect(ctx, w * 0.595, h * 0.8, w * 0.05, h * 0.035, 3, '#fff8e1')
  person(ctx, w * 0.66, h * 0.92, h * 0.26, '#37474f', { arm: true })
}

function seat(ctx: Ctx, w: number, h: number, rng: Rng) {
  rect(ctx, 0, 0, w, h, linear(ctx, 0, 0, 0, h, ['#2b1b17', '#3e2723']))
  // stage and curtains
  rect(ctx, w * 0.15, h * 0.08, w * 0.7, h * 0.34, '#5d4037')
  rect(ctx, w * 0.15, h * 0.36, w * 0.7, h * 0.06, '#8d6e63')
  for (const [x0, dir] of [
    [w * 0.15, 1],
    [w * 0.85, -1]
  ] as const) {
    for (let i = 0; i < 5; i++)
      rect(ctx, x0 + dir * i * w * 0.02 - (dir < 0 ? w * 0.02 : 0), h * 0.06, w * 0.02, h * 0.36, i % 2 ? '#b71c1c' : '#c62828')
  }
  rect(ctx, w * 0.13, h * 0.04, w * 0.74, h * 0.06, '#b71c1c')
  const spot = ctx.createRadialGradient(w * 0.5, h * 0.3, 5, w * 0.5, h * 0.3, w * 0.25)
  spot.addColorStop(0, 'rgba(255, 241, 200, 0.7)')
  spot.addColorStop(1, 'rgba(255, 241, 200, 0)')
  rect(ctx, 0, 0, w, h, spot)
  person(ctx, w * 0.5, h * 0.38, h * 0.18, '#1b1b1b')
  // rows of seats in perspective, a few of them named (gold plate)
  for (let r = 0; r < 6; r++) {
    const y = h * (0.5 + r * 0.085)
    const sh = h * (0.05 + r * 0.01)
    const n = 12 + r * 2
    const span = w * (0.7 + r * 0.06)
    const sw = span / n
    for (let i = 0; i < n; i++) {
      const x = (w - span) / 2 + i * sw
      roundRect(ctx, x + sw * 0.08, y, sw * 0.84, sh, sw * 0.2, rng.chance(0.12) ? '#e53935' : '#a51d1d')
      rect(ctx, x + sw * 0.08, y + sh * 0.75, sw * 0.84, sh * 0.25, '#6d1010')
      if (rng.chance(0.15)) rect(ctx, x + sw * 0.3, y + sh * 0.2, sw * 0.4, sh * 0.15, '#ffd54f')
    }
  }
}

function sports(ctx: Ctx, w: number, h: number, rng: Rng) {
  sky(ctx, w, h, ['#4fc3f7', '#b3e5fc'])
  cloud(ctx, w * 0.2, h * 0.12, h * 0.04)
  cloud(ctx, w * 0.75, h * 0.08, h * 0.035, 0.7)
  // stand with spectators and floodlights
  rect(ctx, 0, h * 0.24, w, h * 0.2, '#90a4ae')
  for (let r = 0; r < 4; r++)
    for (let i = 0; i < 60; i++)
      circle(
        ctx,
        (i + (r % 2) * 0.5) * (w / 60),
        h * (0.27 + r * 0.045),
        h * 0.012,
        rng.pick(['#e53935', '#1e88e5', '#fdd835', '#ffffff', '#43a047', '#37474f'])
      )
  rect(ctx, 0, h * 0.22, w, h * 0.025, '#546e7a')
  for (const x of [0.08, 0.92]) {
    rect(ctx, w * x - 3, h * 0.02, 6, h * 0.22, '#607d8b')
    roundRect(ctx, w * x - h * 0.05, h * 0.01, h * 0.1, h * 0.05, 4, '#fffde7')
  }
  // track and field
  rect(ctx, 0, h * 0.44, w, h * 0.56, '#c0503a')
  ctx.fillStyle = '#43a047'
  ctx.beginPath()
  ctx.ellipse(w * 0.5, h * 0.9, w * 0.42, h * 0.3, 0, 0, Math.PI * 2)
  ctx.fill()
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.85)'
  ctx.lineWidth = Math.max(2, h * 0.004)
  for (let i = 1; i <= 5; i++) {
    ctx.beginPath()
    ctx.ellipse(w * 0.5, h * 0.9, w * 0.42 + i * w * 0.025, h * 0.3 + i * h * 0.045, 0, Math.PI, Math.PI * 2)
    ctx.stroke()
  }
  for (let i = 0; i < 6; i++) rect(ctx, 0, h * (0.62 + i * 0.02), w, 2, i % 2 ? 'rgba(255,255,255,0.6)' : 'rgba(255,255,255,0)')
  // runners
  const colors = ['#1565c0', '#fdd835', '#ffffff', '#2e7d32']
  for (let i = 0; i < 4; i++) {
    const x = w * (0.2 + i * 0.17)
    const y = h * (0.55 + (i % 2) * 0.04)
    person(ctx, x, y, h * 0.2, colors[i])
    ctx.strokeStyle = colors[i]
    ctx.lineWidth = h * 0.018
    ctx.beginPath()
    ctx.moveTo(x, y - h * 0.07)
    ctx.lineTo(x + h * 0.06, y - h * 0.02)
    ctx.stroke()
  }
  // goal post
  ctx.strokeStyle = '#ffffff'
  ctx.lineWidth = Math.max(3, h * 0.008)
  ctx.strokeRect(w * 0.46, h * 0.72, w * 0.08, h * 0.08)
}

function research(ctx: Ctx, w: number, h: number, rng: Rng) {
  sky(ctx, w, h, ['#1a237e', '#3949ab', '#7986cb'])
  for (let i = 0; i < 60; i++) circle(ctx, rng.int(0, w), rng.int(0, h * 0.45), rng.int(1, 3), 'rgba(255, 255, 255, 0.8)')
  circle(ctx, w * 0.85, h * 0.15, h * 0.05, '#fff9c4')
  circle(ctx, w * 0.87, h * 0.14, h * 0.045, '#3f4fa8')
  const base = h * 0.78
  // observatory dome
  rect(ctx, w * 0.05, base - h * 0.3, w * 0.14, h * 0.3, '#cfd8dc')
  ctx.fillStyle = '#eceff1'
  ctx.beginPath()
  ctx.arc(w * 0.12, base - h * 0.3, w * 0.07, Math.PI, 0)
  ctx.fill()
  rect(ctx, w * 0.115, base - h * 0.37, w * 0.012, h * 0.07, '#37474f')
  // glass research towers with lit windows
  building(ctx, w * 0.24, base, w * 0.22, h * 0.55, rng, { wall: '#455a64', lit: 0.55, cols: 6, rows: 10, glass: '#2c3e57' })
  building(ctx, w * 0.5, base, w * 0.26, h * 0.42, rng, { wall: '#546e7a', lit: 0.5, cols: 7, rows: 8, glass: '#2c3e57' })
  building(ctx, w * 0.8, base, w * 0.17, h * 0.34, rng, { wall: '#607d8b', lit: 0.45, cols: 4, rows: 6, glass: '#2c3e57' })
  ground(ctx, w, base, h, ['#37474f', '#263238'])
  for (let i = 0; i < 8; i++) {
    const x = w * (0.05 + i * 0.13)
    rect(ctx, x - 2, base, 4, h * 0.08, '#90a4ae')
    const g = ctx.createRadialGradient(x, base + h * 0.01, 2, x, base + h * 0.01, h * 0.08)
    g.addColorStop(0, 'rgba(255, 224, 130, 0.8)')
    g.addColorStop(1, 'rgba(255, 224, 130, 0)')
    rect(ctx, x - h * 0.1, base - h * 0.1, h * 0.2, h * 0.2, g)
  }
  // an atom mark on the tower
  ctx.strokeStyle = 'rgba(129, 212, 250, 0.9)'
  ctx.lineWidth = Math.max(2, h * 0.006)
  for (let i = 0; i < 3; i++) {
    ctx.beginPath()
    ctx.ellipse(w * 0.35, base - h * 0.62, h * 0.07, h * 0.025, (i * Math.PI) / 3, 0, Math.PI * 2)
    ctx.stroke()
  }
  circle(ctx, w * 0.35, base - h * 0.62, h * 0.012, '#81d4fa')
  for (let i = 0; i < 5; i++) person(ctx, (w * rng.int(20, 90)) / 100, (h * rng.int(88, 98)) / 100, h * 0.13, '#101820')
}

function alumni(ctx: Ctx, w: number, h: number, rng: Rng) {
  sky(ctx, w, h, ['#f8bbd0', '#fce4ec', '#fff8e1'], { x: w * 0.75, y: h * 0.25, r: h * 0.06, color: '#fffde7' })
  const base = h * 0.72
  for (let i = 0; i < 8; i++) tree(ctx, w * (i * 0.14), base, h * 0.3, rng, ['#f48fb1', '#f8bbd0', '#ec407a'])
  // the old gate: two pillars and an arch with a plaque
  rect(ctx, w * 0.28, base - h * 0.46, w * 0.07, h * 0.46, '#eeeeee')
  rect(ctx, w * 0.65, base - h * 0.46, w * 0.07, h * 0.46, '#eeeeee')
  rect(ctx, w * 0.25, base - h * 0.54, w * 0.5, h * 0.1, '#e0e0e0')
  rect(ctx, w * 0.24, base - h * 0.57, w * 0.52, h * 0.035, '#9e4b3c')
  roundRect(ctx, w * 0.4, base - h * 0.525, w * 0.2, h * 0.06, 4, '#c9a46a')
  rect(ctx, w * 0.35, base - h * 0.44, w * 0.3, h * 0.44, 'rgba(255, 255, 255, 0.15)')
  // bunting
  for (let i = 0; i < 14; i++) {
    const x = w * (0.05 + i * 0.065)
    poly(
      ctx,
      [
        [x, h * 0.08],
        [x + w * 0.04, h * 0.08],
        [x + w * 0.02, h * 0.14]
      ],
      BOOKS[i % BOOKS.length]
    )
  }
  ground(ctx, w, base, h, ['#cfd8dc', '#b0bec5'])
  // a crowd greeting each other
  for (let i = 0; i < 14; i++) {
    const x = w * (0.04 + i * 0.07) + rng.int(-8, 8)
    person(
      ctx,
      x,
      h * (0.9 + (i % 3) * 0.04),
      h * (0.22 + rng.int(0, 6) / 100),
      rng.pick(['#5d4037', '#37474f', '#880e4f', '#1a237e', '#4e342e']),
      { arm: i % 4 === 0 }
    )
  }
}

function goods(ctx: Ctx, w: number, h: number, rng: Rng) {
  rect(ctx, 0, 0, w, h, linear(ctx, 0, 0, 0, h, ['#e0f7fa', '#b2ebf2']))
  rect(ctx, 0, h * 0.78, w, h * 0.22, '#d7ccc8')
  // clothes rail with team shirts
  rect(ctx, w * 0.08, h * 0.14, w * 0.6, h * 0.015, '#607d8b')
  rect(ctx, w * 0.08, h * 0.14, w * 0.01, h * 0.64, '#607d8b')
  rect(ctx, w * 0.67, h * 0.14, w * 0.01, h * 0.64, '#607d8b')
  const shirt = ['#1565c0', '#c62828', '#2e7d32', '#f9a825', '#1565c0', '#ffffff']
  for (let i = 0; i < 6; i++) {
    const cx = w * (0.14 + i * 0.09)
    const top = h * 0.2
    const sw = w * 0.075
    const c = shirt[(i + rng.int(0, 5)) % shirt.length]
    ctx.strokeStyle = '#455a64'
    ctx.lineWidth = 2
    ctx.beginPath()
    ctx.moveTo(cx, h * 0.155)
    ctx.lineTo(cx, top)
    ctx.stroke()
    poly(
      ctx,
      [
        [cx - sw / 2, top + h * 0.02],
        [cx - sw * 0.2, top],
        [cx + sw * 0.2, top],
        [cx + sw / 2, top + h * 0.02],
        [cx + sw * 0.7, top + h * 0.1],
        [cx + sw * 0.45, top + h * 0.13],
        [cx + sw * 0.42, top + h * 0.38],
        [cx - sw * 0.42, top + h * 0.38],
        [cx - sw * 0.45, top + h * 0.13],
        [cx - sw * 0.7, top + h * 0.1]
      ],
      c
    )
    rect(ctx, cx - sw * 0.12, top + h * 0.1, sw * 0.24, h * 0.06, c === '#ffffff' ? '#1565c0' : 'rgba(255, 255, 255, 0.85)')
  }
  // donation boxes with a heart
  for (let i = 0; i < 3; i++) {
    const bx = w * (0.7 + (i % 2) * 0.13)
    const by = h * (0.78 - Math.floor(i / 2) * 0.2 - 0.2)
    rect(ctx, bx, by, w * 0.12, h * 0.2, '#c8a27a')
    rect(ctx, bx, by, w * 0.12, h * 0.03, '#b08860')
    const hx = bx + w * 0.06
    const hy = by + h * 0.11
    const s = h * 0.025
    circle(ctx, hx - s * 0.5, hy - s * 0.3, s * 0.6, '#e53935')
    circle(ctx, hx + s * 0.5, hy - s * 0.3, s * 0.6, '#e53935')
    poly(
      ctx,
      [
        [hx - s * 1.05, hy - s * 0.1],
        [hx + s * 1.05, hy - s * 0.1],
        [hx, hy + s]
      ],
      '#e53935'
    )
  }
  person(ctx, w * 0.78, h * 0.98, h * 0.28, '#00695c', { arm: true })
}

const DRAW: Record<SceneKind, (ctx: Ctx, w: number, h: number, rng: Rng) => void> = {
  campus,
  scholarship,
  library,
  book,
  tree: treeScene,
  seat,
  sports,
  research,
  alumni,
  goods
}

/** One illustrated scene as JPEG bytes. `seed` varies trees, windows and people; same arguments, same bytes. */
export function drawScene(kind: SceneKind, seed: string, width: number, height: number, tint?: string): Buffer {
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext('2d')
  DRAW[kind](ctx, width, height, rngFor(`${kind}:${seed}`))
  if (tint) {
    ctx.globalAlpha = 0.18
    rect(ctx, 0, 0, width, height, tint)
    ctx.globalAlpha = 1
  }
  vignette(ctx, width, height, 0.22)
  return canvas.toBuffer('image/jpeg', JPEG_QUALITY)
}

const SKIN = ['#f1c9a5', '#e0ac86', '#c68a62', '#f6d7bd']
const HAIR = ['#2b1d14', '#4e342e', '#1b1b1b', '#6d4c41', '#8d6e63']
const SHIRT = ['#1565c0', '#c62828', '#2e7d32', '#6a1b9a', '#ef6c00', '#00838f', '#ad1457', '#37474f']
const BACK = ['#e3f2fd', '#fce4ec', '#e8f5e9', '#fff3e0', '#ede7f6', '#e0f7fa']

/** A donor portrait: head and shoulders, hair style and colours from the seed. */
export function drawAvatar(seed: string, size: number): Buffer {
  const rng = rngFor(`avatar:${seed}`)
  const canvas = createCanvas(size, size)
  const ctx = canvas.getContext('2d')
  const s = size
  rect(ctx, 0, 0, s, s, linear(ctx, 0, 0, s, s, [rng.pick(BACK), '#ffffff']))
  const shirt = rng.pick(SHIRT)
  const skin = rng.pick(SKIN)
  const hair = rng.pick(HAIR)
  const long = rng.chance(0.5)
  if (long) roundRect(ctx, s * 0.28, s * 0.26, s * 0.44, s * 0.48, s * 0.2, hair)
  ctx.fillStyle = shirt
  ctx.beginPath()
  ctx.ellipse(s * 0.5, s * 1.02, s * 0.36, s * 0.3, 0, Math.PI, 0)
  ctx.fill()
  rect(ctx, s * 0.44, s * 0.6, s * 0.12, s * 0.1, skin)
  circle(ctx, s * 0.5, s * 0.45, s * 0.19, skin)
  ctx.fillStyle = hair
  ctx.beginPath()
  ctx.arc(s * 0.5, s * 0.42, s * 0.2, Math.PI * 1.02, Math.PI * 1.98)
  ctx.fill()
  if (rng.chance(0.3)) rect(ctx, s * 0.36, s * 0.43, s * 0.28, s * 0.015, '#263238')
  circle(ctx, s * 0.43, s * 0.47, s * 0.018, '#263238')
  circle(ctx, s * 0.57, s * 0.47, s * 0.018, '#263238')
  ctx.strokeStyle = '#8d4a3a'
  ctx.lineWidth = Math.max(1.5, s * 0.012)
  ctx.beginPath()
  ctx.arc(s * 0.5, s * 0.52, s * 0.05, 0.15 * Math.PI, 0.85 * Math.PI)
  ctx.stroke()
  return canvas.toBuffer('image/jpeg', JPEG_QUALITY)
}

/** A school crest: a shield in the school's colour with an open book under a tower. */
export function drawCrest(color: string, size: number): Buffer {
  const canvas = createCanvas(size, size)
  const ctx = canvas.getContext('2d')
  const s = size
  rect(ctx, 0, 0, s, s, '#ffffff')
  circle(ctx, s / 2, s / 2, s * 0.47, color)
  circle(ctx, s / 2, s / 2, s * 0.41, '#ffffff')
  circle(ctx, s / 2, s / 2, s * 0.38, color)
  poly(
    ctx,
    [
      [s * 0.5, s * 0.2],
      [s * 0.58, s * 0.3],
      [s * 0.58, s * 0.52],
      [s * 0.42, s * 0.52],
      [s * 0.42, s * 0.3]
    ],
    '#ffffff'
  )
  rect(ctx, s * 0.47, s * 0.36, s * 0.06, s * 0.08, color)
  openBook(
    ctx,
    { left: s * 0.26, spine: s * 0.5, right: s * 0.74 },
    { top: s * 0.56, bottom: s * 0.7 },
    { top: s * 0.62, bottom: s * 0.76 },
    ['#ffffff', '#f5f5f5']
  )
  return canvas.toBuffer('image/png')
}
