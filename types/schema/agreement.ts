/**
 * Donation agreement answers (docs/product §3 Agreements, §7 Agreements; docs/decisions/017-agreements.md,
 * 039-agreement-rendering-jobs.md, 056-donor-contract.md): each schema is the one source of its shape, the type of the
 * same name is `Static<>` of it. The request bodies and limits stay in types/agreement.ts.
 */
import { Type, type Static } from 'typebox'
import { Num, Str, strEnum, Yuan } from './common'
import { body, optFlag, optInt, query, reqInt, reqString } from './wire-int'

/**
 * Where an agreement's files are (docs/decisions/039-agreement-rendering-jobs.md): `rendering` while the job worker
 * renders it (the request path was busy), `ready` once the unsigned PDF and its pages exist, `failed` when rendering
 * gave up (`reason` says why; POST P/sign/agreement/retry tries again), `signed` once the donor has signed it.
 */
export const AgreementStatus = strEnum(['rendering', 'ready', 'failed', 'signed'] as const)
export type AgreementStatus = Static<typeof AgreementStatus>
const Generated = strEnum(['ready', 'rendering'] as const)

/** The hhu generation's answer to a client that can poll: `url` is '' while `status` is rendering. */
export const HhuAgreementGenerated = Type.Object({ id: Num, url: Str, status: Generated })
export type HhuAgreementGenerated = Static<typeof HhuAgreementGenerated>

/** GET …/cpu/sign/agreement/project/getList */
export const CpuAgreementProject = Type.Object({ id: Num, name: Str })
export type CpuAgreementProject = Static<typeof CpuAgreementProject>
export const CpuAgreementProjects = Type.Array(CpuAgreementProject)

export const CpuAgreementGenerated = Type.Object({
  id: Num,
  /** '' while `status` is rendering (only ever so for a request with `canPoll: 1`) */
  unilateralAgreementUrl: Str,
  status: Generated
})
export type CpuAgreementGenerated = Static<typeof CpuAgreementGenerated>

/** GET P/sign/agreement/detail?id (and POST P/sign/agreement/retry {id}): one of the caller's agreements. */
export const AgreementDetail = Type.Object({
  id: Num,
  kind: strEnum(['hhu', 'cpu'] as const),
  status: AgreementStatus,
  /** the unsigned PDF's link; '' until ready */
  url: Str,
  /** its page images, in order; [] until ready */
  pages: Type.Array(Str),
  /** the signed PDF's link once signed, else '' */
  signedUrl: Str,
  /** why rendering failed, in the request's language; '' unless failed */
  reason: Str
})
export type AgreementDetail = Static<typeof AgreementDetail>

/** GET …/cpu/sign/agreement/getMySign rows; '' where a file does not exist yet. */
export const CpuAgreement = Type.Object({
  id: Num,
  name: Str,
  donateItemTitle: Str,
  donationAmount: Yuan,
  /** Beijing "YYYY-MM-DD HH:mm:ss"; '' until signed */
  signTime: Str,
  /** the donor's (signed once signed) agreement */
  unilateralAgreementUrl: Str,
  /** countersigned by the foundation */
  mutualAgreementUrl: Str,
  donationReceiptsUrl: Str
})
export type CpuAgreement = Static<typeof CpuAgreement>
export const CpuAgreements = Type.Array(CpuAgreement)

/** GET P/sign/agreement/pages?url: images of the pages of one of the caller's agreement files, in order. */
export const AgreementPages = Type.Array(Str)
export type AgreementPages = Static<typeof AgreementPages>

/** POST hhu generation: the unsigned PDF's link, or with `canPoll: 1` an HhuAgreementGenerated (decision 039). */
export const HhuAgreementAnswer = Type.Union([Str, HhuAgreementGenerated])
export type HhuAgreementAnswer = Static<typeof HhuAgreementAnswer>

/** Base setting AGREEMENT_BANK_SETTING (types/agreement.ts): the bank account large gifts are transferred to, as JSON. */
export const AgreementBankAccount = Type.Object({ bankName: Str, accountName: Str, accountNo: Str })
export type AgreementBankAccount = Static<typeof AgreementBankAccount>

// ---------------------------------------------------------------- requests (docs/decisions/066-donor-requests.md)

/**
 * The signer of a generation. `canPoll: 1` (decision 039): this client shows a progress state and polls GET
 * P/sign/agreement/detail, so the server may answer `rendering` instead of keeping the request open while its render
 * slots are busy. Without it the call answers as before decision 039 (the link once rendered, or 'try again in a moment').
 */
const signer = { name: reqString(100), mobile: reqString(20), donationAmount: reqString(20), canPoll: optFlag() }

/** POST P/hhu/sign/agreement/generation; `itemsId` (the tree campaign) names the project in the agreement. Answers
 *  HhuAgreementAnswer. The limits (AGREEMENT_LIMITS) are -1 answers. */
export const HhuAgreementGeneration = body({ ...signer, itemsId: optInt() })
export type HhuAgreementGeneration = Static<typeof HhuAgreementGeneration>
/** POST …/cpu/sign/agreement/generation */
export const CpuAgreementGeneration = body({ ...signer, donateItemId: reqInt(), idNo: reqString(32) })
export type CpuAgreementGeneration = Static<typeof CpuAgreementGeneration>
/** GET agreement/pages?url: the page images of one of the caller's agreement files. */
export const AgreementPagesQuery = query({ url: reqString(500) })
export type AgreementPagesQuery = Static<typeof AgreementPagesQuery>
/** POST agreement/retry {id}: render a failed agreement again. */
export const AgreementRetryBody = body({ id: reqInt() })
export type AgreementRetryBody = Static<typeof AgreementRetryBody>
