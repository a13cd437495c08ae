/** Answer schemas of types/privacy.ts (docs/decisions/041-privacy-and-account-deletion.md). */
import { Type } from 'typebox'
import type * as W from '../../../../types'
import { wireSchema } from '../../lib/schemas'
import { Flag, Num, Str } from './common'

export const PrivacyPolicy = wireSchema<W.PrivacyPolicy>()(
  Type.Object({ version: Num, title: Str, content: Str, updatedAt: Str, isDefault: Flag })
)

export const PrivacyStatus = wireSchema<W.PrivacyStatus>()(Type.Object({ version: Num, consented: Flag, consentedAt: Str }))

const ExportRow = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()]))
const Rows = Type.Array(ExportRow)

export const PrivacyExport = wireSchema<W.PrivacyExport>()(
  Type.Object({
    exportedAt: Str,
    school: Type.Object({ code: Str, name: Str }),
    profile: ExportRow,
    logins: Rows,
    consents: Rows,
    gifts: Rows,
    giftDetails: Rows,
    certificates: Rows,
    certificateRequests: Rows,
    receipts: Rows,
    namings: Rows,
    agreements: Rows,
    messages: Rows,
    togethers: Rows,
    awards: Rows,
    uploads: Rows
  })
)

const Texts = Type.Object({ title: Str, content: Str })
export const StaffPrivacyPolicy = wireSchema<W.StaffPrivacyPolicy>()(
  Type.Object({ version: Num, isDefault: Flag, updatedAt: Str, zh: Texts, en: Texts, consents: Num })
)
