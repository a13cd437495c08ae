/**
 * Seed images, written once into ${DATA_DIR}/files/seed/ and referenced as /files/seed/<name>.jpg: illustrated scenes
 * per kind of project (lib/imagery/scene.ts), donor portraits and school crests, all drawn locally. Sizes
 * are twice the largest box each is shown in at 390 px wide (covers 390x229, list cards 375x156, article covers
 * 359x187), so they stay sharp on a 2x screen and are cropped with object-fit: cover / aspectFill, never stretched.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { drawAvatar, drawCrest, drawScene, type SceneKind } from '../lib/imagery/scene'
import { writeCachedImages, type ImageJob } from '../lib/imagery/cache'
import { renderPng, type PngSpec } from '../lib/png'

/** The kinds of project the seed has; each is drawn as its own scene. */
export const THEMES = ['scholarship', 'campus', 'library', 'sports', 'research', 'alumni', 'seat', 'tree', 'book', 'goods'] as const
export type Theme = (typeof THEMES)[number] & SceneKind

export const img = {
  cover: (t: Theme, n = 1) => `/files/seed/cover-${t}-${n}.jpg`,
  thumb: (t: Theme) => `/files/seed/thumb-${t}.jpg`,
  progress: (n: number) => `/files/seed/progress-${n}.jpg`,
  avatar: (n: number) => `/files/seed/avatar-${n}.jpg`,
  article: (n: number) => `/files/seed/article-${n}.jpg`,
  logo: (code: string) => `/files/seed/crest-${code}.png`,
  share: (code: string) => `/files/seed/share-${code}.jpg`,
  loginBg: (code: string) => `/files/seed/login-bg-${code}.jpg`
}

const ARTICLE_KINDS: SceneKind[] = ['campus', 'scholarship', 'alumni', 'library']
const PROGRESS_KINDS: SceneKind[] = ['tree', 'library', 'sports', 'campus']
export const AVATAR_COUNT = 8

/** Every seed image: its URL, what it shows (the cache key) and how to draw it. */
export function seedImageJobs(schools: { code: string; color: string }[]): ImageJob[] {
  const jobs: ImageJob[] = []
  const scene = (url: string, kind: SceneKind, seed: string, w: number, h: number, tint?: string) =>
    jobs.push({ url, key: ['scene', kind, seed, w, h, tint], draw: () => drawScene(kind, seed, w, h, tint) })
  for (const t of THEMES) {
    scene(img.cover(t, 1), t, 'cover-1', 780, 460)
    scene(img.cover(t, 2), t, 'cover-2', 780, 460)
    scene(img.thumb(t), t, 'thumb', 750, 320)
  }
  ARTICLE_KINDS.forEach((k, i) => scene(img.article(i + 1), k, `article-${i + 1}`, 720, 400))
  PROGRESS_KINDS.forEach((k, i) => scene(img.progress(i + 1), k, `progress-${i + 1}`, 600, 400))
  for (let n = 1; n <= AVATAR_COUNT; n++) jobs.push({ url: img.avatar(n), key: ['avatar', n, 160], draw: () => drawAvatar(String(n), 160) })
  for (const s of schools) {
    jobs.push({ url: img.logo(s.code), key: ['crest', s.color, 200], draw: () => drawCrest(s.color, 200) })
    scene(img.share(s.code), 'campus', `share-${s.code}`, 500, 400, s.color)
    scene(img.loginBg(s.code), 'campus', `login-${s.code}`, 750, 1334, s.color)
  }
  return jobs
}

/** Writes missing images only: re-running the seed or restarting the server never rewrites files. Returns how many
 *  were drawn (scenes found in the per-machine cache are copied, not drawn). `extra`: other
 *  seeders' images (naming-seeder.ts), under the same /files/seed/ folder. */
export function writeSeedImages(dataDir: string, schools: { code: string; color: string }[], extra: Record<string, PngSpec> = {}): number {
  const dir = path.join(dataDir, 'files', 'seed')
  mkdirSync(dir, { recursive: true })
  let written = writeCachedImages(dataDir, 'uplus-seed-imagery', seedImageJobs(schools))
  for (const [url, spec] of Object.entries(extra)) {
    const file = path.join(dataDir, url.replace(/^\/files\//, 'files/'))
    if (existsSync(file)) continue
    writeFileSync(file, renderPng(spec))
    written++
  }
  return written
}
