/**
 * Privacy policy, consent, data download and account deletion (docs/decisions/041-privacy-and-account-deletion.md).
 */

/** The privacy answers: the schemas of types/schema/privacy.ts (docs/decisions/056-donor-contract.md). */
export type { PrivacyPolicy, PrivacyStatus, ExportRow, PrivacyExport, StaffPrivacyPolicy } from './schema/privacy'

/** The privacy requests (docs/decisions/066-donor-requests.md). */
export type { PrivacyConsentBody, DeleteAccountBody } from './schema/privacy'
/** The -1 answer of a form that collects personal data without consent: the schema of types/schema/refusals.ts. */
export type { PrivacyConsentRefusal } from './schema/refusals'
