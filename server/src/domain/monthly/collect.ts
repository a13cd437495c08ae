/**
 * Collection (docs/decisions/071-monthly-giving.md): for a Beijing day, every active plan whose next charge is due is
 * charged once for its month, each success an ordinary paid gift.
 *
 * - **Once per plan and month.** A run claims (plan, month) by inserting its monthly_charge row (insert-or-ignore on
 *   the unique key) in the same transaction as the attempt's order; the run whose insert created the row charges, every
 *   other run (the same day again, another worker process, a restart) finds the row and moves on. A retry is claimed by
 *   a conditional update of the row as it was read (status and attempts), so again exactly one run wins.
 * - **The ordinary paid path.** Each attempt is a donation row (pending, the plan's provider and pay type, donate_from
 *   'M') charged with its bill number as the provider's out_trade_no; the provider's answer goes through
 *   applyNotification (domain/order/notifications.ts) like any payment notification, so totals, the directory, the
 *   certificate, awards, the receipt request and the donor's notifications happen there, once. The charge row becomes
 *   paid and the plan's next date moves to next month inside that same transaction (inTransaction).
 * - **The provider's days and hours** (AgreementProvider.attemptOffsets and allowedHours, docs/decisions/079): a
 *   month's attempts fall on its charge day D plus the provider's offsets (the sandbox and WeChat D, D+1, D+2; Alipay
 *   D-2, D-1, D), so a plan is due from D plus the first offset; the month claimed is always D's. A provider with
 *   allowed hours (WeChat 7:00-22:00 Beijing) is neither charged nor sent its notice outside them: the run leaves the
 *   plan to a later run, which is no decline. The run's hour is the clock's in Beijing, or the `time` it is given.
 * - **Failure.** A declined charge closes its order (payment_failed) and is tried again on the provider's next offset
 *   day (never the same day), up to the provider's attempts (three for every provider); the last
 *   failure pauses the plan and tells the donor (notice kind 'monthly'). An answer that never came (network, timeout)
 *   leaves the attempt 'charging': after CHARGE_LEASE_MS another run submits the SAME order again, which the provider
 *   takes as the same charge (out_trade_no), so an unknown outcome is never paid twice.
 * - **Missed months** (no run between one month's first attempt day and the next's) are skipped, never collected late
 *   in a row.
- **Stopped plans.** Only active plans are read, and the plan is read again just before the provider is asked: a plan
 *   stopped since is not charged (its order is closed, the month cancelled).
 */
import type { Transaction } from 'kysely'
import type { DB, MonthlyChargeStatus, MonthlyPlanTable } from '../../db/schema'
import type { Selectable } from 'kysely'
import { ProviderError, type VerifiedNotification } from '../../providers/payment/types'
import type { AgreementProvider } from '../../providers/payment/agreement'
import { CYCLE_ATTEMPT_OFFSETS } from '../../providers/payment/alipay'
import { SANDBOX_ATTEMPT_OFFSETS } from '../../providers/payment/sandbox-agreement'
import { beijingDate } from '../ledger/repository'
import { enqueueNotice } from '../notify/enqueue'
import { applyNotification, type NotificationResult } from '../order/notifications'
import * as orders from '../order/repository'
import { OPEN_STATES, transition } from '../order/state'
import { requireProject } from '../project/service'
import { addDays, chargeDay, nextMonth } from './dates'
import * as repo from './repository'
import { agreementNotifyUrl, agreementProviderFor, type MonthlyDeps } from './service'

/** the time of a run for a day ahead of the clock's when none is given (the CLI's simulated days): Beijing noon */
export const DEFAULT_RUN_TIME = '12:00'
/** an attempt whose provider answer never came is submitted again by another run after this long */
export const CHARGE_LEASE_MS = 10 * 60_000
/** a charge's order stays payable this long (a resubmission after the lease must still find it open) */
const ORDER_TTL_MS = 24 * 3_600_000
const BATCH = 100
/** WeChat papay: the pre-deduction notice goes out this many days before the charge day, and a charge is made only
 *  once its notice is this old (notice on the 1st, the donor may cancel on the 2nd, charge on the 3rd); the notice's
 *  deduct_duration covers the provider's attempt days (attemptOffsets.length) */
