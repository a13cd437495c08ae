/**
 * Request and answer schemas of the staff agreement and campaign routes (routes/staff/agreements.ts, campaigns.ts):
 * the one source of these shapes (docs/decisions/055-one-contract.md, 067-staff-requests-once.md); the server
 * validates and serialises with them, the console reads their `Static` types.
 */
import { Type, type Static } from 'typebox'
import { Num, Page, Str, strEnum } from './common'
import { body, optString, pageProps } from './wire-int'

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

/** The list's state filter: the agreement's own state, or whether its receipt is in (domain/agreement/staff.ts). */
export const AGREEMENT_STATES = ['unsigned', 'signed', 'countersigned', 'noReceipt', 'receipted'] as const
const Day = Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }))
/** GET /agreements: from/to are Beijing days (YYYY-MM-DD) */
export const StaffAgreementQuery = Type.Object({
  kind: Type.Optional(strEnum(['hhu', 'cpu'])),
  state: Type.Optional(strEnum(AGREEMENT_STATES)),
  from: Day,
  to: Day,
  donor: optString(64),
  ...pageProps
})
export type StaffAgreementQuery = Static<typeof StaffAgreementQuery>

export const StaffAgreementDetail = Type.Object({
  ...StaffAgreement.properties,
  history: Type.Array(Type.Object({ at: Str, staffName: Str, action: Str }))
})

export const StaffAgreementSeal = Type.Object({ image: Str, width: Num, height: Num, updatedAt: Str })

const NullableObj = <T extends Parameters<typeof Type.Object>[0]>(props: T) => Type.Union([Type.Object(props), Type.Null()])

/** GET/POST /campaigns (routes/staff/campaigns.ts) */
export const StaffCampaignSettings = Type.Object({
  campaigns: Type.Array(Type.Object({ key: Str, itemId: Type.Union([Num, Type.Null()]) })),
  /** nameEn: the project's English name, '' when none (decision 086) */
  projects: Type.Array(Type.Object({ id: Num, name: Str, nameEn: Str, itemsType: Num, alumniOnly: Type.Boolean() })),
  music: Type.Record(Type.String(), Str),
  alumniHandoff: NullableObj({ appid: Str, path: Str, originalId: Str }),
  bank: NullableObj({ bankName: Str, accountName: Str, accountNo: Str }),
  maps: Type.Array(Type.Object({ id: Num, mapKey: Str, itemId: Num, vrUrl: Str }))
})

const IdKey = Type.String({ pattern: '^[0-9]{1,16}$' })
const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })
/** POST /campaigns: any part of the settings; each part sent replaces what is stored, null clears it */
export const StaffCampaignBody = body({
  campaignItems: Type.Optional(
    Type.Record(Type.String({ pattern: '^[A-Za-z]{1,40}$' }), Type.Union([Id, Type.Null()]), { maxProperties: 40 })
  ),
  music: Type.Optional(Type.Record(IdKey, Type.String({ maxLength: 500 }), { maxProperties: 200 })),
  alumniOnly: Type.Optional(Type.Record(IdKey, Type.Boolean(), { maxProperties: 500 })),
  alumniHandoff: Type.Optional(
    Type.Union([
      Type.Object(
        { appid: Type.String({ maxLength: 32 }), path: Type.String({ maxLength: 200 }), originalId: Type.String({ maxLength: 32 }) },
        { additionalProperties: false }
      ),
      Type.Null()
    ])
  ),
  bank: Type.Optional(
    Type.Union([
      Type.Object(
        {
          bankName: Type.String({ maxLength: 100 }),
          accountName: Type.String({ maxLength: 100 }),
          accountNo: Type.String({ maxLength: 64 })
        },
        { additionalProperties: false }
      ),
      Type.Null()
    ])
  ),
  vrUrls: Type.Optional(Type.Record(IdKey, Type.String({ maxLength: 500 }), { maxProperties: 200 }))
})
export type StaffCampaignBody = Static<typeof StaffCampaignBody>

export type StaffAgreement = Static<typeof StaffAgreement>
export type StaffAgreementPage = Static<typeof StaffAgreementPage>
export type StaffAgreementDetail = Static<typeof StaffAgreementDetail>
export type StaffAgreementSeal = Static<typeof StaffAgreementSeal>
export type StaffCampaignSettings = Static<typeof StaffCampaignSettings>
