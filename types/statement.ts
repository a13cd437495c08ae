/**
 * Yearly giving statements (docs/product §2 Personal centre; docs/decisions/050-yearly-statement.md): for each year the
 * caller gave in (Beijing time), every paid gift with what refunds gave back, and the total given. The server filters
 * by the token's user and school.
 */

/** The statement answers: the schemas of types/schema/statement.ts (docs/decisions/056-donor-contract.md). */
export type { StatementYear, StatementYears, StatementEmailed } from './schema/statement'

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
