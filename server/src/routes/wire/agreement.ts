/** Answer schemas of types/agreement.ts (routes/agreement). */
import { Type } from 'typebox'
import type * as W from '../../../../types'
import { wireSchema } from '../../lib/schemas'
import { Num, Str, Yuan } from './common'

export const CpuAgreementProjects = wireSchema<W.CpuAgreementProject[]>()(Type.Array(Type.Object({ id: Num, name: Str })))
export const CpuAgreementGenerated = wireSchema<W.CpuAgreementGenerated>()(Type.Object({ id: Num, unilateralAgreementUrl: Str }))
export const CpuAgreements = wireSchema<W.CpuAgreement[]>()(
  Type.Array(
    Type.Object({
      id: Num,
      name: Str,
      donateItemTitle: Str,
      donationAmount: Yuan,
      signTime: Str,
      unilateralAgreementUrl: Str,
      mutualAgreementUrl: Str,
      donationReceiptsUrl: Str
    })
  )
)
export const AgreementPages = wireSchema<W.AgreementPages>()(Type.Array(Str))
