/**
 * The Alipay page (route `alipay?billNo&payToken`, docs/product §2 Other). Inside WeChat (its browser or the mini-program)
 * Alipay cannot run: the page explains how to open it in the system browser and offers the link to copy. Elsewhere
 * it loads the wap payment form (donate4ali) and submits it. Either way it polls payback every 2 s until paid, then
 * moves on to the thank-you page. The link carries the order's payToken, never the session token
 * (docs/decisions/009-alipay-pay-link.md).
 */
import { useEffect, useMemo, useState } from 'react'
import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { AtButton } from 'taro-ui'
import { useTheme } from '@/lib/hooks/use-page-title'
import { quiet, toast } from '@/lib/quiet'
import { errorMessage } from '@/lib/request'
import { platform } from '@/platform'
import { paymentAdapter } from '@/platform/payment'
import { useSession, useT } from '@/store/session'
import { fetchDonate4Ali } from '../api/payment'
import { usePaybackPoll } from '../hooks/use-payback-poll'
import { alipayWebLink, projectListUrl } from '../model/links'
import { confirmPaid } from '../run-payment'
import PayState from './pay-state'
import type { MessageKey } from '@/lib/i18n'
import 'taro-ui/lib/style/components/button.scss'
import './alipay-screen.scss'

/** `message`: the server's words, '' for the generic failure text (worded at render, in the current language) */
type Phase = { kind: 'loading' } | { kind: 'left' } | { kind: 'error'; message: string }

function Instructions({ link, mini }: { link: string; mini: boolean }) {
  const t = useT()
  const theme = useTheme()
  const copy = () =>
    quiet(
      () =>
        Taro.setClipboardData({ data: link })
          .then(() => toast(t('payment.alipay.copied'), 1000))
          .catch(() => console.warn('copy failed')) // docs/product §8: a copy failure is only logged
    )
  const steps: MessageKey[] = mini ? [] : ['payment.alipay.step1', 'payment.alipay.step2', 'payment.alipay.step3']
  return (
    <View className='pm-alipay' data-testid='alipay-instructions'>
      {mini ? null : (
        <View className='pm-alipay__arrow' style={{ color: theme }}>
          ↗
        </View>
      )}
      <View className='pm-alipay__card'>
        <Text className='pm-alipay__title'>{t(mini ? 'payment.alipay.miniTitle' : 'payment.alipay.wechatTitle')}</Text>
        <Text className='pm-alipay__intro'>{t(mini ? 'payment.alipay.miniIntro' : 'payment.alipay.wechatIntro')}</Text>
        {steps.map((key, i) => (
          <View className='pm-alipay__step' key={key}>
            <Text className='pm-alipay__num' style={{ background: theme }}>
              {i + 1}
            </Text>
            <Text className='pm-alipay__step-text'>{t(key)}</Text>
          </View>
        ))}
        {mini ? null : <Text className='pm-alipay__or'>{t('payment.alipay.orCopy')}</Text>}
        <View className='pm-alipay__link' data-testid='alipay-link'>
          <Text selectable>{link}</Text>
        </View>
        <View className='pm-alipay__copy' data-testid='alipay-copy'>
          <AtButton type='primary' customStyle={{ background: theme, borderColor: theme }} onClick={copy}>
            {t('payment.alipay.copy')}
          </AtButton>
        </View>
      </View>
      <Text className='pm-alipay__waiting'>{t('payment.alipay.waiting')}</Text>
    </View>
  )
}

export default function AlipayScreen() {
  const t = useT()
  const school = useSession((s) => s.school)
  const lang = useSession((s) => s.lang)
  const variant = useSession((s) => s.settings.projectListVariant)
  const q = useMemo(() => platform.nav.currentQuery(), [])
  const billNo = q.billNo || ''
  const payToken = q.payToken || undefined
  const itemsId = Number(q.itemsId) || null
  const leave = useMemo(() => paymentAdapter.mustLeaveForAlipay(), [])
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' })

  useEffect(() => {
    if (leave || !billNo) return
    let alive = true
    fetchDonate4Ali(billNo, payToken)
      .then((html) => {
        if (!alive) return
        if (html && paymentAdapter.submitPaymentForm(html)) setPhase({ kind: 'left' })
        else setPhase({ kind: 'error', message: '' })
      })
      .catch((e: unknown) => alive && setPhase({ kind: 'error', message: errorMessage(e) }))
    return () => {
      alive = false
    }
  }, [leave, billNo, payToken])

  usePaybackPoll(billNo, payToken, !!billNo && phase.kind !== 'error', () => {
    confirmPaid(billNo, { itemsId, payToken })
  })

  const toList = { label: t('payment.toProjects'), onTap: () => platform.nav.redirect(projectListUrl(variant)) }
  if (!billNo) return <PayState kind='error' title={t('payment.cashier.missing')} primary={toList} testId='alipay-error' />
  if (leave) {
    const link = alipayWebLink(paymentAdapter.webOrigin(), billNo, payToken, school, lang)
    return <Instructions link={link} mini={platform.env().target !== 'h5'} />
  }
  if (phase.kind === 'error')
    return <PayState kind='error' title={phase.message || t('payment.alipay.failed')} primary={toList} testId='alipay-error' />
  return <PayState kind='busy' title={t('payment.alipay.redirecting')} hint={t('payment.alipay.waiting')} testId='alipay-redirecting' />
}
