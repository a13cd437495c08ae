/**
 * The thank-you page (route `success?billNo&payToken`, docs/product §2 Donation form, §3 Success data): the donor, the
 * project, the school's thank-you words, a giving day's matched line and the e-certificate; buttons back to the project and to the project list.
 * Shares the project.
 */
import { useMemo } from 'react'
import { Image, Text, View } from '@tarojs/components'
import { AtButton } from 'taro-ui'
import { useTheme } from '@/lib/hooks/use-page-title'
import { routeUrl } from '@/lib/routes'
import { useSchoolCard, useShareCard } from '@/features/share'
import { MatchedLine } from '@/features/giving-day'
import { platform } from '@/platform'
import { useSession, useT } from '@/store/session'
import { useSuccess } from '../hooks/use-success'
import { projectListUrl } from '../model/links'
import CertificateCard from './certificate-card'
import PayState from './pay-state'
import 'taro-ui/lib/style/components/button.scss'
import './success-screen.scss'
import { imageAlt, pressable } from '@/lib/a11y'

export default function SuccessScreen() {
  const t = useT()
  const theme = useTheme()
  const variant = useSession((s) => s.settings.projectListVariant)
  const q = useMemo(() => platform.nav.currentQuery(), [])
  const billNo = q.billNo || ''
  const { state, reload } = useSuccess(billNo, q.payToken || undefined)
  const view = state.status === 'ready' ? state.view : null

  // the card follows each answer (the poll refreshes it) and the language; it shares the project, never the
  // thank-you page itself (its link would carry the order's payToken)
  const card = useMemo(
    () =>
      view
        ? {
            title: t('payment.success.shareTitle', { name: view.projectName }),
            desc: view.projectIntro,
            path: routeUrl('subject-detail', { id: view.projectId }),
            imageUrl: view.projectThumb
          }
        : null,
    [view, t]
  )
  useShareCard(card, useSchoolCard(routeUrl('home')))

  const toList = () => platform.nav.redirect(projectListUrl(variant))
  if (!billNo)
    return (
      <PayState
        kind='error'
        title={t('payment.cashier.missing')}
        testId='success-missing'
        primary={{ label: t('payment.toProjects'), onTap: toList, testId: 'success-missing-more' }}
      />
    )
  if (state.status === 'loading') return <PayState kind='busy' title={t('common.loading')} testId='success-loading' />
  if (state.status === 'error') {
    return (
      <PayState
        kind='error'
        title={t('payment.success.loadFailed')}
        hint={state.message}
        testId='success-error'
        primary={{ label: t('common.retry'), onTap: reload }}
        secondary={{ label: t('payment.toProjects'), onTap: toList }}
      />
    )
  }
  const v = state.view
  return (
    <View className='pm-success' data-testid='success'>
      <View className='pm-success__hero' style={{ background: `linear-gradient(180deg, ${theme} 0%, ${theme}d9 100%)` }}>
        <View className='pm-success__check'>
          <View className='pm-success__tick' style={{ borderColor: theme }} />
        </View>
        <Text className='pm-success__title' data-testid='success-title'>
          {t('payment.success.thanks')}
        </Text>
        <View className='pm-success__donor'>
          {v.avatar ? <Image {...imageAlt('')} className='pm-success__avatar' src={v.avatar} mode='aspectFill' /> : null}
          {/* the donor's name as given (decision 073: content) */}
          <Text className='pm-success__name' data-testid='success-name' data-content=''>
            {v.name}
          </Text>
        </View>
        {v.successWord ? (
          <Text className='pm-success__word' data-testid='success-word'>
            {v.successWord}
          </Text>
        ) : null}
      </View>

      <View
        className='pm-success__project'
        data-testid='success-project'
        {...pressable(() => platform.nav.redirect(routeUrl('subject-detail', { id: v.projectId })))}
      >
        {v.projectThumb ? (
          <Image {...imageAlt('')} className='pm-success__thumb' src={v.projectThumb} mode='aspectFill' />
        ) : (
          <View className='pm-success__thumb' />
        )}
        <View className='pm-success__pbody'>
          <Text className='pm-success__pname'>{v.projectName}</Text>
          {v.projectIntro ? <Text className='pm-success__pintro'>{v.projectIntro}</Text> : null}
        </View>
      </View>

      {/* a gift a giving day's match touched says what it became (docs/decisions/074-giving-day-screens.md) */}
      <MatchedLine billNo={billNo} payToken={q.payToken || undefined} />

      <CertificateCard url={v.certificate} waiting={state.waiting} expected={v.certificateExpected} />

      <View className='pm-success__actions'>
        <View data-testid='success-back-project'>
          <AtButton
            type='primary'
            customStyle={{ background: theme, borderColor: theme }}
            onClick={() => platform.nav.redirect(routeUrl('subject-detail', { id: v.projectId }))}
          >
            {t('payment.success.backProject')}
          </AtButton>
        </View>
        <View className='pm-success__more' data-testid='success-more'>
          <AtButton type='secondary' customStyle={{ color: theme, borderColor: theme }} onClick={toList}>
            {t('payment.toProjects')}
          </AtButton>
        </View>
      </View>
    </View>
  )
}
