/** Mini-program media for the avatar editor: chooseImage, canvas.createImage, canvasToTempFilePath (2d canvas). */
import Taro from '@tarojs/taro'
import type { CanvasFile, PickedImage, Platform } from './types'

export function fileSize(filePath: string): Promise<number> {
  return new Promise((resolve) => {
    try {
      const fs: any = (Taro as any).getFileSystemManager?.()
      if (!fs?.getFileInfo) return resolve(-1)
      fs.getFileInfo({ filePath, success: (r: any) => resolve(Number(r?.size) || -1), fail: () => resolve(-1) })
    } catch {
      resolve(-1)
    }
  })
}

export const mediaMini: Platform['media'] = {
  async chooseImage(): Promise<PickedImage | null> {
    try {
      const res: any = await Taro.chooseImage({ count: 1, sourceType: ['album', 'camera'], sizeType: ['original'] })
      const f = res?.tempFiles?.[0]
      const path = f?.path || res?.tempFilePaths?.[0] || res?.apFilePaths?.[0]
      if (!path) return null
      return { path, size: Number(f?.size) || -1, type: '', name: '' }
    } catch {
      return null
    }
  },
  async imageSize(src) {
    const info = await Taro.getImageInfo({ src })
    return { width: Number(info.width), height: Number(info.height) }
  },
  loadCanvasImage(canvas, src) {
    return new Promise((resolve, reject) => {
      const img = canvas.createImage()
      img.onload = () => resolve(img)
      img.onerror = () => reject(new Error('image failed to load'))
      img.src = src
    })
  },
  async canvasToJpeg(canvas, { quality, width, height }): Promise<CanvasFile> {
    const res: any = await Taro.canvasToTempFilePath({
      canvas,
      fileType: 'jpg',
      quality,
      x: 0,
      y: 0,
      width,
      height,
      destWidth: width,
      destHeight: height
    } as any)
    const path = res?.tempFilePath || res?.apFilePath
    if (!path) throw new Error('canvas export failed')
    return { path, size: await fileSize(path) }
  },
  async openDocument(url) {
    const res: any = await Taro.downloadFile({ url })
    const filePath = res?.tempFilePath || res?.apFilePath
    if (!filePath) throw new Error('download failed')
    await Taro.openDocument({ filePath, fileType: 'pdf', showMenu: true } as any)
  },
  async openSignedDocument(url, header, _fileName) {
    const res: any = await Taro.downloadFile({ url, header })
    const filePath = res?.tempFilePath || res?.apFilePath
    if (!filePath || (res.statusCode && res.statusCode !== 200)) throw new Error(`HTTP ${res?.statusCode ?? ''}`)
    // a refusal comes back as the JSON envelope saved to the file: say its message rather than open it as a PDF
    let head = ''
    try {
      head = String(Taro.getFileSystemManager().readFileSync(filePath, 'utf8'))
    } catch {
      head = '%PDF'
    }
    if (!head.startsWith('%PDF')) {
      let message = ''
      try {
        message = (JSON.parse(head) as { message?: string }).message ?? ''
      } catch {
        // not JSON either: the generic message below
      }
      throw new Error(message || 'not a PDF')
    }
    await Taro.openDocument({ filePath, fileType: 'pdf', showMenu: true } as any)
  },
  async saveTextFile(name, text) {
    const share = (Taro as any).shareFileMessage
    const dir = (Taro as any).env?.USER_DATA_PATH
    if (typeof share === 'function' && dir) {
      try {
        const filePath = `${dir}/${name}`
        Taro.getFileSystemManager().writeFileSync(filePath, text, 'utf8')
        await share({ filePath, fileName: name })
        return 'shared'
      } catch {
        // cancelled or unsupported: the clipboard below still hands the donor the data
      }
    }
    await Taro.setClipboardData({ data: text })
    return 'copied'
  },
  pngSource(name: string, base64: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const fs: any = (Taro as any).getFileSystemManager?.()
      const dir = (Taro as any).env?.USER_DATA_PATH
      if (!fs?.writeFile || !dir) return reject(new Error('no file system'))
      const filePath = `${dir}/${name.replace(/[^\w.-]/g, '_')}`
      fs.writeFile({ filePath, data: base64, encoding: 'base64', success: () => resolve(filePath), fail: (e: any) => reject(e) })
    })
  },
  async savePng(name: string, base64: string) {
    try {
      const filePath = await mediaMini.pngSource(name, base64)
      await Taro.saveImageToPhotosAlbum({ filePath })
      return 'saved' as const
    } catch (e: any) {
      const msg = String(e?.errMsg || e?.errorMessage || e?.message || '')
      if (/cancel/i.test(msg)) return 'cancelled' as const
      return /auth|deny|denied|permission/i.test(msg) ? ('denied' as const) : ('failed' as const)
    }
  },
  async canvasToPng(canvas, { width, height }): Promise<CanvasFile> {
    const res: any = await Taro.canvasToTempFilePath({
      canvas,
      fileType: 'png',
      x: 0,
      y: 0,
      width,
      height,
      destWidth: width,
      destHeight: height
    } as any)
    const path = res?.tempFilePath || res?.apFilePath
    if (!path) throw new Error('canvas export failed')
    return { path, size: await fileSize(path) }
  }
}