export const NOTICE_DAYS = 2
/** donation_submission.donate_from of a charge's order (varchar(4); the app's donateFrom values are U1, U5, U6) */
export const MONTHLY_DONATE_FROM = 'M'

export interface CollectionResult {
  day: string
  /** plans looked at */
  due: number
  /** attempts this run started or resumed */
  attempts: number
  paid: number
  /** declined attempts that will be tried again */
  retrying: number
  /** plans paused after their last attempt */
  paused: number
  /** attempts whose answer did not come (taken up again after the lease) */
  unknown: number
}

type Plan = Selectable<MonthlyPlanTable>
interface Attempt {
  chargeId: number
  attempts: number
  donationId: number
  billNo: string
}

/** The Beijing time of `now` as minutes after midnight. */
const beijingMinutes = (now: Date) => Math.floor((now.getTime() / 60_000 + 8 * 60) % (24 * 60))

/** "HH:MM" (00:00-24:00) as minutes after midnight, or NaN. */
export function parseRunTime(time: string): number {
  const m = /^(\d{2}):(\d{2})$/.exec(time)
  const minutes = m ? Number(m[1]) * 60 + Number(m[2]) : NaN
  return m && Number(m[2]) < 60 && minutes <= 24 * 60 ? minutes : NaN
}

/** The provider's attempt days relative to D (the sandbox's D, D+1, D+2 when its provider is gone). */
const offsetsOf = (provider?: AgreementProvider | null): readonly number[] =>
  provider?.attemptOffsets?.length ? provider.attemptOffsets : SANDBOX_ATTEMPT_OFFSETS

/**
 * Collection for `day` (Beijing YYYY-MM-DD; default today), every school's plans or one school's (`schoolId`: the
 * console's action), as a run at `time` (Beijing HH:MM) for the providers' allowed hours: by default the clock's time
 * for today or an earlier day, DEFAULT_RUN_TIME for a day ahead. Safe to run any number of times, in any number of
 * processes.
 */
export async function collect(deps: MonthlyDeps, day?: string, schoolId?: number, time?: string): Promise<CollectionResult> {
  const now = deps.now()
  const today = day ?? beijingDate(now)
  // a run for today or an earlier day (a recovery) reaches the provider now: the clock's hour; a day ahead (only the
  // CLI's --date: tests, the sandbox) is a simulation, at noon unless a time is given
  const minute = time !== undefined ? parseRunTime(time) : today <= beijingDate(now) ? beijingMinutes(now) : parseRunTime(DEFAULT_RUN_TIME)
  if (Number.isNaN(minute)) throw new Error(`monthly collection: time must be HH:MM, got ${JSON.stringify(time)}`)
  const out: CollectionResult = { day: today, due: 0, attempts: 0, paid: 0, retrying: 0, paused: 0, unknown: 0 }
  // read ahead of the charge day: papay plans within NOTICE_DAYS whose pre-deduction notice has not gone out, and
  // Alipay plans from their first attempt day (D-2)
  const ahead = [
    { provider: 'wechatpay', by: addDays(today, NOTICE_DAYS), unnoticed: true },
    { provider: 'alipay', by: addDays(today, -CYCLE_ATTEMPT_OFFSETS[0]) }
  ]
  for (let after = 0; ;) {
    const plans = await repo.duePlans(deps.db, today, BATCH, after, ahead, schoolId)
    if (!plans.length) break
    after = plans[plans.length - 1].id
    for (const plan of plans) {
      out.due++
      try {
        const r = await collectPlan(deps, plan, today, minute)
        if (r !== 'skipped') out.attempts++
        if (r === 'paid') out.paid++
        else if (r === 'retrying') out.retrying++
        else if (r === 'paused') out.paused++
        else if (r === 'unknown') out.unknown++
      } catch (err) {
        // one plan's trouble (a project deleted, a database hiccup) never stops the others; the next run tries again
        deps.log.error({ err, planId: plan.id, schoolId: plan.school_id }, 'monthly collection of a plan failed')
      }
    }
  }
  if (out.attempts) deps.log.info(out, 'monthly collection')
  return out
}

