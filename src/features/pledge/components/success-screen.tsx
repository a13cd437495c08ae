/**
 * tree-naming-hhu/success?billNo (docs/product §2): the thank-you page of a paid pledge, reached through local storage
 * 'home' after the payment run. The certificate button opens the certificate once rendered (the certificate centre
 * otherwise); the other goes back to the campaign home.
 */
import { useEffect, useMemo } from 'react'
import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { platform } from '@/platform'
import { store } from '@/platform/storage-keys'
import { quiet } from '@/lib/quiet'
import { routeUrl } from '@/lib/routes'
import { useData } from '@/lib/hooks/use-data'
import { useT } from '@/store/session'
import { errorMessage } from '@/lib/request'
import { PayState } from '@/features/payment'
import { fetchSuccess } from '../api/pledge'
import { campaignHomeUrl } from '../model/links'
import './pledge.scss'

export default function SuccessScreen() {
  const t = useT()
  const query = useMemo<{ billNo?: string; payToken?: string }>(() => platform.nav.currentQuery(), [])
  const billNo = query.billNo || ''
  const data = useData(() => fetchSuccess(billNo, query.payToken), [billNo, query.payToken], { enabled: !!billNo })
  const info = data.data
  // the mark has brought the donor here; a later gift elsewhere must land on its own thank-you page
  useEffect(() => store.remove('home'), [])
  const openCertificate = () => {
    const img = info?.certificateImg ? platform.assetUrl(info.certificateImg) : ''
    if (img) quiet(() => Taro.previewImage({ urls: [img], current: img }))
    else platform.nav.to(routeUrl('mine-certificate'))
  }
  const home = () => platform.nav.redirect(campaignHomeUrl())
  // 'pledged' only for an order the server says is paid: a bare or stale URL says what is missing instead
  if (!billNo)
    return <PayState kind='error' title={t('payment.cashier.missing')} primary={{ label: t('pledge.success.home'), onTap: home }} />
  if (data.status === 'loading' && !info) return <PayState kind='busy' title={t('common.loading')} />
  if (data.status === 'error') {
    return (
      <PayState
        kind='error'
        title={t('payment.success.loadFailed')}
        hint={errorMessage(data.error)}
        testId='pledge-success-error'
        primary={{ label: t('common.retry'), onTap: data.reload }}
        secondary={{ label: t('pledge.success.home'), onTap: home }}
      />
    )
  }
  return (
    <View className='pl-success' data-testid='pledge-success'>
      <View className='pl-success__icon'>
        <Text>✓</Text>
      </View>
      <Text className='pl-success__title'>{t('pledge.success.title')}</Text>
      <Text className='pl-success__text' data-testid='pledge-success-item'>
        {info ? t('pledge.success.text', { name: info.itemsName }) : t('pledge.success.thanks')}
      </Text>
      {info && info.certificateExpected === 1 && !info.certificateImg ? (
        <Text className='pl-note'>{t('pledge.success.certPending')}</Text>
      ) : null}
      <Button className='pl-btn pl-btn--primary pl-btn--block' onClick={openCertificate} data-testid='pledge-success-cert'>
        {t('pledge.success.certificate')}
      </Button>
      <Button className='pl-btn pl-btn--ghost pl-btn--block' onClick={home} data-testid='pledge-success-home'>
        {t('pledge.success.home')}
      </Button>
    </View>
  )
}
