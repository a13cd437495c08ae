/**
 * mine-monthly (docs/decisions/078-monthly-giving-screens.md): the donor's monthly plans, each with its amount, day,
 * status and next collection, and the history of its months (given, declined and retrying, cancelled); "stop" asks
 * first, then ends the plan here and at the provider. A plan still 'signing' says so and has "继续签约", which opens
 * monthly-give for it: the provider's signing again, then the wait (docs/decisions/085). A plan paused after a month's
 * failed charges says so and has "恢复月捐" (monthly/resume): active again from its next day, or the server's refusal on
 * the card in the donor's language. Loading, failed and empty states of their own.
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
import { errorMessage } from '@/lib/request'
import { fetchPlans, resumePaused, stopPlan } from '../api/monthly'
import { planView, type PlanView } from '../model/monthly'
import 'taro-ui/lib/style/components/button.scss'
import './monthly.scss'

interface CardProps {
  plan: PlanView
  /** 'stop' or 'restart' while that call runs for this plan */
  busy: '' | 'stop' | 'restart'
  /** why the last "恢复月捐" failed, '' when it did not */
  refusal: string
  onStop(): void
  onRestart(): void
}

function PlanCard({ plan, busy, refusal, onStop, onRestart }: CardProps) {
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
      {plan.restartable ? (
        <View className='mo-plan__resume' data-testid={`monthly-restart-${plan.id}`}>
          <Text className='mo-plan__hint'>{t('monthly.mine.pausedHint')}</Text>
          {refusal ? (
            <Text className='mo-plan__error' data-testid={`monthly-restart-error-${plan.id}`}>
              {refusal}
            </Text>
          ) : null}
          <AtButton
            size='small'
            type='primary'
            loading={busy === 'restart'}
            disabled={!!busy}
            customStyle={{ background: theme, borderColor: theme }}
            onClick={onRestart}
          >
            {t('monthly.mine.restart')}
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
          <AtButton size='small' loading={busy === 'stop'} disabled={!!busy} onClick={onStop}>
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
  const [busy, setBusy] = useState<{ id: number; what: 'stop' | 'restart' } | null>(null)
  const [refusals, setRefusals] = useState<Record<number, string>>({})
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
    setBusy({ id, what: 'stop' })
    try {
      await stopPlan(id)
      toast(t('monthly.mine.stopped'), 1500)
      state.reload()
    } catch {
      // request() has shown the server's message
    } finally {
      setBusy(null)
    }
  }
  const restart = async (id: number) => {
    if (busy) return
    setBusy({ id, what: 'restart' })
    setRefusals((r) => ({ ...r, [id]: '' }))
    try {
      await resumePaused(id)
      toast(t('monthly.mine.restarted'), 1500)
      state.reload()
    } catch (e) {
      setRefusals((r) => ({ ...r, [id]: errorMessage(e) || t('monthly.mine.restartFailed') }))
    } finally {
      setBusy(null)
    }
  }
  return (
    <View className='mo-mine' data-testid='monthly-mine'>
      <Text className='mo-mine__intro'>{t('monthly.mine.intro')}</Text>
      {plans.map((p) => (
        <PlanCard
          key={p.id}
          plan={p}
          busy={busy?.id === p.id ? busy.what : ''}
          refusal={refusals[p.id] ?? ''}
          onStop={() => stop(p.id)}
          onRestart={() => restart(p.id)}
        />
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
