/** Wire schemas of yearly statements (types/statement.ts). */
import { Type } from 'typebox'
import type * as W from '../../../../types'
import { wireSchema } from '../../lib/schemas'
import { Flag, Num, Str, Yuan } from './common'

export const StatementYears = wireSchema<W.StatementYears>()(
  Type.Object({
    years: Type.Array(Type.Object({ year: Num, giftCount: Num, paidMoney: Yuan, refundMoney: Yuan, totalMoney: Yuan })),
    email: Str,
    yearly: Flag
  })
)

export const StatementEmailed = Type.Object({ email: Str })
