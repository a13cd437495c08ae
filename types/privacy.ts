/**
 * Privacy policy, consent, data download and account deletion (docs/decisions/041-privacy-and-account-deletion.md).
 */

/** The privacy answers: the schemas of types/schema/privacy.ts (docs/decisions/056-donor-contract.md). */
export type { PrivacyPolicy, PrivacyStatus, ExportRow, PrivacyExport, StaffPrivacyPolicy } from './schema/privacy'

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
