/**
 * Donation agreements (docs/product §3 Agreements, §7 Agreements; docs/decisions/017-agreements.md). Files are links
 * ("/files/agreements/…") that only their donor is given; the API refuses a link that is not the caller's.
 */
import type { Yuan } from './money'

/** POST P/hhu/sign/agreement/generation; `itemsId` (the tree campaign) names the project in the agreement. */
export interface HhuAgreementGeneration {
  name: string
  mobile: string
  donationAmount: Yuan
  itemsId?: number
}

/** GET …/cpu/sign/agreement/project/getList */
export interface CpuAgreementProject {
  id: number
  name: string
}

/** POST …/cpu/sign/agreement/generation */
export interface CpuAgreementGeneration {
  donateItemId: number
  name: string
  mobile: string
  idNo: string
  donationAmount: Yuan
}

export interface CpuAgreementGenerated {
  id: number
  unilateralAgreementUrl: string
}

/** GET …/cpu/sign/agreement/getMySign rows; '' where a file does not exist yet. */
export interface CpuAgreement {
  id: number
  name: string
  donateItemTitle: string
  donationAmount: Yuan
  /** Beijing "YYYY-MM-DD HH:mm:ss"; '' until signed */
  signTime: string
  /** the donor's (signed once signed) agreement */
  unilateralAgreementUrl: string
  /** countersigned by the foundation */
  mutualAgreementUrl: string
  donationReceiptsUrl: string
}

/** GET P/sign/agreement/pages?url: images of the pages of one of the caller's agreement files, in order. */
export type AgreementPages = string[]

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
