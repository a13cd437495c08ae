/**
 * A dimmed mask that closes its dialog or sheet on a tap, without closing it on the tap that opened it.
 *
 * A finger's tap on the map opens a dialog on touchend; the browser then sends the same tap once more as a click, at
 * the same spot, 0-300 ms later, and that click lands on the new dialog's mask (docs/decisions/046-map-taps.md). The
 * map's touchend cancels that click where it can (use-map-canvas.ts); this is the second line, for every runtime: a
 * click on the mask closes only when a finger's touchstart began on the mask itself, or otherwise (a mouse, assistive
 * technology, a keyboard) once the dialog has been open GHOST_CLICK_MS. A mousedown is no proof: browsers send the
 * echo as mousedown, mouseup and click together.
 */
import { useCallback, useRef } from 'react'

/** Longer than the slowest follow-up click seen (about 300 ms on phones that wait for a double tap). */
export const GHOST_CLICK_MS = 400

export interface MaskState {
  /** when the dialog opened (ms) */
  openedAt: number
  /** when a finger touched the mask, after the dialog opened; null: none since the last click */
  pressedAt: number | null
}

/** Pure: whether a click on the mask at `now` is the donor's own tap (close) or the opening tap's echo (ignore). */
export function maskClickCloses(s: MaskState, now: number): boolean {
  if (s.pressedAt !== null && s.pressedAt >= s.openedAt) return true
  return now - s.openedAt >= GHOST_CLICK_MS
}

/** Props for the mask View of a dialog that is open while `open` is true. */
export function useMaskDismiss(open: boolean, onDismiss: () => void) {
  const state = useRef<MaskState>({ openedAt: 0, pressedAt: null })
  const wasOpen = useRef(false)
  if (open && !wasOpen.current) state.current = { openedAt: Date.now(), pressedAt: null }
  wasOpen.current = open
  const press = useCallback(() => {
    state.current = { ...state.current, pressedAt: Date.now() }
  }, [])
  const onClick = useCallback(() => {
    const closes = maskClickCloses(state.current, Date.now())
    state.current = { ...state.current, pressedAt: null }
    if (closes) onDismiss()
  }, [onDismiss])
  return { onTouchStart: press, onClick }
}
