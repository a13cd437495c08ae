/**
 * JSON-schema pieces for query strings and bodies, and the two request-wide rules plugins/envelope.ts applies.
 *
 * Integers on the wire. The spec's web client sends ids and flags as numbers, as numeric strings ("12"),
 * as "" for none and as null (a GET query turns null into the text "null"). `wireInt` accepts exactly those, in
 * query strings and bodies alike, and hands the handler a number (or null); anything else that merely looks
 * numeric ("12abc", "1.5" for an id, "0x10", "1e3", "Infinity", " 12") is refused with 400 naming the field.
 * Bodies stay validated with Ajv coercion off (RECIPES.md: coercion turns true into 1 and strips nothing):
 * tolerance is granted field by field through these helpers, never by a global switch.
 *
 * Every integer has a range its column can hold, so a hostile value is a 400, never a database error
 * (PostgreSQL refuses numbers beyond smallint/integer/bigint with an error; SQLite stores them as floats).
 */
import type Ajv from 'ajv'
import type { SchemaValidateFunction } from 'ajv'
import { Type, type Static, type TSchema } from 'typebox'
import { strEnum } from '../../../types/schema/common'

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

// ---------------------------------------------------------------- answers

/** Deeply the same type, ignoring how it is spelled (interfaces, intersections, `extends`). */
type Plain<T> = T extends readonly (infer U)[] ? Plain<U>[] : T extends object ? { [K in keyof T]: Plain<T[K]> } : T
export type SameType<A, B> = (<X>() => X extends Plain<A> ? 1 : 2) extends <X>() => X extends Plain<B> ? 1 : 2 ? true : false

/**
 * An answer schema checked by the compiler against its wire type in types/ (the contract the app and the tests
 * read): `wireSchema<UserCenter>()(Type.Object({...}))` does not compile while a field is missing, extra, optional
 * where the type says required, or of another type. This matters because a response schema drops every key it does
 * not name, silently (fast-json-stringify), and turns a null into "" or 0 where it expects a string or a number.
 */
export const wireSchema =
  <W>() =>
  <S extends TSchema>(
    schema: S,
    ..._sameAsWireType: SameType<Static<S>, W> extends true ? [] : [mismatch: { schema: Static<S>; wire: W }]
  ) =>
    schema

export type WireIntResult = { ok: true; value: number | null } | { ok: false; reason: 'missing' | 'invalid' }

// what "none" looks like on the wire: JSON null, an empty field, and Taro's GET serialisation of null/undefined
const NONE = new Set(['', 'null', 'undefined'])
// decimal digits only: Number() alone would also take "0x10", "1e3", " 12" and "Infinity"
const INTEGER_TEXT = /^-?\d{1,17}$/

export function parseWireInt(data: unknown, rule: WireIntRule): WireIntResult {
  if (data === null || (typeof data === 'string' && NONE.has(data))) {
    return rule.nullable ? { ok: true, value: null } : { ok: false, reason: 'missing' }
  }
  let n: number
  if (typeof data === 'number') n = data
  else if (typeof data === 'string' && INTEGER_TEXT.test(data)) n = Number(data)
  else return { ok: false, reason: 'invalid' }
  if (!Number.isSafeInteger(n) || n < rule.minimum || n > rule.maximum) return { ok: false, reason: 'invalid' }
  if (rule.enum && !rule.enum.includes(n)) return { ok: false, reason: 'invalid' }
  return { ok: true, value: n === 0 ? 0 : n } // "-0" becomes 0
}

/** Registers `wireInt`: validates with parseWireInt and replaces the value in place with the number (or null). */
export function addWireKeywords(ajv: Ajv): Ajv {
  const validate: SchemaValidateFunction = (rule: WireIntRule, data: unknown, _schema, cxt) => {
    const r = parseWireInt(data, rule)
    if (!r.ok) {
      validate.errors = [{ keyword: 'wireInt', message: r.reason, params: { reason: r.reason } }]
      return false
    }
    if (cxt?.parentData && cxt.parentDataProperty !== undefined) {
      const parent = cxt.parentData as Record<string | number, unknown>
      parent[cxt.parentDataProperty] = r.value
    }
    return true
  }
  return ajv.addKeyword({ keyword: 'wireInt', schemaType: 'object', modifying: true, errors: true, validate })
}

/** Nesting deeper than this is no request any client of this API sends. */
export const MAX_DEPTH = 32

/**
 * Where a parsed query, params or JSON body holds a NUL character (in a value or a key) or nests deeper than
 * MAX_DEPTH: the dotted path of that field ('' for the top level), or null when clean. PostgreSQL refuses NUL in
 * text with an error, so it is refused here for every field, named or not. Recursion stops at MAX_DEPTH.
 */
export function hostileValuePath(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null
  if (value === null || typeof value !== 'object') return null
  if (depth >= MAX_DEPTH) return path
  const at = (k: string | number) => (path ? `${path}.${k}` : String(k))
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = hostileValuePath(value[i], at(i), depth + 1)
      if (bad !== null) return bad
    }
    return null
  }
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000')) return at(k.split('\u0000').join(''))
    const bad = hostileValuePath(v, at(k), depth + 1)
    if (bad !== null) return bad
  }
  return null
}
