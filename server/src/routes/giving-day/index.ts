/**
 * Giving days for donors (docs/product §2 Giving days; docs/decisions/070-giving-days.md, 075):
 * - GET givingDay/detail?id=: signed /api scope, no session: raised and donors, goals, each match's used amount and
 *   cap, challenges with their unlock, the class-year, college and region boards by money and by participation, the
 *   ambassador board, and the newest donors named by the school's masking rules. Served from the read cache (1 s), so
 *   a landing page that refreshes while the day is open costs one read per second per process.
 * - POST givingDay/ambassador {id}: token required: the caller's own ambassador code for the day (made on the first
 *   call) and what it has brought.
 * - GET givingDay/matched?donatePlatOrder=&payToken=: the owner's session or the order's pay-link token: what the
 *   matches added to that paid gift, for the thank-you page (docs/decisions/074-giving-day-screens.md).
 * - GET givingDay/poster?id=&ambassador=: no session: an ambassador's poster, a base64 PNG with a QR code of their
 *   landing link (docs/decisions/084-joint-invite-poster-and-link.md, addendum).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Api } from '../../../../types'
import { givingDayPoster, givingDayTotals, matchedForOrder, myAmbassador } from '../../domain/giving-day/service'
import { answers, ok } from '../../lib/envelope'
import { publicRead } from '../../perf/read-cache'
import { maybeSignedIn, signedIn } from '../../plugins/auth'
import { tokenInvalid } from '../../errors'
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

  // the ambassador's poster (decision 084 addendum): public like the share link it carries; the QR code points at
  // PUBLIC_BASE_URL when set, else at the address asked, as the invite poster's does
  app.get(Api.givingDayPoster, { schema: { querystring: W.GivingDayPosterQuery, response: answers(W.GivingDayPoster) } }, async (req) => {
    const origin = app.notify.publicBaseUrl || `${req.protocol}://${req.host}`
    const { id, ambassador } = req.query
    const { png, url, code } = await givingDayPoster(app.db, req.school, id, ambassador, req.lang, origin)
    return ok({ fileName: `giving-day-${id}-${code}.png`, png: png.toString('base64'), url })
  })

  app.get(
    Api.givingDayMatched,
    { config: maybeSignedIn, schema: { querystring: W.GivingDayMatchedQuery, response: answers(W.GivingDayMatched) } },
    async (req) => {
      const { donatePlatOrder, payToken } = req.query
      let access: { userId: number } | { payToken: string }
      if (payToken) access = { payToken }
      else if (req.optionalSession) access = { userId: req.optionalSession.user_id }
      else throw tokenInvalid()
      return ok(await matchedForOrder(app.db, req.school.id, req.lang, donatePlatOrder, access, app.identity.now()))
    }
  )
}
