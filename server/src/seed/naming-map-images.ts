/**
 * Map images and photos of the demo naming campaigns, drawn locally with @napi-rs/canvas (no external URL): campus
 * plans with lawns, roads, a lake, buildings and labelled plots; groves with paths and canopies; the garden, the
 * hall's seating plan and the memorial wall; tree, bench, building and artwork pictures.
 *
 * Drawing all of them takes a couple of seconds, and every server test seeds a fresh data folder: images are drawn
 * once per machine into a cache folder keyed by a hash of what they show and copied from there.
 */
import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas'
import { roundRectPath as roundRect } from '../lib/imagery/round-rect'
import { CERT_FONT, CERT_FONT_BOLD, ensureCertificateFonts } from '../documents/fonts'
import { ARTWORKS, HALL, mapImg, SPECIES, WALL, type PlannedCampaign, type PlannedMap, type PlannedSeat } from './naming-map-plan'
import { rngFor, type Rng } from './rng'

/** Bump when the drawing code changes: cached images of an older version are not reused. */
const DRAWING_VERSION = 4
const JPEG_QUALITY = 82

const C = {
  lawn: '#a9d18e',
  lawnDark: '#8cc06d',
  plot: '#6fae52',
  road: '#f4f1ea',
  roadEdge: '#cfc8b8',
  water: '#8fcbe8',
  waterEdge: '#5fa9cf',
  building: '#f1e3c8',
  roof: '#c9a46a',
  ink: '#2f3b2a',
  label: 'rgba(255, 255, 255, 0.92)',
  path: '#e8dcc2'
}

type Ctx = SKRSContext2D

function font(size: number, bold = false) {
  return `${bold ? 'bold ' : ''}${size}px ${bold ? CERT_FONT_BOLD : CERT_FONT}`
}

function tag(ctx: Ctx, text: string, x: number, y: number, size = 26) {
  ctx.font = font(size, true)
  const w = ctx.measureText(text).width + size
  roundRect(ctx, x - w / 2, y - size * 0.85, w, size * 1.7, size * 0.5)
  ctx.fillStyle = C.label
  ctx.fill()
  ctx.strokeStyle = 'rgba(47, 59, 42, 0.35)'
  ctx.lineWidth = 2
  ctx.stroke()
  ctx.fillStyle = C.ink
  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  ctx.fillText(text, x, y)
}

function grass(ctx: Ctx, w: number, h: number, rng: Rng) {
  ctx.fillStyle = C.lawn
  ctx.fillRect(0, 0, w, h)
  for (let i = 0; i < (w * h) / 900; i++) {
    ctx.fillStyle = rng.chance(0.5) ? 'rgba(120, 170, 90, 0.25)' : 'rgba(200, 230, 170, 0.25)'
    ctx.beginPath()
    ctx.arc(rng.int(0, w), rng.int(0, h), rng.int(2, 7), 0, Math.PI * 2)
    ctx.fill()
  }
}

function road(ctx: Ctx, pts: Array<[number, number]>, width: number) {
  ctx.lineCap = 'round'
  ctx.lineJoin = 'round'
  for (const [wd, color] of [
    [width + 6, C.roadEdge],
    [width, C.road]
  ] as const) {
    ctx.strokeStyle = color
    ctx.lineWidth = wd
    ctx.beginPath()
    pts.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)))
    ctx.stroke()
  }
}

function lake(ctx: Ctx, cx: number, cy: number, rx: number, ry: number, rng: Rng) {
  ctx.beginPath()
  const n = 14
  const pts = Array.from({ length: n }, (_, i) => {
    const a = (i / n) * Math.PI * 2
    const k = 0.82 + rng.next() * 0.3
    return [cx + Math.cos(a) * rx * k, cy + Math.sin(a) * ry * k] as const
  })
  ctx.moveTo((pts[0][0] + pts[n - 1][0]) / 2, (pts[0][1] + pts[n - 1][1]) / 2)
  for (let i = 0; i < n; i++) {
    const [x, y] = pts[i]
    const [nx, ny] = pts[(i + 1) % n]
    ctx.quadraticCurveTo(x, y, (x + nx) / 2, (y + ny) / 2)
  }
  ctx.closePath()
  ctx.fillStyle = C.water
  ctx.fill()
  ctx.strokeStyle = C.waterEdge
  ctx.lineWidth = 4
  ctx.stroke()
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.6)'
  ctx.lineWidth = 2
  for (let i = 0; i < 5; i++) {
    const y = cy - ry / 3 + i * (ry / 6)
    ctx.beginPath()
    ctx.moveTo(cx - rx / 3 + rng.int(-10, 10), y)
    ctx.quadraticCurveTo(cx, y - 6, cx + rx / 3, y)
    ctx.stroke()
  }
}

