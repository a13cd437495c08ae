/**
 * Answer schemas of the staff agreement and campaign routes (routes/staff/agreements.ts, campaigns.ts): the one source
 * of these shapes (docs/decisions/055-one-contract.md); the console reads their `Static` types.
 */
import { Type, type Static } from 'typebox'
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

const NullableObj = <T extends Parameters<typeof Type.Object>[0]>(props: T) => Type.Union([Type.Object(props), Type.Null()])

/** GET/POST /campaigns (routes/staff/campaigns.ts) */
export const StaffCampaignSettings = Type.Object({
  campaigns: Type.Array(Type.Object({ key: Str, itemId: Type.Union([Num, Type.Null()]) })),
  projects: Type.Array(Type.Object({ id: Num, name: Str, itemsType: Num, alumniOnly: Type.Boolean() })),
  music: Type.Record(Type.String(), Str),
  alumniHandoff: NullableObj({ appid: Str, path: Str, originalId: Str }),
  bank: NullableObj({ bankName: Str, accountName: Str, accountNo: Str }),
  maps: Type.Array(Type.Object({ id: Num, mapKey: Str, itemId: Num, vrUrl: Str }))
})

export type StaffAgreement = Static<typeof StaffAgreement>
export type StaffAgreementPage = Static<typeof StaffAgreementPage>
export type StaffAgreementDetail = Static<typeof StaffAgreementDetail>
export type StaffAgreementSeal = Static<typeof StaffAgreementSeal>
export type StaffCampaignSettings = Static<typeof StaffCampaignSettings>
