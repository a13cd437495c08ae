/** docs/product §5, §2 Other: the avatar editor accepts gif, jpeg, jpg, png and svg; anything else is refused with a toast. */
import { UPLOAD_LIMITS } from '@contract'

export const AVATAR_TYPES: readonly string[] = UPLOAD_LIMITS.TYPES

const MIME: Record<string, string> = {
  'image/gif': 'gif',
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpg',
  'image/pjpeg': 'jpeg',
  'image/png': 'png',
  'image/svg+xml': 'svg'
}

const extOf = (s: string): string => {
  const clean = s.split(/[?#]/)[0]
  const m = /\.([a-z0-9]+)$/i.exec(clean)
  return m ? m[1].toLowerCase() : ''
}

/**
 * The picked file's type: the MIME type when the platform gives one (H5), else the extension of its name or
 * path (mini-program temp files keep the extension). '' when nothing tells.
 */
export function imageTypeOf(file: { path?: string; name?: string; type?: string }): string {
  const mime = (file.type || '').toLowerCase()
  if (mime) return MIME[mime] || mime.replace(/^image\//, '')
  return extOf(file.name || '') || extOf(file.path || '')
}

export function isAllowedImage(file: { path?: string; name?: string; type?: string }): boolean {
  return AVATAR_TYPES.includes(imageTypeOf(file))
}
