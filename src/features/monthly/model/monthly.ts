/**
 * Monthly giving, pure (docs/decisions/078-monthly-giving-screens.md): the form's checks (amount with decimal.js, day
 * 1–28, pay type) as field problems, the body the server takes, and a plan as my monthly gifts shows it.
 */
import type { MonthlyCreateBody, MonthlyPlan, PayChannelCode } from '@contract'
import { checkAmount, formatCurrency, toDecimal } from '@/lib/money'
import type { MessageKey, Translate } from '@/lib/i18n'

type T = Translate

/** Every month has days 1–28: a plan's day is one of these. */
export const DAYS = Array.from({ length: 28 }, (_, i) => i + 1)

export interface MonthlyDraft {
  money: string
  day: number | null
  payType: number | null
  anonymous: boolean
}

export const emptyDraft = (payTypes: number[]): MonthlyDraft => ({
  money: '',
  day: null,
  // one pay type: nothing to choose
  payType: payTypes.length === 1 ? payTypes[0] : null,
  anonymous: false
})

/** Field key -> problem text; empty when the draft can be signed. */
export function draftProblems(d: MonthlyDraft, t: T): Record<string, string> {
  const out: Record<string, string> = {}
  const amount = checkAmount(d.money)
  if (amount === 'invalid') out.money = t('monthly.error.amount')
  else if (amount === 'too-large') out.money = t('monthly.error.tooLarge')
  if (d.day === null || !DAYS.includes(d.day)) out.day = t('monthly.error.day')
  if (d.payType === null) out.payType = t('monthly.error.payType')
  return out
}

/** The amount as the server reads it: yuan with two decimals, exact. */
export const amountOf = (money: string): string => toDecimal(money.trim()).toFixed(2)

/** `payChannel`: where the donor signs (the WeChat mini-program opens WeChat's signing mini-program, a browser a page) */
export function createBody(itemsId: number, d: MonthlyDraft, payChannel?: PayChannelCode): MonthlyCreateBody {
  return {
    itemsId,
    money: amountOf(d.money),
    dayOfMonth: d.day!,
    payType: d.payType!,
    isAnonymous: d.anonymous ? 1 : 0,
    ...(payChannel ? { payChannel } : {})
  }
}

/** How often and how long the app asks whether the provider's sign notification made a plan active (docs/decisions/085). */
export const SIGN_POLL_MS = 2000
export const SIGN_WAIT_MS = 60000

export type SignWait = { kind: 'active'; plan: MonthlyPlan } | { kind: 'stopped' } | { kind: 'timeout' }

/**
 * Asks for the plan every `every` ms until it is active (the sign notification came), stopped (replaced or ended), or
 * `within` ms have passed (then it stays 'signing' in my monthly gifts, where it can be signed again). A failed ask is
 * asked again at the next tick; `progress` gets the share of the wait gone (0–1); `cancelled` ends it quietly.
 */
export async function waitUntilSigned(
  id: number,
  fetchPlans: () => Promise<{ plans: MonthlyPlan[] }>,
  opts: {
    every?: number
    within?: number
    progress?(share: number): void
    cancelled?(): boolean
    sleep?(ms: number): Promise<void>
    now?(): number
  } = {}
): Promise<SignWait> {
  const every = opts.every ?? SIGN_POLL_MS
  const within = opts.within ?? SIGN_WAIT_MS
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const now = opts.now ?? Date.now
  const start = now()
  for (;;) {
    if (opts.cancelled?.()) return { kind: 'timeout' }
    const plan = await fetchPlans().then(
      (r) => r.plans.find((p) => p.id === id),
      () => undefined
    )
    if (plan?.status === 'active' || plan?.status === 'paused') return { kind: 'active', plan }
    if (plan?.status === 'stopped') return { kind: 'stopped' }
    const gone = now() - start
    opts.progress?.(Math.min(1, gone / within))
    if (gone + every > within) return { kind: 'timeout' }
    await sleep(every)
  }
}

/** The app page that waits for a plan (the H5 return from the provider, and "继续签约" from my monthly gifts). */
export const waitingPath = (itemsId: number, planId: number, resume = false) =>
  `/monthly-give?itemsId=${itemsId}&planId=${planId}${resume ? '&resume=1' : ''}`

export const payTypeKey = (payType: number): MessageKey => (payType === 2 ? 'donate.pay.alipay' : 'donate.pay.wechat')

export interface ChargeView {
  month: string
  status: MonthlyPlan['history'][number]['status']
  label: string
  /** the paid time, or when a retry is due */
  detail: string
}

export interface PlanView {
  id: number
  project: string
  itemsId: number
  amount: string
  day: string
  status: MonthlyPlan['status']
  statusLabel: string
  /** '' unless active */
  next: string
  paidCount: string
  stoppable: boolean
  /** still 'signing': "继续签约" opens the provider's signing again */
  resumable: boolean
  /** 'paused' after a month's failed charges: "恢复月捐" makes it active again (monthly/resume) */
  restartable: boolean
  history: ChargeView[]
}

export function planView(p: MonthlyPlan, t: T): PlanView {
  const paid = p.history.filter((c) => c.status === 'paid').length
  return {
    id: p.id,
    project: p.itemsName,
    itemsId: p.itemsId,
    amount: t('monthly.mine.amount', { amount: formatCurrency(p.money) }),
    day: t('monthly.mine.day', { day: p.dayOfMonth }),
    status: p.status,
    statusLabel: t(`monthly.status.${p.status}`),
    next: p.nextChargeOn ? t('monthly.mine.next', { date: p.nextChargeOn }) : '',
    paidCount: t('monthly.mine.paidCount', { n: paid }),
    stoppable: p.status !== 'stopped',
    resumable: p.status === 'signing',
    restartable: p.status === 'paused',
    history: p.history.map((c) => ({
      month: c.month,
      status: c.status,
      label: t(`monthly.charge.${c.status}`),
      detail:
        c.status === 'paid' ? c.paidTime.slice(0, 16) : c.status === 'retry' ? t('monthly.mine.retryOn', { date: c.nextAttemptOn }) : ''
    }))
  }
}
