/**
 * The part of a big seat map that is drawn (docs/product §4 seat cells; docs/decisions/043): a mini-program page
 * sends its whole tree in one `setData`, and WeChat asks for under 256 KB per call, so a hall of thousands of seats is
 * drawn as a window of at most MAX_WINDOW_CELLS cells around what the scroll view shows. Pure: the components only
 * ask which rows and columns to draw.
 */

/** cells drawn at once: about 150 bytes of setData each, so a window stays far below 256 KB */
export const MAX_WINDOW_CELLS = 600
/** the seat cell's margin, set inline in real pixels (seat-grid.tsx): a cell takes px + 2 * CELL_MARGIN */
export const CELL_MARGIN = 2
/** height of the seat map's scroll view at most (px); a small hall is as tall as its rows */
export const MAP_VIEW_MAX_PX = 420
/** one list-area row, set inline in real pixels (seat-list-area.tsx; a tap target of at least 44 px) */
export const LIST_ROW_PX = 48
/** list rows drawn at once at most */
export const MAX_WINDOW_ROWS = 40

export interface Span {
  /** first index drawn */
  start: number
  /** one past the last index drawn */
  end: number
}

/**
 * One axis of the window: what `view` px from `offset` show, plus `step` items either side. The start moves in whole
 * steps, so scrolling inside a step changes nothing and the page sends no update.
 */
export function spanOf(count: number, pitch: number, view: number, offset: number, step: number): Span {
  if (count <= 0 || pitch <= 0) return { start: 0, end: 0 }
  const visible = Math.ceil(view / pitch) + 1
  const first = Math.max(0, Math.floor(offset / pitch))
  const s = Math.max(1, step)
  const start = Math.max(0, Math.floor(first / s) * s - s)
  return { start: Math.min(start, Math.max(0, count - 1)), end: Math.min(count, start + visible + 2 * s) }
}

/** The largest step (>= 1) for which a window of (rows + 2 step) x (cols + 2 step) cells stays within `max`. */
export function stepFor(visibleRows: number, visibleCols: number, max: number): number {
  let s = 1
  while ((visibleRows + 2 * (s + 1)) * (visibleCols + 2 * (s + 1)) <= max) s++
  return s
}

export interface GridWindow {
  rows: Span
  cols: Span
}

export interface Viewport {
  width: number
  height: number
  scrollLeft: number
  scrollTop: number
}

/** The rows and columns of a rowsN x colsN grid drawn for a viewport, at most MAX_WINDOW_CELLS cells on a phone. */
export function gridWindow(rowsN: number, colsN: number, pitch: number, vp: Viewport, max = MAX_WINDOW_CELLS): GridWindow {
  const vr = Math.ceil(vp.height / pitch) + 1
  const vc = Math.ceil(vp.width / pitch) + 1
  // a viewport wider than a phone (H5 on a desktop) gets the smallest margin; it has no setData to keep small
  const step = vr * vc >= max ? 1 : stepFor(vr, vc, max)
  return { rows: spanOf(rowsN, pitch, vp.height, vp.scrollTop, step), cols: spanOf(colsN, pitch, vp.width, vp.scrollLeft, step) }
}

/** The rows of a list area drawn for a scroll offset: the visible ones and a screenful either side, at most `max`. */
export function listWindow(count: number, rowPx: number, viewPx: number, scrollTop: number, max = MAX_WINDOW_ROWS): Span {
  const visible = Math.ceil(viewPx / rowPx) + 1
  const step = Math.max(1, Math.floor((max - visible) / 2))
  return spanOf(count, rowPx, viewPx, scrollTop, step)
}

/** Height of a map's scroll view: its content, up to MAP_VIEW_MAX_PX. */
export function viewHeight(contentPx: number): number {
  return Math.min(MAP_VIEW_MAX_PX, Math.max(0, contentPx))
}
