/**
 * Donation agreements (docs/product §3 Agreements, §7 Agreements; docs/decisions/017-agreements.md). Files are links
 * ("/files/agreements/…") that only their donor is given; the API refuses a link that is not the caller's.
 */
/** The agreement answers: the schemas of types/schema/agreement.ts (docs/decisions/056-donor-contract.md). */
export type {
  AgreementStatus,
  HhuAgreementGenerated,
  CpuAgreementProject,
  CpuAgreementGenerated,
  AgreementDetail,
  CpuAgreement,
  AgreementPages,
  HhuAgreementAnswer,
  AgreementBankAccount
} from './schema/agreement'
/** The agreement requests (docs/decisions/066-donor-requests.md). */
export type { HhuAgreementGeneration, CpuAgreementGeneration, AgreementPagesQuery, AgreementRetryBody } from './schema/agreement'

/** Base setting (S/api/v1/setting/base/getValue) with the bank account large gifts are transferred to, as JSON
 *  (AgreementBankAccount). */
export const AGREEMENT_BANK_SETTING = 'agreement_bank_account'

/** Limits shared by the form and the server (docs/product §5 Contract form). */
export const AGREEMENT_LIMITS = {
  NAME_MAX: 30,
  /** the signature PNG */
  SIGNATURE_MAX_BYTES: 1_048_576
} as const
