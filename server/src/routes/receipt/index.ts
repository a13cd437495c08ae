/** docs/product §7 Receipts (P/receipt/*): the caller's receipt applications; token required. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Api } from '../../../../types'
import { insertReceipt, lastUserInfo, receiptConfig, receiptDetail, receiptPage, receiptStayPage } from '../../domain/receipt/service'
import { t } from '../../i18n'
import { answers, ok } from '../../lib/envelope'
import { signedIn, signedInWithConsent } from '../../plugins/auth'
import * as W from '../../../../types/schema/center'
import * as R from '../../../../types/schema/requests'

export const receiptRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    Api.receiptPage,
    { config: signedIn, schema: { querystring: W.ReceiptPageQuery, response: answers(W.ReceiptPage) } },
    async (req) => ok(await receiptPage(app.db, req.school.id, req.session.user_id, req.query, req.lang))
  )

  app.get(Api.receiptStayPage, { config: signedIn, schema: { querystring: R.PageQuery, response: answers(W.StayPage) } }, async (req) =>
    ok(await receiptStayPage(app.db, req.school.id, req.session.user_id, req.query, app.identity.now(), req.lang))
  )

  app.get(Api.receiptLastUserInfo, { config: signedIn, schema: { response: answers(W.ReceiptLastUserInfo) } }, async (req) =>
    ok(await lastUserInfo(app.db, req.school.id, req.session.user_id))
  )

  // the school's settings, but only signed-in donors apply
  app.get(Api.receiptConfig, { config: signedIn, schema: { response: answers(W.ReceiptConfig) } }, async (req) =>
    ok(await receiptConfig(app.db, req.school.id))
  )

  app.post(
    Api.receiptInsert,
    { config: signedInWithConsent, schema: { body: W.ReceiptInsertBody, response: answers(W.ApplyAnswer) } },
    async (req) => ok(await insertReceipt(app.db, req.school.id, req.session.user_id, req.body, app.identity.now()), t(req.lang, 'applyOk'))
  )

  app.get(Api.receiptDetail, { config: signedIn, schema: { querystring: R.IdQuery, response: answers(W.ReceiptDetail) } }, async (req) =>
    ok(await receiptDetail(app.db, req.school.id, req.session.user_id, req.query.id, req.lang))
  )
}
