/**
 * contract-cpu/account (docs/product §2): the bank the gift is transferred to, from the school's settings; 'copy account
 * number' says 'account copied to clipboard'; 'close' goes to myList (the signature page is not returned to).
 */
import { Button, Text, View } from '@tarojs/components'
import { platform } from '@/platform'
import { copyText } from '@/lib/clipboard'
import { useData } from '@/lib/hooks/use-data'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import { fetchBankSetting } from '../api/agreement'
import { accountDigits, parseBank } from '../model/contract'
import { myListUrl } from '../model/links'
import './agreement.scss'

export default function ContractAccountScreen() {
  const t = useT()
  const theme = useTheme()
  const setting = useData(fetchBankSetting, [])
  const bank = parseBank(setting.data)
  return (
    <View className='ag-screen' data-testid='contract-account'>
      <View className='ag-done'>
        <View className='ag-done__icon' style={{ background: theme }}>
          <Text>✓</Text>
        </View>
        <Text className='ag-done__title'>{t('account.title')}</Text>
        <Text className='ag-done__text'>{t('account.intro')}</Text>
      </View>
      {setting.status === 'loading' && !setting.data ? (
        <View className='ag-state'>{t('common.loading')}</View>
      ) : setting.status === 'error' ? (
        <View className='ag-state' onClick={setting.reload}>
          <Text>{t('common.loadFailed')}</Text>
          <Text className='ag-state__retry'>{t('common.retry')}</Text>
        </View>
      ) : bank ? (
        <View className='ag-card' data-testid='contract-bank'>
          <View className='ag-kv'>
            <Text className='ag-kv__k'>{t('account.bankName')}</Text>
            {/* the foundation's bank details are written as the bank knows them (content, decision 073) */}
            <Text className='ag-kv__v' data-testid='bank-name' data-content=''>
              {bank.bankName}
            </Text>
          </View>
          <View className='ag-kv'>
            <Text className='ag-kv__k'>{t('account.accountName')}</Text>
            <Text className='ag-kv__v' data-testid='bank-account-name' data-content=''>
              {bank.accountName}
            </Text>
          </View>
          <View className='ag-kv'>
            <Text className='ag-kv__k'>{t('account.accountNo')}</Text>
            <Text className='ag-kv__v ag-kv__v--strong' data-testid='bank-account-no'>
              {bank.accountNo}
            </Text>
          </View>
          <Button
            className='ag-btn ag-btn--ghost ag-btn--block'
            onClick={() => copyText(accountDigits(bank.accountNo), t('account.copied'))}
            data-testid='bank-copy'
          >
            {t('account.copy')}
          </Button>
        </View>
      ) : (
        <View className='ag-state' data-testid='contract-bank-none'>
          {t('account.none')}
        </View>
      )}
      <View className='ag-foot'>
        <Button
          className='ag-btn ag-btn--primary ag-btn--block'
          style={{ background: theme }}
          onClick={() => platform.nav.redirect(myListUrl())}
          data-testid='account-close'
        >
          {t('account.close')}
        </Button>
      </View>
    </View>
  )
}
