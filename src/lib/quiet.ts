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

/** A text toast (docs/product §9 durations: 1000 ms by default, 2000 ms for errors and limits). */
export function toast(title: string, duration = 1000): void {
  if (title) quiet(() => Taro.showToast({ title, icon: 'none', duration }))
}
