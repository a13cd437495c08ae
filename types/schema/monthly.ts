/**
 * Monthly giving (docs/product §4 Monthly giving; docs/decisions/071-monthly-giving.md): each schema is the one source of
 * its shape, the type of the same name is `Static<>` of it. Dates are Beijing calendar days (YYYY-MM-DD).
 */
import { Type, type Static } from 'typebox'
import { Flag, Num, Page, Str, Yuan, strEnum } from './common'
import { body, optFlag, optInt, pageProps, query, reqInt, reqString } from './wire-int'
import { PAY_CHANNELS } from '../pay-codes'

export const MONTHLY_PLAN_STATUSES = ['signing', 'active', 'paused', 'stopped'] as const
export const MONTHLY_CHARGE_STATUSES = ['charging', 'retry', 'paid', 'failed', 'cancelled'] as const

/** One month of a plan: paid (with its order), waiting to retry, failed for good, or cancelled by a stop. */
export const MonthlyCharge = Type.Object({
  /** YYYY-MM */
  month: Str,
  status: strEnum(MONTHLY_CHARGE_STATUSES),
  attempts: Num,
  /** the order of the latest attempt ('' before one exists) */
  billNo: Str,
  /** when it was paid (Beijing, 'YYYY-MM-DD HH:mm:ss'), '' otherwise */
  paidTime: Str,
  /** the day a retry is due ('' unless status is retry) */
  nextAttemptOn: Str
})
export type MonthlyCharge = Static<typeof MonthlyCharge>

/**
 * What the app opens to sign at a real provider (docs/decisions/079-monthly-providers.md): 'miniprogram' — WeChat's
 * signing mini-program through navigateToMiniProgram(appId, path, extraData); 'url' — the provider's signing page
 * (WeChat JSAPI/H5 signing, Alipay alipay.user.agreement.page.sign). Unused fields are ''.
 */
export const MonthlySignPage = Type.Object({
  kind: strEnum(['miniprogram', 'url'] as const),
  appId: Str,
  path: Str,
  extraData: Type.Record(Type.String(), Type.String()),
  url: Str
})
export type MonthlySignPage = Static<typeof MonthlySignPage>

/** A donor's plan, as the donor sees it. */
export const MonthlyPlan = Type.Object({
  id: Num,
  itemsId: Num,
  itemsName: Str,
  money: Yuan,
  dayOfMonth: Num,
  payType: Num,
  status: strEnum(MONTHLY_PLAN_STATUSES),
  /** the next collection ('' unless active) */
  nextChargeOn: Str,
  isAnonymous: Flag,
  /** newest month first */
  history: Type.Array(MonthlyCharge),
  /** monthly/create at a real provider: the page that signs the agreement (the plan is 'signing' until the provider's
   *  sign notification; absent once signed, and from the sandbox, which signs at once) */
  sign: Type.Optional(MonthlySignPage)
})
export type MonthlyPlan = Static<typeof MonthlyPlan>

/** GET monthly/plans */
export const MonthlyPlans = Type.Object({ plans: Type.Array(MonthlyPlan) })
export type MonthlyPlans = Static<typeof MonthlyPlans>

/** A plan in the staff console's list. */
export const StaffMonthlyPlan = Type.Object({
  id: Num,
  planNo: Str,
  userId: Num,
  donorName: Str,
  itemsId: Num,
  itemsName: Str,
  money: Yuan,
  dayOfMonth: Num,
  provider: Str,
  agreementNo: Str,
  status: strEnum(MONTHLY_PLAN_STATUSES),
  nextChargeOn: Str,
  /** failed attempts in a row now */
  failureCount: Num,
  /** charges waiting to retry or failed for good, over the plan's life */
  failedCharges: Num,
  stopReason: Str,
  createdAt: Str
})
export type StaffMonthlyPlan = Static<typeof StaffMonthlyPlan>

export const StaffMonthlyPlanPage = Page(StaffMonthlyPlan)
export type StaffMonthlyPlanPage = Static<typeof StaffMonthlyPlanPage>

/**
 * GET /monthly-plans?status=&itemsId=&failed=&offset=&limit= in the staff console: all plans, or those of one status,
 * of one project, and (failed=1) only plans with a charge waiting to retry or failed for good.
 */
