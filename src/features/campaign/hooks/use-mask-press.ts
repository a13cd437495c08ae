/**
 * A dimmed mask that closes its dialog only for a press that began on the mask. On phones the map opens a point's
 * dialog on touchend; the browser then sends the same finger's compatibility click, which landed on the new mask
 * and closed the dialog at once (docs/decisions/053-taps-that-survive.md). A touch or mouse press that starts on the
 * mask and then clicks it still closes. Mini-programs send tap only for a touch that started on the element, so
 * there this changes nothing.
 */
import { useRef } from 'react'

export interface MaskPress {
  onTouchStart(): void
  onMouseDown(): void
  onClick(): void
}

export function maskPress(close: () => void): MaskPress {
  let pressed = false
  return {
    onTouchStart: () => {
      pressed = true
    },
    onMouseDown: () => {
      pressed = true
    },
    onClick: () => {
      if (pressed) close()
      pressed = false
    }
  }
}

/** maskPress for a component: one press record per mounted mask, the latest close. */
export function useMaskPress(close: () => void): MaskPress {
  const closeRef = useRef(close)
  closeRef.current = close
  const press = useRef<MaskPress | null>(null)
  if (!press.current) press.current = maskPress(() => closeRef.current())
  return press.current
}
