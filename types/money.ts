/**
 * Money on the wire: a decimal string of yuan with exactly two decimals, e.g. "12345.60".
 * The server and database hold integer fen; the app parses these strings with decimal.js.
 * Never a JS float anywhere (docs/decisions/005-money-on-the-wire.md). The type is the schema's (types/schema/common.ts).
 */
export type { Yuan } from './schema/common'

/** Largest single donation, in yuan (docs/product §9). */
export const MAX_DONATION_YUAN = 10_000_000
export const CURRENCY = 'CNY'
/** Strict pattern for an amount typed by a donor: positive, at most two decimals. */
export const AMOUNT_PATTERN = /^(0|[1-9]\d{0,7})(\.\d{1,2})?$/