function building(ctx: Ctx, x: number, y: number, w: number, h: number, name: string) {
  ctx.fillStyle = 'rgba(0, 0, 0, 0.18)'
  ctx.fillRect(x + 8, y + 8, w, h)
  ctx.fillStyle = C.building
  ctx.fillRect(x, y, w, h)
  ctx.fillStyle = C.roof
  ctx.fillRect(x, y, w, 14)
  ctx.strokeStyle = '#a88a5a'
  ctx.lineWidth = 2
  ctx.strokeRect(x, y, w, h)
  ctx.fillStyle = 'rgba(120, 150, 180, 0.55)'
  for (let wx = x + 14; wx < x + w - 14; wx += 22) for (let wy = y + 26; wy < y + h - 30; wy += 22) ctx.fillRect(wx, wy, 12, 10)
  ctx.fillStyle = C.ink
  ctx.font = font(Math.min(24, Math.max(16, w / 7)), true)
  ctx.textAlign = 'center'
  ctx.textBaseline = 'alphabetic'
  ctx.fillText(name, x + w / 2, y + h - 10)
}

function canopy(ctx: Ctx, x: number, y: number, r: number, color: string) {
  ctx.fillStyle = 'rgba(0, 0, 0, 0.15)'
  ctx.beginPath()
  ctx.arc(x + r * 0.25, y + r * 0.3, r, 0, Math.PI * 2)
  ctx.fill()
  ctx.fillStyle = color
  ctx.beginPath()
  ctx.arc(x, y, r, 0, Math.PI * 2)
  ctx.fill()
  ctx.fillStyle = 'rgba(255, 255, 255, 0.18)'
  ctx.beginPath()
  ctx.arc(x - r * 0.3, y - r * 0.3, r * 0.45, 0, Math.PI * 2)
  ctx.fill()
}

function title(ctx: Ctx, text: string, sub: string) {
  ctx.font = font(40, true)
  const w = Math.max(ctx.measureText(text).width, 220) + 60
  roundRect(ctx, 24, 24, w, 104, 18)
  ctx.fillStyle = 'rgba(255, 255, 255, 0.9)'
  ctx.fill()
  ctx.fillStyle = C.ink
  ctx.textAlign = 'left'
  ctx.textBaseline = 'alphabetic'
  ctx.fillText(text, 54, 78)
  ctx.font = font(22)
  ctx.fillStyle = '#5b6b55'
  ctx.fillText(sub, 54, 112)
}

function compass(ctx: Ctx, x: number, y: number) {
  ctx.fillStyle = 'rgba(255, 255, 255, 0.85)'
  ctx.beginPath()
  ctx.arc(x, y, 38, 0, Math.PI * 2)
  ctx.fill()
  ctx.fillStyle = '#c0392b'
  ctx.beginPath()
  ctx.moveTo(x, y - 30)
  ctx.lineTo(x + 10, y)
  ctx.lineTo(x - 10, y)
  ctx.fill()
  ctx.fillStyle = '#555555'
  ctx.beginPath()
  ctx.moveTo(x, y + 30)
  ctx.lineTo(x + 10, y)
  ctx.lineTo(x - 10, y)
  ctx.fill()
  ctx.font = font(18, true)
  ctx.textAlign = 'center'
  ctx.fillStyle = C.ink
  ctx.fillText('北', x, y - 40)
}

