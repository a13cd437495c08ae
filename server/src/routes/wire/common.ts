/**
 * Building blocks of the answer schemas (docs/decisions/014). Each answer schema in this folder mirrors one wire
 * type of types/ and is checked against it by `wireSchema` (lib/schemas.ts), so the compiler refuses a schema
 * that would drop or reshape a field the app reads.
 *
 * Literal unions (flags, pay types, statuses) are written as `{type: 'integer' | 'string', enum}` rather than
 * TypeBox's anyOf of constants: fast-json-stringify writes them as plain values instead of trying each branch.
 */
import { Type, type TSchema } from 'typebox'
import { FIELD_UI_TYPES, type Flag as WireFlag } from '../../../../types'
import { strEnum } from '../../lib/schemas'

export { strEnum }
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
