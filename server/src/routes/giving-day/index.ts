/**
 * A giving day's public totals (docs/product §2 Giving days; docs/decisions/070-giving-days.md). Signed /api scope, no
 * session: raised and donors, goals, each match's used amount and cap, challenges with their unlock, the class-year
 * board by money and by participation, and the newest donors named by the school's masking rules. Served from the
 * read cache (1 s), so a landing page that refreshes while the day is open costs one read per second per process.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Api } from '../../../../types'
import { givingDayTotals } from '../../domain/giving-day/service'
import { answers, ok } from '../../lib/envelope'
import { publicRead } from '../../perf/read-cache'
import * as W from '../../../../types/schema/giving-day'

export const givingDayRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    Api.givingDayDetail,
    { config: publicRead, schema: { querystring: W.GivingDayQuery, response: answers(W.GivingDayTotals) } },
    async (req) => ok(await givingDayTotals(app.db, req.school.id, req.query.id, req.lang, app.identity.now()))
  )
}