function drawCampus(ctx: Ctx, m: PlannedMap, rng: Rng) {
  const { width: w, height: h } = m
  grass(ctx, w, h, rng)
  lake(ctx, w * 0.78, h * 0.2, w * 0.13, h * 0.1, rng)
  // ring road and the main avenue
  road(
    ctx,
    [
      [60, 190],
      [w - 60, 190],
      [w - 60, h - 190],
      [60, h - 190],
      [60, 190]
    ],
    30
  )
  road(
    ctx,
    [
      [w / 2, 40],
      [w / 2, h - 40]
    ],
    36
  )
  road(
    ctx,
    [
      [60, h / 2],
      [w - 60, h / 2]
    ],
    20
  )
  for (const z of m.zones) {
    ctx.beginPath()
    z.hot.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)))
    ctx.closePath()
    ctx.fillStyle = C.plot
    ctx.fill()
    ctx.setLineDash([14, 10])
    ctx.strokeStyle = '#2e6b28'
    ctx.lineWidth = 4
    ctx.stroke()
    ctx.setLineDash([])
    const xs = z.hot.map((p) => p[0])
    const ys = z.hot.map((p) => p[1])
    for (let i = 0; i < 18; i++) {
      canopy(
        ctx,
        rng.int(Math.min(...xs) + 30, Math.max(...xs) - 30),
        rng.int(Math.min(...ys) + 30, Math.max(...ys) - 30),
        rng.int(14, 24),
        rng.pick(['#4f8f3a', '#3f7d3a', '#5f9f46'])
      )
    }
    // no title tag here: the app draws each area's title at (x, y) from the map config (map-renderer drawAreas),
    // so a tag baked into the image showed every label twice, and off by a few pixels once zoomed
  }
  for (const b of m.buildings) building(ctx, b.x, b.y, b.w, b.h, b.name)
  title(ctx, m.title, m.subtitle)
  compass(ctx, w - 70, h - 70)
}

function drawGrove(ctx: Ctx, m: PlannedMap, seats: PlannedSeat[], rng: Rng) {
  const { width: w, height: h } = m
  grass(ctx, w, h, rng)
  // a winding path across the grove and a small pond in a corner
  ctx.strokeStyle = C.path
  ctx.lineWidth = 26
  ctx.lineCap = 'round'
  ctx.beginPath()
  ctx.moveTo(0, h * 0.62)
  ctx.bezierCurveTo(w * 0.3, h * 0.45, w * 0.6, h * 0.85, w, h * 0.6)
  ctx.stroke()
  lake(ctx, w - 110, 110, 80, 55, rng)
  // canopies under the points (the app draws the points on top), plus shrubs
  for (let i = 0; i < 30; i++) canopy(ctx, rng.int(20, w - 20), rng.int(140, h - 20), rng.int(6, 10), '#6b9f4e')
  for (const s of seats) {
    const sp = SPECIES.find((x) => x.name === s.name)
    canopy(ctx, s.x, s.y, 26, sp?.leaf ?? '#4f8f3a')
  }
  title(ctx, m.title, m.subtitle)
  compass(ctx, w - 60, h - 60)
}

function drawGarden(ctx: Ctx, m: PlannedMap, seats: PlannedSeat[], rng: Rng) {
  const { width: w, height: h } = m
  grass(ctx, w, h, rng)
  ctx.strokeStyle = C.path
  ctx.lineWidth = 34
  ctx.beginPath()
  ctx.ellipse(w / 2, h / 2 + 30, 330, 260, 0, 0, Math.PI * 2)
  ctx.stroke()
  ctx.beginPath()
  ctx.moveTo(w / 2, 130)
  ctx.lineTo(w / 2, h - 20)
  ctx.stroke()
  // the avenue stops at the shore
  lake(ctx, w / 2, h / 2 + 30, 250, 180, rng)
  for (let i = 0; i < 40; i++) {
    const a = rng.next() * Math.PI * 2
    canopy(
      ctx,
      w / 2 + Math.cos(a) * rng.int(400, 520),
      h / 2 + Math.sin(a) * rng.int(320, 420),
      rng.int(16, 28),
      rng.pick(['#4f8f3a', '#3f7d3a'])
    )
  }
  for (const s of seats) {
    ctx.fillStyle = '#8d6e63'
    ctx.fillRect(s.x - 16, s.y - 6, 32, 12)
  }
  tag(ctx, '月湖', w / 2, h / 2 + 30, 34)
  title(ctx, m.title, m.subtitle)
  compass(ctx, w - 60, h - 60)
}

