/**
 * The chosen seats and a naming period for each (docs/product §2 seat: a period per chosen seat; seat-naming-jnu/seat: a
 * carousel of the chosen seats with a per-seat amount). Tapping a period picks it; × releases the seat.
 */
import { Swiper, SwiperItem, Text, View } from '@tarojs/components'
import type { GmSeat } from '@/platform/storage-keys'
import { formatMoney } from '@/lib/money'
import { useT } from '@/store/session'
import { seatLabel } from '../../model/selection'
import './seat.scss'

interface Props {
  seats: GmSeat[]
  layout: 'list' | 'carousel'
  onPeriod(seatId: number, termYear: number): void
  onRemove(seatId: number): void
}

function SeatCard({ s, hint, onPeriod, onRemove }: { s: GmSeat; hint: string; onPeriod: Props['onPeriod']; onRemove: Props['onRemove'] }) {
  return (
    <View className='nm-chosen' data-testid={`chosen-${s.seatId}`}>
      <View className='nm-chosen__head'>
        <Text className='nm-chosen__name'>{seatLabel(s.areaTitle, s.seat)}</Text>
        <Text className='nm-chosen__remove' data-testid={`chosen-remove-${s.seatId}`} onClick={() => onRemove(s.seatId)}>
          ×
        </Text>
      </View>
      <Text className='nm-chosen__hint'>{hint}</Text>
      <View className='nm-periods'>
        {s.priceList.map((p) => {
          const on = s.termYear === p.termYear
          return (
            <View
              key={p.termYear}
              className={`nm-period${on ? ' nm-period--on' : ''}`}
              data-testid={`period-${s.seatId}-${p.termYear}`}
              data-selected={on ? '1' : '0'}
              onClick={() => onPeriod(s.seatId, p.termYear)}
            >
              <Text className='nm-period__name'>{p.termName}</Text>
              <Text className='nm-period__money'>¥{formatMoney(p.termMoney)}</Text>
            </View>
          )
        })}
      </View>
    </View>
  )
}

export default function ChosenSeats({ seats, layout, onPeriod, onRemove }: Props) {
  const t = useT()
  if (!seats.length) return <Text className='nm-note nm-chosen-empty'>{t('naming.seat.noneChosen')}</Text>
  if (layout === 'carousel') {
    return (
      <Swiper
        className='nm-carousel'
        data-testid='chosen-carousel'
        indicatorDots={seats.length > 1}
        previousMargin='24px'
        nextMargin='24px'
      >
        {seats.map((s) => (
          <SwiperItem key={s.seatId}>
            <SeatCard s={s} hint={t('naming.seat.amount')} onPeriod={onPeriod} onRemove={onRemove} />
          </SwiperItem>
        ))}
      </Swiper>
    )
  }
  return (
    <View data-testid='chosen-list'>
      {seats.map((s) => (
        <SeatCard key={s.seatId} s={s} hint={t('naming.seat.period')} onPeriod={onPeriod} onRemove={onRemove} />
      ))}
    </View>
  )
}
