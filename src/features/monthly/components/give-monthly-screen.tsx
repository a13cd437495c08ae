/**
 * monthly-give?itemsId (docs/decisions/078-monthly-giving-screens.md): the amount (decimal.js, as the donation form),
 * the day of the month (1–28) and the pay type, each problem under its field; then the agreement step, which says
 * what will be collected and when (and, in the sandbox, that nothing really is) and signs; then the result with the
 * first collection's date. The server checks everything again; its refusal shows on the step it came from.
 */
import { useMemo, useState } from 'react'
import { Text, View } from '@tarojs/components'
import { AtButton } from 'taro-ui'
import { Api, type MonthlyOffer, type MonthlyPlan, type Project } from '@contract'
import EmptyState from '@/components/empty-state'
import { Card, Chips, FieldErrors, FieldRow, InputRow, SwitchRow, scrollToField } from '@/components/form-kit'
import LoadState from '@/components/load-state'
import SignedInGate from '@/components/signed-in-gate'
import { pressable } from '@/lib/a11y'
import { useData } from '@/lib/hooks/use-data'
import { useTheme } from '@/lib/hooks/use-page-title'
import { formatCurrency } from '@/lib/money'
import { errorMessage, request } from '@/lib/request'
import { routeUrl } from '@/lib/routes'
import { platform } from '@/platform'
import { useT } from '@/store/session'
import { createPlan, fetchOffer } from '../api/monthly'
import { DAYS, amountOf, createBody, draftProblems, emptyDraft, payTypeKey, type MonthlyDraft } from '../model/monthly'
import 'taro-ui/lib/style/components/button.scss'
import './monthly.scss'

const fetchProject = (id: number) => request<Project>({ path: Api.itemsDetail, query: { id }, auth: false, silent: true })

function DayGrid({ value, onPick }: { value: number | null; onPick(d: number): void }) {
  const theme = useTheme()
  return (
    <View className='mo-days' data-testid='monthly-days'>
      {DAYS.map((d) => {
        const on = d === value
        return (
          <View
            key={d}
            className={`mo-days__day${on ? ' mo-days__day--on' : ''}`}
            style={on ? { background: theme, borderColor: theme } : undefined}
            data-testid={`day-${d}`}
            {...pressable(() => onPick(d), { role: 'radio', checked: on })}
          >
            <Text>{d}</Text>
          </View>
        )
      })}
    </View>
  )
}

