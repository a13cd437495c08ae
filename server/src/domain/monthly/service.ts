/**
 * Monthly giving (docs/product §4 Monthly giving; docs/decisions/071-monthly-giving.md): a donor's plan is created for a
 * project that offers it, signed once at the provider of the chosen pay type (the sandbox signs at once; its sign
 * notification goes through applySignNotification like a real provider's would), listed with its next date and
 * history, and stopped (here and at the provider). Collection is collect.ts.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely, Transaction } from 'kysely'
import {
  MAX_DONATION_YUAN,
  PermissionCode,
  ResultCode,
  type Lang,
  type MonthlyOffer,
  type MonthlyPlan,
  type MonthlyPlans,
  type MonthlySignPage,
  type PayChannelCode
} from '../../../../types'
import type { DB, MonthlyPlanStatus } from '../../db/schema'
import { AppError, bizError, tokenInvalid } from '../../errors'
import { fenToYuan, parseYuan, readFen } from '../../lib/money'
import { beijingStamp, toWireDate } from '../../lib/dates'
import { randomSerial } from '../../lib/random'
import type { AgreementProvider, SignNotification } from '../../providers/payment/agreement'
import { isConfigError, type PaymentRegistry } from '../../providers/payment/registry'
import { createSandboxAgreements } from '../../providers/payment/sandbox-agreement'
import { mayDonate } from '../form/service'
import { localized, parseTexts } from '../form/texts'
import { beijingDate } from '../ledger/repository'
import { requireProject } from '../project/service'
import { getUser } from '../user/repository'
import { firstChargeOn } from './dates'
import * as repo from './repository'
import { enqueue } from '../../jobs/queue'
import { providerChannelOf } from '../channel/credentials'

type Log = Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>

export interface MonthlyDeps {
  db: Kysely<DB>
  payments: PaymentRegistry
  log: Log
  now: () => Date
  /** after a charge made an order paid (the app clears its read cache and kicks the job worker) */
  onPaid?: (donationId: number) => void
  /** PUBLIC_BASE_URL: the real providers' notify URLs are built on it, never on the request (decision 031) */
  publicBaseUrl?: string
}

export interface MonthlyCaller {
  schoolId: number
  userId: number
  /** the language of the answer: the project's name in English where the school entered it (decision 073) */
  lang?: Lang
}

/**
 * Where a provider posts an agreement's sign and terminate notifications and its charges' results
 * (routes/monthly/notify.ts); it names the pay type, whose configuration verifies the notification.
 */
export const agreementNotifyUrl = (base: string, schoolCode: string, provider: string, payType: number) =>
  `${base.replace(/\/+$/, '')}/agreement-notify/${schoolCode}/${provider}/${payType}`

/** The pay types a plan may be signed on: WeChat Pay (papay) and Alipay (周期扣款) have agreements. */
export const MONTHLY_PAY_TYPES = [1, 2] as const
/** Plans that still bind the donor: a second one for the same project is refused while one of these exists. */
const LIVE: readonly MonthlyPlanStatus[] = ['active', 'paused']
const sandboxAgreements = createSandboxAgreements()

/**
 * The agreement provider behind a school's pay type, or null when that pay type cannot sign agreements (then the
 * option does not show, docs/product §4): WeChat Pay whose credentials carry a `papay` contract template, Alipay whose
 * credentials carry its `cycle` (周期扣款) contract (docs/decisions/079-monthly-providers.md), and the sandbox where
 * the school has it enabled, as for one-off gifts. A real provider without that contract section offers no monthly
 * giving.
 */
export async function agreementProviderFor(
  deps: Pick<MonthlyDeps, 'db' | 'payments'>,
  schoolId: number,
  payType: number
): Promise<AgreementProvider | null> {
  if (!(MONTHLY_PAY_TYPES as readonly number[]).includes(payType)) return null
  let resolved
  try {
    resolved = await deps.payments.forPayType(schoolId, payType)
  } catch (err) {
    if (isConfigError(err)) return null
    throw err
  }
  if (resolved.name !== 'sandbox') return resolved.provider.agreements ?? null
  if (!(await repo.sandboxEnabled(deps.db, schoolId))) return null
  return sandboxAgreements as AgreementProvider
}

