/**
 * Giving days for donors (docs/product §2 Giving days; docs/decisions/070-giving-days.md, 075):
 * - GET givingDay/detail?id=: signed /api scope, no session: raised and donors, goals, each match's used amount and
 *   cap, challenges with their unlock, the class-year, college and region boards by money and by participation, the
 *   ambassador board, and the newest donors named by the school's masking rules. Served from the read cache (1 s), so
 *   a landing page that refreshes while the day is open costs one read per second per process.
 * - POST givingDay/ambassador {id}: token required: the caller's own ambassador code for the day (made on the first
 *   call) and what it has brought.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Api } from '../../../../types'
import { givingDayTotals, myAmbassador } from '../../domain/giving-day/service'
import { answers, ok } from '../../lib/envelope'
import { publicRead } from '../../perf/read-cache'
import { signedIn } from '../../plugins/auth'
import * as W from '../../../../types/schema/giving-day'

export const givingDayRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    Api.givingDayDetail,
    { config: publicRead, schema: { querystring: W.GivingDayQuery, response: answers(W.GivingDayTotals) } },
    async (req) => ok(await givingDayTotals(app.db, req.school.id, req.query.id, req.lang, app.identity.now()))
  )

  app.post(
    Api.givingDayAmbassador,
    { config: signedIn, schema: { body: W.GivingDayAmbassadorBody, response: answers(W.GivingDayAmbassador) } },
    async (req) => ok(await myAmbassador(app.db, { schoolId: req.school.id, userId: req.session.user_id }, req.body.id, app.identity.now()))
  )
}
