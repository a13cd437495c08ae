/**
 * docs/product §7 User centre (P/user/center/*). Every call needs the caller's token (-997 otherwise) and answers only the
 * caller's data: the user id comes from the session, never from the request.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Api } from '../../../../types'
import { awardDetail, awardList } from '../../domain/award/service'
import {
  donateRecordList,
  itemsDonateGroup,
  joinList,
  launchList,
  my,
  namingList,
  togetherStatistics,
  updateUser
} from '../../domain/center/service'
import { bizError } from '../../errors'
import { t } from '../../i18n'
import { answers, ok } from '../../lib/envelope'
import { signedIn, signedInWithConsent } from '../../plugins/auth'
import * as W from '../../../../types/schema/center'
import { NoData } from '../../../../types/schema/common'
import * as R from '../../../../types/schema/requests'

export const centerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(Api.centerMy, { config: signedIn, schema: { querystring: W.CenterMyQuery, response: answers(W.UserCenter) } }, async (req) => {
    // the 'userId variant' may name the caller only
    if (req.query.userId && req.query.userId !== req.session.user_id) throw bizError('notYourAccount')
    return ok(await my(app.db, req.school, req.session.user_id, req.lang))
  })

  app.get(Api.awardList, { config: signedIn, schema: { response: answers(W.Awards) } }, async (req) =>
    ok(await awardList(app.db, req.school.id, req.session.user_id, req.lang))
  )

  app.get(Api.awardDetail, { config: signedIn, schema: { querystring: W.AwardDetailQuery, response: answers(W.Award) } }, async (req) =>
    ok(await awardDetail(app.db, req.school.id, req.session.user_id, req.query.awardId, req.lang))
  )

  app.post(
    Api.updateUser,
    {
      config: signedInWithConsent,
      schema: { body: W.UpdateUserBody, response: answers(NoData) }
    },
    async (req) => {
      const key = await updateUser(
        app.db,
        req.school.id,
        req.session.user_id,
        { nickname: req.body.nickname, avatar: req.body.avatar },
        app.moderation,
        app.identity.now()
      )
      return ok(null, t(req.lang, key))
    }
  )

  app.get(Api.itemsDonateGroup, { config: signedIn, schema: { response: answers(W.ProjectDonateGroups) } }, async (req) =>
    ok(await itemsDonateGroup(app.db, req.school.id, req.session.user_id, req.lang))
  )

  app.get(
    Api.donateRecordList,
    { config: signedIn, schema: { querystring: R.PageQuery, response: answers(W.PersonalDonationPage) } },
    async (req) => ok(await donateRecordList(app.db, req.school.id, req.session.user_id, req.query, req.lang))
  )

  app.get(Api.togetherStatistics, { config: signedIn, schema: { response: answers(W.TogetherStatistics) } }, async (req) =>
    ok(await togetherStatistics(app.db, req.school.id, req.session.user_id))
  )

  app.get(Api.launchList, { config: signedIn, schema: { querystring: R.PageQuery, response: answers(W.MyTogetherPage) } }, async (req) =>
    ok(await launchList(app.db, req.school.id, req.session.user_id, req.query, req.lang))
  )

  app.get(Api.joinList, { config: signedIn, schema: { querystring: R.PageQuery, response: answers(W.MyTogetherPage) } }, async (req) =>
    ok(await joinList(app.db, req.school.id, req.session.user_id, req.query, req.lang))
  )

  app.get(
    Api.namingList,
    { config: signedIn, schema: { querystring: W.NamingListQuery, response: answers(W.PersonalNamingPage) } },
    async (req) => ok(await namingList(app.db, req.school.id, req.session.user_id, req.query))
  )
}