/**
 * Whether the project page shows "give monthly" (docs/decisions/078): the project's switch is on, it takes gifts, and
 * the school has an agreement provider on a pay type; an unknown project is simply not offered.
 */
export async function monthlyOffer(deps: Pick<MonthlyDeps, 'db' | 'payments'>, schoolId: number, itemsId: number): Promise<MonthlyOffer> {
  const project = await repo.projectFlags(deps.db, schoolId, itemsId)
  if (!project || !project.monthly_giving || !project.is_donate || project.is_complete) return { offered: 0, payTypes: [], sandbox: 0 }
  const payTypes: number[] = []
  let sandbox: 0 | 1 = 0
  for (const t of MONTHLY_PAY_TYPES) {
    const provider = await agreementProviderFor(deps, schoolId, t)
    if (!provider) continue
    payTypes.push(t)
    if (provider.name === 'sandbox') sandbox = 1
  }
  return { offered: payTypes.length ? 1 : 0, payTypes, sandbox }
}

/** The pay types on which a school's donors can give monthly (the app shows the option only for these). */
export async function monthlyPayTypes(deps: Pick<MonthlyDeps, 'db' | 'payments'>, schoolId: number): Promise<number[]> {
  const out: number[] = []
  for (const payType of MONTHLY_PAY_TYPES) if (await agreementProviderFor(deps, schoolId, payType)) out.push(payType)
  return out
}

export const newPlanNo = (now: Date) => `M${beijingStamp(now)}${randomSerial(8)}`

export interface CreatePlanInput {
  itemsId: number
  money: string
  dayOfMonth: number
  payType: number
  isAnonymous?: number | null
  sandboxDecline?: boolean | null
  payChannel?: PayChannelCode | null
}

export async function createPlan(deps: MonthlyDeps, caller: MonthlyCaller, body: CreatePlanInput): Promise<MonthlyPlan> {
  const { db } = deps
  const sid = caller.schoolId
  const project = await requireProject(db, sid, body.itemsId)
  if (!project.monthly_giving || !project.is_donate || project.is_complete) throw bizError('monthlyNotOffered')
  const user = await getUser(db, sid, caller.userId)
  if (!user) throw tokenInvalid()
  if (!(await mayDonate(db, sid, project, caller.userId)))
    throw new AppError('alumniOnly', ResultCode.ERROR, 200, {}, { errorCode: PermissionCode.ALUMNI_REQUIRED })
  if (!Number.isInteger(body.dayOfMonth) || body.dayOfMonth < 1 || body.dayOfMonth > 28) throw bizError('monthlyDayInvalid')
  const amount = parseYuan(body.money, { maxFen: MAX_DONATION_YUAN * 100 })
  if ('problem' in amount)
    throw amount.problem === 'tooLarge'
      ? bizError('monthlyAmountTooLarge', { max: MAX_DONATION_YUAN.toLocaleString('en-US') })
      : bizError('monthlyAmountInvalid')
  const provider = await agreementProviderFor(deps, sid, body.payType)
  if (!provider) throw bizError('monthlyPayTypeUnavailable')

  const mine = await repo.plansOfUser(db, sid, caller.userId)
  if (mine.some((p) => p.items_id === project.id && LIVE.includes(p.status))) throw bizError('monthlyAlreadyActive')
  const now = deps.now()
  const at = now.toISOString()
  // a plan left signing (the donor never finished the provider's page) is replaced by this one
  for (const p of mine.filter((p) => p.items_id === project.id && p.status === 'signing'))
    await repo.movePlan(db, sid, p.id, ['signing'], 'stopped', { stop_reason: 'replaced', stopped_at: at, updated_at: at })

  const planNo = newPlanNo(now)
  const id = await repo.insertPlan(db, {
    school_id: sid,
    user_id: caller.userId,
    items_id: project.id,
    plan_no: planNo,
    amount_fen: amount.fen,
    day_of_month: body.dayOfMonth,
    pay_type: body.payType,
    provider: provider.name,
    donor_name: user.nickname.slice(0, 64),
    is_anonymous: body.isAnonymous ? 1 : 0,
    signed_at: null,
    stopped_at: null,
    created_at: at,
    updated_at: at
  })
  const plan = await repo.planById(db, sid, id)
  let sign
  try {
    sign = await startSigning(deps, provider, plan!, project.name, user.open_id, body.payChannel ?? 'h5', !!body.sandboxDecline)
  } catch (err) {
    deps.log.error({ err, planNo, provider: provider.name }, 'monthly plan: the provider refused to start signing')
    await repo.movePlan(db, sid, id, ['signing'], 'stopped', { stop_reason: 'sign_failed', stopped_at: at, updated_at: at })
    throw bizError('monthlySignFailed')
  }
  const created = (await myPlans(deps, caller)).plans.find((p) => p.id === id)!
  return sign ? { ...created, sign } : created
}

