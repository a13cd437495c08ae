/**
 * The seat grid of a grid area (docs/product §4 seat cells): rows of cells up to 30 px (20 zoomed out), gaps kept, free
 * seats toggle, donated seats open their donor, unavailable and held seats do nothing. The cell states come from
 * model/seat-cells.ts; this only draws them.
 */
import { ScrollView, Text, View } from '@tarojs/components'
import type { Seat } from '@contract'
import { cellKind, cellPx } from '../../model/seat-cells'
import './seat.scss'

interface Props {
  rows: (Seat | null)[][]
  chosenIds: ReadonlySet<number>
  zoomedOut: boolean
  onTap(seat: Seat | null): void
}

export default function SeatGrid({ rows, chosenIds, zoomedOut, onTap }: Props) {
  const px = cellPx(zoomedOut)
  const size = { width: `${px}px`, height: `${px}px` }
  return (
    <ScrollView className='nm-grid' scrollX data-testid='seat-grid' data-cell={px}>
      <View className='nm-grid__stage'>
        <View className='nm-grid__screen' />
        {rows.map((row, r) => (
          <View key={r} className='nm-grid__row'>
            <Text className='nm-grid__row-no' style={{ height: `${px}px`, lineHeight: `${px}px` }}>
              {r + 1}
            </Text>
            {row.map((seat, c) => {
              const kind = cellKind(seat, chosenIds)
              return (
                <View
                  key={seat ? seat.id : `gap-${c}`}
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
        ))}
      </View>
    </ScrollView>
  )
}
