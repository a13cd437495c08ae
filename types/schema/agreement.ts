/**
 * Donation agreement answers (docs/product §3 Agreements, §7 Agreements; docs/decisions/017-agreements.md,
 * 039-agreement-rendering-jobs.md, 056-donor-contract.md): each schema is the one source of its shape, the type of the
 * same name is `Static<>` of it. The request bodies and limits stay in types/agreement.ts.
 */
import { Type, type Static } from 'typebox'
import { Num, Str, strEnum, Yuan } from './common'

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
