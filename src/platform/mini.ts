/** The part of the mini-program adapters that WeChat and Alipay share through Taro's unified APIs. */
import Taro from '@tarojs/taro'
import { getCanvas, joinOrigin, makeShare, nav, storage } from './common'
import { mediaMini } from './media-mini'
import type { Platform, Target } from './types'

declare const API_ORIGIN: string

export function miniPlatform(target: Target, login: () => Promise<string>): Platform {
  return {
    env: () => ({ target, inWechatBrowser: false, inMiniProgram: true, isMobile: true }),
    launchQuery: () => {
      const q = Taro.getLaunchOptionsSync?.()?.query || {}
      const out: Record<string, string> = {}
      Object.keys(q).forEach((k) => {
        out[k] = String(q[k])
      })
      return out
    },
    storage,
    nav,
    // The page's onShareAppMessage (useShareAppMessage) reads currentCard().
    share: makeShare(),
    auth: {
      obtainCode: () => login(),
      takeCodeFromUrl: () => null,
      openIdFromLaunch: () => {
        const q = Taro.getLaunchOptionsSync?.()?.query || {}
        return (q.openId as string) || null
      }
    },
    getCanvas,
    media: mediaMini,
    apiOrigin: () => API_ORIGIN,
    assetUrl: (url: string) => joinOrigin(API_ORIGIN, url)
  }
}