function drawHall(ctx: Ctx, m: PlannedMap, seats: PlannedSeat[]) {
  const { width: w, height: h } = m
  ctx.fillStyle = '#f6efe4'
  ctx.fillRect(0, 0, w, h)
  // stage
  ctx.fillStyle = '#8e2b2b'
  roundRect(ctx, w * 0.2, 140, w * 0.6, 120, 30)
  ctx.fill()
  ctx.fillStyle = '#f7e7c6'
  ctx.font = font(54, true)
  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  ctx.fillText('舞 台', w / 2, 200)
  // aisles
  ctx.fillStyle = '#e4d7c3'
  let x = HALL.marginX
  for (const count of HALL.blocks.slice(0, -1)) {
    x += count * HALL.pitchX
    ctx.fillRect(x + 8, HALL.top - 30, HALL.aisle - 16, h - HALL.top - 60)
    x += HALL.aisle
  }
  for (const s of seats) {
    ctx.fillStyle = s.status === 1 ? '#b71c1c' : '#9e9e9e'
    roundRect(ctx, s.x - 14, s.y - 14, 28, 26, 6)
    ctx.fill()
    ctx.fillStyle = 'rgba(0, 0, 0, 0.2)'
    ctx.fillRect(s.x - 14, s.y + 8, 28, 4)
  }
  ctx.fillStyle = '#5d4037'
  ctx.font = font(22, true)
  for (let row = 1; row <= HALL.rows + 1; row++) {
    const y = HALL.top + (row - 1) * HALL.pitchY
    ctx.textAlign = 'right'
    ctx.fillText(`${row}排`, HALL.marginX - 20, y)
    ctx.textAlign = 'left'
    ctx.fillText(`${row}排`, w - HALL.marginX + 20, y)
  }
  ctx.textAlign = 'center'
  ctx.font = font(30, true)
  ctx.fillText('入口', HALL.marginX + 60, h - 60)
  ctx.fillText('入口', w - HALL.marginX - 60, h - 60)
  title(ctx, `大礼堂 · ${m.title}`, '红色：首批开放  灰色：后续开放')
}

function drawWall(ctx: Ctx, m: PlannedMap, rng: Rng) {
  const { width: w, height: h } = m
  const sky = ctx.createLinearGradient(0, 0, 0, h)
  sky.addColorStop(0, '#dfeef7')
  sky.addColorStop(1, '#f3efe6')
  ctx.fillStyle = sky
  ctx.fillRect(0, 0, w, h)
  ctx.fillStyle = '#7d7468'
  ctx.fillRect(WALL.marginX - 30, WALL.top - 50, w - 2 * WALL.marginX + 60, 50)
  ctx.fillStyle = '#6d6458'
  ctx.fillRect(WALL.marginX - 20, WALL.top - 20, w - 2 * WALL.marginX + 40, WALL.rows * WALL.brickH + 40)
  for (let r = 0; r < WALL.rows; r++) {
    const offset = r % 2 ? WALL.brickW / 2 : 0
    for (let c = 0; c < WALL.cols; c++) {
      const g = rng.int(-12, 12)
      ctx.fillStyle = `rgb(${128 + g}, ${132 + g}, ${138 + g})`
      ctx.fillRect(WALL.marginX + offset + c * WALL.brickW + 2, WALL.top + r * WALL.brickH + 2, WALL.brickW - 4, WALL.brickH - 4)
    }
  }
  ctx.fillStyle = '#5b7f3a'
  ctx.fillRect(0, h - 120, w, 120)
  title(ctx, m.title, m.subtitle)
}

/** One map's picture onto a 2d context (exported for the test that reads what it writes). */
export function paintMap(ctx: Ctx, m: PlannedMap, seats: PlannedSeat[]) {
  const rng = rngFor(m.seed)
  if (m.style === 'campus' || m.style === 'zone') drawCampus(ctx, m, rng)
  else if (m.style === 'grove') drawGrove(ctx, m, seats, rng)
  else if (m.style === 'garden') drawGarden(ctx, m, seats, rng)
  else if (m.style === 'hall') drawHall(ctx, m, seats)
  else drawWall(ctx, m, rng)
}

function drawMap(m: PlannedMap, seats: PlannedSeat[]): Buffer {
  const canvas = createCanvas(m.width, m.height)
  paintMap(canvas.getContext('2d'), m, seats)
  return canvas.toBuffer('image/jpeg', JPEG_QUALITY)
}

