/**
 * The staff API's giving days, matches and challenges (routes/staff/giving-days.ts; docs/decisions/070-giving-days.md,
 * 055-one-contract.md): the one source of their shapes; the domain (domain/giving-day/service.ts) returns the `Static`
 * types. Instants go out as UTC ISO strings (the console shows Beijing time, decision 051) and come in as Beijing
 * time, 'YYYY-MM-DD HH:mm'.
 */
import { Type, type Static } from 'typebox'
import { Num, Str, strEnum, Yuan } from './common'
import { reqInt } from './wire-int'

export const MATCH_KINDS = ['per_yuan', 'per_donor'] as const
export const CHALLENGE_KINDS = ['donors', 'amount'] as const

const IdList = Type.Array(Num)
const StrList = Type.Array(Str)

export const StaffGivingDayMatch = Type.Object({
  id: Num,
  sponsor: Str,
  sponsorEn: Str,
  /** per_yuan: `rate` yuan for every yuan given; per_donor: `rate` yuan once per donor */
  kind: strEnum(MATCH_KINDS),
  rate: Yuan,
  cap: Yuan,
  used: Yuan,
  startsAt: Str,
  endsAt: Str,
  /** restrictions; empty: none */
  projects: IdList,
  classYears: StrList,
  colleges: StrList
})
export type StaffGivingDayMatch = Static<typeof StaffGivingDayMatch>

export const StaffGivingDayChallenge = Type.Object({
  id: Num,
  sponsor: Str,
  sponsorEn: Str,
  kind: strEnum(CHALLENGE_KINDS),
  /** kind 'donors': donors to reach (targetAmount '0.00'); kind 'amount': money to reach (targetDonors 0) */
  targetDonors: Num,
  targetAmount: Yuan,
  /** what the sponsor gives when it unlocks */
  reward: Yuan,
  startsAt: Str,
  endsAt: Str,
  donors: Num,
  raised: Yuan,
  /** UTC ISO; null while locked. Once unlocked it stays unlocked. */
  unlockedAt: Type.Union([Str, Type.Null()]),
  unlockedDonationId: Type.Union([Num, Type.Null()])
})
export type StaffGivingDayChallenge = Static<typeof StaffGivingDayChallenge>

export const StaffGivingDay = Type.Object({
  id: Num,
  title: Str,
  titleEn: Str,
  startsAt: Str,
  endsAt: Str,
  goal: Yuan,
  participationGoal: Num,
  /** the projects in it; empty: every project of the school */
  projects: IdList,
  matches: Type.Array(StaffGivingDayMatch),
  challenges: Type.Array(StaffGivingDayChallenge)
})
export type StaffGivingDay = Static<typeof StaffGivingDay>

export const StaffGivingDayList = Type.Object({ rows: Type.Array(StaffGivingDay) })
export type StaffGivingDayList = Static<typeof StaffGivingDayList>

const BeijingTime = Type.String({ maxLength: 40 })
const YuanIn = Type.String({ maxLength: 40 })
const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })

/** POST /giving-days (all of title, startsAt, endsAt needed) and POST /giving-days/:id (any part). */
export const StaffGivingDayBody = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: 400 })),
    titleEn: Type.Optional(Type.String({ maxLength: 800 })),
    startsAt: Type.Optional(BeijingTime),
    endsAt: Type.Optional(BeijingTime),
    goal: Type.Optional(YuanIn),
    participationGoal: Type.Optional(Type.Integer({ minimum: -1_000_000_000, maximum: 1_000_000_000 })),
    projects: Type.Optional(Type.Array(Id, { maxItems: 1000 }))
  },
  { additionalProperties: false }
)
export type StaffGivingDayBody = Static<typeof StaffGivingDayBody>

/** POST /giving-days/:id/matches (sponsor, kind, rate, cap needed) and POST /giving-days/:id/matches/:matchId. */
export const StaffGivingDayMatchBody = Type.Object(
  {
    sponsor: Type.Optional(Type.String({ maxLength: 400 })),
    sponsorEn: Type.Optional(Type.String({ maxLength: 800 })),
    kind: Type.Optional(Type.String({ maxLength: 20 })),
    rate: Type.Optional(YuanIn),
    cap: Type.Optional(YuanIn),
    /** default: the giving day's window */
    startsAt: Type.Optional(BeijingTime),
    endsAt: Type.Optional(BeijingTime),
    projects: Type.Optional(Type.Array(Id, { maxItems: 1000 })),
    classYears: Type.Optional(Type.Array(Type.String({ maxLength: 20 }), { maxItems: 200 })),
    colleges: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 200 }))
  },
  { additionalProperties: false }
)
export type StaffGivingDayMatchBody = Static<typeof StaffGivingDayMatchBody>

/** POST /giving-days/:id/challenges (sponsor, kind, target, reward needed) and POST …/challenges/:challengeId. */
export const StaffGivingDayChallengeBody = Type.Object(
  {
    sponsor: Type.Optional(Type.String({ maxLength: 400 })),
    sponsorEn: Type.Optional(Type.String({ maxLength: 800 })),
    kind: Type.Optional(Type.String({ maxLength: 20 })),
    /** donors (a whole number) for kind 'donors', yuan for kind 'amount' */
    target: Type.Optional(Type.String({ maxLength: 40 })),
    reward: Type.Optional(YuanIn),
    startsAt: Type.Optional(BeijingTime),
    endsAt: Type.Optional(BeijingTime)
  },
  { additionalProperties: false }
)
export type StaffGivingDayChallengeBody = Static<typeof StaffGivingDayChallengeBody>

/** /giving-days/:id */
export const StaffGivingDayParams = Type.Object({ school: Type.Optional(Type.String()), id: reqInt() })
export type StaffGivingDayParams = Static<typeof StaffGivingDayParams>
/** /giving-days/:id/matches/:matchId */
export const StaffMatchParams = Type.Object({ school: Type.Optional(Type.String()), id: reqInt(), matchId: reqInt() })
export type StaffMatchParams = Static<typeof StaffMatchParams>
/** /giving-days/:id/challenges/:challengeId */
export const StaffChallengeParams = Type.Object({ school: Type.Optional(Type.String()), id: reqInt(), challengeId: reqInt() })
export type StaffChallengeParams = Static<typeof StaffChallengeParams>
