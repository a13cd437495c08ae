/** A donated seat (docs/product §4: tap shows donor info): donor, time and message, and its nameplate page. */
import { Button, Text, View } from '@tarojs/components'
import { AtModal, AtModalAction, AtModalContent, AtModalHeader } from 'taro-ui'
import type { Seat } from '@contract'
import { platform } from '@/platform'
import { cutDay } from '@/lib/dates'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import { nameplateDetailUrl } from '../../model/links'
import 'taro-ui/lib/style/components/modal.scss'
import '../kit/kit.scss'
import './seat.scss'

export default function DonorDialog({ seat, onClose }: { seat: Seat | null; onClose(): void }) {
  const t = useT()
  const theme = useTheme()
  const open = !!seat
  return (
    <AtModal className='nm-modal' isOpened={open} onClose={onClose}>
      <AtModalHeader>
        <Text data-content=''>{seat?.seat || ''}</Text>
      </AtModalHeader>
      <AtModalContent>
        {seat ? (
          <View className='nm-donor' data-testid='seat-donor'>
            <View className='nm-donor__row'>
              <Text className='nm-donor__label'>{t('naming.donor.name')}</Text>
              <Text className='nm-donor__value' data-testid='seat-donor-name' data-content={seat.donorName ? '' : undefined}>
                {seat.donorName || t('naming.anonymous')}
              </Text>
            </View>
            <View className='nm-donor__row'>
              <Text className='nm-donor__label'>{t('naming.donor.time')}</Text>
              <Text className='nm-donor__value'>{cutDay(seat.donateTime)}</Text>
            </View>
            {seat.donationMessage ? (
              <View className='nm-donor__row'>
                <Text className='nm-donor__label'>{t('naming.donor.message')}</Text>
                <Text className='nm-donor__value' data-testid='seat-donor-message' data-content=''>
                  {seat.donationMessage}
                </Text>
              </View>
            ) : null}
          </View>
        ) : null}
      </AtModalContent>
      <AtModalAction>
        <Button onClick={onClose} data-testid='seat-donor-close'>
          {t('common.close')}
        </Button>
        {seat?.donateSeatId ? (
          <Button
            style={{ color: theme }}
            data-testid='seat-donor-plate'
            onClick={() => {
              onClose()
              platform.nav.to(nameplateDetailUrl(1, seat.donateSeatId as number))
            }}
          >
            {t('naming.donor.plate')}
          </Button>
        ) : null}
      </AtModalAction>
    </AtModal>
  )
}
