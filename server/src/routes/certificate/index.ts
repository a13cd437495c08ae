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
import { signedIn, signedInWithConsent } from '../../plugins/auth'
import * as W from '../../../../types/schema/center'
import * as R from '../../../../types/schema/requests'

export const certificateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    Api.certificatePage,
    {
      config: signedIn,
      schema: {
        querystring: W.CertificatePageQuery,
        response: answers(W.CertificatePage)
      }
    },
    async (req) => ok(await certificatePage(app.db, req.school.id, req.session.user_id, req.query, req.lang))
  )

  // the school's settings, but only signed-in donors apply
  app.get(Api.certificateConfig, { config: signedIn, schema: { response: answers(W.CertificateConfig) } }, async (req) =>
    ok(await certificateConfig(app.db, req.school.id))
  )

  app.get(Api.certificateStayPage, { config: signedIn, schema: { querystring: R.PageQuery, response: answers(W.StayPage) } }, async (req) =>
    ok(await certificateStayPage(app.db, req.school.id, req.session.user_id, req.query))
  )

  app.post(
    Api.certificateInsert,
    { config: signedInWithConsent, schema: { body: W.CertificateInsertBody, response: answers(W.ApplyAnswer) } },
    async (req) =>
      ok(await insertCertificate(app.db, req.school.id, req.session.user_id, req.body, app.identity.now()), t(req.lang, 'applyOk'))
  )

  app.get(
    Api.certificateDetail,
    {
      config: signedIn,
      schema: { querystring: W.CertificateDetailQuery, response: answers(W.CertificateDetail) }
    },
    async (req) => ok(await certificateDetail(app.db, req.school.id, req.session.user_id, req.query.id, req.lang))
  )
}
