/**
 * Campaign settings (docs/decisions/047-agreements-for-staff.md; domain/naming-map/campaigns.ts), admin only like the
 * school's other settings: the bank account and the hand-off decide where donors' money and identities go.
 *   GET  /campaigns   which project runs each campaign, music, alumni-only, hand-off, bank account, panorama links
 *   POST /campaigns   any part of it; every part is checked before anything is written
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { getCampaignSettings, saveCampaignSettings } from '../../domain/naming-map/campaigns'
import { answers, ok } from '../../lib/envelope'
import { StaffCampaignBody, StaffCampaignSettings } from '../../../../types/schema/staff-agreement'
import { requireRole } from './access'
import { StaffApi } from '../../../../types/staff-api'

export const staffCampaignRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(StaffApi.campaigns, { ...requireRole('admin'), schema: { response: answers(StaffCampaignSettings) } }, async (req) =>
    ok(await getCampaignSettings(app.db, req.school.id))
  )

  app.post(
    StaffApi.campaigns,
    {
      ...requireRole('admin'),
      schema: {
        body: StaffCampaignBody,
        response: answers(StaffCampaignSettings)
      }
    },
    async (req) => ok(await saveCampaignSettings(app.db, req.school.id, req.staff.id, req.body, app.identity.now()))
  )
}
