import { maskPress } from '@/features/campaign/hooks/use-mask-press'

describe("a dialog's mask closes only for a press that began on it (docs/decisions/053)", () => {
  it("ignores the click a finger's tap on the map sends after the dialog opened", () => {
    const close = jest.fn()
    const mask = maskPress(close)
    mask.onClick()
    expect(close).not.toHaveBeenCalled()
  })

  it('closes for a touch or a mouse press that starts on the mask, once per press', () => {
    const close = jest.fn()
    const mask = maskPress(close)
    mask.onTouchStart()
    mask.onClick()
    expect(close).toHaveBeenCalledTimes(1)
    mask.onClick()
    expect(close).toHaveBeenCalledTimes(1)
    mask.onMouseDown()
    mask.onClick()
    expect(close).toHaveBeenCalledTimes(2)
  })
})
