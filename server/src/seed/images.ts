/**
 * Seed images, written once into ${DATA_DIR}/files/seed/ and referenced as /files/seed/<name>.png.
 * Themes: one palette per kind of project; logos and share images per school colour.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { hex, renderPng, type PngSpec } from '../lib/png'

export const THEMES = {
  scholarship: ['#c8102e', '#f6b352'],
  campus: ['#2e7d32', '#a5d6a7'],
  library: ['#5d4037', '#d7ccc8'],
  sports: ['#1565c0', '#81d4fa'],
  research: ['#4527a0', '#b39ddb'],
  alumni: ['#ad1457', '#f48fb1'],
  seat: ['#6d4c41', '#ffcc80'],
  tree: ['#1b5e20', '#c5e1a5'],
  book: ['#37474f', '#b0bec5'],
  goods: ['#00838f', '#80deea']
} as const
export type Theme = keyof typeof THEMES

export const img = {
  cover: (t: Theme, n = 1) => `/files/seed/cover-${t}-${n}.png`,
  thumb: (t: Theme) => `/files/seed/thumb-${t}.png`,
  progress: (n: number) => `/files/seed/progress-${n}.png`,
  avatar: (n: number) => `/files/seed/avatar-${n}.png`,
  article: (n: number) => `/files/seed/article-${n}.png`,
  logo: (code: string) => `/files/seed/logo-${code}.png`,
  share: (code: string) => `/files/seed/share-${code}.png`,
  loginBg: (code: string) => `/files/seed/login-bg-${code}.png`
}

function specs(schools: { code: string; color: string }[]): Record<string, PngSpec> {
  const out: Record<string, PngSpec> = {}
  for (const [t, [a, b]] of Object.entries(THEMES) as [Theme, readonly [string, string]][]) {
    for (const n of [1, 2]) {
      out[img.cover(t, n)] = {
        width: 750,
        height: 420,
        from: hex(n === 1 ? a : b),
        to: hex(n === 1 ? b : a),
        circles: [
          { x: 560, y: 120, r: 90, color: [255, 255, 255] },
          { x: 160, y: 330, r: 50, color: hex(a) }
        ],
        stripes: { every: 40, color: [255, 255, 255] }
      }
    }
    out[img.thumb(t)] = { width: 300, height: 200, from: hex(a), to: hex(b), circles: [{ x: 220, y: 70, r: 40, color: [255, 255, 255] }] }
  }
  const misc: [string, string][] = [
    ['#ff7043', '#ffe0b2'],
    ['#26a69a', '#b2dfdb'],
    ['#7e57c2', '#d1c4e9'],
    ['#5c6bc0', '#c5cae9']
  ]
  misc.forEach(([a, b], i) => {
    out[img.progress(i + 1)] = { width: 600, height: 400, from: hex(a), to: hex(b), stripes: { every: 30, color: [0, 0, 0] } }
    out[img.avatar(i + 1)] = {
      width: 120,
      height: 120,
      from: hex(b),
      to: hex(a),
      circles: [{ x: 60, y: 48, r: 24, color: [255, 255, 255] }]
    }
    out[img.article(i + 1)] = {
      width: 480,
      height: 320,
      from: hex(a),
      to: hex(b),
      circles: [{ x: 360, y: 90, r: 60, color: [255, 255, 255] }]
    }
  })
  for (const s of schools) {
    out[img.logo(s.code)] = {
      width: 200,
      height: 200,
      from: hex(s.color),
      to: [255, 255, 255],
      circles: [{ x: 100, y: 100, r: 70, color: hex(s.color) }]
    }
    out[img.share(s.code)] = { width: 500, height: 400, from: hex(s.color), to: [255, 240, 220] }
    out[img.loginBg(s.code)] = {
      width: 375,
      height: 667,
      from: [255, 255, 255],
      to: hex(s.color),
      stripes: { every: 60, color: [255, 255, 255] }
    }
  }
  return out
}

/** Writes missing images only: re-running the seed or restarting the server never rewrites files. `extra`: other
 *  seeders' images (naming-seeder.ts), under the same /files/seed/ folder. */
export function writeSeedImages(dataDir: string, schools: { code: string; color: string }[], extra: Record<string, PngSpec> = {}): number {
  const dir = path.join(dataDir, 'files', 'seed')
  mkdirSync(dir, { recursive: true })
  let written = 0
  for (const [url, spec] of Object.entries({ ...specs(schools), ...extra })) {
    const file = path.join(dataDir, url.replace(/^\/files\//, 'files/'))
    if (existsSync(file)) continue
    writeFileSync(file, renderPng(spec))
    written++
  }
  return written
}
