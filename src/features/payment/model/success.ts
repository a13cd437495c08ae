/** The thank-you page's view of SuccessData (docs/product §3 Success data): images resolved, texts trimmed. */
import type { SuccessData } from '@contract'

export interface SuccessView {
  name: string
  avatar: string
  projectId: number
  projectName: string
  projectIntro: string
  projectThumb: string
  successWord: string
  /** absolute URL of the e-certificate, '' until the server has rendered it */
  certificate: string
  /** false when this gift gets no e-certificate (below the minimum, or certificates off): nothing to wait for */
  certificateExpected: boolean
}

export function toSuccessView(d: SuccessData, assetUrl: (u: string) => string): SuccessView {
  return {
    name: (d.name || '').trim(),
    avatar: d.avatar ? assetUrl(d.avatar) : '',
    projectId: d.itemsId,
    projectName: d.itemsName || '',
    projectIntro: (d.itemsIntro || '').trim(),
    projectThumb: d.itemsThumbnailImg ? assetUrl(d.itemsThumbnailImg) : '',
    successWord: (d.successWord || '').trim(),
    certificate: d.certificateImg ? assetUrl(d.certificateImg) : '',
    // an older server without the flag: keep waiting as before
    certificateExpected: d.certificateExpected !== 0
  }
}

/** docs/product §2: until certificateImg appears, poll every 2 s for about 30 s. */
export const CERTIFICATE_POLL_MS = 2000
export const CERTIFICATE_POLL_TRIES = 15