type Outcome = 'skipped' | 'paid' | 'retrying' | 'paused' | 'unknown' | 'cancelled'

async function collectPlan(deps: MonthlyDeps, plan: Plan, today: string, minute: number): Promise<Outcome> {
  const sid = plan.school_id
  const provider = await agreementProviderFor(deps, sid, plan.pay_type)
  if (!provider || provider.name !== plan.provider) {
    deps.log.warn(
      { planId: plan.id, schoolId: sid, provider: plan.provider },
      'monthly plan due, but its provider no longer takes agreements'
    )
    return 'skipped'
  }
  const offsets = offsetsOf(provider)
  // the first attempt day of the month whose charge day is `d`
  const opens = (d: string) => addDays(d, offsets[0])
  // Months missed while no collection ran (a worker down for weeks, a recovery run for a later day) are skipped, not
  // collected late in a row: the plan moves on to the latest month whose first attempt day is on or before `today`.
  let due = plan
  const after = (d: string) => chargeDay(nextMonth(d.slice(0, 7)), plan.day_of_month)
  if (opens(after(plan.next_charge_on)) <= today) {
    let to = plan.next_charge_on
    while (opens(after(to)) <= today) to = after(to)
    const at = deps.now().toISOString()
    if (!(await repo.advancePlan(deps.db, sid, plan.id, plan.next_charge_on, to, at))) return 'skipped'
    await repo.cancelRetries(deps.db, sid, plan.id, at)
    deps.log.warn({ planId: plan.id, from: plan.next_charge_on, to }, 'monthly plan: missed months skipped')
    due = { ...plan, next_charge_on: to }
  }
  // outside the provider's hours nothing is sent to it: a later run (the worker's every minute) takes the plan up
  const hours = provider.allowedHours
  if (hours && (minute < hours.from * 60 || minute >= hours.to * 60)) return 'skipped'
  // WeChat papay: the donor is told days before each charge day; the charge waits until that notice is old enough
  if (provider.notifyCharge && !(await noticeGiven(deps, provider, due, today))) return 'skipped'
  if (opens(due.next_charge_on) > today) return 'skipped'
  const month = due.next_charge_on.slice(0, 7)
  const attempt = await claim(deps, due, month, today)
  if (!attempt) return 'skipped'
  return charge(deps, provider, due, month, today, attempt)
}

/**
 * The pre-deduction notice of the plan's next charge (WeChat papay, docs/decisions/079-monthly-providers.md): true once
 * it went out NOTICE_DAYS or more before today. The run that moves notice_for sends it (one run of many); a notice the
 * provider did not take is given back and sent again by a later run.
 */
async function noticeGiven(deps: MonthlyDeps, provider: AgreementProvider, plan: Plan, today: string): Promise<boolean> {
  const chargeOn = plan.next_charge_on
  if (plan.notice_for === chargeOn) return plan.noticed_on !== '' && addDays(plan.noticed_on, NOTICE_DAYS) <= today
  const sid = plan.school_id
  if (!(await repo.claimNotice(deps.db, sid, plan.id, plan.notice_for, chargeOn, today, deps.now().toISOString()))) return false
  try {
    // the charge days WeChat allows after the waiting period cover every attempt (D, D+1, D+2: count 3)
    const days = offsetsOf(provider).length
    await provider.notifyCharge!({ agreementNo: plan.agreement_no, amountFen: plan.amount_fen, days })
    deps.log.info({ planId: plan.id, chargeOn }, 'monthly plan: pre-deduction notice sent')
  } catch (err) {
    await repo.releaseNotice(deps.db, sid, plan.id, chargeOn, plan.notice_for)
    deps.log.warn({ err, planId: plan.id, chargeOn }, 'monthly plan: the pre-deduction notice was not taken; sent again later')
  }
  return false
}

