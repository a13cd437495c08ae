import { ROUTES, type RouteName } from '@/lib/routes'
import { getCanvas, joinOrigin, makeShare, nav, storage } from './common'
import { mediaH5 } from './media-h5'
import type { EnvInfo, Platform } from './types'

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

/** A page path with query (/pkg-project/detail/index?id=3) as its H5 URL path (/subject-detail?id=3, decision 002). */
export function h5Path(pagePath: string): string | null {
  const [page, query] = pagePath.split('?')
  const name = (Object.keys(ROUTES) as RouteName[]).find((n) => ROUTES[n] === page)
  return name ? `/${name}${query ? `?${query}` : ''}` : null
}

// the URL the visitor landed on (iOS WeChat signs the JS-SDK against it)
const landingUrl = typeof window !== 'undefined' ? window.location.href.split('#')[0] : ''

const shareApi = makeShare((card) => {
  // Inside WeChat the JS-SDK (once configured: wechatSdk below) takes the card; elsewhere the browser's own share
  // uses the document title.
  const wx = (window as any).wx
  if (wx && typeof wx.updateAppMessageShareData === 'function') {
    // the card's own page (a thank-you page shares its project, never its own link with the order's payToken)
    const link = window.location.origin + (h5Path(card.path) || window.location.pathname + window.location.search)
    wx.updateAppMessageShareData({ title: card.title, desc: card.desc || '', link, imgUrl: card.imageUrl || '' })
    wx.updateTimelineShareData?.({ title: card.title, link, imgUrl: card.imageUrl || '' })
  }
})

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
  share: shareApi,
  wechatSdk: {
    signUrl() {
      // iOS WeChat keeps the URL the visitor landed on for a history-routed app; Android checks the current one
      return /iPhone|iPad|iPod/i.test(navigator.userAgent) ? landingUrl : window.location.href.split('#')[0]
    },
    async configure(sign) {
      // weixin-js-sdk (WeChat's jweixin 1.6, from npm): its own chunk, fetched only inside WeChat's browser
      const mod: any = await import(/* webpackChunkName: "jweixin" */ 'weixin-js-sdk')
      const wx = mod.default || mod
      const ok = await new Promise<boolean>((resolve) => {
        wx.config({
          debug: false,
          appId: sign.appId,
          timestamp: sign.timestamp,
          nonceStr: sign.nonceStr,
          signature: sign.signature,
          jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'],
          openTagList: ['wx-open-launch-weapp']
        })
        wx.ready(() => resolve(true))
        wx.error(() => resolve(false))
      })
      if (ok) {
        // share.setCard hands each page's card to window.wx from now on; the current one at once
        ;(window as any).wx = wx
        const card = shareApi.currentCard()
        if (card) shareApi.setCard(card)
      }
      return ok
    }
  },
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
  // H5 is served by the API server itself (README "Run"): its calls and files are always same-origin, whatever
  // TARO_APP_API_ORIGIN (a mini-program setting) a shell or a test run has exported (config/api-origin.ts)
  apiOrigin: () => '',
  assetUrl: (url: string) => joinOrigin('', url)
} satisfies Platform

export default platform
