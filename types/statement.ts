/**
 * Yearly giving statements (docs/product §2 Personal centre; docs/decisions/050-yearly-statement.md): for each year the
 * caller gave in (Beijing time), every paid gift with what refunds gave back, and the total given. The server filters
 * by the token's user and school.
 */
import type { Flag } from './entities'
import type { Yuan } from './money'

/** One year of the caller's giving. */
export interface StatementYear {
  year: number
  /** paid gifts that year (refunded ones included, with their refund) */
  giftCount: number
  /** what was paid */
  paidMoney: Yuan
  /** what refunds gave back */
  refundMoney: Yuan
  /** paidMoney - refundMoney: the statement's total */
  totalMoney: Yuan
}

/** GET statement/years */
export interface StatementYears {
  /** newest first; empty before the first paid gift */
  years: StatementYear[]
  /** the address a statement is e-mailed to ('' = none given yet: the e-mail call then needs one) */
  email: string
  /** 1 when the caller asked for the statement each year (notice preference kind 'statement' on e-mail) */
  yearly: Flag
}

/** GET statement/file?year=Y answers the PDF itself (application/pdf), not the JSON envelope, unless refused (-1). */
export interface StatementFileQuery {
  year: number
}

/** POST statement/email: send year's statement to `email` (saved as the caller's news address) or the saved one. */
export interface StatementEmailBody {
  year: number
  email?: string
}

/** POST statement/yearly: turn "send me my statement each year" on or off (answers StatementYears). */
export interface StatementYearlyBody {
  enabled: boolean
}
