/**
 * The banner above the form after a payment did not complete: what happened, that everything typed is
 * still here, and a button that pays again with the same answers.
 */
import { Text, View } from '@tarojs/components'
import { AtButton } from 'taro-ui'
import { useT } from '@/store/session'
import type { PayOutcome } from '../hooks/use-donate-submit'
import './pay-outcome.scss'

export type OutcomeNotice = PayOutcome | 'restored'

export default function PayOutcomeBanner({ outcome, busy, onRetry }: { outcome: OutcomeNotice; busy: boolean; onRetry(): void }) {
  const t = useT()
  const title =
    outcome === 'failed'
      ? t('donate.outcome.failed')
      : outcome === 'cancelled'
        ? t('donate.outcome.cancelled')
        : t('donate.outcome.restored')
  return (
    <View className='dn-outcome' role='alert' data-testid='pay-outcome' data-outcome={outcome}>
      <Text className='dn-outcome__title'>{title}</Text>
      <Text className='dn-outcome__hint'>{t('donate.outcome.kept')}</Text>
      <View className='dn-outcome__action' data-testid='pay-retry'>
        <AtButton size='small' type='primary' circle loading={busy} disabled={busy} onClick={onRetry}>
          {t('donate.outcome.retry')}
        </AtButton>
      </View>
    </View>
  )
}
