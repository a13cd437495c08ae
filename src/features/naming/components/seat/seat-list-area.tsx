/** A list area (type 3, docs/product §3): one row per seat with its state and lowest price; the same taps as the grid. */
import { Text, View } from '@tarojs/components'
import type { Seat } from '@contract'
import { formatMoney } from '@/lib/money'
import { useT } from '@/store/session'
import { cellKind } from '../../model/seat-cells'
import { lowestPrice } from '../../model/price'
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
  return (
    <View className='nm-slist' data-testid='seat-list'>
      {seats.map((seat) => {
        const kind = cellKind(seat, chosenIds)
        const from = lowestPrice(seat.priceList)
        return (
          <View
            key={seat.id}
            className={`nm-slist__row nm-slist__row--${kind}`}
            data-testid={`seat-${seat.id}`}
            data-kind={kind}
            onClick={() => onTap(seat)}
          >
            <View className={`nm-seat nm-seat--${kind} nm-slist__dot`}>
              {kind === 'chosen' ? <Text className='nm-seat__mark'>✓</Text> : null}
            </View>
            <View className='nm-slist__main'>
              <Text className='nm-slist__name'>{seat.seat}</Text>
              {kind === 'donated' ? (
                <Text className='nm-slist__sub'>{t('naming.seat.namedBy', { name: seat.donorName })}</Text>
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
    </View>
  )
}
