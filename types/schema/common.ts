/**
 * Building blocks of the answer schemas (docs/decisions/014, 055). The schemas of types/schema/ are the single source
 * of their shapes: the types are `Static<typeof Schema>`, the server validates and serialises with the schema, the
 * console and the app import the types (the donor API's since docs/decisions/056-donor-contract.md: the modules of
 * types/ re-export them with `export type`, so no TypeBox reaches the app's bundles).
 *
 * Literal unions (flags, pay types, statuses) are written as `{type: 'integer' | 'string', enum}` rather than
 * TypeBox's anyOf of constants: fast-json-stringify writes them as plain values instead of trying each branch.
 */
import { Type, type Static, type TSchema } from 'typebox'
import { FIELD_UI_TYPES } from '../field-types'

/** One of a few strings. */
export const strEnum = <const T extends readonly string[]>(values: T) => Type.Unsafe<T[number]>({ type: 'string', enum: values })
export const Str = Type.String()
export const Num = Type.Number()
export const Bool = Type.Boolean()
/** The `data` of a call that answers nothing but its message (null). */
export const NoData = Type.Null()
/** money: yuan text with two decimals (types/money.ts) */
export const Yuan = Type.String()
export type Yuan = Static<typeof Yuan>
export const Flag = Type.Unsafe<0 | 1>({ type: 'integer', enum: [0, 1] })
export type Flag = Static<typeof Flag>
/** The twelve dynamic form field types (types/donate.ts), for the donor form and the staff form builder alike. */
export const FieldUiType = strEnum(FIELD_UI_TYPES)
export type FieldUiType = Static<typeof FieldUiType>
/** One of a few integers (itemsType 1 | 2, pay types). */
export const intEnum = <const T extends readonly number[]>(values: T) => Type.Unsafe<T[number]>({ type: 'integer', enum: values })
export const NumOrNull = Type.Unsafe<number | null>({ type: ['number', 'null'] })
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])
export const Opt = Type.Optional

/** A page of rows: {total, rows} (types/envelope.ts Page). */
export const Page = <T extends TSchema>(row: T) => Type.Object({ total: Num, rows: Type.Array(row) })