/** This run's attempt at (plan, month), or null when the month is another run's, done, or not due for a retry. */
async function claim(deps: MonthlyDeps, plan: Plan, month: string, today: string): Promise<Attempt | null> {
  const sid = plan.school_id
  const now = deps.now()
  const at = now.toISOString()
  const project = await requireProject(deps.db, sid, plan.items_id)
  const first = await deps.db.transaction().execute(async (trx) => {
    const won = await repo.claimMonth(trx, {
      school_id: sid,
      plan_id: plan.id,
      month,
      status: 'charging',
      attempts: 1,
      donation_id: null,
      claimed_at: at,
      created_at: at,
      updated_at: at
    })
    if (!won) return null
    const row = await repo.chargeOf(trx, sid, plan.id, month)
    return row ? newOrder(trx, plan, project.form_id, row.id, 1, now) : null
  })
  if (first) return first

  const row = await repo.chargeOf(deps.db, sid, plan.id, month)
  if (!row) return null
  if (row.status === 'retry' && row.next_attempt_on <= today) {
    const seen = { id: row.id, status: row.status as MonthlyChargeStatus, attempts: row.attempts, claimed_at: row.claimed_at }
    return deps.db.transaction().execute(async (trx) => {
      const won = await repo.takeCharge(trx, sid, seen, {
        status: 'charging',
        attempts: row.attempts + 1,
        next_attempt_on: '',
        claimed_at: at,
        updated_at: at
      })
      return won ? newOrder(trx, plan, project.form_id, row.id, row.attempts + 1, now) : null
    })
  }
  if (row.status === 'charging' && row.donation_id && Date.parse(row.claimed_at) <= now.getTime() - CHARGE_LEASE_MS) {
    // the attempt's answer never came (a crash, a timeout): the same order is submitted again
    const seen = { id: row.id, status: row.status as MonthlyChargeStatus, attempts: row.attempts, claimed_at: row.claimed_at }
    if (!(await repo.takeCharge(deps.db, sid, seen, { claimed_at: at, updated_at: at }))) return null
    const order = await orders.getOrderById(deps.db, sid, row.donation_id)
    return order ? { chargeId: row.id, attempts: row.attempts, donationId: order.id, billNo: order.bill_no } : null
  }
  return null
}

/** The attempt's order: an ordinary pending donation of the plan's donor, project, amount, provider and pay type. */
async function newOrder(
  trx: Transaction<DB>,
  plan: Plan,
  formId: number | null,
  chargeId: number,
  attempts: number,
  now: Date
): Promise<Attempt> {
  const sid = plan.school_id
  for (let i = 0; ; i++) {
    const billNo = orders.newBillNo(now)
    try {
      const donationId = await orders.insertOrder(
        trx,
        {
          bill_no: billNo,
          school_id: sid,
          items_id: plan.items_id,
          sub_items_id: null,
          user_id: plan.user_id,
          together_id: null,
          donor_name: plan.donor_name,
          is_anonymous: plan.is_anonymous,
          amount_fen: plan.amount_fen,
          material_number: 0,
          pay_type: plan.pay_type,
          status: 'pending',
          created_at: now.toISOString(),
          paid_at: null,
          expires_at: new Date(now.getTime() + ORDER_TTL_MS).toISOString(),
          provider: plan.provider
        },
        {
          school_id: sid,
          form_id: formId,
          currency: 'CNY',
          donate_from: MONTHLY_DONATE_FROM,
          pay_channel: '',
          is_no_data: 0,
          is_need_paper: 0,
          certificate_donor_name: '',
          certificate_way: null,
          is_need_receipt: 0,
          receipt_donor_type: null,
          receipt_donor_name: '',
          credit_code: '',
          receipt_type: null,
          receipt_way: null,
          postal_email: '',
          postal_mobile_sms: '',
          postal_country: '',
          postal_province: '',
          postal_city: '',
          postal_district: '',
          postal_address: '',
          postal_zip: '',
          postal_contact: '',
          postal_mobile: '',
          form_data: JSON.stringify({ monthlyPlan: plan.plan_no }),
          client_ip: ''
        }
      )
      await repo.setChargeOrder(trx, sid, chargeId, donationId)
      return { chargeId, attempts, donationId, billNo }
    } catch (err) {
      // a bill number taken by another order in the same second: draw again (the claim is kept by the transaction)
      if (i < 3 && /unique|duplicate/i.test(String((err as Error)?.message))) continue
      throw err
    }
  }
}

