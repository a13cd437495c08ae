/**
 * The masks' rule against the opening tap's echo (docs/decisions/046-map-taps.md): a click closes when a finger went
 * down on the mask after it opened, or once the dialog has been open GHOST_CLICK_MS; never the echo of the tap that
 * opened it.
 */
import { GHOST_CLICK_MS, maskClickCloses } from '@/lib/hooks/use-mask-dismiss'

describe('maskClickCloses', () => {
  const openedAt = 10_000
  it('ignores a click with no finger on the mask while the dialog is new (the echo of the opening tap)', () => {
    expect(maskClickCloses({ openedAt, pressedAt: null }, openedAt)).toBe(false)
    expect(maskClickCloses({ openedAt, pressedAt: null }, openedAt + 300)).toBe(false)
    expect(maskClickCloses({ openedAt, pressedAt: null }, openedAt + GHOST_CLICK_MS - 1)).toBe(false)
  })
  it('closes on a finger that went down on the mask, however soon', () => {
    expect(maskClickCloses({ openedAt, pressedAt: openedAt + 50 }, openedAt + 120)).toBe(true)
  })
  it('does not count a touch from before the dialog opened', () => {
    expect(maskClickCloses({ openedAt, pressedAt: openedAt - 80 }, openedAt + 100)).toBe(false)
  })
  it('closes on a click with no touch (mouse, keyboard, assistive technology) once the dialog has stood a moment', () => {
    expect(maskClickCloses({ openedAt, pressedAt: null }, openedAt + GHOST_CLICK_MS)).toBe(true)
    expect(maskClickCloses({ openedAt, pressedAt: null }, openedAt + 5000)).toBe(true)
  })
})
