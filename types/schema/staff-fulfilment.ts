/**
 * The fulfilment side of the staff API (server/src/routes/staff/index.ts, nameplates.ts): paper-certificate and
 * receipt applications, and nameplate review. The one source of these shapes (docs/decisions/055, 057): the server
 * validates requests and serialises answers with these schemas, server/src/domain/fulfilment/applications.ts returns
 * the `Static` types, and the console's pages (applications, nameplates) read them and type their bodies from the
 * request schemas.
 */
import { Type, type Static } from 'typebox'
import { intEnum, Nullable, Num, NumOrNull, Opt, Page, Str, strEnum } from './common'
import { body, optString, pageProps, reqCode, reqInt } from './wire-int'

export const FULFILMENT_KINDS = ['certificate', 'receipt'] as const
export type FulfilmentKind = (typeof FULFILMENT_KINDS)[number]

// ---------------------------------------------------------------- applications

const applicationFields = {
  kind: strEnum(FULFILMENT_KINDS),
  id: Num,
  status: Num,
  /** certificateWay or receiptWay */
  way: Num,
  /** what this application may move to next */
  next: Type.Array(Num),
  batchNo: Str,
  origin: Str,
  donateId: Num,
  billNo: Str,
  itemsName: Str,
  donateMoney: Str,
  donateTime: Str,
  userId: Num,
  donorName: Str,
  donorType: Opt(Num),
  creditCode: Opt(Str),
  receiptType: Opt(Num),
  postalContact: Str,
  postalMobile: Str,
  postalAddress: Str,
  postalEmail: Opt(Str),
  postalMobileSms: Opt(Str),
  expressCompany: Str,
  expressNo: Str,
  fileUrl: Opt(Str),
  createdAt: Str,
  updatedAt: Str
}
export const StaffApplication = Type.Object(applicationFields)
export type StaffApplication = Static<typeof StaffApplication>
export const StaffApplicationPage = Page(StaffApplication)
export type StaffApplicationPage = Static<typeof StaffApplicationPage>

export const StaffApplicationDetail = Type.Object({
  ...applicationFields,
  /** the e-mail of an electronic receipt (docs/decisions/044-notifications.md); null for certificates */
  notice: Nullable(
    Type.Object({
      state: strEnum(['queued', 'retrying', 'sent', 'failed', 'skipped']),
      channel: Str,
      recipient: Str,
      attempts: Num,
      error: Str,
      at: Str
    })
  ),
  history: Type.Array(
    Type.Object({
      action: strEnum(['advance', 'attach']),
      from: Num,
      to: Num,
      staff: Str,
      staffId: Num,
      detail: Type.Record(Type.String(), Str),
      at: Str
    })
  )
})
export type StaffApplicationDetail = Static<typeof StaffApplicationDetail>

export const StaffFile = Type.Object({ fileUrl: Str })

/** status: 'pending' (default: not final), 'all' or one status code 1..7 */
export const ApplicationListQuery = Type.Object({
  kind: strEnum(FULFILMENT_KINDS),
  status: Type.Optional(Type.String({ pattern: '^(pending|all|[1-7])$' })),
  ...pageProps
})
export type ApplicationListQuery = Static<typeof ApplicationListQuery>

/** /applications/:kind/:id */
export const ApplicationParams = Type.Object({ school: Type.Optional(Type.String()), kind: strEnum(FULFILMENT_KINDS), id: reqInt() })
export type ApplicationParams = Static<typeof ApplicationParams>

export const AdvanceBody = body({ to: reqCode(), expressCompany: optString(64), expressNo: optString(64) })
export type AdvanceBody = Static<typeof AdvanceBody>

// ---------------------------------------------------------------- nameplate review

/** The words of one nameplate (types/naming.ts NameplateText, the donor's side of the same text). */
export const StaffNameplateText = Type.Object({ donorName: Str, donorIdentity: Str, donationMessage: Str })

const nameplateFields = {
  namingId: Num,
  namingType: intEnum([1, 2]),
  quantity: Num,
  nameplate: StaffNameplateText,
  /** 1 pending, 2 approved, 3 returned */
  nameplateStatus: intEnum([1, 2, 3]),
  reviewReason: Str,
  itemsId: Num,
  itemsName: Str,
  objectName: Str,
  billNo: Str,
  paidAt: Str,
  updatedAt: Str,
  nameplateList: Type.Array(StaffNameplateText)
}
export const StaffNameplateRow = Type.Object(nameplateFields)
export type StaffNameplateRow = Static<typeof StaffNameplateRow>
export const StaffNameplatePage = Page(StaffNameplateRow)
export const StaffNameplateDetail = Type.Object({
  ...nameplateFields,
  namingType: Num,
  history: Type.Array(
    Type.Object({
      action: strEnum(['correct', 'approve', 'return']),
      staffId: NumOrNull,
      userId: NumOrNull,
      reason: Str,
      text: Str,
      at: Str
    })
  )
})
export type StaffNameplateDetail = Static<typeof StaffNameplateDetail>

/** status: 'pending' (default), 'all' or one nameplateStatus */
export const NameplateListQuery = Type.Object({ status: Type.Optional(Type.String({ pattern: '^(pending|all|[1-3])$' })), ...pageProps })
export const NameplateReviewBody = body({ action: strEnum(['approve', 'return']), reason: optString(2000) })
export type NameplateReviewBody = Static<typeof NameplateReviewBody>
