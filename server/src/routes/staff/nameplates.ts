/**
 * Nameplate review on the staff API, registered inside routes/staff (same prefix, tenant, CORS policy and
 * staff session hook, `req.staff`: a donor token is -997); every route needs the `fulfilment` role:
 *   GET  /nameplates?status=pending|all|1|2|3&limit&offset   paid namings' nameplates, oldest first (default pending)
 *   GET  /nameplates/:id                                      one, with its history
 *   POST /nameplates/:id/review {action: 'approve'|'return', reason?}   pending -> approved, or returned with a reason
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { listNameplates, nameplateDetail, reviewNameplate, type ReviewFilter } from '../../domain/naming/review'
import { answers, ok } from '../../lib/envelope'
import { StaffIdParams } from '../../../../types/schema/staff-common'
import {
  NameplateListQuery,
  NameplateReviewBody,
  StaffNameplateDetail,
  StaffNameplatePage
} from '../../../../types/schema/staff-fulfilment'
import { requireRole } from './access'
import { StaffApi } from '../../../../types/staff-api'

/** Registered inside routes/staff's signed-in scope: every route here has `req.staff` (plugins/auth.ts). */
export const staffNameplateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    StaffApi.nameplates,
    {
      ...requireRole('fulfilment'),
      schema: {
        querystring: NameplateListQuery,
        response: answers(StaffNameplatePage)
      }
    },
    async (req) => {
      const st = req.query.status ?? 'pending'
      const status: ReviewFilter = st === 'pending' || st === 'all' ? st : (Number(st) as 1 | 2 | 3)
      return ok(await listNameplates(app.db, req.school.id, { status, limit: req.query.limit, offset: req.query.offset }))
    }
  )

  app.get(
    StaffApi.nameplate,
    { ...requireRole('fulfilment'), schema: { params: StaffIdParams, response: answers(StaffNameplateDetail) } },
    async (req) => ok(await nameplateDetail(app.db, req.school.id, req.params.id))
  )

  app.post(
    StaffApi.nameplateReview,
    {
      ...requireRole('fulfilment'),
      schema: {
        params: StaffIdParams,
        body: NameplateReviewBody,
        response: answers(StaffNameplateDetail)
      }
    },
    async (req) => {
      await reviewNameplate(app.db, {
        schoolId: req.school.id,
        id: req.params.id,
        staffId: req.staff.id,
        action: req.body.action,
        reason: req.body.reason,
        now: app.identity.now()
      })
      return ok(await nameplateDetail(app.db, req.school.id, req.params.id))
    }
  )
}
