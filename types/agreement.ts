/**
 * Donation agreements (docs/product §3 Agreements, §7 Agreements; docs/decisions/017-agreements.md). Files are links
 * ("/files/agreements/…") that only their donor is given; the API refuses a link that is not the caller's.
 */
import type { Yuan } from './money'

/**
 * Where an agreement's files are (docs/decisions/039-agreement-rendering-jobs.md): `rendering` while the job worker
 * renders it (the request path was busy), `ready` once the unsigned PDF and its pages exist, `failed` when rendering
 * gave up (`reason` says why; POST P/sign/agreement/retry tries again), `signed` once the donor has signed it.
 */
export type AgreementStatus = 'rendering' | 'ready' | 'failed' | 'signed'

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

/** The hhu generation's answer to a client that can poll: `url` is '' while `status` is rendering. */
export interface HhuAgreementGenerated {
  id: number
  url: string
  status: 'ready' | 'rendering'
}

/** GET …/cpu/sign/agreement/project/getList */
export interface CpuAgreementProject {
  id: number
  name: string
}

/** POST …/cpu/sign/agreement/generation */
export interface CpuAgreementGeneration extends AgreementPolling {
  donateItemId: number
  name: string
  mobile: string
  idNo: string
  donationAmount: Yuan
}

export interface CpuAgreementGenerated {
  id: number
  /** '' while `status` is rendering (only ever so for a request with `canPoll: 1`) */
  unilateralAgreementUrl: string
  status: 'ready' | 'rendering'
}

/** GET P/sign/agreement/detail?id (and POST P/sign/agreement/retry {id}): one of the caller's agreements. */
export interface AgreementDetail {
  id: number
  kind: 'hhu' | 'cpu'
  status: AgreementStatus
  /** the unsigned PDF's link; '' until ready */
  url: string
  /** its page images, in order; [] until ready */
  pages: string[]
  /** the signed PDF's link once signed, else '' */
  signedUrl: string
  /** why rendering failed, in the request's language; '' unless failed */
  reason: string
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
