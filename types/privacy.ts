/**
 * Privacy policy, consent, data download and account deletion (docs/decisions/041-privacy-and-account-deletion.md).
 */

/** GET privacyPolicy: the school's policy in the request's language (public, no token). */
export interface PrivacyPolicy {
  /** raised by staff when donors must agree again */
  version: number
  title: string
  /** plain text; a line starting with "## " is a heading */
  content: string
  /** '' while the built-in default is answered */
  updatedAt: string
  /** 1: the built-in default text (the school has not written its own) */
  isDefault: 0 | 1
}

/** GET privacyStatus (signed in): has the caller agreed to the current version? */
export interface PrivacyStatus {
  version: number
  consented: 0 | 1
  consentedAt: string
}

/** POST privacyConsent body; sign-in bodies (mobileLogin, passLogin) may carry `privacyVersion` instead. */
export interface PrivacyConsentBody {
  version: number
}

/** The -1 answer of a form that collects personal data from a caller without consent: `data` carries the version. */
export interface PrivacyConsentRefusal {
  privacyConsentRequired: number
}

/** POST deleteAccount body: the donor confirmed in the app's dialog. */
export interface DeleteAccountBody {
  confirm: true
}

/** One stored row as the export gives it: column names as stored, values as text or numbers. */
export type ExportRow = Record<string, string | number | null>

/** GET privacyExport (signed in): everything stored about the caller at this school, and nothing about anyone else. */
export interface PrivacyExport {
  exportedAt: string
  school: { code: string; name: string }
  profile: ExportRow
  logins: ExportRow[]
  consents: ExportRow[]
  gifts: ExportRow[]
  giftDetails: ExportRow[]
  certificates: ExportRow[]
  certificateRequests: ExportRow[]
  receipts: ExportRow[]
  namings: ExportRow[]
  agreements: ExportRow[]
  messages: ExportRow[]
  togethers: ExportRow[]
  awards: ExportRow[]
  uploads: ExportRow[]
}

/** Staff console: the policy as edited (both languages, not filled in). */
export interface StaffPrivacyPolicy {
  version: number
  isDefault: 0 | 1
  updatedAt: string
  zh: { title: string; content: string }
  en: { title: string; content: string }
  /** donors who agreed to this version */
  consents: number
}