// ---------------------------------------------------------------- photos

function photoSky(ctx: Ctx, w: number, h: number) {
  const g = ctx.createLinearGradient(0, 0, 0, h)
  g.addColorStop(0, '#bfe0f5')
  g.addColorStop(0.7, '#eef6fb')
  g.addColorStop(0.7, '#9cc97c')
  g.addColorStop(1, '#7fb25e')
  ctx.fillStyle = g
  ctx.fillRect(0, 0, w, h)
}

function treePhoto(key: string): Buffer {
  const sp = SPECIES.find((s) => s.key === key)!
  const w = 600
  const h = 450
  const canvas = createCanvas(w, h)
  const ctx = canvas.getContext('2d')
  const rng = rngFor(`tree-${key}`)
  photoSky(ctx, w, h)
  ctx.fillStyle = '#6d4c41'
  ctx.fillRect(w / 2 - 16, h * 0.42, 32, h * 0.4)
  const tall = key === 'metasequoia'
  for (let i = 0; i < 60; i++) {
    const x = w / 2 + rng.int(-130, 130) * (tall ? 0.6 : 1)
    const y = h * 0.32 + rng.int(-110, 90) * (tall ? 1.3 : 1)
    canopy(ctx, x, y, rng.int(28, 52), sp.leaf)
  }
  if (sp.flower) {
    for (let i = 0; i < 80; i++) {
      ctx.fillStyle = sp.flower
      ctx.beginPath()
      ctx.arc(w / 2 + rng.int(-150, 150), h * 0.32 + rng.int(-120, 100), rng.int(4, 8), 0, Math.PI * 2)
      ctx.fill()
    }
  }
  ctx.fillStyle = 'rgba(255, 255, 255, 0.85)'
  roundRect(ctx, 20, h - 70, 180, 50, 12)
  ctx.fill()
  ctx.fillStyle = C.ink
  ctx.font = font(28, true)
  ctx.textAlign = 'left'
  ctx.textBaseline = 'middle'
  ctx.fillText(sp.name, 36, h - 45)
  return canvas.toBuffer('image/jpeg', JPEG_QUALITY)
}

function buildingPhoto(n: number): Buffer {
  const w = 600
  const h = 450
  const canvas = createCanvas(w, h)
  const ctx = canvas.getContext('2d')
  photoSky(ctx, w, h)
  const tones = ['#e8d5b5', '#d9c3a5', '#e6e0d4', '#cfb79a']
  const bw = 300 + n * 30
  const bh = 160 + n * 20
  const x = (w - bw) / 2
  const y = h * 0.72 - bh
  ctx.fillStyle = tones[(n - 1) % tones.length]
  ctx.fillRect(x, y, bw, bh)
  ctx.fillStyle = '#8d6e63'
  ctx.fillRect(x - 10, y - 18, bw + 20, 18)
  ctx.fillStyle = 'rgba(90, 130, 170, 0.7)'
  for (let wx = x + 18; wx < x + bw - 20; wx += 34) for (let wy = y + 20; wy < y + bh - 40; wy += 36) ctx.fillRect(wx, wy, 20, 22)
  ctx.fillStyle = '#5d4037'
  ctx.fillRect(w / 2 - 30, y + bh - 60, 60, 60)
  return canvas.toBuffer('image/jpeg', JPEG_QUALITY)
}

