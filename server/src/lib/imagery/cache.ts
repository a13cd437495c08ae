/**
 * Drawn images cached per machine by a content key. Drawing the seed's scenes takes about a second and every server
 * test seeds a fresh data folder: each image is drawn once into ${tmpdir}/<folder>/<hash>.<ext> and copied from there.
 * The hash covers DRAWING_VERSION, the URL and what the image shows, so a changed drawing is never served stale.
 */
import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/** Bump when lib/imagery/scene.ts draws differently: cached images of an older version are not reused. */
export const DRAWING_VERSION = 1

export interface ImageJob {
  /** /files/seed/... */
  url: string
  /** Everything the picture depends on besides the drawing code (kind, seed, size, colour). */
  key: unknown
  draw: () => Buffer
}

export function cacheKey(job: ImageJob): string {
  return createHash('sha1')
    .update(`${DRAWING_VERSION}:${job.url}:${JSON.stringify(job.key)}`)
    .digest('hex')
    .slice(0, 16)
}

/** Writes each job's file under dataDir (missing ones only). Returns how many were drawn (not found in the cache). */
export function writeCachedImages(dataDir: string, folder: string, jobs: ImageJob[]): number {
  const cacheDir = path.join(tmpdir(), folder)
  mkdirSync(cacheDir, { recursive: true })
  let drawn = 0
  for (const job of jobs) {
    const file = path.join(dataDir, job.url.replace(/^\/files\//, 'files/'))
    if (existsSync(file)) continue
    const cached = path.join(cacheDir, `${cacheKey(job)}${path.extname(job.url)}`)
    if (!existsSync(cached)) {
      // write then rename: two test processes drawing the same image never leave a half-written file
      const tmp = `${cached}.${process.pid}.tmp`
      writeFileSync(tmp, job.draw())
      renameSync(tmp, cached)
      drawn++
    }
    mkdirSync(path.dirname(file), { recursive: true })
    copyFileSync(cached, file)
  }
  return drawn
}
