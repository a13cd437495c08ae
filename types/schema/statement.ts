/**
 * Yearly giving statements (docs/product §2 Personal centre; docs/decisions/050-yearly-statement.md,
 * 056-donor-contract.md): each schema is the one source of its shape, the type of the same name is `Static<>` of it.
 */
import { Type, type Static } from 'typebox'
import { Bool, Flag, Num, Str, Yuan } from './common'
import { body, optNullableString, query, reqInt } from './wire-int'

/** One year of the caller's giving. */
export const StatementYear = Type.Object({
  year: Num,
  /** paid gifts that year (refunded ones included, with their refund) */
  giftCount: Num,
  /** what was paid */
  paidMoney: Yuan,
  /** what refunds gave back */
  refundMoney: Yuan,
  /** paidMoney - refundMoney: the statement's total */
  totalMoney: Yuan
})
export type StatementYear = Static<typeof StatementYear>

/** GET statement/years */
export const StatementYears = Type.Object({
  /** newest first; empty before the first paid gift */
  years: Type.Array(StatementYear),
  /** the address a statement is e-mailed to ('' = none given yet: the e-mail call then needs one) */
  email: Str,
  /** 1 when the caller asked for the statement each year (notice preference kind 'statement' on e-mail) */
  yearly: Flag
})
export type StatementYears = Static<typeof StatementYears>

/** POST statement/email answer: the address the statement went to. */
export const StatementEmailed = Type.Object({ email: Str })
export type StatementEmailed = Static<typeof StatementEmailed>

// ---------------------------------------------------------------- requests (docs/decisions/066-donor-requests.md)

/** GET statement/file?year=Y answers the PDF itself (application/pdf), not the JSON envelope, unless refused (-1). */
export const StatementFileQuery = query({ year: reqInt(1) })
export type StatementFileQuery = Static<typeof StatementFileQuery>
/** POST statement/email: send year's statement to `email` (saved as the caller's news address) or the saved one. */
export const StatementEmailBody = body({ year: reqInt(1), email: optNullableString(200) })
export type StatementEmailBody = Static<typeof StatementEmailBody>
/** POST statement/yearly: turn "send me my statement each year" on or off (answers StatementYears). */
export const StatementYearlyBody = body({ enabled: Bool })
export type StatementYearlyBody = Static<typeof StatementYearlyBody>
