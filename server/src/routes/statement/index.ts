/**
 * Yearly giving statements (docs/product §2 Personal centre; docs/decisions/050-yearly-statement.md). Signed /api
 * scope, token required; every call answers the caller's own gifts only (the user comes from the session):
 * - GET statement/years: the years given in, with totals, the saved address and the yearly choice;
 * - GET statement/file?year=Y: the PDF itself (application/pdf), or the -1 envelope when there is nothing to show;
 * - POST statement/email {year, email?}: e-mailed through the notification service (sent by the job worker);
 * - POST statement/yearly {enabled}: "send me my statement each year" (notify preference 'statement' on e-mail).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Api } from '../../../../types'
import { checkYear, listYears, requestStatementEmail, setYearly, statementPdf } from '../../domain/statement/service'
import { answers, ok } from '../../lib/envelope'
import { signedIn } from '../../plugins/auth'
import * as W from '../../../../types/schema/statement'
import { NoData } from '../../../../types/schema/common'

export const statementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(Api.statementYears, { config: signedIn, schema: { response: answers(W.StatementYears) } }, async (req) =>
    ok(await listYears(app.db, req.school.id, req.session.user_id))
  )

  app.get(
    Api.statementFile,
    // the 200 schema is the refusal's envelope: a PDF is a Buffer and is sent as it is
    { config: signedIn, schema: { querystring: W.StatementFileQuery, response: answers(NoData) } },
    async (req, reply) => {
      const now = app.identity.now()
      const year = checkYear(req.query.year, now)
      const pdf = await statementPdf(app.db, req.school.id, req.session.user_id, year, req.lang, now)
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="statement-${year}.pdf"`)
        .send(pdf as never)
    }
  )

  app.post(
    Api.statementEmail,
    {
      config: signedIn,
      schema: { body: W.StatementEmailBody, response: answers(W.StatementEmailed) }
    },
    async (req) => {
      const r = await requestStatementEmail(
        app.db,
        app.notify.mailer.configured,
        req.school.id,
        req.session.user_id,
        req.body,
        app.identity.now(),
        req.lang
      )
      return ok({ email: r.email })
    }
  )

  app.post(
    Api.statementYearly,
    { config: signedIn, schema: { body: W.StatementYearlyBody, response: answers(W.StatementYears) } },
    async (req) => ok(await setYearly(app.db, req.school.id, req.session.user_id, req.body.enabled, app.identity.now()))
  )
}