async function charge(
  deps: MonthlyDeps,
  provider: AgreementProvider,
  plan: Plan,
  month: string,
  today: string,
  a: Attempt
): Promise<Outcome> {
  const sid = plan.school_id
  const at = () => deps.now().toISOString()
  const order = await orders.getOrderById(deps.db, sid, a.donationId)
  if (order?.status === 'paid') return finishPaidAgain(deps, plan, month, a)
  // the plan read again right before the provider is asked: a plan stopped (or paused) since is not charged
  const current = await repo.planById(deps.db, sid, plan.id)
  if (!current || current.status !== 'active' || !order || !OPEN_STATES.includes(order.status)) {
    await deps.db.transaction().execute(async (trx) => {
      if (order && OPEN_STATES.includes(order.status))
        await transition(trx, sid, a.donationId, OPEN_STATES, 'cancelled', { closed_at: at(), close_reason: 'plan_stopped' })
      await repo.settleCharge(trx, sid, a.chargeId, { status: 'cancelled', updated_at: at() })
    })
    return 'cancelled'
  }
  const project = await requireProject(deps.db, sid, plan.items_id)
  let paid
  try {
    paid = await provider.charge({
      schoolId: sid,
      agreementNo: current.agreement_no,
      billNo: a.billNo,
      amountFen: plan.amount_fen,
      description: project.name,
      notifyUrl: agreementNotifyUrl(deps.publicBaseUrl ?? '', await repo.schoolCode(deps.db, sid), plan.provider, plan.pay_type)
    })
  } catch (err) {
    if (err instanceof ProviderError && err.kind === 'declined')
      return declined(deps, plan, month, today, a, err.message, offsetsOf(provider))
    deps.log.warn(
      { err, planId: plan.id, billNo: a.billNo },
      'monthly charge: no answer from the provider; the same order is submitted again later'
    )
    return 'unknown'
  }
  return settlePaid(deps, plan, month, a, paid)
}

/** A charge's payment, from the provider's answer or its notification: the order paid and the month settled at once. */
async function settlePaid(deps: MonthlyDeps, plan: Plan, month: string, a: Attempt, paid: VerifiedNotification): Promise<Outcome> {
  const sid = plan.school_id
  const at = () => deps.now().toISOString()
  const from = chargeDay(month, plan.day_of_month)
  const nextOn = chargeDay(nextMonth(month), plan.day_of_month)
  const r = await applyNotification(deps.db, sid, paid, {
    log: deps.log,
    now: deps.now(),
    onPaid: deps.onPaid,
    // the month is paid and the plan moves on in the transaction that made the order paid
    inTransaction: async (trx) => {
      if (await repo.settleCharge(trx, sid, a.chargeId, { status: 'paid', last_error: '', updated_at: at() }))
        await repo.advancePlan(trx, sid, plan.id, from, nextOn, at())
    }
  })
  if (r.status === 'applied') return 'paid'
  if (r.status === 'duplicate') return finishPaidAgain(deps, plan, month, a)
  deps.log.error({ planId: plan.id, billNo: a.billNo, result: r }, 'monthly charge: the payment was not applied to its order')
  return 'unknown'
}

/** The attempt's order was already paid (a resubmission after a lost answer): the month is settled, once. */
async function finishPaidAgain(deps: MonthlyDeps, plan: Plan, month: string, a: Attempt): Promise<Outcome> {
  const at = deps.now().toISOString()
  await deps.db.transaction().execute(async (trx) => {
    if (await repo.settleCharge(trx, plan.school_id, a.chargeId, { status: 'paid', last_error: '', updated_at: at }))
      await repo.advancePlan(
        trx,
        plan.school_id,
        plan.id,
        chargeDay(month, plan.day_of_month),
        chargeDay(nextMonth(month), plan.day_of_month),
        at
      )
  })
  return 'paid'
}

