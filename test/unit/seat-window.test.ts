/**
 * The drawn window of a big seat map (docs/decisions/043): what the scroll view shows is always drawn, a phone's
 * window stays within MAX_WINDOW_CELLS, and a scroll inside one step keeps the same window (no update to send).
 */
import { MAX_WINDOW_CELLS, gridWindow, listWindow, spanOf, viewHeight } from '@/features/naming/model/seat-window'

const phone = (scrollLeft: number, scrollTop: number) => ({ width: 390, height: 420, scrollLeft, scrollTop })

describe('seat map window', () => {
  test('every visible row and column is inside the window, wherever the view is scrolled', () => {
    const pitch = 34
    for (const top of [0, 17, 340, 900, 1666]) {
      for (const left of [0, 5, 612, 1700]) {
        const w = gridWindow(50, 60, pitch, phone(left, top))
        const firstRow = Math.floor(top / pitch)
        const lastRow = Math.min(49, Math.floor((top + 420) / pitch))
        const firstCol = Math.floor(left / pitch)
        const lastCol = Math.min(59, Math.floor((left + 390) / pitch))
        expect(w.rows.start).toBeLessThanOrEqual(firstRow)
        expect(w.rows.end).toBeGreaterThan(lastRow)
        expect(w.cols.start).toBeLessThanOrEqual(firstCol)
        expect(w.cols.end).toBeGreaterThan(lastCol)
        expect((w.rows.end - w.rows.start) * (w.cols.end - w.cols.start)).toBeLessThanOrEqual(MAX_WINDOW_CELLS)
      }
    }
  })

  test('zoomed out (24 px pitch) a phone window still stays within the cap', () => {
    const w = gridWindow(200, 200, 24, phone(2400, 2400))
    expect((w.rows.end - w.rows.start) * (w.cols.end - w.cols.start)).toBeLessThanOrEqual(MAX_WINDOW_CELLS)
    expect(w.rows.start).toBeLessThanOrEqual(100)
    expect(w.rows.end).toBeGreaterThan(100 + 420 / 24)
  })

  test('a small hall is drawn whole', () => {
    expect(gridWindow(6, 10, 34, phone(0, 0))).toEqual({ rows: { start: 0, end: 6 }, cols: { start: 0, end: 10 } })
    expect(listWindow(5, 73, viewHeight(5 * 73), 0)).toEqual({ start: 0, end: 5 })
  })

  test('a scroll within one step keeps the window; crossing it moves the window by the step', () => {
    const a = spanOf(1000, 10, 100, 500, 5)
    expect(spanOf(1000, 10, 100, 540, 5)).toEqual(a)
    const b = spanOf(1000, 10, 100, 550, 5)
    expect(b.start).toBe(a.start + 5)
  })

  test('the list window holds the visible rows and at most 40', () => {
    const w = listWindow(3000, 73, 420, 2999 * 73)
    expect(w.end).toBe(3000)
    expect(w.start).toBeLessThanOrEqual(2999)
    expect(w.end - w.start).toBeLessThanOrEqual(40)
    expect(viewHeight(3000 * 73)).toBe(420)
  })
})
