/**
 * A giving day's public totals (docs/product §2 Giving days; docs/decisions/070-giving-days.md, 056-donor-contract.md):
 * each schema is the one source of its shape, the type of the same name is `Static<>` of it.
 */
import { Type, type Static } from 'typebox'
import { Flag, Num, Str, strEnum, Yuan } from './common'
import { query, reqInt } from './wire-int'

export const GivingDayMatchTotals = Type.Object({
  sponsor: Str,
  kind: strEnum(['per_yuan', 'per_donor'] as const),
  rate: Yuan,
  cap: Yuan,
  used: Yuan
})
export type GivingDayMatchTotals = Static<typeof GivingDayMatchTotals>

export const GivingDayChallengeTotals = Type.Object({
  sponsor: Str,
  kind: strEnum(['donors', 'amount'] as const),
  targetDonors: Num,
  targetAmount: Yuan,
  reward: Yuan,
  donors: Num,
  raised: Yuan,
  unlocked: Flag,
  /** Beijing time text ('' while locked) */
  unlockedAt: Str
})
export type GivingDayChallengeTotals = Static<typeof GivingDayChallengeTotals>

export const GivingDayClassYear = Type.Object({ classYear: Str, raised: Yuan, donors: Num })
export type GivingDayClassYear = Static<typeof GivingDayClassYear>

export const GivingDayDonor = Type.Object({
  /** anonymous -> the localised label; masked schools -> first character + "**" (as the donor directory) */
  name: Str,
  money: Yuan,
  classYear: Str,
  /** Beijing time text */
  time: Str
})
export type GivingDayDonor = Static<typeof GivingDayDonor>

/** GET givingDay/detail?id= */
export const GivingDayTotals = Type.Object({
  id: Num,
  /** in the request's language (the Chinese title when no English one was given) */
  title: Str,
  /** UTC ISO instants, for the countdown */
  startsAt: Str,
  endsAt: Str,
  state: strEnum(['upcoming', 'open', 'ended'] as const),
  goal: Yuan,
  participationGoal: Num,
  /** paid gifts in the day, net of refunds */
  raised: Yuan,
  donors: Num,
  /** the matches' used amounts together */
  matched: Yuan,
  matches: Type.Array(GivingDayMatchTotals),
  challenges: Type.Array(GivingDayChallengeTotals),
  /** class years by money, then by participation (donors) */
  classYearsByMoney: Type.Array(GivingDayClassYear),
  classYearsByDonors: Type.Array(GivingDayClassYear),
  recentDonors: Type.Array(GivingDayDonor)
})
export type GivingDayTotals = Static<typeof GivingDayTotals>

/** GET givingDay/detail?id= */
export const GivingDayQuery = query({ id: reqInt(1) })
export type GivingDayQuery = Static<typeof GivingDayQuery>
