/**
 * Alipay's 2d canvas (docs/decisions/043). Alipay's `NodesRef.fields` has no `node` (Taro's types mark it unsupported
 * there), so the shared query finds no canvas; Alipay hands the Canvas instance of a `<canvas type="2d">` to
 * `select(…).node()` (base library 2.x, `component2` in project.alipay.json), and its size comes from
 * `boundingClientRect()`. The instance exists once the canvas is ready (its onReady): a query made before that answers
 * no node, so it is asked again a few times before the caller is told there is no canvas. Exports go through the
 * instance's own `toTempFilePath` (Alipay has no `canvas` option on `my.canvasToTempFilePath`).
 */
import { canvasHandle } from './common'
import type { CanvasFile, CanvasHandle } from './types'

declare const my: any

/** tries and the wait between them while the canvas is not ready yet */
export const NODE_TRIES = 10
const NODE_WAIT_MS = 50

function askNode(selector: string): Promise<CanvasHandle | null> {
  return new Promise((resolve) => {
    const q = my.createSelectorQuery()
    q.select(selector).node()
    q.select(selector).boundingClientRect()
    q.exec((res: any[]) => resolve(canvasHandle(res?.[0]?.node, null, res?.[1])))
  })
}

export async function getCanvasAlipay(selector: string): Promise<CanvasHandle | null> {
  for (let i = 0; i < NODE_TRIES; i++) {
    const handle = await askNode(selector)
    if (handle) return handle
    await new Promise((r) => setTimeout(r, NODE_WAIT_MS))
  }
  return null
}

/** Canvas.toTempFilePath (Alipay base library 2.7.15): the canvas's pixels as a file of width x height. */
export function canvasToFileAlipay(
  canvas: any,
  opts: { fileType: 'jpg' | 'png'; quality?: number; width: number; height: number }
): Promise<Omit<CanvasFile, 'size'>> {
  return new Promise((resolve, reject) => {
    canvas.toTempFilePath({
      x: 0,
      y: 0,
      width: opts.width,
      height: opts.height,
      destWidth: opts.width,
      destHeight: opts.height,
      fileType: opts.fileType,
      quality: opts.quality,
      success: (res: any) => {
        const path = res?.tempFilePath || res?.apFilePath
        if (path) resolve({ path })
        else reject(new Error('canvas export failed'))
      },
      fail: () => reject(new Error('canvas export failed'))
    })
  })
}
