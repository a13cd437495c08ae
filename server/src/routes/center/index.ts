/**
 * SPEC §7 User centre (P/user/center/*). Every call needs the caller's token (-997 otherwise) and answers only the
 * caller's data: the user id comes from the session, never from the request.
 */
import type { FastifyInstance } from 'fastify'
import { Api, type UpdateUserBody } from '../../../../types'
import { awardDetail, awardList } from '../../domain/award/service'
import {
  donateRecordList, itemsDonateGroup, joinList, launchList, my, namingList, togetherStatistics, updateUser
} from '../../domain/center/service'
import { bizError } from '../../errors'
import { t } from '../../i18n'
import { ok } from '../../lib/envelope'
import { optInt, pageProps, query, reqInt, type PageParams } from '../../lib/schemas'
import { requireSession } from '../../plugins/auth'

const paged = { schema: { querystring: query(pageProps) } }

export async function centerRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { userId?: number | null } }>(Api.centerMy,
    { schema: { querystring: query({ userId: optInt(1) }) } },
    async (req) => {
      const s = await requireSession(req)
      // the 'userId variant' may name the caller only
      if (req.query.userId && req.query.userId !== s.user_id) throw bizError('notYourAccount')
      return ok(await my(app.db, req.school, s.user_id, req.lang))
    })

  app.get(Api.awardList, async (req) => {
    const s = await requireSession(req)
    return ok(await awardList(app.db, req.school.id, s.user_id, req.lang))
  })

  app.get<{ Querystring: { awardId: number } }>(Api.awardDetail,
    { schema: { querystring: query({ awardId: reqInt(1) }, ['awardId']) } },
    async (req) => {
      const s = await requireSession(req)
      return ok(await awardDetail(app.db, req.school.id, s.user_id, req.query.awardId, req.lang))
    })

  app.post<{ Body: UpdateUserBody }>(Api.updateUser,
    { schema: { body: { type: 'object', properties: { nickname: { type: 'string', maxLength: 200 }, avatar: { type: 'string', maxLength: 500 }, token: { type: 'string', maxLength: 200 } } } } },
    async (req) => {
      const s = await requireSession(req)
      await updateUser(app.db, req.school.id, s.user_id, { nickname: req.body.nickname, avatar: req.body.avatar })
      return ok(null, t(req.lang, 'updateOk'))
    })

  app.get(Api.itemsDonateGroup, async (req) => {
    const s = await requireSession(req)
    return ok(await itemsDonateGroup(app.db, req.school.id, s.user_id))
  })

  app.get<{ Querystring: PageParams }>(Api.donateRecordList, paged, async (req) => {
    const s = await requireSession(req)
    return ok(await donateRecordList(app.db, req.school.id, s.user_id, req.query))
  })

  app.get(Api.togetherStatistics, async (req) => {
    const s = await requireSession(req)
    return ok(await togetherStatistics(app.db, req.school.id, s.user_id))
  })

  app.get<{ Querystring: PageParams }>(Api.launchList, paged, async (req) => {
    const s = await requireSession(req)
    return ok(await launchList(app.db, req.school.id, s.user_id, req.query))
  })

  app.get<{ Querystring: PageParams }>(Api.joinList, paged, async (req) => {
    const s = await requireSession(req)
    return ok(await joinList(app.db, req.school.id, s.user_id, req.query))
  })

  app.get<{ Querystring: PageParams & { itemsId?: number | null } }>(Api.namingList,
    { schema: { querystring: query({ ...pageProps, itemsId: optInt(1) }) } },
    async (req) => {
      const s = await requireSession(req)
      return ok(await namingList(app.db, req.school.id, s.user_id, req.query))
    })
}
