/**
 * School settings and channel credentials (admin):
 *   GET  /settings            name, module name, theme colour, logo, production flag, display switches,
 *                              certificate/receipt configuration, login switches
 *   POST /settings            any part of the above (validated: theme #rrggbb, logo /files/… or https)
 *   GET  /channels            per channel (weapp, alipay, h5, wechat-h5): AppID, secrets masked ('••••' + last 4)
 *   POST /channels/:channel   {appId?, secret?, credentials?, payCredentials?, apiBase?, enabled?}: secrets
 *                              write-only, '' keeps the stored value, null removes a key
 *   GET  /privacy-policy       the school's privacy policy in zh and en (the default text until saved), consents
 *   POST /privacy-policy       {zh, en, newVersion}: newVersion asks every donor to agree again (decision 041)
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { DIRECTORY_ORDER_CYCLE, PAY_CHANNELS, StaffApi } from '../../../../types'
import { listChannels, saveChannel } from '../../domain/channel/settings'
import { getSettings, saveSettings } from '../../domain/school/settings'
import { getStaffPolicy, saveStaffPolicy } from '../../domain/privacy/service'
import { StaffPrivacyPolicy } from '../wire/privacy'
import { answers, ok } from '../../lib/envelope'
import { body, optString, strEnum } from '../../lib/schemas'
import * as W from '../../../../types/schema/staff-console'
import { requireRole } from './access'

const OptBool = Type.Optional(Type.Boolean())
const Ways = (values: number[]) => Type.Optional(Type.Array(Type.Integer({ enum: values }), { maxItems: values.length, uniqueItems: true }))
const Pickup = Type.Optional(
  Type.Object({ address: Type.String({ maxLength: 200 }), name: Type.String({ maxLength: 64 }), mobile: Type.String({ maxLength: 32 }) })
)
const SecretMap = Type.Optional(
  Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$' }), Type.Union([Type.String({ maxLength: 8000 }), Type.Null()]), {
    maxProperties: 32
  })
)

const PolicyTexts = Type.Object({ title: Type.String({ maxLength: 100 }), content: Type.String({ maxLength: 50_000 }) })

export const staffSettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(StaffApi.privacyPolicy, { ...requireRole('admin'), schema: { response: answers(StaffPrivacyPolicy) } }, async (req) =>
    ok(await getStaffPolicy(app.db, req.school))
  )

  app.post(
    StaffApi.privacyPolicy,
    {
      ...requireRole('admin'),
      schema: { body: body({ zh: PolicyTexts, en: PolicyTexts, newVersion: Type.Boolean() }), response: answers(StaffPrivacyPolicy) }
    },
    async (req) => ok(await saveStaffPolicy(app.db, req.school, req.staff.id, req.body))
  )

  app.get(StaffApi.settings, { ...requireRole('admin'), schema: { response: answers(W.StaffSettings) } }, async (req) =>
    ok(await getSettings(app.db, req.school.id))
  )

  app.post(
    StaffApi.settings,
    {
      ...requireRole('admin'),
      schema: {
        body: body({
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
        }),
        response: answers(W.StaffSettings)
      }
    },
    async (req) => ok(await saveSettings(app.db, req.school.id, req.staff.id, req.body, app.identity.now()))
  )

  app.get(StaffApi.channels, { ...requireRole('admin'), schema: { response: answers(W.ChannelList) } }, async (req) =>
    ok(await listChannels(app.db, req.school.id))
  )

  app.post(
    StaffApi.channel,
    {
      ...requireRole('admin'),
      schema: {
        params: Type.Object({ school: Type.Optional(Type.String()), channel: strEnum(PAY_CHANNELS) }),
        body: body({
          appId: optString(64),
          secret: optString(500),
          credentials: SecretMap,
          payCredentials: SecretMap,
          apiBase: optString(300),
          enabled: OptBool
        }),
        response: answers(W.ChannelView)
      }
    },
    async (req) =>
      ok(await saveChannel(app.db, req.school.id, req.staff.id, req.params.channel, req.body, app.identity, app.identity.now()))
  )
}
