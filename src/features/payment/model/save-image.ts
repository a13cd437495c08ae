/** Save a remote image to the photo album (mini-programs): download, then saveImageToPhotosAlbum. */
import Taro from '@tarojs/taro'
import { rejectionField } from '@/lib/quiet'

/** 'denied': the album permission was refused (the donor can turn it on in the settings); 'cancelled': closed */
export type SaveResult = 'saved' | 'denied' | 'cancelled' | 'failed'

export async function saveRemoteImage(url: string): Promise<SaveResult> {
  try {
    const file = await Taro.downloadFile({ url })
    if (file.statusCode && file.statusCode !== 200) return 'failed'
    await Taro.saveImageToPhotosAlbum({ filePath: file.tempFilePath })
    return 'saved'
  } catch (e: unknown) {
    const msg = String(rejectionField(e, 'errMsg') || rejectionField(e, 'errorMessage') || '')
    if (/cancel/i.test(msg)) return 'cancelled'
    return /auth|deny|denied|permission/i.test(msg) ? 'denied' : 'failed'
  }
}
