/**
 * Building blocks of the answer schemas (docs/decisions/014, 055). The schemas of types/schema/ are the single source
 * of their shapes: the types are `Static<typeof Schema>`, the server validates and serialises with the schema, the
 * console imports the types. The donor API's schemas in server/src/routes/wire/ still mirror the interfaces of
 * types/ and are checked against them by `wireSchema` (server/src/lib/schemas.ts).
 *
 * Literal unions (flags, pay types, statuses) are written as `{type: 'integer' | 'string', enum}` rather than
 * TypeBox's anyOf of constants: fast-json-stringify writes them as plain values instead of trying each branch.
 */
import { Type, type TSchema } from 'typebox'
import { FIELD_UI_TYPES } from '../donate'
import type { Flag as WireFlag } from '../entities'

/** One of a few strings. */
export const strEnum = <const T extends readonly string[]>(values: T) => Type.Unsafe<T[number]>({ type: 'string', enum: values })
export const Str = Type.String()
export const Num = Type.Number()
export const Bool = Type.Boolean()
/** money: yuan text with two decimals (types/money.ts) */
export const Yuan = Type.String()
export const Flag = Type.Unsafe<WireFlag>({ type: 'integer', enum: [0, 1] })
/** The twelve dynamic form field types (types/donate.ts), for the donor form and the staff form builder alike. */
export const FieldUiType = strEnum(FIELD_UI_TYPES)
/** One of a few integers (itemsType 1 | 2, pay types). */
export const intEnum = <const T extends readonly number[]>(values: T) => Type.Unsafe<T[number]>({ type: 'integer', enum: values })
export const NumOrNull = Type.Unsafe<number | null>({ type: ['number', 'null'] })
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])
export const Opt = Type.Optional

/** A page of rows: {total, rows} (types/envelope.ts Page). */
export const Page = <T extends TSchema>(row: T) => Type.Object({ total: Num, rows: Type.Array(row) })