/** The H5 page a browser comes back to from the provider's signing: the give-monthly page waiting for this plan. */
export const signReturnUrl = (base: string, itemsId: number, planId: number) =>
  `${base.replace(/\/+$/, '')}/monthly-give?itemsId=${itemsId}&planId=${planId}`

type PlanRow = NonNullable<Awaited<ReturnType<typeof repo.planById>>>

/**
 * Starts signing a plan at its provider: the sandbox signs at once (its notification applied here, the answer is
 * null), a real provider answers the page the app opens (docs/decisions/085-monthly-signing-in-the-app.md). The
 * provider's contract number is the plan_no, so a plan signed again after an unfinished signing is still one agreement.
 */
async function startSigning(
  deps: MonthlyDeps,
  provider: AgreementProvider,
  plan: PlanRow,
  description: string,
  openId: string | null | undefined,
  payChannel: PayChannelCode,
  sandboxDecline = false
): Promise<MonthlySignPage | null> {
  const sid = plan.school_id
  const start = await provider.sign({
    schoolId: sid,
    planNo: plan.plan_no,
    amountFen: readFen(plan.amount_fen, 'monthly_plan.amount_fen'),
    dayOfMonth: plan.day_of_month,
    description,
    firstChargeOn: firstChargeOn(beijingDate(deps.now()), plan.day_of_month),
    channel: providerChannelOf(payChannel),
    payerId: openId || undefined,
    notifyUrl: agreementNotifyUrl(deps.publicBaseUrl ?? '', await repo.schoolCode(deps.db, sid), provider.name, plan.pay_type),
    returnUrl: deps.publicBaseUrl ? signReturnUrl(deps.publicBaseUrl, plan.items_id, plan.id) : undefined,
    sandboxDecline: provider.name === 'sandbox' && sandboxDecline
  })
  if ('signed' in start) {
    await applySignNotification(deps, sid, start.signed)
    return null
  }
  // a real provider: the donor signs on its page; the plan turns active with the provider's sign notification
  const page = start.page
  return page.kind === 'miniprogram'
    ? { kind: 'miniprogram', appId: page.appId, path: page.path, extraData: page.extraData, url: '' }
    : { kind: 'url', appId: '', path: '', extraData: {}, url: page.url }
}

/**
 * monthly/sign: the sign page again for the caller's plan still 'signing' (the donor left the provider's signing
 * unfinished, or the app stopped waiting before the sign notification). The same plan and plan_no: a signing finished
 * meanwhile is one agreement whose notification makes this plan active. A plan already signed answers without `sign`.
 */
export async function signAgain(
  deps: MonthlyDeps,
  caller: MonthlyCaller,
  id: number,
  payChannel: PayChannelCode | null | undefined
): Promise<MonthlyPlan> {
  const sid = caller.schoolId
  const plan = await repo.planById(deps.db, sid, id)
  if (!plan || plan.user_id !== caller.userId) throw bizError('monthlyPlanNotFound')
  const current = () => myPlans(deps, caller).then((r) => r.plans.find((p) => p.id === id)!)
  if (plan.status === 'active' || plan.status === 'paused') return current()
  if (plan.status !== 'signing') throw bizError('monthlyAlreadyStopped')
  const provider = await agreementProviderFor(deps, sid, plan.pay_type)
  if (!provider || provider.name !== plan.provider) throw bizError('monthlyPayTypeUnavailable')
  const user = await getUser(deps.db, sid, caller.userId)
  if (!user) throw tokenInvalid()
  const project = await requireProject(deps.db, sid, plan.items_id)
  let sign
  try {
    sign = await startSigning(deps, provider, plan, project.name, user.open_id, payChannel ?? 'h5')
  } catch (err) {
    // the plan stays signing: the donor can try again, or a notification of an earlier signing still arrives
    deps.log.error({ err, planNo: plan.plan_no, provider: provider.name }, 'monthly plan: the provider refused to sign again')
    throw bizError('monthlySignFailed')
  }
  const now = await current()
  return sign ? { ...now, sign } : now
}

