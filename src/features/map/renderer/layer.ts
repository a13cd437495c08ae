/**
 * Where the map's layer comes from (renderer/map-renderer.ts renders the scene into it once per scale and pans by
 * drawing it shifted). Chosen per runtime, and only where drawing a layer onto the map canvas is known to work:
 * - H5: a second, detached <canvas> element. It exists in every browser (OffscreenCanvas does not on iOS before
 *   16.4), and it is only used when the map's context is the browser's own CanvasRenderingContext2D.
 * - Mini-programs: the runtime's `createOffscreenCanvas({ type: '2d' })` (WeChat base library 2.16.1 on; Alipay's
 *   support for a 2d offscreen canvas is not documented). A one-pixel probe checks that the map canvas really draws
 *   it; if it does not (or the runtime has none) the renderer keeps drawing every frame directly, as before.
 * Images of a layered map are created by the layer's canvas (WeChat: "use the canvas's own createImage").
 */
import type { LayerFactory, LayerSurface } from './map-renderer'

export type OffscreenCreator = (o: { type: '2d'; width: number; height: number }) => any

/** H5: a detached canvas, if the map's context is a real browser 2d context (not jsdom's or a test's recorder). */
export function domLayerFactory(mainCtx: any): LayerFactory | undefined {
  const g: any = globalThis as any
  if (typeof g.CanvasRenderingContext2D !== 'function' || !(mainCtx instanceof g.CanvasRenderingContext2D)) return undefined
  if (typeof g.document?.createElement !== 'function') return undefined
  return (width, height) => {
    const canvas = g.document.createElement('canvas')
    canvas.width = width
    canvas.height = height
    // opaque: the layer is painted edge to edge, and an opaque source is a plain copy for the compositor
    const ctx = canvas.getContext('2d', { alpha: false })
    return ctx ? { canvas, ctx } : null
  }
}

/** Mini-programs: the runtime's offscreen 2d canvas, if the probe shows the map canvas can draw it. */
export function offscreenLayerFactory(create: OffscreenCreator | undefined, mainCtx: any): LayerFactory | undefined {
  if (typeof create !== 'function' || !mainCtx) return undefined
  return (width, height) => {
    try {
      const canvas = create({ type: '2d', width, height })
      const ctx = canvas?.getContext?.('2d')
      if (!ctx) return null
      const layer: LayerSurface = { canvas, ctx }
      return probe(layer, mainCtx) ? layer : null
    } catch {
      return null
    }
  }
}

/** Draws one red layer pixel onto the map canvas's corner and reads it back (before the map's first frame). */
function probe(layer: LayerSurface, mainCtx: any): boolean {
  if (typeof mainCtx.getImageData !== 'function') return false
  layer.ctx.fillStyle = 'rgb(255, 0, 0)'
  layer.ctx.fillRect(0, 0, 1, 1)
  mainCtx.setTransform(1, 0, 0, 1, 0, 0)
  mainCtx.clearRect(0, 0, 1, 1)
  mainCtx.drawImage(layer.canvas, 0, 0, 1, 1, 0, 0, 1, 1)
  const d = mainCtx.getImageData(0, 0, 1, 1)?.data
  mainCtx.clearRect(0, 0, 1, 1)
  return !!d && d[0] > 200 && d[1] < 60 && d[2] < 60
}
