/**
 * Answer schemas of the staff API (/staff-api/{school}). Its shapes are the fulfilment service's own
 * (domain/fulfilment/applications.ts): the console reads them, the app never does, so they are not in types/.
 */
import { Type } from 'typebox'
import type { Page, StaffNameplate } from '../../../../types'
import type { nameplateDetail } from '../../domain/naming/review'
import type { applicationDetail, StaffApplication as Application } from '../../domain/fulfilment/applications'
import { wireSchema } from '../../lib/schemas'
import { intEnum, Nullable, Num, NumOrNull, Opt, Page as PageOf, Str, strEnum } from './common'
import { NameplateText } from './naming'

const applicationFields = {
  kind: strEnum(['certificate', 'receipt']),
  id: Num,
  status: Num,
  way: Num,
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
const StaffApplication = wireSchema<Application>()(Type.Object(applicationFields))

export const StaffApplicationPage = wireSchema<{ total: number; rows: Application[] }>()(
  Type.Object({ total: Num, rows: Type.Array(StaffApplication) })
)

export const StaffApplicationDetail = wireSchema<Awaited<ReturnType<typeof applicationDetail>>>()(
  Type.Object({
    ...applicationFields,
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
)

export const StaffToken = wireSchema<{ token: string; expiresAt: string }>()(Type.Object({ token: Str, expiresAt: Str }))
export const StaffFile = wireSchema<{ fileUrl: string }>()(Type.Object({ fileUrl: Str }))

// ---------------------------------------------------------------- nameplate review (routes/staff/nameplates.ts)

const nameplateFields = {
  namingId: Num,
  namingType: intEnum([1, 2]),
  quantity: Num,
  nameplate: NameplateText,
  nameplateStatus: intEnum([1, 2, 3]),
  reviewReason: Str,
  itemsId: Num,
  itemsName: Str,
  objectName: Str,
  billNo: Str,
  paidAt: Str,
  updatedAt: Str,
  nameplateList: Type.Array(NameplateText)
}
export const StaffNameplatePage = wireSchema<Page<StaffNameplate>>()(PageOf(Type.Object(nameplateFields)))
export const StaffNameplateDetail = wireSchema<Awaited<ReturnType<typeof nameplateDetail>>>()(
  Type.Object({
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
)
