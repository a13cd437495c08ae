/**
 * Opening the receipt file: images in the full-screen viewer; a PDF (or other document) in a new browser tab on
 * H5, or downloaded and opened with the system viewer in the mini-programs (where documents cannot be linked).
 */
import Taro from '@tarojs/taro'
import { quiet } from '@/lib/quiet'
import { platform } from '@/platform'

export function openReceiptFile(url: string, kind: 'pdf' | 'image' | 'file') {
  if (!url) return
  if (kind === 'image') {
    quiet(() => Taro.previewImage({ urls: [url], current: url }))
    return
  }
  if (platform.env().target === 'h5') {
    if (typeof window !== 'undefined') window.open(url, '_blank')
    return
  }
  quiet(() => Taro.downloadFile({ url }).then((r) => Taro.openDocument({ filePath: r.tempFilePath, showMenu: true } as any)))
}
