import { Type } from 'typebox'
import Ajv from 'ajv'
const S = Type.Object({ a: Type.String({ maxLength: 3 }), b: Type.Optional(Type.Union([Type.Integer(), Type.Null()])), c: Type.Unsafe<number|null>({ wireInt: { minimum: 1 } }), d: Type.Record(Type.String(), Type.Number()), e: Type.Literal(1), f: Type.Union([Type.Literal(1), Type.Literal(2)]) })
console.log(JSON.stringify(S), Object.getOwnPropertySymbols(S), Object.getOwnPropertyNames(S), Object.keys(S))
const ajv = new Ajv({})
ajv.addKeyword('wireInt')
console.log(ajv.compile(S)({ a: 'x', c: 1, d: {}, e: 1, f: 2 }))
