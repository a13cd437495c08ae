/**
 * Campaign settings (docs/decisions/047-agreements-for-staff.md; domain/naming-map/campaigns.ts), admin only like the
 * school's other settings: the bank account and the hand-off decide where donors' money and identities go.
 *   GET  /campaigns   which project runs each campaign, music, alumni-only, hand-off, bank account, panorama links
 *   POST /campaigns   any part of it; every part is checked before anything is written
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { getCampaignSettings, saveCampaignSettings } from '../../domain/naming-map/campaigns'
import { answers, ok } from '../../lib/envelope'
import { body } from '../../lib/schemas'
import { StaffCampaignSettings } from '../../../../types/schema/staff-agreement'
import { requireRole } from './access'
import { StaffApi } from '../../../../types/staff-api'

const IdKey = Type.String({ pattern: '^[0-9]{1,16}$' })
const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })

export const staffCampaignRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(StaffApi.campaigns, { ...requireRole('admin'), schema: { response: answers(StaffCampaignSettings) } }, async (req) =>
    ok(await getCampaignSettings(app.db, req.school.id))
  )

  app.post(
    StaffApi.campaigns,
    {
      ...requireRole('admin'),
      schema: {
        body: body({
          campaignItems: Type.Optional(
            Type.Record(Type.String({ pattern: '^[A-Za-z]{1,40}$' }), Type.Union([Id, Type.Null()]), { maxProperties: 40 })
          ),
          music: Type.Optional(Type.Record(IdKey, Type.String({ maxLength: 500 }), { maxProperties: 200 })),
          alumniOnly: Type.Optional(Type.Record(IdKey, Type.Boolean(), { maxProperties: 500 })),
          alumniHandoff: Type.Optional(
            Type.Union([
              Type.Object(
                {
                  appid: Type.String({ maxLength: 32 }),
                  path: Type.String({ maxLength: 200 }),
                  originalId: Type.String({ maxLength: 32 })
                },
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
        }),
        response: answers(StaffCampaignSettings)
      }
    },
    async (req) => ok(await saveCampaignSettings(app.db, req.school.id, req.staff.id, req.body, app.identity.now()))
  )
}