export type SignResult = { status: 'applied' | 'duplicate' } | { status: 'rejected'; reason: 'unknown_plan' | 'provider_mismatch' }

/**
 * The one place a provider's word about an agreement changes a plan, whoever reports it (the sandbox's sign at once, a
 * real provider's sign or terminate notification): signed — signing -> active with the agreement number and the first
 * charge date; terminated (the donor ended it in WeChat or Alipay, or our own end confirmed) — the plan stops and a
 * waiting retry is cancelled. A repeat changes nothing.
 */
export async function applySignNotification(
  deps: Pick<MonthlyDeps, 'db' | 'now' | 'log'>,
  schoolId: number,
  n: SignNotification
): Promise<SignResult> {
  const plan = await repo.planByNo(deps.db, schoolId, n.planNo)
  if (!plan) return { status: 'rejected', reason: 'unknown_plan' }
  if (plan.provider !== n.provider) {
    deps.log.warn(
      { security: true, planNo: n.planNo, provider: n.provider, schoolId },
      'agreement notification from another provider refused'
    )
    return { status: 'rejected', reason: 'provider_mismatch' }
  }
  const now = deps.now()
  const at = now.toISOString()
  if (n.outcome === 'terminated') {
    if (plan.agreement_no && n.agreementNo !== plan.agreement_no) {
      deps.log.warn({ security: true, planNo: n.planNo, schoolId }, 'terminate notification names another agreement')
      return { status: 'rejected', reason: 'provider_mismatch' }
    }
    const stopped = await repo.movePlan(deps.db, schoolId, plan.id, ['signing', 'active', 'paused'], 'stopped', {
      stop_reason: 'provider_terminated',
      stopped_at: at,
      updated_at: at
    })
    if (stopped) await repo.cancelRetries(deps.db, schoolId, plan.id, at)
    return { status: stopped ? 'applied' : 'duplicate' }
  }
  const moved = await repo.movePlan(deps.db, schoolId, plan.id, ['signing'], 'active', {
    agreement_no: n.agreementNo.slice(0, 64),
    signed_at: at,
    next_charge_on: firstChargeOn(beijingDate(now), plan.day_of_month),
    updated_at: at
  })
  return { status: moved ? 'applied' : 'duplicate' }
}

/**
 * Stops the caller's plan: no charge is claimed for it from now on (collection takes active plans only and looks
 * again just before charging), a retry waiting is cancelled, and the agreement is ended at the provider.
 */
export async function stopPlan(deps: MonthlyDeps, caller: MonthlyCaller, id: number): Promise<MonthlyPlan> {
  const sid = caller.schoolId
  const plan = await repo.planById(deps.db, sid, id)
  if (!plan || plan.user_id !== caller.userId) throw bizError('monthlyPlanNotFound')
  const at = deps.now().toISOString()
  const stopped = await repo.movePlan(deps.db, sid, id, ['signing', 'active', 'paused'], 'stopped', {
    stop_reason: 'donor',
    stopped_at: at,
    updated_at: at
  })
  if (!stopped) throw bizError('monthlyAlreadyStopped')
  await repo.cancelRetries(deps.db, sid, id, at)
  if (plan.agreement_no) {
    try {
      await unsignAtProvider(deps, sid, id)
    } catch (err) {
      // the plan is stopped here whatever the provider answers, so it is never charged again; the end at the provider
      // is asked again by a queued job until it is confirmed (domain/monthly/unsign.ts)
      deps.log.warn(
        { err, planNo: plan.plan_no, provider: plan.provider },
        'monthly plan stopped; the provider did not confirm the end of the agreement, a job asks again'
      )
      await enqueueUnsign(deps.db, sid, id)
    }
  }
  return (await myPlans(deps, caller)).plans.find((p) => p.id === id)!
}

