/**
 * A giving day's public totals (docs/product §2 Giving days; docs/decisions/070-giving-days.md, 056-donor-contract.md):
 * each schema is the one source of its shape, the type of the same name is `Static<>` of it.
 */
import { Type, type Static } from 'typebox'
import { Flag, Num, Str, strEnum, Yuan } from './common'
import { body, optString, query, reqInt, reqString } from './wire-int'

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

/** One row of a college or region board (decision 075): the group's name as donors gave it, money (net) and donors. */
export const GivingDayGroup = Type.Object({ name: Str, raised: Yuan, donors: Num })
export type GivingDayGroup = Static<typeof GivingDayGroup>

/** One ambassador of the ambassador board (decision 075): the gifts their link brought that are still paid. */
export const GivingDayAmbassadorRow = Type.Object({
  /** the ambassador's nickname by the school's rules (masked schools: first character + "**"; a platform default
   *  nickname: the localised anonymous label) */
  name: Str,
  gifts: Num,
  raised: Yuan
})
export type GivingDayAmbassadorRow = Static<typeof GivingDayAmbassadorRow>

export const GivingDayDonor = Type.Object({
  /** anonymous -> the localised label; masked schools -> first character + "**" (as the donor directory) */
  name: Str,
  money: Yuan,
  classYear: Str,
  /** Beijing time text */
  time: Str
})
export type GivingDayDonor = Static<typeof GivingDayDonor>

/** One project of the day (the day's own list, or the school's open projects when it names none): the landing page's
 *  "give" buttons (docs/decisions/074-giving-day-screens.md). */
export const GivingDayProject = Type.Object({
  id: Num,
  /** in the request's language where the school entered it (decision 073) */
  name: Str,
  intro: Str,
  thumb: Str,
  /** 1 while the project takes gifts */
  canGive: Flag
})
export type GivingDayProject = Static<typeof GivingDayProject>

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
  /** colleges and regions (decision 075), each by money and by participation */
  collegesByMoney: Type.Array(GivingDayGroup),
  collegesByDonors: Type.Array(GivingDayGroup),
  regionsByMoney: Type.Array(GivingDayGroup),
  regionsByDonors: Type.Array(GivingDayGroup),
  /** ambassadors by money brought, then by gifts (decision 075) */
  ambassadors: Type.Array(GivingDayAmbassadorRow),
  recentDonors: Type.Array(GivingDayDonor),
  /** the projects to give to on the landing page (decision 074) */
  projects: Type.Array(GivingDayProject)
})
export type GivingDayTotals = Static<typeof GivingDayTotals>

/** GET givingDay/detail?id= */
export const GivingDayQuery = query({ id: reqInt(1) })
export type GivingDayQuery = Static<typeof GivingDayQuery>

/** POST givingDay/ambassador {id}: the caller's own ambassador code for the day (made on the first call) */
export const GivingDayAmbassadorBody = body({ id: reqInt(1) })
export type GivingDayAmbassadorBody = Static<typeof GivingDayAmbassadorBody>

/** The caller's ambassador code and what it has brought (decision 075). The app puts `code` in its share link and
 *  card; an order made from that link carries it as the donate body's `ambassador`. */
export const GivingDayAmbassador = Type.Object({
  dayId: Num,
  code: Str,
  /** gifts credited to the code that are still paid, and their money net of refunds */
  gifts: Num,
  raised: Yuan
})
export type GivingDayAmbassador = Static<typeof GivingDayAmbassador>

/** GET givingDay/poster?id=&ambassador=: an ambassador's poster for the day (public: the code is in the share link
 *  anyway; docs/decisions/084-joint-invite-poster-and-link.md, addendum) */
export const GivingDayPosterQuery = query({ id: reqInt(1), ambassador: reqString(32, 1) })
export type GivingDayPosterQuery = Static<typeof GivingDayPosterQuery>

/** The poster as base64 PNG inside the usual signed envelope, like the joint donation's (TogetherPoster) */
export const GivingDayPoster = Type.Object({
  fileName: Str,
  png: Str,
  /** the ambassador's landing link the QR code carries */
  url: Str
})
export type GivingDayPoster = Static<typeof GivingDayPoster>

/** GET givingDay/matched?donatePlatOrder=&payToken=: what the giving days' matches added to the caller's own paid gift
 *  (the thank-you page's line, decision 074). The order is opened as the thank-you call opens it: the owner's session
 *  or the order's pay-link token. */
export const GivingDayMatchedQuery = query({ donatePlatOrder: reqString(40, 1), payToken: optString(100) })
export type GivingDayMatchedQuery = Static<typeof GivingDayMatchedQuery>

export const GivingDayMatched = Type.Object({
  /** the gift, net of refunds */
  amount: Yuan,
  /** what the matches added ('0.00': none) */
  matched: Yuan,
  /** amount + matched */
  total: Yuan,
  /** the sponsors who matched it, in the request's language */
  sponsors: Type.Array(Str)
})
export type GivingDayMatched = Static<typeof GivingDayMatched>
