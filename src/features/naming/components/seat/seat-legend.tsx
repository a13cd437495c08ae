/** The legend of the seat states (docs/product §2 seat-naming-jnu/seat; shown on every seat map). */
import { Text, View } from '@tarojs/components'
import { useT } from '@/store/session'
import type { CellKind } from '../../model/seat-cells'
import './seat.scss'

const KINDS: Exclude<CellKind, 'gap'>[] = ['free', 'chosen', 'donated', 'held', 'unavailable']

export default function SeatLegend({ counts }: { counts?: Record<CellKind, number> }) {
  const t = useT()
  return (
    <View className='nm-legend' data-testid='seat-legend'>
      {KINDS.filter((k) => k !== 'held' || (counts?.held ?? 0) > 0).map((k) => (
        <View key={k} className='nm-legend__item'>
          <View className={`nm-seat nm-seat--${k} nm-legend__swatch`} />
          <Text className='nm-legend__text'>
            {t(`naming.legend.${k}`)}
            {counts ? ` ${counts[k]}` : ''}
          </Text>
        </View>
      ))}
    </View>
  )
}
