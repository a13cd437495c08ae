/** docs/product §7 Certificates (P/certificate/*): the caller's certificates and paper applications; token required. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Api } from '../../../../types'
import {
  certificateConfig,
  certificateDetail,
  certificatePage,
  certificateStayPage,
  insertCertificate
} from '../../domain/paper-certificate/service'
import { t } from '../../i18n'
import { answers, ok } from '../../lib/envelope'
import { body, idList, optEnum, optInt, optNullableString, optString, pageProps, query, reqCode, reqInt } from '../../lib/schemas'
import { signedIn, signedInWithConsent } from '../../plugins/auth'
import * as W from '../../../../types/schema/center'

/** Shapes only; the docs/product §5 rules are -1 answers from the domain. */
const insertBody = body({
  certificateWay: reqCode(),
  postalAddress: optNullableString(500),
  postalContact: optNullableString(64),
  postalMobile: optNullableString(32),
  area: optNullableString(8),
  donateIds: idList(99),
  token: optString(200)
})

export const certificateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    Api.certificatePage,
    {
      config: signedIn,
      schema: {
        querystring: query({ ...pageProps, isNeedPaper: optEnum([0, 1]), status: optEnum([0, 1, 2]) }),
        response: answers(W.CertificatePage)
      }
    },
    async (req) => ok(await certificatePage(app.db, req.school.id, req.session.user_id, req.query, req.lang))
  )

  // the school's settings, but only signed-in donors apply
  app.get(Api.certificateConfig, { config: signedIn, schema: { response: answers(W.CertificateConfig) } }, async (req) =>
    ok(await certificateConfig(app.db, req.school.id))
  )

  app.get(
    Api.certificateStayPage,
    { config: signedIn, schema: { querystring: query(pageProps), response: answers(W.StayPage) } },
    async (req) => ok(await certificateStayPage(app.db, req.school.id, req.session.user_id, req.query))
  )

  app.post(
    Api.certificateInsert,
    { config: signedInWithConsent, schema: { body: insertBody, response: answers(W.ApplyAnswer) } },
    async (req) =>
      ok(await insertCertificate(app.db, req.school.id, req.session.user_id, req.body, app.identity.now()), t(req.lang, 'applyOk'))
  )

  app.get(
    Api.certificateDetail,
    {
      config: signedIn,
      schema: { querystring: query({ id: reqInt(1), tab: optInt(0) }), response: answers(W.CertificateDetail) }
    },
    async (req) => ok(await certificateDetail(app.db, req.school.id, req.session.user_id, req.query.id, req.lang))
  )
}
