/** H5 media for the avatar editor: Taro's <input type=file> picker, HTMLImageElement, canvas.toBlob. */
import Taro from '@tarojs/taro'
import type { CanvasFile, PickedImage, Platform } from './types'

export const mediaH5: Platform['media'] = {
  async chooseImage(): Promise<PickedImage | null> {
    try {
      // album only: on phones the browser's own file dialog already offers the camera, and Taro's extra
      // "拍摄 / 从相册选择" sheet would be in Chinese whatever the language
      const res: any = await Taro.chooseImage({ count: 1, sourceType: ['album'], sizeType: ['original'] })
      const f = res?.tempFiles?.[0]
      if (!f?.path) return null
      const file: File | undefined = f.originalFileObj
      return { path: f.path, size: f.size ?? file?.size ?? -1, type: file?.type || '', name: file?.name || '' }
    } catch {
      return null
    }
  },
  imageSize(src) {
    return new Promise((resolve, reject) => {
      const img = new Image()
      img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight })
      img.onerror = () => reject(new Error('image failed to load'))
      img.src = src
    })
  },
  loadCanvasImage(_canvas, src) {
    return new Promise((resolve, reject) => {
      const img = new Image()
      img.onload = () => resolve(img)
      img.onerror = () => reject(new Error('image failed to load'))
      img.src = src
    })
  },
  canvasToJpeg(canvas: HTMLCanvasElement, { quality }): Promise<CanvasFile> {
    return new Promise((resolve, reject) => {
      canvas.toBlob(
        (blob) => {
          if (!blob) return reject(new Error('canvas export failed'))
          // Taro.uploadFile on H5 reads the file back from this URL
          resolve({ path: URL.createObjectURL(blob), size: blob.size })
        },
        'image/jpeg',
        quality
      )
    })
  },
  async openDocument(url: string) {
    // /files/ answers PDFs as attachments: following the link saves the file and keeps the page
    const a = document.createElement('a')
    a.href = url
    a.download = ''
    a.rel = 'noopener'
    document.body.appendChild(a)
    a.click()
    a.remove()
  },
  async openSignedDocument(url, header, fileName) {
    const res = await fetch(url, { headers: header, credentials: 'omit' })
    if (!/application\/pdf/.test(res.headers.get('content-type') ?? '')) {
      const body = (await res.json().catch(() => null)) as { message?: string } | null
      throw new Error(body?.message || `HTTP ${res.status}`)
    }
    const href = URL.createObjectURL(await res.blob())
    const a = document.createElement('a')
    a.href = href
    a.download = fileName
    a.rel = 'noopener'
    document.body.appendChild(a)
    a.click()
    a.remove()
    setTimeout(() => URL.revokeObjectURL(href), 10_000)
  },
  async saveTextFile(name: string, text: string) {
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json;charset=utf-8' }))
    const a = document.createElement('a')
    a.href = url
    a.download = name
    a.rel = 'noopener'
    document.body.appendChild(a)
    a.click()
    a.remove()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
    return 'saved' as const
  },
  async pngSource(_name: string, base64: string) {
    return `data:image/png;base64,${base64}`
  },
  async savePng(name: string, base64: string) {
    try {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      const url = URL.createObjectURL(new Blob([bytes], { type: 'image/png' }))
      const a = document.createElement('a')
      a.href = url
      a.download = name
      a.rel = 'noopener'
      document.body.appendChild(a)
      a.click()
      a.remove()
      setTimeout(() => URL.revokeObjectURL(url), 10_000)
      return 'saved' as const
    } catch {
      return 'failed' as const
    }
  },
  canvasToPng(canvas: HTMLCanvasElement): Promise<CanvasFile> {
    return new Promise((resolve, reject) => {
      canvas.toBlob((blob) => {
        if (!blob) return reject(new Error('canvas export failed'))
        resolve({ path: URL.createObjectURL(blob), size: blob.size })
      }, 'image/png')
    })
  }
}
