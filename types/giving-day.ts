/**
 * Giving days (docs/product §2 Giving days; docs/decisions/070-giving-days.md): a giving day's public totals, matches,
 * challenges and class-year board. Answers: the schemas of types/schema/giving-day.ts (decision 056).
 */
export type {
  GivingDayTotals,
  GivingDayMatchTotals,
  GivingDayChallengeTotals,
  GivingDayClassYear,
  GivingDayDonor,
  GivingDayQuery
} from './schema/giving-day'
