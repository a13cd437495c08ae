/**
 * Privacy policy, consent and data download answers (docs/decisions/041-privacy-and-account-deletion.md,
 * 056-donor-contract.md): each schema is the one source of its shape, the type of the same name is `Static<>` of it.
 * The request bodies stay in types/privacy.ts.
 */
import { Type, type Static } from 'typebox'
import { Flag, Num, Opt, Str } from './common'
import { body, optString, reqInt } from './wire-int'

/** GET privacyPolicy: the school's policy in the request's language (public, no token). */
export const PrivacyPolicy = Type.Object({
  /** raised by staff when donors must agree again */
  version: Num,
  title: Str,
  /** plain text; a line starting with "## " is a heading */
  content: Str,
  /** '' while the built-in default is answered */
  updatedAt: Str,
  /** 1: the built-in default text (the school has not written its own) */
  isDefault: Flag
})
export type PrivacyPolicy = Static<typeof PrivacyPolicy>

/** GET privacyStatus (signed in): has the caller agreed to the current version? */
export const PrivacyStatus = Type.Object({ version: Num, consented: Flag, consentedAt: Str })
export type PrivacyStatus = Static<typeof PrivacyStatus>

/** One stored row as the export gives it: column names as stored, values as text or numbers. */
export const ExportRow = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()]))
export type ExportRow = Static<typeof ExportRow>
const Rows = Type.Array(ExportRow)

/** GET privacyExport (signed in): everything stored about the caller at this school, and nothing about anyone else. */
export const PrivacyExport = Type.Object({
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
  uploads: Rows,
  /** monthly giving plans (docs/decisions/079-monthly-providers.md): amount, day, provider, status, dates */
  monthlyPlans: Rows
})
export type PrivacyExport = Static<typeof PrivacyExport>

const Texts = Type.Object({ title: Str, content: Str })
/** Staff console: the policy as edited (both languages, not filled in). */
export const StaffPrivacyPolicy = Type.Object({
  version: Num,
  isDefault: Flag,
  updatedAt: Str,
  zh: Texts,
  en: Texts,
  /** donors who agreed to this version */
  consents: Num
})
export type StaffPrivacyPolicy = Static<typeof StaffPrivacyPolicy>

// ---------------------------------------------------------------- requests (docs/decisions/066-donor-requests.md)

/** POST privacyConsent body; sign-in bodies (mobileLogin, passLogin) may carry `privacyVersion` instead. */
export const PrivacyConsentBody = body({ version: reqInt(1, 1_000_000), token: optString(200) })
export type PrivacyConsentBody = Static<typeof PrivacyConsentBody>
/** POST deleteAccount body: `confirm: true`, the donor confirmed in the app's dialog (anything else is a -1). */
export const DeleteAccountBody = body({ confirm: Opt(Type.Boolean()), token: optString(200) })
export type DeleteAccountBody = Static<typeof DeleteAccountBody>
