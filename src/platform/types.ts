/**
 * The one interface every target implements (index.h5.ts, index.weapp.ts, index.alipay.ts). Pages and features
 * import `platform` from '@/platform' and never read process.env.TARO_ENV themselves (CONVENTIONS).
 */
export type Target = 'h5' | 'weapp' | 'alipay'

export interface EnvInfo {
  target: Target
  /** inside the WeChat in-app browser (H5 only) */
  inWechatBrowser: boolean
  /** running as a mini-program, or as a web-view page inside one */
  inMiniProgram: boolean
  /** docs/product §9: touch plus mobile agent, or width <= 768 px plus mobile agent; always true in mini-programs */
  isMobile: boolean
}

export interface ShareCard {
  title: string
  desc?: string
  /** route path with query, e.g. /pkg-project/detail/index?id=3 */
  path: string
  imageUrl?: string
}

/** How the app obtains a login code for GET S/app/v1/user/getAuthToken (sandbox or real OAuth). */
export interface AuthHandoff {
  /**
   * Resolves with a one-time code, or with null when the platform must leave the page first (H5 OAuth redirect:
   * the code comes back in the URL and `takeCodeFromUrl` picks it up after the reload). H5 stays on the page when
   * `getAuthUrl` answers ''.
   */
  obtainCode(getAuthUrl: (returnUrl: string) => Promise<string>): Promise<string | null>
  /** H5: a `code` query left by the OAuth redirect (removed from the visible URL); null elsewhere. */
  takeCodeFromUrl(): string | null
  /** openId passed by a mini-program to its web-view (middle-school edition); null if absent. */
  openIdFromLaunch(): string | null
}

/** Payments have their own adapter: src/platform/payment (types.ts + one file per target). */

export interface CanvasHandle {
  canvas: any
  ctx: any
  width: number
  height: number
  dpr: number
  /** the canvas's position in the window, CSS pixels (touch clientX/Y minus these = canvas coordinates; absent if unknown) */
  left?: number
  top?: number
}

/** An image the user picked (avatar editor). */
export interface PickedImage {
  /** readable by <Image>, canvas image loading and Taro.uploadFile (H5: a blob: URL) */
  path: string
  size: number
  /** MIME type when the platform knows it (H5: the File's type), else '' */
  type: string
  /** file name when known (H5), else '' */
  name: string
}

/** A canvas written to a file (avatar export). */
export interface CanvasFile {
  path: string
  /** bytes; -1 when the platform cannot tell */
  size: number
}

export interface Platform {
  env(): EnvInfo
  /** query the app was opened with (H5: the URL's; mini-programs: the launch options') */
  launchQuery(): Record<string, string>
  storage: {
    get<T>(key: string): T | undefined
    set<T>(key: string, value: T): void
    remove(key: string): void
  }
  nav: {
    /** navigate to a page path with query; errors are swallowed (docs/product §2) */
    to(url: string): void
    redirect(url: string): void
    back(delta?: number): void
    /** the current page's query parameters */
    currentQuery(): Record<string, string>
  }
  share: {
    /** set the card this page shares; mini-programs read it in onShareAppMessage, H5 hands it to the JS-SDK */
    setCard(card: ShareCard): void
    currentCard(): ShareCard | null
  }
  auth: AuthHandoff
  /**
   * H5 inside WeChat's browser only: WeChat's JS-SDK, configured with getWechatShare's signature for `signUrl()`
   * (share cards of each page, the wx-open-launch-weapp tag). Absent on the mini-programs (src/lib/wechat-sdk.ts).
   */
  wechatSdk?: {
    /** the URL WeChat checks the signature against: the landing URL on iOS, the current one elsewhere */
    signUrl(): string
    configure(sign: { appId: string; timestamp: number; nonceStr: string; signature: string }): Promise<boolean>
  }
  /** the page's canvas by selector, sized in CSS pixels (docs/product: share cards, certificates, maps) */
  getCanvas(selector: string): Promise<CanvasHandle | null>
  media: {
    /** one image from the album (and camera where the platform offers it); null when cancelled */
    chooseImage(): Promise<PickedImage | null>
    /** natural pixel size of an image (H5 reads the element; Taro's H5 getImageInfo would re-encode it as PNG) */
    imageSize(src: string): Promise<{ width: number; height: number }>
    /** an image object a 2d canvas of this platform can draw (H5: HTMLImageElement; mini: canvas.createImage()) */
    loadCanvasImage(canvas: any, src: string): Promise<any>
    /** the canvas's pixels as a JPEG file of `width` x `height` */
    canvasToJpeg(canvas: any, opts: { quality: number; width: number; height: number }): Promise<CanvasFile>
    /** the canvas's pixels as a PNG file of `width` x `height` (the signature pad, docs/product §9) */
    canvasToPng(canvas: any, opts: { width: number; height: number }): Promise<CanvasFile>
    /** downloads a document (a signed agreement PDF, an absolute URL) and opens it where the donor can keep it */
    openDocument(url: string): Promise<void>
    /** downloads a PDF from a signed API call (headers: signature and token) and opens or saves it as `fileName`;
     *  rejects with the server's message when it answered a refusal instead of the file */
    openSignedDocument(url: string, header: Record<string, string>, fileName: string): Promise<void>
    /** keeps a text file the donor asked for (their data download, decision 041): H5 downloads it; WeChat shares it
     *  as a file to a chat (where it can be saved); where neither works it is copied to the clipboard */
    saveTextFile(name: string, text: string): Promise<'saved' | 'shared' | 'copied'>
    /** a PNG the server drew (base64, e.g. the joint-donation poster) as a source <Image> shows: H5 a data: URL,
     *  the mini-programs a file in the user data folder (previewable and savable) */
    pngSource(name: string, base64: string): Promise<string>
    /** keeps that PNG: H5 downloads it (a long press on the image saves it in WeChat's browser); the mini-programs
     *  save it to the photo album. 'denied' when the album permission was refused */
    savePng(name: string, base64: string): Promise<'saved' | 'denied' | 'cancelled' | 'failed'>
  }
  /** the origin API calls go to: '' on H5 (same origin), TARO_APP_API_ORIGIN in the mini-programs */
  apiOrigin(): string
  /** resolve a server-relative file URL (/files/…) for <Image> */
  assetUrl(url: string): string
}
