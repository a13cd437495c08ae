/** Answer schemas of types/together.ts (joint donations). */
import { Type } from 'typebox'
import type * as W from '../../../../types'
import { wireSchema } from '../../lib/schemas'
import { Flag, Num, Str, Yuan } from './common'
import { TogetherDonation } from './entities'

export const TogetherLaunchDetail = wireSchema<W.TogetherLaunchDetail>()(
  Type.Object({
    itemsId: Num,
    itemsName: Str,
    intro: Str,
    thumbnailImg: Str,
    canLaunch: Flag,
    noReason: Str,
    sponsor: Str,
    avatar: Str,
    sloganList: Type.Array(Str),
    moneyList: Type.Array(Yuan)
  })
)

export const TogetherDetail = wireSchema<W.TogetherDetail>()(
  Type.Object({
    ...TogetherDonation.properties,
    itemsName: Str,
    thumbnailImg: Str,
    intro: Str,
    progress: Type.Unsafe<number | null>({ type: ['number', 'null'] }),
    isSponsor: Flag,
    canCancel: Flag,
    contentHeld: Flag
  })
)

/** insertTogether answers the new joint donation's id */
export const TogetherId = wireSchema<number>()(Num)
