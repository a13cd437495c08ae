import { getCanvas, joinOrigin, makeShare, nav, storage } from './common'
import { mediaH5 } from './media-h5'
import type { EnvInfo, Platform } from './types'

declare const API_ORIGIN: string

const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|HarmonyOS|Windows Phone/i

/** docs/product §9 mobile detection. Exported for tests. */
export function detectEnv(ua: string, hasTouch: boolean, width: number, wxEnv?: string): EnvInfo {
  const mobileAgent = MOBILE_UA.test(ua)
  return {
    target: 'h5',
    inWechatBrowser: /MicroMessenger/i.test(ua),
    inMiniProgram: wxEnv === 'miniprogram' || /miniProgram/i.test(ua),
    isMobile: (hasTouch && mobileAgent) || (width <= 768 && mobileAgent)
  }
}

function readQuery(): URLSearchParams {
  return new URLSearchParams(window.location.search)
}

/** Remove one parameter from the visible URL without a reload (the OAuth code must not be shared or reused). */
function dropQueryParam(name: string) {
  const url = new URL(window.location.href)
  if (!url.searchParams.has(name)) return
  url.searchParams.delete(name)
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash)
}

export const platform = {
  env: () =>
    detectEnv(
      navigator.userAgent,
      'ontouchstart' in window || navigator.maxTouchPoints > 0,
      window.innerWidth,
      (window as any).__wxjs_environment
    ),
  launchQuery: () => {
    const out: Record<string, string> = {}
    readQuery().forEach((v, k) => {
      out[k] = v
    })
    return out
  },
  storage,
  nav,
  share: makeShare((card) => {
    // Inside WeChat the JS-SDK (when the page has loaded it) takes the card; elsewhere the browser's own share
    // uses the document title.
    const wx = (window as any).wx
    if (wx && typeof wx.updateAppMessageShareData === 'function') {
      const link = window.location.origin + window.location.pathname + window.location.search
      wx.updateAppMessageShareData({ title: card.title, desc: card.desc || '', link, imgUrl: card.imageUrl || '' })
      wx.updateTimelineShareData?.({ title: card.title, link, imgUrl: card.imageUrl || '' })
    }
  }),
  auth: {
    async obtainCode(getAuthUrl) {
      // WeChat web OAuth shape: ask the server for the authorisation URL of this page, then leave; the code
      // returns as ?code=… and takeCodeFromUrl() hands it over after the reload.
      const url = await getAuthUrl(window.location.href)
      // '' means the app decided to stay (plain browser: the login page takes over, src/lib/bootstrap.ts)
      if (url) window.location.replace(url)
      return null
    },
    takeCodeFromUrl() {
      const code = readQuery().get('code')
      if (code) dropQueryParam('code')
      return code
    },
    openIdFromLaunch() {
      return readQuery().get('openId')
    }
  },
  getCanvas,
  media: mediaH5,
  apiOrigin: () => API_ORIGIN || '',
  assetUrl: (url: string) => joinOrigin(API_ORIGIN || '', url)
} satisfies Platform

export default platform
