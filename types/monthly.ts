/**
 * Monthly giving (docs/product §4 Monthly giving; docs/decisions/071-monthly-giving.md): a donor pledges an amount on a
 * day of the month (1-28) to a project that offers it, signs the provider's agreement once, and each month's gift is
 * collected by the server. The server filters by the token's user and school.
 */
export type { MonthlyCharge, MonthlyPlan, MonthlyPlans, StaffMonthlyPlan, StaffMonthlyPlanPage } from './schema/monthly'

/** POST monthly/create: answers the new plan (active once the provider signed, which the sandbox does at once). */
export interface MonthlyCreateBody {
  itemsId: number
  /** yuan, as the donation form's amount */
  money: string
  /** 1-28: every month has it */
  dayOfMonth: number
  /** 1 WeChat Pay, 2 Alipay: the pay type whose provider holds the agreement */
  payType: number
  isAnonymous?: 0 | 1
  /** sandbox only: a test agreement whose charges are always declined */
  sandboxDecline?: boolean
}

/** POST monthly/stop */
export interface MonthlyStopBody {
  id: number
}
