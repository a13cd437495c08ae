/**
 * Request bodies of the console's settings routes (server/src/routes/staff/settings.ts): school settings, channel
 * credentials and the privacy policy. Their answers are staff-console.ts's StaffSettings and ChannelView (and the
 * donor API's privacy policy shape). The one source of these requests (docs/decisions/057-server-by-domain.md): the
 * server validates with them, the console types its bodies from them. Only the keys sent change.
 */
import { Type, type Static } from 'typebox'
import { DIRECTORY_ORDER_CYCLE } from '../config'
import { PAY_CHANNELS } from '../donate'
import { strEnum } from './common'
import { body, optString } from './wire-int'

const OptBool = Type.Optional(Type.Boolean())
const Ways = (values: number[]) => Type.Optional(Type.Array(Type.Integer({ enum: values }), { maxItems: values.length, uniqueItems: true }))
const Pickup = Type.Optional(
  Type.Object({ address: Type.String({ maxLength: 200 }), name: Type.String({ maxLength: 64 }), mobile: Type.String({ maxLength: 32 }) })
)
/** per key: a value sets it, null removes it, '' keeps what is stored (secrets are write-only) */
const SecretMap = Type.Optional(
  Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$' }), Type.Union([Type.String({ maxLength: 8000 }), Type.Null()]), {
    maxProperties: 32
  })
)

export const SettingsBody = body({
  name: optString(100, 1),
  moduleName: optString(100, 1),
  themeColor: optString(7),
  logoUrl: optString(500),
  isProduction: OptBool,
  switches: Type.Optional(
    Type.Object({
      hideStatistics: OptBool,
      disableOnlineDonation: OptBool,
      offlineContactInfo: optString(2000),
      maskDonorNames: OptBool,
      hideDirectorySearch: OptBool,
      hideProjectDirectory: OptBool,
      defaultDirectoryOrder: Type.Optional(strEnum(DIRECTORY_ORDER_CYCLE)),
      projectListVariant: Type.Optional(strEnum(['tabs', 'dropdown']))
    })
  ),
  fulfilment: Type.Optional(
    Type.Object({
      isOpenPaper: OptBool,
      certificateWays: Ways([1, 2]),
      certificatePickup: Pickup,
      isOpenReceipt: OptBool,
      validType: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)])),
      isCreditCode: OptBool,
      receiptTypes: Ways([1, 2]),
      receiptWaysPaper: Ways([1, 2]),
      receiptWaysElectronic: Ways([3, 4]),
      receiptPickup: Pickup
    })
  ),
  login: Type.Optional(Type.Object({ isOpenLogin: OptBool, loginNotes: optString(2000), sandboxLogin: OptBool }))
})
export type SettingsBody = Static<typeof SettingsBody>

export const ChannelBody = body({
  appId: optString(64),
  /** '' keeps the stored secret */
  secret: optString(500),
  credentials: SecretMap,
  payCredentials: SecretMap,
  apiBase: optString(300),
  enabled: OptBool
})
export type ChannelBody = Static<typeof ChannelBody>
/** POST /channels/:channel */
export const ChannelParams = Type.Object({ school: Type.Optional(Type.String()), channel: strEnum(PAY_CHANNELS) })
export type ChannelParams = Static<typeof ChannelParams>

const PolicyTexts = Type.Object({ title: Type.String({ maxLength: 100 }), content: Type.String({ maxLength: 50_000 }) })
/** newVersion: publish as a new version (donors consent again) rather than correct the current one */
export const PrivacyPolicyBody = body({ zh: PolicyTexts, en: PolicyTexts, newVersion: Type.Boolean() })
export type PrivacyPolicyBody = Static<typeof PrivacyPolicyBody>
