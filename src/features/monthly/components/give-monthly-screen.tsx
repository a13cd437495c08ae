/**
 * monthly-give?itemsId (docs/decisions/078-monthly-giving-screens.md): the amount (decimal.js, as the donation form),
 * the day of the month (1–28) and the pay type, each problem under its field; then the agreement step, which says
 * what will be collected and when (and, in the sandbox, that nothing really is) and signs; then the result with the
 * first collection's date. The server checks everything again; its refusal shows on the step it came from.
 * At a real provider the agreement step hands off to the provider's own signing (src/platform/agreements), then waits
 * for the plan to turn active (its sign notification): every 2 s for up to a minute, "正在确认签约" with a progress
 * bar; after that the plan stays 'signing' in my monthly gifts with "继续签约" (docs/decisions/085). With ?planId the
 * page waits for that plan at once (a browser back from the provider's page), with &resume=1 it signs it again first.
 */
import { useEffect, useMemo, useRef, useState } from 'react'
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
import { signAgreement } from '@/platform/agreements'
import { payChannelOf } from '@/platform/payment/capability'
import { useT } from '@/store/session'
import { createPlan, fetchOffer, fetchPlans, signAgain } from '../api/monthly'
import {
  DAYS,
  amountOf,
  createBody,
  draftProblems,
  emptyDraft,
  payTypeKey,
  waitUntilSigned,
  waitingPath,
  type MonthlyDraft
} from '../model/monthly'
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

type Step = 'form' | 'sign' | 'confirming' | 'pending' | 'done'

/** ?planId (&resume=1): the plan the page waits for (or signs again) instead of a new form */
interface WaitFor {
  planId: number
  resume: boolean
}

