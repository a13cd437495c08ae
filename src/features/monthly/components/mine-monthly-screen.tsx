/**
 * mine-monthly (docs/decisions/078-monthly-giving-screens.md): the donor's monthly plans, each with its amount, day,
 * status and next collection, and the history of its months (given, declined and retrying, cancelled); "stop" asks
 * first, then ends the plan here and at the provider. A plan still 'signing' says so and has "继续签约", which opens
 * monthly-give for it: the provider's signing again, then the wait (docs/decisions/085). Loading, failed and empty
 * states of their own.
 */
import { useState } from 'react'
import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { AtButton } from 'taro-ui'
import EmptyState from '@/components/empty-state'
import LoadState from '@/components/load-state'
import SignedInGate from '@/components/signed-in-gate'
import { useData } from '@/lib/hooks/use-data'
import { useTheme } from '@/lib/hooks/use-page-title'
import { toast } from '@/lib/quiet'
import { routeUrl } from '@/lib/routes'
import { platform } from '@/platform'
import { useT } from '@/store/session'
import { fetchPlans, stopPlan } from '../api/monthly'
import { planView, type PlanView } from '../model/monthly'
import 'taro-ui/lib/style/components/button.scss'
import './monthly.scss'

function PlanCard({ plan, busy, onStop }: { plan: PlanView; busy: boolean; onStop(): void }) {
  const t = useT()
  const theme = useTheme()
  return (
    <View className={`mo-plan mo-plan--${plan.status}`} data-testid={`monthly-plan-${plan.id}`}>
      <View className='mo-plan__head'>
        <Text className='mo-plan__project'>{plan.project}</Text>
        <Text className={`mo-plan__status mo-plan__status--${plan.status}`} data-testid={`monthly-status-${plan.id}`}>
          {plan.statusLabel}
        </Text>
      </View>
      <Text className='mo-plan__amount' style={{ color: theme }} data-testid={`monthly-amount-${plan.id}`}>
        {plan.amount}
      </Text>
      <Text className='mo-plan__line'>
        {plan.day}
        {plan.next ? ` · ${plan.next}` : ''}
      </Text>
      <Text className='mo-plan__line'>{plan.paidCount}</Text>
      {plan.resumable ? (
        <View className='mo-plan__resume' data-testid={`monthly-resume-${plan.id}`}>
          <Text className='mo-plan__hint'>{t('monthly.mine.signingHint')}</Text>
          <AtButton
            size='small'
            type='primary'
            customStyle={{ background: theme, borderColor: theme }}
            onClick={() => platform.nav.to(routeUrl('monthly-give', { itemsId: plan.itemsId, planId: plan.id, resume: 1 }))}
          >
            {t('monthly.mine.resume')}
          </AtButton>
        </View>
      ) : null}
      <View className='mo-plan__history' data-testid={`monthly-history-${plan.id}`}>
        <Text className='mo-plan__history-title'>{t('monthly.mine.history')}</Text>
        {plan.history.length ? (
          plan.history.map((c) => (
            <View key={c.month} className='mo-charge' data-testid={`monthly-charge-${plan.id}-${c.month}`}>
              <Text className='mo-charge__month'>{c.month}</Text>
              <Text className={`mo-charge__status mo-charge__status--${c.status}`}>{c.label}</Text>
              {c.detail ? <Text className='mo-charge__detail'>{c.detail}</Text> : null}
            </View>
          ))
        ) : (
          <Text className='mo-plan__none'>{t('monthly.mine.noHistory')}</Text>
        )}
      </View>
      {plan.stoppable ? (
        <View className='mo-plan__stop' data-testid={`monthly-stop-${plan.id}`}>
          <AtButton size='small' loading={busy} disabled={busy} onClick={onStop}>
            {t('monthly.mine.stop')}
          </AtButton>
        </View>
      ) : null}
    </View>
  )
}

function Plans() {
  const t = useT()
  const state = useData(() => fetchPlans(), [])
  const [busy, setBusy] = useState(0)
  if (!state.data) return <LoadState state={state} className='mo-state' testId='monthly-mine-state' skeleton='card' />
  const plans = state.data.plans.map((p) => planView(p, t))
  if (!plans.length)
    return (
      <View className='mo-mine' data-testid='monthly-empty'>
        <EmptyState art='gift' text={t('monthly.mine.empty')} hint={t('monthly.mine.emptyHint')} />
      </View>
    )
  const stop = async (id: number) => {
    if (busy) return
    const answer = await Taro.showModal({
      title: t('monthly.mine.stopTitle'),
      content: t('monthly.mine.stopBody'),
      confirmText: t('monthly.mine.stopConfirm'),
      cancelText: t('monthly.mine.stopCancel'),
      confirmColor: '#c8102e'
    }).catch(() => ({ confirm: false }))
    if (!answer.confirm) return
    setBusy(id)
    try {
      await stopPlan(id)
      toast(t('monthly.mine.stopped'), 1500)
      state.reload()
    } catch {
      // request() has shown the server's message
    } finally {
      setBusy(0)
    }
  }
  return (
    <View className='mo-mine' data-testid='monthly-mine'>
      <Text className='mo-mine__intro'>{t('monthly.mine.intro')}</Text>
      {plans.map((p) => (
        <PlanCard key={p.id} plan={p} busy={busy === p.id} onStop={() => stop(p.id)} />
      ))}
    </View>
  )
}

export default function MineMonthlyScreen() {
  return (
    <SignedInGate>
      <Plans />
    </SignedInGate>
  )
}