function Give({ itemsId, offer, project }: { itemsId: number; offer: MonthlyOffer; project: Project }) {
  const t = useT()
  const theme = useTheme()
  const [draft, setDraft] = useState<MonthlyDraft>(() => emptyDraft(offer.payTypes))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [step, setStep] = useState<'form' | 'sign' | 'done'>('form')
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState('')
  const [plan, setPlan] = useState<MonthlyPlan | null>(null)
  const set = (patch: Partial<MonthlyDraft>) => {
    setDraft((d) => ({ ...d, ...patch }))
    // a field's problem goes as soon as it is touched again
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))))
  }
  const pay = draft.payType === null ? '' : t(payTypeKey(draft.payType))

  const next = () => {
    const problems = draftProblems(draft, t)
    setErrors(problems)
    const first = Object.keys(problems)[0]
    if (first) return scrollToField(first)
    setRefusal('')
    setStep('sign')
  }
  const sign = async () => {
    if (busy) return
    setBusy(true)
    setRefusal('')
    try {
      setPlan(await createPlan(createBody(itemsId, draft)))
      setStep('done')
    } catch (e) {
      setRefusal(errorMessage(e) || t('common.loadFailed'))
    } finally {
      setBusy(false)
    }
  }

  if (step === 'done' && plan)
    return (
      <View className='mo-give' data-testid='monthly-done'>
        <View className='mo-done'>
          <Text className='mo-done__title' style={{ color: theme }}>
            {t('monthly.done.title')}
          </Text>
          <Text className='mo-done__summary'>
            {t('monthly.sign.summary', {
              amount: formatCurrency(plan.money),
              pay: t(payTypeKey(plan.payType)),
              day: plan.dayOfMonth,
              project: plan.itemsName
            })}
          </Text>
          <Text className='mo-done__next' data-testid='monthly-first-date'>
            {t('monthly.done.text', { date: plan.nextChargeOn })}
          </Text>
        </View>
        <View className='mo-give__actions'>
          <View className='mo-give__action' data-testid='monthly-open-mine'>
            <AtButton
              type='primary'
              customStyle={{ background: theme, borderColor: theme }}
              onClick={() => platform.nav.redirect(routeUrl('mine-monthly'))}
            >
              {t('monthly.done.mine')}
            </AtButton>
          </View>
          <View className='mo-give__action'>
            <AtButton onClick={() => platform.nav.back()}>{t('monthly.done.back')}</AtButton>
          </View>
        </View>
      </View>
    )

  if (step === 'sign')
    return (
      <View className='mo-give' data-testid='monthly-sign'>
        <View className='mo-sign'>
          <Text className='mo-sign__title'>{t('monthly.sign.title')}</Text>
          {offer.sandbox ? (
            <Text className='mo-sign__sandbox' data-testid='monthly-sandbox'>
              {t('monthly.sign.sandbox')}
            </Text>
          ) : null}
          <Text className='mo-sign__summary' data-testid='monthly-sign-summary'>
            {t('monthly.sign.summary', { amount: formatCurrency(amountOf(draft.money)), pay, day: draft.day!, project: project.name })}
          </Text>
          <Text className='mo-sign__terms'>{t('monthly.sign.terms')}</Text>
          {refusal ? (
            <Text className='mo-give__refusal' data-testid='monthly-refusal'>
              {refusal}
            </Text>
          ) : null}
        </View>
        <View className='mo-give__actions'>
          <View className='mo-give__action' data-testid='monthly-sign-confirm'>
            <AtButton type='primary' loading={busy} disabled={busy} customStyle={{ background: theme, borderColor: theme }} onClick={sign}>
              {t('monthly.sign.confirm')}
            </AtButton>
          </View>
          <View className='mo-give__action' data-testid='monthly-sign-back'>
            <AtButton disabled={busy} onClick={() => setStep('form')}>
              {t('monthly.sign.back')}
            </AtButton>
          </View>
        </View>
      </View>
    )

  return (
    <View className='mo-give' data-testid='monthly-form'>
      <Text className='mo-give__project'>{project.name}</Text>
      <Text className='mo-give__intro'>{t('monthly.form.intro')}</Text>
      <FieldErrors.Provider value={errors}>
        <Card>
          <InputRow
            label={t('monthly.form.amount')}
            required
            type='digit'
            value={draft.money}
            placeholder={t('monthly.form.amountPlaceholder')}
            onInput={(money) => set({ money })}
            maxlength={12}
            field='money'
            testId='monthly-amount'
          />
          <FieldRow label={t('monthly.form.day')} required stacked field='day' testId='monthly-day'>
            <Text className='mo-give__day' data-testid='monthly-day-value'>
              {draft.day ? t('monthly.form.dayValue', { day: draft.day }) : t('monthly.form.dayPick')}
            </Text>
            <DayGrid value={draft.day} onPick={(day) => set({ day })} />
          </FieldRow>
          <FieldRow label={t('monthly.form.payType')} required stacked field='payType' testId='monthly-pay'>
            <Chips
              options={offer.payTypes.map((p) => ({ value: p, label: t(payTypeKey(p)) }))}
              selected={draft.payType === null ? [] : [draft.payType]}
              onPick={(payType) => set({ payType })}
              testPrefix='monthly-pay'
            />
          </FieldRow>
          <SwitchRow
            label={t('monthly.form.anonymous')}
            checked={draft.anonymous}
            onChange={(anonymous) => set({ anonymous })}
            testId='monthly-anonymous'
          />
        </Card>
      </FieldErrors.Provider>
      <View className='mo-give__actions'>
        <View className='mo-give__action' data-testid='monthly-next'>
          <AtButton type='primary' customStyle={{ background: theme, borderColor: theme }} onClick={next}>
            {t('monthly.form.next')}
          </AtButton>
        </View>
      </View>
    </View>
  )
}

function Loaded({ itemsId }: { itemsId: number }) {
  const t = useT()
  const state = useData(() => Promise.all([fetchOffer(itemsId), fetchProject(itemsId)]), [itemsId])
  if (!state.data) return <LoadState state={state} className='mo-state' testId='monthly-give-state' skeleton='card' />
  const [offer, project] = state.data
  if (!offer.offered)
    return (
      <View className='mo-give' data-testid='monthly-not-offered'>
        <EmptyState art='gift' text={t('monthly.notOffered')} hint={t('monthly.mine.emptyHint')} />
      </View>
    )
  return <Give itemsId={itemsId} offer={offer} project={project} />
}

export default function GiveMonthlyScreen() {
  const itemsId = useMemo(() => Number(platform.nav.currentQuery().itemsId) || 0, [])
  const t = useT()
  if (!itemsId)
    return (
      <View className='mo-give'>
        <EmptyState art='gift' text={t('common.loadFailed')} />
      </View>
    )
  return (
    <SignedInGate>
      <Loaded itemsId={itemsId} />
    </SignedInGate>
  )
}