/**
 * A declined attempt: its order closed, and the month tried again on the provider's next offset day after D (and never
 * again the same day: an attempt made late, after a run was missed, is retried the next day), or, after the last
 * offset's attempt, the plan paused.
 */
async function declined(
  deps: MonthlyDeps,
  plan: Plan,
  month: string,
  today: string,
  a: Attempt,
  reason: string,
  offsets: readonly number[]
): Promise<Outcome> {
  const sid = plan.school_id
  const now = deps.now()
  const at = now.toISOString()
  const last = a.attempts >= offsets.length
  const onDay = addDays(chargeDay(month, plan.day_of_month), offsets[Math.min(a.attempts, offsets.length - 1)])
  const next = onDay > today ? onDay : addDays(today, 1)
  await deps.db.transaction().execute(async (trx) => {
    await transition(trx, sid, a.donationId, OPEN_STATES, 'cancelled', { closed_at: at, close_reason: 'payment_failed' })
    const settled = await repo.settleCharge(trx, sid, a.chargeId, {
      status: last ? 'failed' : 'retry',
      next_attempt_on: last ? '' : next,
      last_error: reason.slice(0, 200),
      updated_at: at
    })
    if (!settled) return
    if (!last) return repo.bumpFailures(trx, sid, plan.id, at)
    // the last attempt: the plan pauses (its month is over) and the donor hears of it if they asked for this news
    if (await repo.pausePlan(trx, sid, plan.id, chargeDay(nextMonth(month), plan.day_of_month), at))
      await enqueueNotice(trx, { schoolId: sid, userId: plan.user_id, kind: 'monthly', refId: plan.id, now })
  })
  deps.log.warn(
    { planId: plan.id, billNo: a.billNo, attempt: a.attempts, reason },
    last ? 'monthly plan paused after its last failed charge' : `monthly charge declined; tried again on ${next}`
  )
  return last ? 'paused' : 'retrying'
}

/**
 * A charge's result posted by its provider (WeChat papay answers asynchronously; Alipay notifies as well), from the
 * agreement notify route: a paid charge settles its month exactly like the charge's own answer would (a second report
 * changes nothing), a failed one counts as a declined attempt. An order that is no monthly charge goes the ordinary way.
 */
export async function applyChargeNotification(
  deps: MonthlyDeps,
  schoolId: number,
  n: VerifiedNotification
): Promise<NotificationResult | { status: 'applied' | 'duplicate' }> {
  const order = await orders.findOrder(deps.db, schoolId, n.billNo)
  const row = order ? await repo.chargeByOrder(deps.db, schoolId, order.id) : undefined
  const plan = row ? await repo.planById(deps.db, schoolId, row.plan_id) : undefined
  if (!order || !row || !plan) return applyNotification(deps.db, schoolId, n, { log: deps.log, now: deps.now(), onPaid: deps.onPaid })
  const a: Attempt = { chargeId: row.id, attempts: row.attempts, donationId: order.id, billNo: order.bill_no }
  if (n.outcome === 'paid' && !n.refund) {
    const r = await settlePaid(deps, plan, row.month, a, n)
    return { status: r === 'paid' ? 'applied' : 'duplicate' }
  }
  if (n.outcome === 'failed' && row.status === 'charging' && OPEN_STATES.includes(order.status)) {
    const provider = await agreementProviderFor(deps, schoolId, plan.pay_type)
    await declined(deps, plan, row.month, beijingDate(deps.now()), a, 'the provider reported the charge failed', offsetsOf(provider))
    return { status: 'applied' }
  }
  return applyNotification(deps.db, schoolId, n, { log: deps.log, now: deps.now(), onPaid: deps.onPaid })
}