function simplePhoto(kind: 'bench' | 'hall-seat' | 'brick'): Buffer {
  const w = 600
  const h = 450
  const canvas = createCanvas(w, h)
  const ctx = canvas.getContext('2d')
  if (kind === 'bench') {
    photoSky(ctx, w, h)
    ctx.fillStyle = '#8d6e63'
    for (let i = 0; i < 4; i++) ctx.fillRect(140, 200 + i * 26, 320, 16)
    ctx.fillStyle = '#37474f'
    ctx.fillRect(150, 200, 14, 170)
    ctx.fillRect(436, 200, 14, 170)
    ctx.fillStyle = '#d4af37'
    ctx.fillRect(270, 212, 60, 22)
  } else if (kind === 'hall-seat') {
    ctx.fillStyle = '#f3e9dc'
    ctx.fillRect(0, 0, w, h)
    ctx.fillStyle = '#b71c1c'
    roundRect(ctx, 200, 80, 200, 220, 30)
    ctx.fill()
    roundRect(ctx, 180, 280, 240, 70, 20)
    ctx.fill()
    ctx.fillStyle = '#d4af37'
    ctx.fillRect(260, 120, 80, 26)
  } else {
    ctx.fillStyle = '#6d6458'
    ctx.fillRect(0, 0, w, h)
    for (let r = 0; r < 9; r++) {
      for (let c = -1; c < 6; c++) {
        ctx.fillStyle = r === 4 && c === 2 ? '#9aa0a8' : '#80858c'
        ctx.fillRect(c * 120 + (r % 2 ? 60 : 0) + 4, r * 52 + 4, 112, 44)
      }
    }
    ctx.fillStyle = '#3d3d3d'
    ctx.font = font(26, true)
    ctx.textAlign = 'center'
    ctx.textBaseline = 'middle'
    ctx.fillText('纪念砖', 300, 4 * 52 + 26)
  }
  return canvas.toBuffer('image/jpeg', JPEG_QUALITY)
}

function artworkImage(n: number, kind: 'ink' | 'calligraphy' | 'oil' | 'print', titleText: string): Buffer {
  const rng = rngFor(`artwork-${n}`)
  // tall and wide works alternate so the choose page's waterfall has uneven columns
  const w = 480
  const h = n % 2 ? 640 : 400
  const canvas = createCanvas(w, h)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = kind === 'oil' ? '#e9dcc4' : '#f5efe1'
  ctx.fillRect(0, 0, w, h)
  if (kind === 'ink') {
    for (let layer = 0; layer < 4; layer++) {
      ctx.fillStyle = `rgba(40, 50, 45, ${0.15 + layer * 0.15})`
      ctx.beginPath()
      ctx.moveTo(0, h)
      let x = 0
      while (x <= w) {
        ctx.lineTo(x, h * (0.35 + layer * 0.15) - rng.int(0, 120))
        x += rng.int(40, 90)
      }
      ctx.lineTo(w, h)
      ctx.fill()
    }
    ctx.fillStyle = '#b71c1c'
    ctx.fillRect(w - 70, 40, 30, 30)
  } else if (kind === 'calligraphy') {
    ctx.fillStyle = '#1a1a1a'
    const chars = [...titleText]
    const size = Math.min(w * 0.6, (h - 80) / chars.length)
    ctx.font = font(Math.floor(size), true)
    ctx.textAlign = 'center'
    ctx.textBaseline = 'middle'
    chars.forEach((ch, i) => ctx.fillText(ch, w / 2, 40 + size / 2 + i * size))
    ctx.fillStyle = '#b71c1c'
    ctx.fillRect(w - 60, h - 80, 28, 28)
  } else if (kind === 'oil') {
    const g = ctx.createLinearGradient(0, 0, 0, h)
    g.addColorStop(0, rng.pick(['#f6b26b', '#9fc5e8', '#f9cb9c']))
    g.addColorStop(0.55, rng.pick(['#e06666', '#6fa8dc', '#ffd966']))
    g.addColorStop(0.56, '#6aa84f')
    g.addColorStop(1, '#38761d')
    ctx.fillStyle = g
    ctx.fillRect(0, 0, w, h)
    for (let i = 0; i < 140; i++) {
      ctx.fillStyle = `rgba(${rng.int(60, 255)}, ${rng.int(80, 220)}, ${rng.int(40, 160)}, 0.35)`
      ctx.fillRect(rng.int(0, w), rng.int(0, h), rng.int(8, 30), rng.int(4, 10))
    }
  } else {
    ctx.fillStyle = '#1f1f1f'
    for (let i = 0; i < 12; i++) ctx.fillRect(0, (h / 12) * i, w, rng.int(2, 6))
    ctx.fillStyle = '#c0392b'
    ctx.beginPath()
    ctx.arc(w * 0.7, h * 0.3, 50, 0, Math.PI * 2)
    ctx.fill()
    ctx.fillStyle = '#1f1f1f'
    ctx.beginPath()
    ctx.moveTo(0, h)
    ctx.lineTo(w * 0.3, h * 0.55)
    ctx.lineTo(w * 0.55, h * 0.75)
    ctx.lineTo(w, h * 0.5)
    ctx.lineTo(w, h)
    ctx.fill()
  }
  ctx.strokeStyle = '#6d4c41'
  ctx.lineWidth = 16
  ctx.strokeRect(8, 8, w - 16, h - 16)
  return canvas.toBuffer('image/jpeg', JPEG_QUALITY)
}

