/**
 * The tree (seat, brick, building) detail dialog of a map (docs/product §2 Maps, §3 Map seat): name, intro, photo and
 * price; a named one adds donor, time, message and the 'named' stamp (§4). The action depends on the campaign:
 * naming (form-gm; 'name it' or 'adopt it' by campaign) or phoning a teacher (cpu).
 */
import { Image, Text, View } from '@tarojs/components'
import type { MapSeat } from '@contract'
import { platform } from '@/platform'
import { useData } from '@/lib/hooks/use-data'
import type { MessageKey } from '@/lib/i18n'
import { useT } from '@/store/session'
import { fetchSeatDetail } from '../api/campaign'
import { seatView } from '../model/views'
import Dialog from './dialog'
import { imageAlt } from '@/lib/a11y'

export default function SeatDialog({
  seatId,
  actionLabel,
  onAction,
  onClose
}: {
  seatId: number | null
  /** null: the campaign offers no action here */
  actionLabel: MessageKey | null
  onAction(seat: MapSeat): void
  onClose(): void
}) {
  const t = useT()
  const detail = useData(() => fetchSeatDetail(seatId as number), [seatId], { enabled: seatId !== null })
  const seat = detail.status === 'ready' && detail.data && detail.data.seatId === seatId ? detail.data : null
  const v = seat ? seatView(seat) : null
  return (
    <Dialog open={seatId !== null} testId='seat-dialog' onClose={onClose} className='cm-seat'>
      {!v ? (
        <View className='cm-seat__state' data-testid='seat-dialog-state' onClick={detail.status === 'error' ? detail.reload : undefined}>
          <Text>{detail.status === 'error' ? t('campaign.seat.failed') : t('campaign.seat.loading')}</Text>
          {detail.status === 'error' ? <Text className='cm-seat__retry'>{t('common.retry')}</Text> : null}
        </View>
      ) : (
        <View className='cm-seat__body' data-testid='seat-dialog-body' data-status={seat?.status}>
          {v.img ? <Image {...imageAlt('')} className='cm-seat__img' src={platform.assetUrl(v.img)} mode='aspectFill' /> : null}
          {/* the object's name and description are the school's words (content) */}
          <Text className='cm-seat__name' data-testid='seat-name' data-content=''>
            {v.name}
          </Text>
          {v.intro.map((line) => (
            <Text key={line} className='cm-seat__intro' data-content=''>
              {line}
            </Text>
          ))}
          {v.price ? (
            <View className='cm-seat__row'>
              <Text className='cm-seat__label'>{t('campaign.seat.price')}</Text>
              <Text className='cm-seat__price' data-testid='seat-price'>
                {t('campaign.seat.priceValue', { amount: v.price })}
              </Text>
            </View>
          ) : null}
          {v.named ? (
            <View className='cm-seat__named' data-testid='seat-named'>
              <View className='cm-seat__stamp' data-testid='seat-stamp'>
                {t('campaign.seat.named')}
              </View>
              <View className='cm-seat__row'>
                <Text className='cm-seat__label'>{t('campaign.seat.donor')}</Text>
                <Text data-testid='seat-donor'>{v.donor}</Text>
              </View>
              {v.time ? (
                <View className='cm-seat__row'>
                  <Text className='cm-seat__label'>{t('campaign.seat.time')}</Text>
                  <Text data-testid='seat-time'>{v.time}</Text>
                </View>
              ) : null}
              {v.message ? (
                <View className='cm-seat__message' data-testid='seat-message'>
                  <Text className='cm-seat__label'>{t('campaign.seat.message')}</Text>
                  <Text>{v.message}</Text>
                </View>
              ) : null}
            </View>
          ) : v.unavailable ? (
            <Text className='cm-seat__note' data-testid='seat-held'>
              {t('campaign.seat.held')}
            </Text>
          ) : actionLabel && seat ? (
            <View className='cm-seat__action' role='button' data-testid='seat-action' onClick={() => onAction(seat)}>
              {t(actionLabel)}
            </View>
          ) : null}
        </View>
      )}
    </Dialog>
  )
}
