import Taro from '@tarojs/taro'
import { canvasToFileAlipay, getCanvasAlipay } from './canvas-alipay'
import { fileSize } from './media-mini'
import { miniPlatform } from './mini'
import type { Platform } from './types'

declare const my: any

// my.getAuthCode with the silent base scope; the server exchanges the code for the user id.
const base = miniPlatform('alipay', () => {
  return new Promise<string>((resolve, reject) => {
    if (typeof my !== 'undefined' && typeof my.getAuthCode === 'function') {
      my.getAuthCode({ scopes: 'auth_base', success: (r: any) => resolve(r.authCode), fail: reject })
    } else {
      Taro.login().then((r) => resolve(r.code), reject)
    }
  })
})

// Alipay's canvas: the instance from `node()` and its own export (canvas-alipay.ts, docs/decisions/043); a canvas
// without `toTempFilePath` (an older base library) keeps Taro's export
export const platform = {
  ...base,
  getCanvas: getCanvasAlipay,
  media: {
    ...base.media,
    async canvasToJpeg(canvas, { quality, width, height }) {
      if (typeof canvas?.toTempFilePath !== 'function') return base.media.canvasToJpeg(canvas, { quality, width, height })
      const { path } = await canvasToFileAlipay(canvas, { fileType: 'jpg', quality, width, height })
      return { path, size: await fileSize(path) }
    },
    async canvasToPng(canvas, { width, height }) {
      if (typeof canvas?.toTempFilePath !== 'function') return base.media.canvasToPng(canvas, { width, height })
      const { path } = await canvasToFileAlipay(canvas, { fileType: 'png', width, height })
      return { path, size: await fileSize(path) }
    }
  }
} satisfies Platform

export default platform
