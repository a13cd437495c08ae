/**
 * Monthly giving, pure (docs/decisions/078-monthly-giving-screens.md): the form's checks (amount with decimal.js, day
 * 1–28, pay type) as field problems, the body the server takes, and a plan as my monthly gifts shows it.
 */
import type { MonthlyCreateBody, MonthlyPlan } from '@contract'
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

export function createBody(itemsId: number, d: MonthlyDraft): MonthlyCreateBody {
  return { itemsId, money: amountOf(d.money), dayOfMonth: d.day!, payType: d.payType!, isAnonymous: d.anonymous ? 1 : 0 }
}

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
    history: p.history.map((c) => ({
      month: c.month,
      status: c.status,
      label: t(`monthly.charge.${c.status}`),
      detail:
        c.status === 'paid' ? c.paidTime.slice(0, 16) : c.status === 'retry' ? t('monthly.mine.retryOn', { date: c.nextAttemptOn }) : ''
    }))
  }
}