/**
 * Resumes the caller's paused plan (paused after a month's last failed charge): active again, its failures forgotten,
 * the next charge the next occurrence of its day after today — never the failed month late.
 */
export async function resumePlan(deps: MonthlyDeps, caller: MonthlyCaller, id: number): Promise<MonthlyPlan> {
  const sid = caller.schoolId
  const plan = await repo.planById(deps.db, sid, id)
  if (!plan || plan.user_id !== caller.userId) throw bizError('monthlyPlanNotFound')
  if (plan.status !== 'paused') throw bizError('monthlyNotPaused')
  const provider = await agreementProviderFor(deps, sid, plan.pay_type)
  if (!provider || provider.name !== plan.provider) throw bizError('monthlyPayTypeUnavailable')
  const now = deps.now()
  // never the failed month late: the pause moved the plan past it, and a later resume starts from today
  const next = [firstChargeOn(beijingDate(now), plan.day_of_month), plan.next_charge_on].sort().pop()!
  if (!(await repo.resumePlan(deps.db, sid, id, next, now.toISOString()))) throw bizError('monthlyNotPaused')
  return (await myPlans(deps, caller)).plans.find((p) => p.id === id)!
}

export async function myPlans(deps: Pick<MonthlyDeps, 'db'>, caller: MonthlyCaller): Promise<MonthlyPlans> {
  const plans = await repo.plansOfUser(deps.db, caller.schoolId, caller.userId)
  const charges = await repo.chargesOfPlans(
    deps.db,
    caller.schoolId,
    plans.map((p) => p.id)
  )
  return {
    plans: plans.map((p) => ({
      id: p.id,
      itemsId: p.items_id,
      itemsName: localized(p.project_name, parseTexts(p.project_texts), caller.lang ?? 'zh_CN', 'name'),
      money: fenToYuan(readFen(p.amount_fen, 'monthly_plan.amount_fen')),
      dayOfMonth: p.day_of_month,
      payType: p.pay_type,
      status: p.status,
      nextChargeOn: p.status === 'active' ? p.next_charge_on : '',
      isAnonymous: p.is_anonymous ? 1 : 0,
      history: charges
        .filter((c) => c.plan_id === p.id)
        .map((c) => ({
          month: c.month,
          status: c.status,
          attempts: c.attempts,
          billNo: c.bill_no ?? '',
          paidTime: c.status === 'paid' ? toWireDate(c.paid_at) : '',
          nextAttemptOn: c.status === 'retry' ? c.next_attempt_on : ''
        }))
    }))
  }
}

/** the job that ends a stopped plan's agreement at its provider (domain/monthly/unsign.ts runs it) */
export const UNSIGN_JOB_KIND = 'monthly-unsign' as const
/** 5 s doubling to the 30-minute cap (jobs/queue.ts backoffMs): about a day of asking */
export const UNSIGN_MAX_ATTEMPTS = 60

export const enqueueUnsign = (db: Kysely<DB> | Transaction<DB>, schoolId: number, planId: number) =>
  enqueue(db, schoolId, UNSIGN_JOB_KIND, { planId }, { maxAttempts: UNSIGN_MAX_ATTEMPTS })

/** Ends a stopped plan's agreement at its provider; throws when the provider did not confirm (the caller retries). */
export async function unsignAtProvider(deps: Pick<MonthlyDeps, 'db' | 'payments'>, schoolId: number, planId: number): Promise<void> {
  const plan = await repo.planById(deps.db, schoolId, planId)
  if (!plan || plan.status !== 'stopped' || !plan.agreement_no) return
  const provider = await agreementProviderFor(deps, schoolId, plan.pay_type)
  if (!provider || provider.name !== plan.provider) throw new Error(`no ${plan.provider} agreement provider for pay type ${plan.pay_type}`)
  await provider.terminate(plan.agreement_no, plan.plan_no)
}
