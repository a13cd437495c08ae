/**
 * JSON-schema pieces for query strings and bodies, and the two request-wide rules plugins/envelope.ts applies.
 *
 * Integers on the wire (issue 8). The spec's web client sends ids and flags as numbers, as numeric strings ("12"),
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

export const INT_RANGE = {
  /** ids: bigint on PostgreSQL, 64-bit integer on SQLite; JavaScript holds them exactly up to 2^53 - 1 */
  id: Number.MAX_SAFE_INTEGER,
  /** integer (int4) columns, and paging windows */
  int4: 2_147_483_647,
  /** smallint columns: pay types, ways, donor types, statuses, flags */
  int2: 32_767
} as const

export interface WireIntRule { minimum: number; maximum: number; nullable?: boolean; enum?: readonly number[] }

/** The schema of an integer field; plugins/envelope.ts registers the `wireInt` keyword on both validators. */
export const wireInt = (rule: WireIntRule) => ({ wireInt: rule }) as const

/** Optional id/number: absent, "", null or "null" mean none (`typeId=` is how clients say "all"). */
export const optInt = (minimum = 1, maximum: number = INT_RANGE.id) => wireInt({ minimum, maximum, nullable: true })
/** Required id/number: "" or null is a missing parameter. */
export const reqInt = (minimum = 1, maximum: number = INT_RANGE.id) => wireInt({ minimum, maximum })
/** 0/1 switch, optional. */
export const optFlag = () => wireInt({ minimum: 0, maximum: 1, nullable: true })
/** A code kept in a smallint column (pay type, way, donor type), optional; the domain says which codes exist. */
export const optCode = () => wireInt({ minimum: 0, maximum: INT_RANGE.int2, nullable: true })
/** The same, required. */
export const reqCode = () => wireInt({ minimum: 0, maximum: INT_RANGE.int2 })
/** One of a few values (status filters), optional. */
export const optEnum = (values: readonly number[]) =>
  wireInt({ minimum: Math.min(...values), maximum: Math.max(...values), nullable: true, enum: values })
/** An array of ids (donateIds, donateRecordIds); 0 is let through so the domain can answer "please choose". */
export const idList = (maxItems = 99) => ({ type: 'array', maxItems, items: reqInt(0) }) as const

export const optString = (maxLength = 200) => ({ type: 'string', maxLength }) as const

export const pageProps = { limit: optInt(1, INT_RANGE.int4), offset: optInt(0, INT_RANGE.int4) } as const

/** Query schema: unknown keys (billType, token, cache busters) are allowed, never stripped. */
export function query(properties: Record<string, object>, required: string[] = []) {
  return { type: 'object', properties: { lang: optString(16), ...properties }, required } as const
}

export interface PageParams { limit?: number | null; offset?: number | null; lang?: string }

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
      (cxt.parentData as Record<string | number, unknown>)[cxt.parentDataProperty] = r.value
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
