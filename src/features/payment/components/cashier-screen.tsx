/**
 * The sandbox cashier (route `cashier?billNo&amount&payType&subject&payToken&itemsId`): the sandbox provider's
 * payment page on all three targets. No money moves: "Pay" posts the sandbox notification, which the server runs
 * through the same path as a real provider's. runPayment awaits the result (cashier registry); with nobody waiting
 * (an H5 reload, the Alipay page's form, a copied link) the page finishes the flow itself.
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import { Text, View } from '@tarojs/components'
import { AtButton } from 'taro-ui'
import { useTheme } from '@/lib/hooks/use-page-title'
import { formatMoney } from '@/lib/money'
import { routeUrl } from '@/lib/routes'
import { platform } from '@/platform'
import { useSession, useT } from '@/store/session'
import { postSandboxNotify } from '../api/payment'
import { settleCashier } from '../model/cashier-registry'
import { projectListUrl } from '../model/links'
import { abandonOrder, confirmPaid, leaveTo } from '../run-payment'
import PayState from './pay-state'
import { dynamicText } from '@/lib/i18n'
import 'taro-ui/lib/style/components/button.scss'
import 'taro-ui/lib/style/components/loading.scss'
import './cashier-screen.scss'
import { pressable } from '@/lib/a11y'
import PayLogo from '@/components/pay-logo'

type Busy = null | 'paid' | 'failed'

export default function CashierScreen() {
  const t = useT()
  const theme = useTheme()
  const variant = useSession((s) => s.settings.projectListVariant)
  const q = useMemo(() => platform.nav.currentQuery(), [])
  const billNo = q.billNo || ''
  const itemsId = Number(q.itemsId) || null
  const payToken = q.payToken || undefined
  const [busy, setBusy] = useState<Busy>(null)
  const settled = useRef(false)

  // Leaving the page by back (nav bar, browser) without choosing is a cancel; runPayment must not wait forever.
  useEffect(
    () => () => {
      if (!settled.current && billNo) settleCashier(billNo, { outcome: 'cancelled', pageOpen: false })
    },
    [billNo]
  )

  const fallback = itemsId ? routeUrl('subject-detail', { id: itemsId }) : projectListUrl(variant)

  async function finish(outcome: 'paid' | 'failed') {
    if (busy) return
    setBusy(outcome)
    try {
      // the order's pay token proves this cashier was handed this order (the server refuses the confirm without it)
      await postSandboxNotify({ billNo, outcome, payToken: payToken ?? '' })
    } catch {
      setBusy(null) // request() has shown the server's message
      return
    }
    settled.current = true
    if (settleCashier(billNo, { outcome, pageOpen: true })) return
    if (outcome === 'paid') await confirmPaid(billNo, { itemsId, payToken })
    else {
      await abandonOrder(billNo, 0, 'failed')
      leaveTo(fallback)
    }
  }

  function cancel() {
    if (busy) return
    settled.current = true
    if (settleCashier(billNo, { outcome: 'cancelled', pageOpen: true })) return
    abandonOrder(billNo, 0).then(() => leaveTo(fallback))
  }

  if (!billNo) {
    return (
      <PayState
        kind='error'
        title={t('payment.cashier.missing')}
        testId='cashier-missing'
        primary={{ label: t('payment.toProjects'), onTap: () => platform.nav.redirect(projectListUrl(variant)) }}
      />
    )
  }
  const method = q.payType ? dynamicText(t, `payment.method.${q.payType}`) : ''
  return (
    <View className='pm-cashier' data-testid='cashier'>
      <View className='pm-cashier__banner' data-testid='sandbox-banner'>
        <Text className='pm-cashier__badge'>SANDBOX</Text>
        <View className='pm-cashier__banner-text'>
          <Text className='pm-cashier__banner-title'>{t('payment.cashier.banner')}</Text>
          <Text className='pm-cashier__banner-sub'>{t('payment.cashier.bannerSub')}</Text>
        </View>
      </View>

      <View className='pm-cashier__card'>
        <Text className='pm-cashier__label'>{t('payment.cashier.amount')}</Text>
        <View className='pm-cashier__amount' data-testid='cashier-amount'>
          <Text className='pm-cashier__currency'>¥</Text>
          <Text>{q.amount ? formatMoney(q.amount) : '—'}</Text>
        </View>
        <View className='pm-cashier__rows'>
          {q.subject ? (
            <View className='pm-cashier__row'>
              <Text className='pm-cashier__key'>{t('payment.cashier.project')}</Text>
              <Text className='pm-cashier__val' data-testid='cashier-project'>
                {q.subject}
              </Text>
            </View>
          ) : null}
          {method && !method.startsWith('payment.') ? (
            <View className='pm-cashier__row'>
              <Text className='pm-cashier__key'>{t('payment.cashier.method')}</Text>
              <PayLogo code={Number(q.payType)} label={method} className='pm-cashier__logo' />
              <Text className='pm-cashier__val pm-cashier__val--method'>{method}</Text>
            </View>
          ) : null}
          <View className='pm-cashier__row'>
            <Text className='pm-cashier__key'>{t('payment.cashier.order')}</Text>
            <Text className='pm-cashier__val pm-cashier__val--mono' selectable>
              {billNo}
            </Text>
          </View>
        </View>
      </View>

      <Text className='pm-cashier__note'>{t('payment.cashier.note')}</Text>

      <View className='pm-cashier__actions'>
        <View data-testid='cashier-pay'>
          <AtButton
            type='primary'
            loading={busy === 'paid'}
            disabled={!!busy}
            customStyle={{ background: theme, borderColor: theme }}
            onClick={() => finish('paid')}
          >
            {t('payment.cashier.pay')}
          </AtButton>
        </View>
        <View className='pm-cashier__cancel' data-testid='cashier-cancel'>
          <AtButton type='secondary' disabled={!!busy} onClick={cancel}>
            {t('payment.cashier.cancel')}
          </AtButton>
        </View>
        <Text className='pm-cashier__fail' data-testid='cashier-fail' {...pressable(() => finish('failed'))}>
          {t('payment.cashier.fail')}
        </Text>
      </View>
    </View>
  )
}
