/**
 * Bottom bar: the consent to the agreement (stated right above the button that gives it, decision 025), the total of
 * the gift and the "Agree and give" button (busy while the order is created and paid).
 */
import { Text, View } from '@tarojs/components'
import { AtButton } from 'taro-ui'
import { formatCurrency } from '@/lib/money'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import AgreementRow from './agreement-row'
import 'taro-ui/lib/style/components/button.scss'
import 'taro-ui/lib/style/components/loading.scss'
import './submit-bar.scss'

export default function SubmitBar({ amount, busy, onSubmit }: { amount: string | null; busy: boolean; onSubmit(): void }) {
  const t = useT()
  const theme = useTheme()
  return (
    <View className='dn-bar'>
      <AgreementRow />
      <View className='dn-bar__row'>
        <View className='dn-bar__total'>
          <Text className='dn-bar__label'>{t('donate.total')}</Text>
          <Text className='dn-bar__amount' style={{ color: theme }} data-testid='bar-total'>
            {amount === null ? '¥ —' : formatCurrency(amount)}
          </Text>
        </View>
        <View className='dn-bar__action' data-testid='submit'>
          <AtButton
            type='primary'
            loading={busy}
            disabled={busy}
            customStyle={{ background: theme, borderColor: theme }}
            onClick={onSubmit}
          >
            {busy ? t('donate.submit.busy') : t('donate.submit')}
          </AtButton>
        </View>
      </View>
    </View>
  )
}
