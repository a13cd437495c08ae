/**
 * Map images are loaded once per canvas and kept (a mini-program image belongs to the canvas that created it, so
 * the cache is per canvas). A failed load is forgotten so that 'retry' loads again.
 */
export type ImageLoader = (canvas: any, src: string) => Promise<any>

const caches = new WeakMap<object, Map<string, Promise<any>>>()

export function loadImageCached(canvas: object, src: string, load: ImageLoader): Promise<any> {
  let cache = caches.get(canvas)
  if (!cache) {
    cache = new Map()
    caches.set(canvas, cache)
  }
  const hit = cache.get(src)
  if (hit) return hit
  const p = load(canvas, src).catch((e) => {
    cache!.delete(src)
    throw e
  })
  cache.set(src, p)
  return p
}
