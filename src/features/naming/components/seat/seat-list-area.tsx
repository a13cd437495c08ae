/**
 * A list area (type 3, docs/product §3): one row per seat with its state and lowest price; the same taps as the grid.
 * A hall listed seat by seat (the 1,917-seat hall) is drawn as a window of rows in a scroll view, spacers above and
 * below standing for the rest (model/seat-window.ts, docs/decisions/043); rows are keyed by their place in the window.
 */
import { useState } from 'react'
import { ScrollView, Text, View } from '@tarojs/components'
import type { Seat } from '@contract'
import { formatMoney } from '@/lib/money'
import { useT } from '@/store/session'
import { cellKind } from '../../model/seat-cells'
import { lowestPrice } from '../../model/price'
import { LIST_ROW_PX, listWindow, viewHeight } from '../../model/seat-window'
import './seat.scss'

export default function SeatListArea({
  seats,
  chosenIds,
  onTap
}: {
  seats: Seat[]
  chosenIds: ReadonlySet<number>
  onTap(seat: Seat): void
}) {
  const t = useT()
  // the app's words around the donor's name, so that only the name is marked as content
  const namedBy = t('naming.seat.namedBy', { name: '\u0001' }).split('\u0001')
  const height = viewHeight(seats.length * LIST_ROW_PX)
  const [top, setTop] = useState(0)
  const win = listWindow(seats.length, LIST_ROW_PX, height, top)
  const onScroll = (e: { detail: { scrollTop: number } }) => {
    const scrollTop = (e.detail && e.detail.scrollTop) || 0
    const next = listWindow(seats.length, LIST_ROW_PX, height, scrollTop)
    // a scroll inside the drawn rows changes nothing on screen: no render, no setData
    if (next.start !== win.start || next.end !== win.end) setTop(scrollTop)
  }
  return (
    <ScrollView
      className='nm-slist'
      scrollY
      // a scrolling list a keyboard can reach (axe scrollable-region-focusable; the rows are not tab stops)
      {...{ tabIndex: 0 }}
      style={{ height: `${height}px` }}
      onScroll={onScroll}
      data-testid='seat-list'
      data-window={`${win.start}-${win.end}`}
    >
      <View style={{ height: `${win.start * LIST_ROW_PX}px` }} />
      {seats.slice(win.start, win.end).map((seat, i) => {
        const kind = cellKind(seat, chosenIds)
        const from = lowestPrice(seat.priceList)
        return (
          <View
            key={i}
            className={`nm-slist__row nm-slist__row--${kind}`}
            style={{ height: `${LIST_ROW_PX}px` }}
            data-testid={`seat-${seat.id}`}
            data-kind={kind}
            onClick={() => onTap(seat)}
          >
            <View className={`nm-seat nm-seat--${kind} nm-slist__dot`}>
              {kind === 'chosen' ? <Text className='nm-seat__mark'>✓</Text> : null}
            </View>
            <View className='nm-slist__main'>
              {/* the seat's label and its donor's name are the school's and the donor's words (decision 073) */}
              <Text className='nm-slist__name' data-content=''>
                {seat.seat}
              </Text>
              {kind === 'donated' ? (
                <Text className='nm-slist__sub'>
                  {namedBy[0]}
                  <Text data-content=''>{seat.donorName}</Text>
                  {namedBy[1]}
                </Text>
              ) : from ? (
                <Text className='nm-slist__sub'>{t('naming.seat.from', { money: formatMoney(from) })}</Text>
              ) : null}
            </View>
            <Text className={`nm-slist__state nm-slist__state--${kind}`}>
              {t(`naming.legend.${kind === 'gap' ? 'unavailable' : kind}`)}
            </Text>
          </View>
        )
      })}
      <View style={{ height: `${(seats.length - win.end) * LIST_ROW_PX}px` }} />
    </ScrollView>
  )
}