function areaCover(kind: string): Buffer {
  const w = 600
  const h = 360
  const canvas = createCanvas(w, h)
  const ctx = canvas.getContext('2d')
  const g = ctx.createLinearGradient(0, 0, w, h)
  g.addColorStop(0, '#5d4037')
  g.addColorStop(1, '#d7ccc8')
  ctx.fillStyle = g
  ctx.fillRect(0, 0, w, h)
  ctx.fillStyle = '#ffffff'
  ctx.font = font(44, true)
  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  const word: Record<string, string> = { bench: '月湖花园', hall: '大礼堂', ink: '国画', calligraphy: '书法', oil: '油画', print: '版画' }
  ctx.fillText(word[kind] ?? kind, w / 2, h / 2)
  return canvas.toBuffer('image/jpeg', JPEG_QUALITY)
}

// ---------------------------------------------------------------- writing

interface Job {
  url: string
  key: unknown
  draw: () => Buffer
}

function jobsOf(plans: PlannedCampaign[][]): Job[] {
  const jobs = new Map<string, Job>()
  const add = (url: string, key: unknown, draw: () => Buffer) => jobs.set(url, { url, key, draw })
  for (const list of plans) {
    for (const c of list) {
      for (const m of c.maps) {
        const seats = c.areas.flatMap((a) => a.seats).filter((s) => s.mapKey === m.key)
        const shown = seats.map((s) => [s.x, s.y, s.name, s.status])
        add(m.image, { m, shown }, () => drawMap(m, seats))
      }
    }
  }
  for (const s of SPECIES) add(mapImg.tree(s.key), s, () => treePhoto(s.key))
  for (let n = 1; n <= 4; n++) add(mapImg.building(n), n, () => buildingPhoto(n))
  add(mapImg.bench, 'bench', () => simplePhoto('bench'))
  add(mapImg.hallSeat, 'hall-seat', () => simplePhoto('hall-seat'))
  add(mapImg.brick, 'brick', () => simplePhoto('brick'))
  let n = 0
  for (const a of ARTWORKS) {
    add(mapImg.areaCover(a.kind), a.kind, () => areaCover(a.kind))
    for (const [t] of a.works) {
      const k = ++n
      add(mapImg.artwork(k), [k, a.kind, t], () => artworkImage(k, a.kind, t))
    }
  }
  add(mapImg.areaCover('bench'), 'bench-cover', () => areaCover('bench'))
  add(mapImg.areaCover('hall'), 'hall-cover', () => areaCover('hall'))
  return [...jobs.values()]
}

const cacheDir = () => path.join(tmpdir(), 'uplus-naming-map-images')

/** Writes the images the plans need into ${dataDir}/files/seed/maps/ (missing ones only). Returns how many were drawn. */
export function writeNamingMapImages(dataDir: string, plans: PlannedCampaign[][]): number {
  const outDir = path.join(dataDir, 'files', 'seed', 'maps')
  mkdirSync(outDir, { recursive: true })
  mkdirSync(cacheDir(), { recursive: true })
  let drawn = 0
  for (const job of jobsOf(plans)) {
    const file = path.join(dataDir, job.url.replace(/^\/files\//, 'files/'))
    if (existsSync(file)) continue
    const hash = createHash('sha1')
      .update(`${DRAWING_VERSION}:${job.url}:${JSON.stringify(job.key)}`)
      .digest('hex')
      .slice(0, 16)
    const cached = path.join(cacheDir(), `${hash}.jpg`)
    if (!existsSync(cached)) {
      ensureCertificateFonts()
      // write then rename: two test processes drawing the same image never leave a half-written file
      const tmp = `${cached}.${process.pid}.tmp`
      writeFileSync(tmp, job.draw())
      renameSync(tmp, cached)
      drawn++
    }
    copyFileSync(cached, file)
  }
  return drawn
}
