/** docs/product §5/§9: the apply forms' submit is throttled to one call per 1.5 s (the first tap runs at once). */
export const APPLY_THROTTLE_MS = 1500

/** Returns a gate: `gate()` is true when the call may run now, false while within `ms` of the last run. */
export function createThrottle(ms: number, now: () => number = Date.now): () => boolean {
  let last = Number.NEGATIVE_INFINITY
  return () => {
    const t = now()
    if (t - last < ms) return false
    last = t
    return true
  }
}
