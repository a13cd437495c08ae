/**
 * Runs a platform UI call whose failure must not break the page (titles, toasts, navigation, previews).
 * Some platform APIs return undefined instead of a promise where a target lacks them, so `.catch` alone is unsafe.
 */
import Taro from '@tarojs/taro'

export function quiet(call: () => unknown): void {
  try {
    const r: any = call()
    if (r && typeof r.catch === 'function') r.catch(() => undefined)
  } catch {
    // the target lacks the API or refused the call: nothing for the visitor to do about it
  }
}

/** A text toast (SPEC §9 durations: 1000 ms by default, 2000 ms for errors and limits). */
export function toast(title: string, duration = 1000): void {
  if (title) quiet(() => Taro.showToast({ title, icon: 'none', duration }))
}
