/** Generated demo imagery: deterministic bytes, real JPEG/PNG of the asked size, kinds that differ. */
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, it } from 'node:test'
import { createHash } from 'node:crypto'
import { loadImage } from '@napi-rs/canvas'
import { drawAvatar, drawCrest, drawScene, SCENE_KINDS } from '../src/lib/imagery/scene'
import { cacheKey } from '../src/lib/imagery/cache'
import { img, seedImageJobs, writeSeedImages } from '../src/seed/images'

const sha = (b: Buffer) => createHash('sha1').update(b).digest('hex')

describe('imagery', () => {
  it('draws the same JPEG bytes for the same kind, seed and size, at that size', async () => {
    const a = drawScene('library', 'x', 390, 230)
    const b = drawScene('library', 'x', 390, 230)
    assert.equal(sha(a), sha(b))
    assert.deepEqual([...a.subarray(0, 3)], [0xff, 0xd8, 0xff])
    const im = await loadImage(a)
    assert.deepEqual([im.width, im.height], [390, 230])
  })
  it('draws every kind differently, and a different seed differently', async () => {
    const hashes = SCENE_KINDS.map((k) => sha(drawScene(k, 's', 200, 120)))
    assert.equal(new Set(hashes).size, SCENE_KINDS.length)
    assert.notEqual(sha(drawScene('campus', 'a', 200, 120)), sha(drawScene('campus', 'b', 200, 120)))
    // not flat: the picture has many distinct colours (the old placeholders were two-colour gradients)
    const { createCanvas } = await import('@napi-rs/canvas')
    const c = createCanvas(200, 120)
    const ctx = c.getContext('2d')
    ctx.drawImage(await loadImage(drawScene('seat', 's', 200, 120)), 0, 0)
    const px = ctx.getImageData(0, 0, 200, 120).data
    const colours = new Set<number>()
    for (let i = 0; i < px.length; i += 4) colours.add((px[i] >> 4) * 256 + (px[i + 1] >> 4) * 16 + (px[i + 2] >> 4))
    assert.ok(colours.size > 60, `${colours.size} colours`)
  })
  it('draws avatars per seed and crests as PNG', async () => {
    assert.notEqual(sha(drawAvatar('1', 80)), sha(drawAvatar('2', 80)))
    const crest = drawCrest('#1565c0', 100)
    assert.equal(crest.subarray(1, 4).toString('ascii'), 'PNG')
    assert.equal((await loadImage(crest)).width, 100)
  })
  it('writes every seed image once, keyed by content, with covers at 2x their box', async () => {
    const jobs = seedImageJobs([{ code: 'demo', color: '#c8102e' }])
    assert.equal(new Set(jobs.map(cacheKey)).size, jobs.length)
    const dir = mkdtempSync(path.join(tmpdir(), 'imagery-'))
    try {
      writeSeedImages(dir, [{ code: 'demo', color: '#c8102e' }])
      // second run into the same folder: nothing drawn, nothing rewritten
      assert.equal(writeSeedImages(dir, [{ code: 'demo', color: '#c8102e' }]), 0)
      const cover = await loadImage(readFileSync(path.join(dir, img.cover('tree', 1).replace(/^\//, ''))))
      assert.deepEqual([cover.width, cover.height], [780, 460])
      const thumb = await loadImage(readFileSync(path.join(dir, img.thumb('sports').replace(/^\//, ''))))
      assert.deepEqual([thumb.width, thumb.height], [750, 320])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
