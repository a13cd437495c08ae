/**
 * The seat grid of a grid area (docs/product §4 seat cells): rows of cells up to 30 px (20 zoomed out), gaps kept, free
 * seats toggle, donated seats open their donor, unavailable and held seats do nothing. The cell states come from
 * model/seat-cells.ts; this only draws them.
 *
 * A hall of thousands of seats would be one `setData` of megabytes on a mini-program (WeChat's cap is 1 MB, its advice
 * 256 KB), so only a window of the grid around what the scroll view shows is drawn (model/seat-window.ts,
 * docs/decisions/043). Rows and cells are keyed by their place in the window, not by seat: scrolling gives the same
 * nodes new classes, which Taro sends as small path updates instead of new subtrees.
 */
import { useMemo, useState } from 'react'
import Taro from '@tarojs/taro'
import { ScrollView, Text, View } from '@tarojs/components'
import type { Seat } from '@contract'
import { cellKind, cellPx } from '../../model/seat-cells'
import { CELL_MARGIN, gridWindow, viewHeight, type GridWindow, type Viewport } from '../../model/seat-window'
import { useT } from '@/store/session'
import './seat.scss'

interface Props {
  rows: (Seat | null)[][]
  chosenIds: ReadonlySet<number>
  zoomedOut: boolean
  onTap(seat: Seat | null): void
}

/** the row numbers' column and the stage's "screen" strip above the rows (seat.scss .nm-grid__row-no, __screen) */
const ROW_NO_PX = 32
const SCREEN_PX = 30

function windowWidth(): number {
  try {
    return Taro.getSystemInfoSync().windowWidth || 390
  } catch {
    return 390
  }
}

const sameWindow = (a: GridWindow, b: GridWindow) =>
  a.rows.start === b.rows.start && a.rows.end === b.rows.end && a.cols.start === b.cols.start && a.cols.end === b.cols.end

export default function SeatGrid({ rows, chosenIds, zoomedOut, onTap }: Props) {
  const px = cellPx(zoomedOut)
  const pitch = px + 2 * CELL_MARGIN
  // inline, so in real pixels on every target (the stylesheets' px are design units, scaled by Taro's pxtransform)
  const size = { width: `${px}px`, height: `${px}px`, margin: `${CELL_MARGIN}px` }
  const colsN = rows.reduce((m, r) => Math.max(m, r.length), 0)
  const stageW = ROW_NO_PX + colsN * pitch
  const stageH = SCREEN_PX + rows.length * pitch
  const height = viewHeight(stageH)
  const width = useMemo(windowWidth, [])
  const [scroll, setScroll] = useState({ left: 0, top: 0 })
  const t = useT()
  // columns past the right edge: a cue says so until the donor has scrolled to the last one (docs/decisions/062)
  const [atEnd, setAtEnd] = useState(false)
  const overflows = stageW > width + 1
  const vp: Viewport = { width, height, scrollLeft: Math.max(0, scroll.left - ROW_NO_PX), scrollTop: Math.max(0, scroll.top - SCREEN_PX) }
  const win = gridWindow(rows.length, colsN, pitch, vp)

  const onScroll = (e: { detail: { scrollLeft: number; scrollTop: number } }) => {
    const { scrollLeft = 0, scrollTop = 0 } = e.detail || {}
    const end = scrollLeft + width >= stageW - pitch
    if (end !== atEnd) setAtEnd(end)
    const next = gridWindow(rows.length, colsN, pitch, {
      ...vp,
      scrollLeft: Math.max(0, scrollLeft - ROW_NO_PX),
      scrollTop: Math.max(0, scrollTop - SCREEN_PX)
    })
    // a scroll inside the drawn window changes nothing on screen: no render, no setData
    if (!sameWindow(next, win)) setScroll({ left: scrollLeft, top: scrollTop })
  }

  const shown = rows.slice(win.rows.start, win.rows.end)
  return (
    <View className='nm-grid-wrap'>
      <ScrollView
        className='nm-grid'
        scrollX
        scrollY
        style={{ height: `${height}px` }}
        onScroll={onScroll}
        data-testid='seat-grid'
        data-cell={px}
        data-window={`${win.rows.start}-${win.rows.end}x${win.cols.start}-${win.cols.end}`}
      >
        <View className='nm-grid__stage' style={{ width: `${stageW}px`, height: `${stageH}px` }}>
          <View className='nm-grid__screen' />
          {shown.map((row, i) => {
            const r = win.rows.start + i
            const top = `${SCREEN_PX + r * pitch}px`
            return (
              <View key={i} className='nm-grid__row' style={{ top, left: `${ROW_NO_PX + win.cols.start * pitch}px` }}>
                {row.slice(win.cols.start, win.cols.end).map((seat, j) => {
                  const kind = cellKind(seat, chosenIds)
                  return (
                    <View
                      key={j}
                      className={`nm-seat nm-seat--${kind}`}
                      style={size}
                      data-testid={seat ? `seat-${seat.id}` : undefined}
                      data-kind={kind}
                      onClick={kind === 'gap' ? undefined : () => onTap(seat)}
                    >
                      {kind === 'chosen' ? <Text className='nm-seat__mark'>✓</Text> : null}
                      {kind === 'free' && !zoomedOut && seat?.col ? <Text className='nm-seat__no'>{seat.col}</Text> : null}
                    </View>
                  )
                })}
              </View>
            )
          })}
          {shown.map((_, i) => (
            <Text
              key={`no-${i}`}
              className='nm-grid__row-no'
              style={{
                top: `${SCREEN_PX + (win.rows.start + i) * pitch}px`,
                width: `${ROW_NO_PX}px`,
                height: `${pitch}px`,
                lineHeight: `${pitch}px`
              }}
            >
              {win.rows.start + i + 1}
            </Text>
          ))}
        </View>
      </ScrollView>
      {overflows && !atEnd ? (
        <View className='nm-grid-cue' data-testid='seat-grid-cue' aria-hidden>
          <Text className='nm-grid-cue__text'>{t('naming.seat.moreCols')} ›</Text>
        </View>
      ) : null}
    </View>
  )
}
