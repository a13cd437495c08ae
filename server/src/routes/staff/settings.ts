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
import { StaffApi } from '../../../../types'
import { listChannels, saveChannel } from '../../domain/channel/settings'
import { getSettings, saveSettings } from '../../domain/school/settings'
import { getStaffPolicy, saveStaffPolicy } from '../../domain/privacy/service'
import { StaffPrivacyPolicy } from '../wire/privacy'
import { answers, ok } from '../../lib/envelope'
import * as W from '../../../../types/schema/staff-console'
import { ChannelBody, ChannelParams, PrivacyPolicyBody, SettingsBody } from '../../../../types/schema/staff-settings'
import { requireRole } from './access'

export const staffSettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(StaffApi.privacyPolicy, { ...requireRole('admin'), schema: { response: answers(StaffPrivacyPolicy) } }, async (req) =>
    ok(await getStaffPolicy(app.db, req.school))
  )

  app.post(
    StaffApi.privacyPolicy,
    {
      ...requireRole('admin'),
      schema: { body: PrivacyPolicyBody, response: answers(StaffPrivacyPolicy) }
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
        body: SettingsBody,
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
        params: ChannelParams,
        body: ChannelBody,
        response: answers(W.ChannelView)
      }
    },
    async (req) =>
      ok(await saveChannel(app.db, req.school.id, req.staff.id, req.params.channel, req.body, app.identity, app.identity.now()))
  )
}
