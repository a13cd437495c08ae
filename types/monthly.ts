/**
 * Monthly giving (docs/product §4 Monthly giving; docs/decisions/071-monthly-giving.md): a donor pledges an amount on a
 * day of the month (1-28) to a project that offers it, signs the provider's agreement once, and each month's gift is
 * collected by the server. The server filters by the token's user and school.
 */
export type {
  MonthlyCharge,
  MonthlyCreateBody,
  MonthlyOffer,
  MonthlyOfferQuery,
  MonthlyPlan,
  MonthlyPayTypes,
  MonthlyPlans,
  MonthlyResumeBody,
  MonthlySignPage,
  MonthlyStopBody,
  StaffMonthlyCollectBody,
  StaffMonthlyCollection,
  StaffMonthlyPlan,
  StaffMonthlyPlanPage,
  StaffMonthlyPlanQuery
} from './schema/monthly'
