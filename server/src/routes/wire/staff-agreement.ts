/** Answer schemas of the staff agreement routes (routes/staff/agreements.ts); the console reads them, the app never does. */
import { Type } from 'typebox'
import { Num, Page, Str, strEnum } from './common'

export const StaffAgreement = Type.Object({
  id: Num,
  kind: strEnum(['hhu', 'cpu']),
  agreementNo: Str,
  name: Str,
  mobile: Str,
  idNoMasked: Str,
  projectTitle: Str,
  amount: Str,
  createdAt: Str,
  signedAt: Str,
  state: strEnum(['unsigned', 'signed', 'countersigned']),
  unsignedUrl: Str,
  signedUrl: Str,
  mutualUrl: Str,
  receiptUrl: Str,
  countersignedAt: Str,
  receiptAt: Str
})
export const StaffAgreementPage = Page(StaffAgreement)

export const StaffAgreementDetail = Type.Object({
  ...StaffAgreement.properties,
  history: Type.Array(Type.Object({ at: Str, staffName: Str, action: Str }))
})

export const StaffAgreementSeal = Type.Object({ image: Str, width: Num, height: Num, updatedAt: Str })
