/** Pieces that are the same on every target because Taro already unifies them. */
import Taro from '@tarojs/taro'
import { quiet } from '@/lib/quiet'
import { isTabPath } from '@/lib/routes'
import type { CanvasHandle, Platform, ShareCard } from './types'

export const storage: Platform['storage'] = {
  get<T>(key: string): T | undefined {
    try {
      const v = Taro.getStorageSync(key)
      return v === '' || v === null || v === undefined ? undefined : (v as T)
    } catch {
      return undefined
    }
  },
  set<T>(key: string, value: T) {
    try {
      Taro.setStorageSync(key, value)
    } catch {
      // storage full or unavailable (private mode): the app keeps working without persistence
    }
  },
  remove(key: string) {
    try {
      Taro.removeStorageSync(key)
    } catch {
      /* see set() */
    }
  }
}

function switchTab(url: string) {
  quiet(() => Taro.switchTab({ url: url.split('?')[0] }))
}

// docs/product §2: navigation errors are swallowed (e.g. navigating to the page already shown, or a full page stack).
// A tab page (src/lib/routes.ts TAB_ROUTES) opens only with switchTab, which takes no query.
export const nav: Platform['nav'] = {
  to(url) {
    if (isTabPath(url)) return switchTab(url)
    quiet(() => Taro.navigateTo({ url }).catch(() => quiet(() => Taro.redirectTo({ url }))))
  },
  redirect(url) {
    if (isTabPath(url)) return switchTab(url)
    quiet(() => Taro.redirectTo({ url }))
  },
  back(delta = 1) {
    quiet(() => Taro.navigateBack({ delta }))
  },
  currentQuery() {
    const params = Taro.getCurrentInstance()?.router?.params || {}
    const out: Record<string, string> = {}
    Object.keys(params).forEach((k) => {
      if (k === '$taroTimestamp' || k === 'stamp') return
      out[k] = decodeURIComponent(String(params[k]))
    })
    return out
  }
}

let card: ShareCard | null = null
export function makeShare(onSet?: (c: ShareCard) => void): Platform['share'] {
  return {
    setCard(c) {
      card = c
      onSet?.(c)
    },
    currentCard: () => card
  }
}

/**
 * Canvas by selector. On H5 `fields({node, size})` returns no size (RECIPES), so a boundingClientRect query
 * supplies it on every target. Alipay has no `node` in `fields` and asks `node()` instead (canvas-alipay.ts).
 */
export function getCanvas(selector: string): Promise<CanvasHandle | null> {
  return new Promise((resolve) => {
    Taro.createSelectorQuery()
      .select(selector)
      .fields({ node: true, size: true })
      .select(selector)
      .boundingClientRect()
      .exec((res: any[]) => resolve(canvasHandle(res?.[0]?.node, res?.[0], res?.[1])))
  })
}

/** A 2d canvas node sized for the device's pixel ratio, with its CSS size and place (null without a node). */
export function canvasHandle(node: any, fields: any, rect: any): CanvasHandle | null {
  if (!node) return null
  const width = fields?.width ?? rect?.width ?? 0
  const height = fields?.height ?? rect?.height ?? 0
  const dpr = Taro.getSystemInfoSync().pixelRatio || 1
  node.width = width * dpr
  node.height = height * dpr
  const ctx = node.getContext('2d')
  ctx.scale(dpr, dpr)
  const left = Number(rect?.left) || 0
  const top = Number(rect?.top) || 0
  return { canvas: node, ctx, width, height, dpr, left, top }
}

export function joinOrigin(origin: string, url: string): string {
  if (!url) return ''
  if (/^(https?:|data:|blob:|wxfile:|ttfile:)/.test(url)) return url
  return origin.replace(/\/$/, '') + (url.startsWith('/') ? url : `/${url}`)
}
