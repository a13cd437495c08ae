/**
 * JSON-schema pieces for the query strings and bodies of requests (docs/decisions/014, 057). They are in the contract
 * so the staff API's request schemas (types/schema/staff-*.ts) are one source for the server, which validates with
 * them, and the console, which builds its bodies typed from them; server/src/lib/schemas.ts re-exports them.
 *
 * Integers on the wire. The spec's web client sends ids and flags as numbers, as numeric strings ("12"),
 * as "" for none and as null (a GET query turns null into the text "null"). `wireInt` accepts exactly those, in
 * query strings and bodies alike, and hands the handler a number (or null); anything else that merely looks
 * numeric ("12abc", "1.5" for an id, "0x10", "1e3", "Infinity", " 12") is refused with 400 naming the field. The
 * keyword itself (parseWireInt, addWireKeywords) is the server's: server/src/lib/schemas.ts.
 *
 * Every integer has a range its column can hold, so a hostile value is a 400, never a database error
 * (PostgreSQL refuses numbers beyond smallint/integer/bigint with an error; SQLite stores them as floats).
 */
import { Type, type TSchema } from 'typebox'
import { strEnum } from './common'

export const INT_RANGE = {
  /** ids: bigint on PostgreSQL, 64-bit integer on SQLite; JavaScript holds them exactly up to 2^53 - 1 */
  id: Number.MAX_SAFE_INTEGER,
  /** integer (int4) columns, and paging windows */
  int4: 2_147_483_647,
  /** smallint columns: pay types, ways, donor types, statuses, flags */
  int2: 32_767
} as const

export interface WireIntRule {
  minimum: number
  maximum: number
  nullable?: boolean
  enum?: readonly number[]
}

// Every helper below is a TypeBox schema (docs/decisions/014): the JSON Ajv validates is exactly the hand-written
// JSON schema these helpers produced before TypeBox, and the TypeScript type of the handler's query or body comes
// from the same object. `Type.Unsafe` is used where the JSON must stay as it is (the `wireInt` keyword, type
// arrays, enums) and TypeBox has no builder that emits it; its type parameter states what Ajv hands the handler.

/** The schema of an integer field; plugins/envelope.ts registers the `wireInt` keyword on both validators. */
export const wireInt = <T extends number | null = number>(rule: WireIntRule) => Type.Unsafe<T>({ wireInt: rule })

/** Optional id/number: absent, "", null or "null" mean none (`typeId=` is how clients say "all"). */
export const optInt = (minimum = 1, maximum: number = INT_RANGE.id) =>
  Type.Optional(wireInt<number | null>({ minimum, maximum, nullable: true }))
/** Required id/number: "" or null is a missing parameter. */
export const reqInt = (minimum = 1, maximum: number = INT_RANGE.id) => wireInt({ minimum, maximum })
/** 0/1 switch, optional. */
export const optFlag = () => Type.Optional(wireInt<number | null>({ minimum: 0, maximum: 1, nullable: true }))
/** A code kept in a smallint column (pay type, way, donor type), optional; the domain says which codes exist. */
export const optCode = () => Type.Optional(wireInt<number | null>({ minimum: 0, maximum: INT_RANGE.int2, nullable: true }))
/** The same, required. */
export const reqCode = () => wireInt({ minimum: 0, maximum: INT_RANGE.int2 })
/** One of a few values (status filters), optional. */
export const optEnum = (values: readonly number[]) =>
  Type.Optional(wireInt<number | null>({ minimum: Math.min(...values), maximum: Math.max(...values), nullable: true, enum: values }))
/** An array of ids (donateIds, donateRecordIds); 0 is let through so the domain can answer "please choose". */
export const idList = (maxItems = 99) => Type.Array(reqInt(0), { maxItems })

/** A required string; `minLength` 1 refuses "". */
export const reqString = (maxLength: number, minLength?: number) =>
  Type.String(minLength === undefined ? { maxLength } : { minLength, maxLength })
export const optString = (maxLength = 200, minLength?: number) => Type.Optional(reqString(maxLength, minLength))
/** A string or null (bodies: a client that clears a field sends null), optional. */
export const optNullableString = (maxLength: number) => Type.Optional(Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength }))
export { strEnum }
/** Any JSON value: the domain checks it (e.g. donateMaterialNumber, seatList), optional. */
export const optAny = () => Type.Optional(Type.Unknown())

export const pageProps = { limit: optInt(1, INT_RANGE.int4), offset: optInt(0, INT_RANGE.int4) }

/** Query schema: unknown keys (billType, token, cache busters) are allowed, never stripped. Required are the
 *  properties not wrapped in Type.Optional (reqInt, reqString). */
export const query = <P extends Record<string, TSchema>>(properties: P) => Type.Object({ lang: optString(16), ...properties })

/** Body schema: validated with coercion off (plugins/envelope.ts); unknown keys are kept, never stripped. The
 *  `token` a call of docs/product may carry in its body is declared by the route (it is the session, plugins/auth.ts). */
export const body = <P extends Record<string, TSchema>>(properties: P) => Type.Object(properties)
