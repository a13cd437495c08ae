/**
 * Yearly giving statements (docs/product §2 Personal centre; docs/decisions/050-yearly-statement.md): for each year the
 * caller gave in (Beijing time), every paid gift with what refunds gave back, and the total given. The server filters
 * by the token's user and school.
 */

/** The statement answers: the schemas of types/schema/statement.ts (docs/decisions/056-donor-contract.md). */
export type { StatementYear, StatementYears, StatementEmailed } from './schema/statement'

/** The statement requests (docs/decisions/066-donor-requests.md). */
export type { StatementFileQuery, StatementEmailBody, StatementYearlyBody } from './schema/statement'
