/**
 * Monthly giving for donors (docs/product §4 Monthly giving; docs/decisions/071-monthly-giving.md). Signed /api scope,
 * token required; every call is about the caller's own plans (the user comes from the session):
 * - POST monthly/create {itemsId, money, dayOfMonth, payType, isAnonymous?, sandboxDecline?}: a plan, signed at the
 *   provider (the sandbox signs at once) -> the plan;
 * - GET monthly/plans: the caller's plans with their next date and each month's history;
 * - POST monthly/stop {id}: stops the plan here and ends the agreement at the provider -> the plan;
 * - GET monthly/offer?itemsId (no token needed): whether the project page shows "give monthly", and on which pay types
 *   (docs/decisions/078).
 * - POST monthly/resume {id}: a paused plan charges again from its next day of the month -> the plan
 *   (docs/decisions/079-monthly-providers.md);
 * - GET monthly/pay-types: the pay types this school can sign agreements on (the app offers monthly giving only there).
 * - POST monthly/sign {id, payChannel?}: the provider's sign page again for a plan still 'signing' -> the plan with `sign`
 *   (docs/decisions/085-monthly-signing-in-the-app.md).
 * The providers' sign and charge notifications come to routes/monthly/notify.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Api, type Lang } from '../../../../types'
import { createPlan, monthlyOffer, monthlyPayTypes, myPlans, resumePlan, signAgain, stopPlan } from '../../domain/monthly/service'
import { answers, ok } from '../../lib/envelope'
import { signedIn } from '../../plugins/auth'
import * as W from '../../../../types/schema/monthly'

export const monthlyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const caller = (req: { school: { id: number }; session: { user_id: number }; lang: Lang }) => ({
    schoolId: req.school.id,
    userId: req.session.user_id,
    lang: req.lang
  })

  app.post(
    Api.monthlyCreate,
    {
      config: signedIn,
      schema: {
        body: W.MonthlyCreateBody,
        response: answers(W.MonthlyPlan)
      }
    },
    async (req) => ok(await createPlan(app.monthly, caller(req), req.body))
  )

  app.get(Api.monthlyOffer, { schema: { querystring: W.MonthlyOfferQuery, response: answers(W.MonthlyOffer) } }, async (req) =>
    ok(await monthlyOffer(app.monthly, req.school.id, req.query.itemsId))
  )

  app.get(Api.monthlyPlans, { config: signedIn, schema: { response: answers(W.MonthlyPlans) } }, async (req) =>
    ok(await myPlans(app.monthly, caller(req)))
  )

  app.post(Api.monthlyStop, { config: signedIn, schema: { body: W.MonthlyStopBody, response: answers(W.MonthlyPlan) } }, async (req) =>
    ok(await stopPlan(app.monthly, caller(req), req.body.id))
  )

  app.post(Api.monthlyResume, { config: signedIn, schema: { body: W.MonthlyResumeBody, response: answers(W.MonthlyPlan) } }, async (req) =>
    ok(await resumePlan(app.monthly, caller(req), req.body.id))
  )

  app.post(Api.monthlySign, { config: signedIn, schema: { body: W.MonthlySignBody, response: answers(W.MonthlyPlan) } }, async (req) =>
    ok(await signAgain(app.monthly, caller(req), req.body.id, req.body.payChannel))
  )

  app.get(Api.monthlyPayTypes, { config: signedIn, schema: { response: answers(W.MonthlyPayTypes) } }, async (req) =>
    ok({ payTypes: await monthlyPayTypes(app.monthly, req.school.id) })
  )
}
