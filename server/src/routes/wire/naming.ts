/** Answer schemas of types/naming.ts (seats, books, nameplates). */
import { Type } from 'typebox'
import type * as W from '../../../../types'
import { wireSchema } from '../../lib/schemas'
import { Str } from './common'

export const NameplateText = wireSchema<W.NameplateText>()(Type.Object({ donorName: Str, donorIdentity: Str, donationMessage: Str }))
