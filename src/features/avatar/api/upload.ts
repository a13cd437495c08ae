/** S/api/v1/file/upload (multipart 'file') then updateUser {avatar} (docs/product §7 User centre, file upload). */
import { Api, type FileUploadAnswer } from '@contract'
import { request, uploadFile } from '@/lib/request'

export function uploadAvatarFile(filePath: string, onProgress: (percent: number) => void): Promise<FileUploadAnswer> {
  return uploadFile<FileUploadAnswer>({ path: Api.fileUpload, filePath, name: 'file', fileName: 'avatar.jpg', onProgress })
}

export function saveAvatar(fileUrl: string): Promise<unknown> {
  return request<unknown>({ path: Api.updateUser, method: 'POST', data: { avatar: fileUrl } })
}

/** The avatar shown before a new one is chosen ('' when it cannot be read). */
export async function fetchCurrentAvatar(): Promise<string> {
  try {
    const my = await request<{ avatar: string }>({ path: Api.centerMy, silent: true })
    return my?.avatar || ''
  } catch {
    return ''
  }
}
