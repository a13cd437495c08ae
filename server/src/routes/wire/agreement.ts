/** Answer schemas of types/agreement.ts (routes/agreement). */
import { Type } from 'typebox'
import type * as W from '../../../../types'
import { wireSchema } from '../../lib/schemas'
import { Num, Str, strEnum, Yuan } from './common'

export const CpuAgreementProjects = wireSchema<W.CpuAgreementProject[]>()(Type.Array(Type.Object({ id: Num, name: Str })))
const Generated = strEnum(['ready', 'rendering'] as const)
export const CpuAgreementGenerated = wireSchema<W.CpuAgreementGenerated>()(
  Type.Object({ id: Num, unilateralAgreementUrl: Str, status: Generated })
)
export const HhuAgreementGenerated = wireSchema<W.HhuAgreementGenerated>()(Type.Object({ id: Num, url: Str, status: Generated }))
export const AgreementDetail = wireSchema<W.AgreementDetail>()(
  Type.Object({
    id: Num,
    kind: strEnum(['hhu', 'cpu'] as const),
    status: strEnum(['rendering', 'ready', 'failed', 'signed'] as const),
    url: Str,
    pages: Type.Array(Str),
    signedUrl: Str,
    reason: Str
  })
)
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
