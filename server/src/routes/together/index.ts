/** docs/product §7 Joint (P/together). Launching and cancelling need a token; an invite page opens for anyone with the link. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Api } from '../../../../types'
import { cancelTogether, launch, launchDetail, togetherDetail, togetherPoster } from '../../domain/together/service'
import { t } from '../../i18n'
import { answers, ok } from '../../lib/envelope'
import { maybeSignedIn, signedIn } from '../../plugins/auth'
import * as W from '../../../../types/schema/together'
import { NoData } from '../../../../types/schema/common'
import * as R from '../../../../types/schema/requests'

export const togetherRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    Api.insertTogether,
    { config: signedIn, schema: { body: W.InsertTogetherBody, response: answers(W.TogetherId) } },
    async (req) => {
      const r = await launch(app.db, req.school.id, req.session.user_id, req.body, app.identity.now(), app.moderation)
      return r.held ? ok(r.id, t(req.lang, 'contentHeldTogether')) : ok(r.id)
    }
  )

  app.get(
    Api.launchDetail,
    { config: signedIn, schema: { querystring: R.ItemsIdQuery, response: answers(W.TogetherLaunchDetail) } },
    async (req) => ok(await launchDetail(app.db, req.school.id, req.session.user_id, req.lang, req.query.itemsId))
  )

  app.get(
    Api.togetherDetail,
    { config: maybeSignedIn, schema: { querystring: R.IdQuery, response: answers(W.TogetherDetail) } },
    async (req) => ok(await togetherDetail(app.db, req.school.id, req.optionalSession?.user_id ?? null, req.query.id, req.lang))
  )

  // docs/product §4: only its sponsor, only while nothing is raised; the app toasts 取消成功 on code 0
  app.get(Api.togetherDelete, { config: signedIn, schema: { querystring: R.IdQuery, response: answers(NoData) } }, async (req) => {
    await cancelTogether(app.db, req.school.id, req.session.user_id, req.query.id)
    return ok(null, t(req.lang, 'togetherCancelled'))
  })

  // the invite poster (docs/decisions/084-joint-invite-poster-and-link.md): public like the invite page, a held
  // joint donation is not found; the QR code points at PUBLIC_BASE_URL when set, else at the address asked
  app.get(Api.togetherPoster, { schema: { querystring: R.IdQuery, response: answers(W.TogetherPoster) } }, async (req) => {
    const origin = app.notify.publicBaseUrl || `${req.protocol}://${req.host}`
    const { png, url } = await togetherPoster(app.db, req.school, req.query.id, req.lang, origin)
    return ok({ fileName: `together-${req.query.id}.png`, png: png.toString('base64'), url })
  })
}
