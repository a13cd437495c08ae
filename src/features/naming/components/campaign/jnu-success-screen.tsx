/**
 * seat-naming-jnu/success?billNo (docs/product §2): 'naming succeeded', the certificate button (always shown), and back to the
 * campaign home. The payment flow lands here when the donor came from the jnu campaign (local storage 'home'); the
 * mark and the spent choice are cleared so a later gift elsewhere gets the usual thank-you page.
 */
import { useEffect, useMemo } from 'react'
import { Text, View } from '@tarojs/components'
import { AtButton } from 'taro-ui'
import { platform } from '@/platform'
import { store } from '@/platform/storage-keys'
import { useData } from '@/lib/hooks/use-data'
import { useTheme } from '@/lib/hooks/use-page-title'
import { routeUrl } from '@/lib/routes'
import { useT } from '@/store/session'
import { errorMessage } from '@/lib/request'
import { PayState } from '@/features/payment'
import { fetchSuccess } from '../../api/naming'
import 'taro-ui/lib/style/components/button.scss'
import '../kit/kit.scss'
import './campaign.scss'

export default function JnuSuccessScreen() {
  const t = useT()
  const theme = useTheme()
  const query = useMemo(() => platform.nav.currentQuery(), [])
  const billNo = query.billNo || ''
  const success = useData(() => fetchSuccess(billNo, query.payToken), [billNo, query.payToken], { enabled: !!billNo })
  useEffect(() => {
    store.remove('home')
    store.remove('gm')
  }, [])
  const d = success.data
  const home = () => platform.nav.redirect(routeUrl('seat-naming-jnu', { id: d?.itemsId || undefined }))
  // 'naming succeeded' only for an order the server says is paid: a bare or stale URL says what is missing instead
  if (!billNo)
    return <PayState kind='error' title={t('payment.cashier.missing')} primary={{ label: t('naming.success.home'), onTap: home }} />
  if (success.status === 'loading' && !d) return <PayState kind='busy' title={t('common.loading')} />
  if (success.status === 'error') {
    return (
      <PayState
        kind='error'
        title={t('payment.success.loadFailed')}
        hint={errorMessage(success.error)}
        testId='jnu-success-error'
        primary={{ label: t('common.retry'), onTap: success.reload }}
        secondary={{ label: t('naming.success.home'), onTap: home }}
      />
    )
  }
  const thanks = d ? t('naming.success.thanks', { name: '\u0001', project: d.itemsName }).split('\u0001') : []
  return (
    <View className='nm-done' data-testid='jnu-success'>
      <View className='nm-done__badge'>
        <Text>✓</Text>
      </View>
      <Text className='nm-done__title' data-testid='jnu-success-title'>
        {t('naming.success.title')}
      </Text>
      {d ? (
        <Text className='nm-done__sub' data-testid='jnu-success-name'>
          {/* the app's sentence around the donor's name, the name marked as content (decision 073) */}
          {thanks[0]}
          <Text data-content=''>{d.name}</Text>
          {thanks[1]}
        </Text>
      ) : null}
      <Text className='nm-note nm-done__note'>{t('naming.form.reviewNote')}</Text>
      <View className='nm-done__actions'>
        <View data-testid='jnu-certificate'>
          <AtButton
            type='primary'
            customStyle={{ background: theme, borderColor: theme }}
            onClick={() => platform.nav.to(routeUrl('mine-certificate'))}
          >
            {t('naming.success.certificate')}
          </AtButton>
        </View>
        <View className='nm-done__home' data-testid='jnu-home'>
          <AtButton type='secondary' customStyle={{ color: theme, borderColor: theme }} onClick={home}>
            {t('naming.success.home')}
          </AtButton>
        </View>
      </View>
    </View>
  )
}
