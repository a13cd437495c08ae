/**
 * Donation agreements (docs/product §3 Agreements, §7 Agreements; docs/decisions/017-agreements.md). Files are links
 * ("/files/agreements/…") that only their donor is given; the API refuses a link that is not the caller's.
 */
import type { Yuan } from './money'

/** The agreement answers: the schemas of types/schema/agreement.ts (docs/decisions/056-donor-contract.md). */
export type {
  AgreementStatus,
  HhuAgreementGenerated,
  CpuAgreementProject,
  CpuAgreementGenerated,
  AgreementDetail,
  CpuAgreement,
  AgreementPages
} from './schema/agreement'

/**
 * `canPoll: 1` (decision 039): this client shows a progress state and polls GET P/sign/agreement/detail, so the
 * server may answer `rendering` instead of keeping the request open while its render slots are busy. Without it the
 * call answers as before decision 039 (the link once rendered, or 'try again in a moment').
 */
export interface AgreementPolling {
  canPoll?: 0 | 1
}

/** POST P/hhu/sign/agreement/generation; `itemsId` (the tree campaign) names the project in the agreement. Answers
 *  the unsigned PDF's link, or with `canPoll: 1` an HhuAgreementGenerated. */
export interface HhuAgreementGeneration extends AgreementPolling {
  name: string
  mobile: string
  donationAmount: Yuan
  itemsId?: number
}

/** POST …/cpu/sign/agreement/generation */
export interface CpuAgreementGeneration extends AgreementPolling {
  donateItemId: number
  name: string
  mobile: string
  idNo: string
  donationAmount: Yuan
}

/** Base setting (S/api/v1/setting/base/getValue) with the bank account large gifts are transferred to, as JSON. */
export const AGREEMENT_BANK_SETTING = 'agreement_bank_account'

export interface AgreementBankAccount {
  bankName: string
  accountName: string
  accountNo: string
}

/** Limits shared by the form and the server (docs/product §5 Contract form). */
export const AGREEMENT_LIMITS = {
  NAME_MAX: 30,
  /** the signature PNG */
  SIGNATURE_MAX_BYTES: 1_048_576
} as const
