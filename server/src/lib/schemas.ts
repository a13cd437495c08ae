/**
 * The server's side of request schemas: the `wireInt` keyword's validator (parseWireInt, addWireKeywords), the
 * request-wide rules plugins/envelope.ts applies, and `wireSchema` for answers still checked against a type. The
 * helpers requests are written with (wireInt, optInt, body, query, ...) are the contract's, types/schema/wire-int.ts
 * (docs/decisions/057-server-by-domain.md), re-exported here so routes keep one import.
 *
 * Bodies stay validated with Ajv coercion off (RECIPES.md: coercion turns true into 1 and strips nothing):
 * tolerance is granted field by field through these helpers, never by a global switch.
 */
import type Ajv from 'ajv'
import type { SchemaValidateFunction } from 'ajv'
import type { Static, TSchema } from 'typebox'

export {
  body,
  idList,
  INT_RANGE,
  optAny,
  optCode,
  optEnum,
  optFlag,
  optInt,
  optNullableString,
  optString,
  pageProps,
  query,
  reqCode,
  reqInt,
  reqString,
  strEnum,
  wireInt,
  type WireIntRule
} from '../../../types/schema/wire-int'
import type { WireIntRule } from '../../../types/schema/wire-int'

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
