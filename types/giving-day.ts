/**
 * Giving days (docs/product §2 Giving days; docs/decisions/070-giving-days.md): a giving day's public totals, matches,
 * challenges and boards (class year, college, region, ambassadors; decision 075), a donor's ambassador code. Answers: the schemas of types/schema/giving-day.ts (decision 056).
 */
export type {
  GivingDayTotals,
  GivingDayMatchTotals,
  GivingDayChallengeTotals,
  GivingDayClassYear,
  GivingDayDonor,
  GivingDayGroup,
  GivingDayAmbassadorRow,
  GivingDayAmbassador,
  GivingDayAmbassadorBody,
  GivingDayQuery,
  GivingDayProject,
  GivingDayMatched,
  GivingDayMatchedQuery,
  GivingDayPoster,
  GivingDayPosterQuery
} from './schema/giving-day'
