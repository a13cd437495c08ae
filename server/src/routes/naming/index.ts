/**
 * Naming seats and books (docs/product §7 Projects areaList … getBookShowData, types/naming.ts). Reads are public
 * (getSeatShowData and getBookShowData show the owner their own nameplate when a token comes along); the owner's
 * nameplate correction needs the session. Orders go through POST donate like every gift (routes/donate).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Api } from '../../../../types'
import {
  areaList,
  bookCategoryList,
  bookList,
  nameplateDetailConfig,
  nameplateExamples,
  seatList,
  showData,
  updateNameplate
} from '../../domain/naming/service'
import { t } from '../../i18n'
import { answers, ok } from '../../lib/envelope'
import { maybeSignedIn, signedInWithConsent } from '../../plugins/auth'
import * as W from '../../../../types/schema/naming'
import { NoData } from '../../../../types/schema/common'
import * as R from '../../../../types/schema/requests'

export const namingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(Api.areaList, { schema: { querystring: R.ItemsIdQuery, response: answers(W.NamingAreas) } }, async (req) =>
    ok(await areaList(app.db, req.school.id, req.query.itemsId))
  )

  app.get(Api.seatList, { schema: { querystring: W.SeatListQuery, response: answers(W.SeatListAnswer) } }, async (req) =>
    ok(await seatList(app.db, req.school.id, req.lang, req.query.areaId))
  )

  app.get(Api.bookList, { schema: { querystring: W.BookListQuery, response: answers(W.Books) } }, async (req) =>
    ok(await bookList(app.db, req.school.id, req.query))
  )

  app.get(Api.bookCategoryList, { schema: { querystring: R.ItemsPageQuery, response: answers(W.BookCategoryPage) } }, async (req) =>
    ok(await bookCategoryList(app.db, req.school.id, req.query))
  )

  app.get(Api.nameplateExample, { schema: { querystring: R.ItemsIdQuery, response: answers(W.NameplateExamples) } }, async (req) =>
    ok(await nameplateExamples(app.db, req.school.id, req.query.itemsId))
  )

  app.get(
    Api.getNameplateDetailConfig,
    { schema: { querystring: R.ItemsIdQuery, response: answers(W.NameplateDetailConfig) } },
    async (req) => ok(await nameplateDetailConfig(app.db, req.school.id, req.query.itemsId))
  )

  app.get(
    Api.getSeatShowData,
    { config: maybeSignedIn, schema: { querystring: W.ShowDataQuery, response: answers(W.NameplateShowData) } },
    async (req) => ok(await showData(app.db, req.school.id, req.lang, 'seat', req.query.id, req.optionalSession?.user_id ?? null))
  )

  app.get(
    Api.getBookShowData,
    { config: maybeSignedIn, schema: { querystring: W.ShowDataQuery, response: answers(W.NameplateShowData) } },
    async (req) => ok(await showData(app.db, req.school.id, req.lang, 'book', req.query.id, req.optionalSession?.user_id ?? null))
  )

  app.post(
    Api.nameplateUpdate,
    {
      config: signedInWithConsent,
      schema: {
        body: W.NameplateUpdateBody,
        response: answers(NoData)
      }
    },
    async (req) => {
      const b = req.body
      await updateNameplate(
        app.db,
        req.school.id,
        req.session.user_id,
        {
          namingType: b.namingType === 2 ? 2 : 1,
          namingId: b.namingId,
          donorName: b.donorName ?? '',
          donorIdentity: b.donorIdentity ?? '',
          donationMessage: b.donationMessage ?? '',
          nameplateList: b.nameplateList
        },
        app.identity.now(),
        app.moderation
      )
      return ok(null, t(req.lang, 'nameplateUpdated'))
    }
  )
}
