/**
 * Nameplate review on the staff API (issue 9), registered inside routes/staff (same prefix, tenant, CORS policy and
 * `Authorization: Staff <token>`; a donor token is -997):
 *   GET  /nameplates?status=pending|all|1|2|3&limit&offset   paid namings' nameplates, oldest first (default pending)
 *   GET  /nameplates/:id                                      one, with its history
 *   POST /nameplates/:id/review {action: 'approve'|'return', reason?}   pending -> approved, or returned with a reason
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { NameplateReviewBody } from '../../../../types'
import { listNameplates, nameplateDetail, reviewNameplate, type ReviewFilter } from '../../domain/naming/review'
import { ok } from '../../lib/envelope'
import { pageProps, reqInt } from '../../lib/schemas'

export interface StaffNameplateOptions { requireStaff: (req: FastifyRequest) => Promise<{ id: number }> }

const idParams = { type: 'object', required: ['id'], properties: { school: { type: 'string' }, id: reqInt() } } as const

export async function staffNameplateRoutes(app: FastifyInstance, opts: StaffNameplateOptions) {
  app.get<{ Querystring: { status?: string; limit?: number; offset?: number } }>('/nameplates', {
    schema: { querystring: { type: 'object', properties: { status: { type: 'string', pattern: '^(pending|all|[1-3])$' }, ...pageProps } } }
  }, async (req) => {
    await opts.requireStaff(req)
    const st = req.query.status ?? 'pending'
    const status: ReviewFilter = st === 'pending' || st === 'all' ? st : (Number(st) as 1 | 2 | 3)
    return ok(await listNameplates(app.db, req.school.id, { status, limit: req.query.limit, offset: req.query.offset }))
  })

  app.get<{ Params: { id: number } }>('/nameplates/:id', { schema: { params: idParams } }, async (req) => {
    await opts.requireStaff(req)
    return ok(await nameplateDetail(app.db, req.school.id, req.params.id))
  })

  app.post<{ Params: { id: number }; Body: NameplateReviewBody }>('/nameplates/:id/review', {
    schema: {
      params: idParams,
      body: {
        type: 'object', required: ['action'],
        properties: { action: { type: 'string', enum: ['approve', 'return'] }, reason: { type: 'string', maxLength: 2000 } }
      }
    }
  }, async (req) => {
    const staff = await opts.requireStaff(req)
    await reviewNameplate(app.db, { schoolId: req.school.id, id: req.params.id, staffId: staff.id, action: req.body.action,
      reason: req.body.reason, now: app.identity.now() })
    return ok(await nameplateDetail(app.db, req.school.id, req.params.id))
  })
}
