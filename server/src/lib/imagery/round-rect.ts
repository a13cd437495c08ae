/**
 * A rounded rectangle's path on a canvas (@napi-rs/canvas), begun and closed: the caller fills or strokes it. The
 * server's pictures share it: share posters (documents/share-poster.ts), campaign scenes (scene.ts) and the seed's
 * naming-map images.
 */
import type { SKRSContext2D } from '@napi-rs/canvas'

export function roundRectPath(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath()
  ctx.moveTo(x + r, y)
  ctx.arcTo(x + w, y, x + w, y + h, r)
  ctx.arcTo(x + w, y + h, x, y + h, r)
  ctx.arcTo(x, y + h, x, y, r)
  ctx.arcTo(x, y, x + w, y, r)
  ctx.closePath()
}