export const StaffMonthlyPlanQuery = query({
  status: Type.Optional(strEnum(['', 'all', ...MONTHLY_PLAN_STATUSES])),
  itemsId: optInt(),
  failed: optFlag(),
  ...pageProps
})
export type StaffMonthlyPlanQuery = Static<typeof StaffMonthlyPlanQuery>

/** POST monthly/create: answers the new plan (active once the provider signed, which the sandbox does at once). */
export const MonthlyCreateBody = body({
  itemsId: reqInt(),
  /** yuan, as the donation form's amount */
  money: reqString(16, 1),
  /** 1-28: every month has it */
  dayOfMonth: reqInt(1, 28),
  /** 1 WeChat Pay, 2 Alipay: the pay type whose provider holds the agreement */
  payType: reqInt(1, 2),
  isAnonymous: optFlag(),
  /** sandbox only: a test agreement whose charges are always declined */
  sandboxDecline: Type.Optional(Type.Boolean()),
  /** where the donor signs (types/pay-codes.ts PAY_CHANNELS): the mini-program opens WeChat's signing mini-program, a
   *  browser the provider's page; absent: derived like a donation's ('h5') */
  payChannel: Type.Optional(strEnum(PAY_CHANNELS))
})
export type MonthlyCreateBody = Static<typeof MonthlyCreateBody>

/** POST monthly/stop */
export const MonthlyStopBody = body({ id: reqInt() })
export type MonthlyStopBody = Static<typeof MonthlyStopBody>

/**
 * GET monthly/offer?itemsId: whether the project page shows "give monthly" (docs/decisions/078): the project's switch is
 * on, it takes gifts, and the school has an agreement provider on at least one pay type (`payTypes`, 1 WeChat Pay,
 * 2 Alipay; empty when not offered).
 */
export const MonthlyOffer = Type.Object({
  offered: Flag,
  payTypes: Type.Array(Num),
  /** 1 when the agreements are the sandbox's (the sign step says that nothing is really collected) */
  sandbox: Flag
})
export type MonthlyOffer = Static<typeof MonthlyOffer>

export const MonthlyOfferQuery = query({ itemsId: reqInt() })
export type MonthlyOfferQuery = Static<typeof MonthlyOfferQuery>

/** GET /monthly-plans/export: the CSV file itself (the filters are StaffMonthlyPlanQuery's) */
export const StaffMonthlyExport = Type.Unknown()

/** POST /monthly-plans/collect in the staff console: collection for one Beijing day of the school's plans. */
export const StaffMonthlyCollectBody = body({
  /** YYYY-MM-DD (Beijing), today or earlier */
  date: reqString(10, 10)
})
export type StaffMonthlyCollectBody = Static<typeof StaffMonthlyCollectBody>

/** What a collection run did (collect.ts CollectionResult). */
export const StaffMonthlyCollection = Type.Object({
  day: Str,
  due: Num,
  attempts: Num,
  paid: Num,
  retrying: Num,
  paused: Num,
  unknown: Num
})
export type StaffMonthlyCollection = Static<typeof StaffMonthlyCollection>

/**
 * POST monthly/sign: the sign page again for the caller's plan still 'signing' ("继续签约", docs/decisions/085); the
 * same plan, answered with `sign` (without it when the plan was signed meanwhile)
 */
export const MonthlySignBody = body({
  id: reqInt(),
  /** where the donor signs now (as monthly/create's) */
  payChannel: Type.Optional(strEnum(PAY_CHANNELS))
})
export type MonthlySignBody = Static<typeof MonthlySignBody>

/** POST monthly/resume: a paused plan charges again from its next day of the month */
export const MonthlyResumeBody = body({ id: reqInt() })
export type MonthlyResumeBody = Static<typeof MonthlyResumeBody>

/** GET monthly/pay-types: the pay types whose provider can sign agreements at this school (1 WeChat Pay, 2 Alipay) */
export const MonthlyPayTypes = Type.Object({ payTypes: Type.Array(Num) })
export type MonthlyPayTypes = Static<typeof MonthlyPayTypes>
