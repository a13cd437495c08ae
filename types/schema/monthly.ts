/**
 * Monthly giving (docs/product §4 Monthly giving; docs/decisions/071-monthly-giving.md): each schema is the one source of
 * its shape, the type of the same name is `Static<>` of it. Dates are Beijing calendar days (YYYY-MM-DD).
 */
import { Type, type Static } from 'typebox'
import { Flag, Num, Page, Str, Yuan, strEnum } from './common'

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
  history: Type.Array(MonthlyCharge)
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
