/**
 * Runs a platform UI call whose failure must not break the page (titles, toasts, navigation, previews).
 * Some platform APIs return undefined instead of a promise where a target lacks them, so `.catch` alone is unsafe.
 */
import Taro from '@tarojs/taro'

export function quiet(call: () => unknown): void {
  try {
    const r = call()
    if (typeof r === 'object' && r !== null && 'catch' in r && typeof r.catch === 'function') r.catch(() => undefined)
  } catch {
    // the target lacks the API or refused the call: nothing for the visitor to do about it
  }
}

/**
 * A field of what a platform API rejected with: mini-program failures are plain objects ({ errMsg }, { resultCode },
 * { errorMessage }), not Errors. undefined when there is no such field.
 */
export function rejectionField(e: unknown, key: 'errMsg' | 'errorMessage' | 'resultCode'): unknown {
  return typeof e === 'object' && e !== null && key in e ? (e as Record<string, unknown>)[key] : undefined
}

/** The page instance a toast belongs to: Taro's $taroPath (route plus a stamp per opened page), '' when unknown. */
export function currentPageKey(): string {
  try {
    const router = Taro.getCurrentInstance()?.router
    return router?.$taroPath || router?.path || ''
  } catch {
    return ''
  }
}

let toastPage: string | null = null

/**
 * A text toast (docs/product §9 durations: 1000 ms by default, 2000 ms for errors and limits). It belongs to the page
 * that showed it: when that page hides or closes (PageShell calls dropToastOf), the toast goes too, so a stale
 * error never follows the donor onto the next page and contradicts it. `announcesNavigation` marks the toasts that
 * announce the move itself (a payment cancelled, then back to the form: docs/product §4): those cross over.
 */
export function toast(title: string, duration = 1000, opts: { announcesNavigation?: boolean } = {}): void {
  if (!title) return
  // a toast that says where the donor is being taken ("已取消支付", then back to the form) is meant to cross over
  toastPage = opts.announcesNavigation ? null : currentPageKey()
  quiet(() => Taro.showToast({ title, icon: 'none', duration }))
}

/** Hides the toast if the page `pageKey` showed it (called as that page hides or unloads). */
export function dropToastOf(pageKey: string): void {
  if (toastPage === null || toastPage !== pageKey) return
  toastPage = null
  quiet(() => Taro.hideToast())
}