function Give({ itemsId, offer, project, waitFor }: { itemsId: number; offer: MonthlyOffer; project: Project; waitFor: WaitFor | null }) {
  const t = useT()
  const theme = useTheme()
  const [draft, setDraft] = useState<MonthlyDraft>(() => emptyDraft(offer.payTypes))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [step, setStep] = useState<Step>(waitFor ? 'confirming' : 'form')
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState('')
  const [plan, setPlan] = useState<MonthlyPlan | null>(null)
  const [planId, setPlanId] = useState(waitFor?.planId ?? 0)
  const [progress, setProgress] = useState(0)
  // the plan ended while the page waited (replaced by another, or stopped): only a new plan can be signed
  const [ended, setEnded] = useState(false)
  const gone = useRef(false)
  useEffect(() => {
    gone.current = false
    return () => {
      gone.current = true
    }
  }, [])
  const channel = useMemo(() => payChannelOf(platform.env()), [])

  /** waits for the sign notification to make the plan active; after a minute it stays signing (my monthly gifts) */
  const confirm = async (id: number) => {
    setPlanId(id)
    setProgress(0)
    setStep('confirming')
    const r = await waitUntilSigned(id, fetchPlans, { progress: setProgress, cancelled: () => gone.current })
    if (gone.current) return
    if (r.kind === 'active') {
      setPlan(r.plan)
      setStep('done')
    } else {
      setEnded(r.kind === 'stopped')
      setRefusal(r.kind === 'stopped' ? t('monthly.confirm.stopped') : '')
      setStep('pending')
    }
  }
  /** the provider's own signing for the plan's sign page, then the wait (a browser leaves and comes back to it) */
  const handOff = async (p: MonthlyPlan) => {
    setPlanId(p.id)
    if (p.status === 'stopped') {
      setEnded(true)
      setRefusal(t('monthly.confirm.stopped'))
      return setStep('pending')
    }
    if (p.status !== 'signing' || !p.sign) return confirm(p.id)
    setStep('confirming')
    setProgress(0)
    const outcome = await signAgreement(p.sign, { returnPath: waitingPath(itemsId, p.id) })
    if (gone.current || outcome === 'left') return
    if (outcome === 'returned') return confirm(p.id)
    setRefusal(outcome === 'cancelled' ? t('monthly.confirm.cancelled') : t('monthly.confirm.cannotOpen'))
    setStep('pending')
  }
  /** "继续签约": the same plan's sign page again (monthly/sign), or the plan itself when it was signed meanwhile */
  const resume = async (id: number) => {
    if (busy) return
    setBusy(true)
    setRefusal('')
    try {
      const p = await signAgain(id, channel)
      setBusy(false)
      await handOff(p)
    } catch (e) {
      setBusy(false)
      setRefusal(errorMessage(e) || t('common.loadFailed'))
      setStep('pending')
    }
  }
  const started = useRef(false)
  useEffect(() => {
    if (!waitFor || started.current) return
    started.current = true
    void (waitFor.resume ? resume(waitFor.planId) : confirm(waitFor.planId))
    // once, for the plan the page was opened with
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
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
    let created: MonthlyPlan
    try {
      created = await createPlan(createBody(itemsId, draft, channel))
    } catch (e) {
      setRefusal(errorMessage(e) || t('common.loadFailed'))
      setBusy(false)
      return
    }
    setBusy(false)
    // the sandbox signs at once; a real provider answers the page the donor signs on
    if (created.status === 'active') {
      setPlan(created)
      setStep('done')
      return
    }
    await handOff(created)
  }

  if (step === 'confirming')
    return (
      <View className='mo-give' data-testid='monthly-confirming'>
        <View className='mo-wait' role='status' aria-live='polite'>
          <Text className='mo-wait__title'>{t('monthly.confirm.title')}</Text>
          <Text className='mo-wait__text'>{t('monthly.confirm.text')}</Text>
          <View className='mo-wait__bar' data-testid='monthly-confirm-progress'>
            <View className='mo-wait__fill' style={{ width: `${Math.round(progress * 100)}%`, background: theme }} />
          </View>
        </View>
      </View>
    )

  if (step === 'pending')
    return (
      <View className='mo-give' data-testid='monthly-pending'>
        <View className='mo-wait'>
          <Text className='mo-wait__title'>{t('monthly.confirm.pendingTitle')}</Text>
          <Text className='mo-wait__text'>{refusal || t('monthly.confirm.timeout')}</Text>
        </View>
        <View className='mo-give__actions'>
          {ended ? (
            <View className='mo-give__action' data-testid='monthly-start-over'>
              <AtButton
                type='primary'
                customStyle={{ background: theme, borderColor: theme }}
                onClick={() => {
                  setEnded(false)
                  setRefusal('')
                  setStep('form')
                }}
              >
                {t('monthly.confirm.startOver')}
              </AtButton>
            </View>
          ) : (
            <>
              <View className='mo-give__action' data-testid='monthly-resume'>
                <AtButton
                  type='primary'
                  loading={busy}
                  disabled={busy || !planId}
                  customStyle={{ background: theme, borderColor: theme }}
                  onClick={() => resume(planId)}
                >
                  {t('monthly.confirm.resume')}
                </AtButton>
              </View>
              <View className='mo-give__action' data-testid='monthly-check-again'>
                <AtButton disabled={busy || !planId} onClick={() => confirm(planId)}>
                  {t('monthly.confirm.checkAgain')}
                </AtButton>
              </View>
            </>
          )}
          <View className='mo-give__action' data-testid='monthly-pending-mine'>
            <AtButton disabled={busy} onClick={() => platform.nav.redirect(routeUrl('mine-monthly'))}>
              {t('monthly.done.mine')}
            </AtButton>
          </View>
        </View>
      </View>
    )

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

function Loaded({ itemsId, waitFor }: { itemsId: number; waitFor: WaitFor | null }) {
  const t = useT()
  const state = useData(() => Promise.all([fetchOffer(itemsId), fetchProject(itemsId)]), [itemsId])
  if (!state.data) return <LoadState state={state} className='mo-state' testId='monthly-give-state' skeleton='card' />
  const [offer, project] = state.data
  // a plan already made waits (or signs again) whatever the project offers now
  if (!offer.offered && !waitFor)
    return (
      <View className='mo-give' data-testid='monthly-not-offered'>
        <EmptyState art='gift' text={t('monthly.notOffered')} hint={t('monthly.mine.emptyHint')} />
      </View>
    )
  return <Give itemsId={itemsId} offer={offer} project={project} waitFor={waitFor} />
}

export default function GiveMonthlyScreen() {
  const query = useMemo(() => platform.nav.currentQuery(), [])
  const itemsId = Number(query.itemsId) || 0
  const waitFor = useMemo<WaitFor | null>(() => {
    const planId = Number(query.planId) || 0
    return planId ? { planId, resume: query.resume === '1' } : null
  }, [query])
  const t = useT()
  if (!itemsId)
    return (
      <View className='mo-give'>
        <EmptyState art='gift' text={t('common.loadFailed')} />
      </View>
    )
  return (
    <SignedInGate>
      <Loaded itemsId={itemsId} waitFor={waitFor} />
    </SignedInGate>
  )
}
