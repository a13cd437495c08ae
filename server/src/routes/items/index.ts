/** docs/product §7 Projects (P/items). Reads are public; insertLeaveword needs a token. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Api } from '../../../../types'
import { namingRecords, togetherList } from '../../domain/donation/service'
import { listMessages, postMessage } from '../../domain/message/service'
import { instructionList, progressList } from '../../domain/project/activity'
import { labels, listProjects, projectDetail, subItemsStatistics, types } from '../../domain/project/service'
import { requireStatisticsShown, statisticsHidden, withoutDonorCount } from '../../domain/project/statistics'
import { t } from '../../i18n'
import { answers, ok } from '../../lib/envelope'
import { signedIn } from '../../plugins/auth'
import { publicRead } from '../../perf/read-cache'
import * as W from '../../../../types/schema/entities'
import * as R from '../../../../types/schema/requests'

export const itemsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(Api.typeList, { config: publicRead, schema: { response: answers(W.ProjectTypes) } }, async (req) =>
    ok(await types(app.db, req.school.id, req.lang))
  )
  app.get(Api.labelList, { config: publicRead, schema: { response: answers(W.ProjectLabels) } }, async (req) =>
    ok(await labels(app.db, req.school.id))
  )

  app.get(
    Api.itemsList,
    {
      config: publicRead,
      schema: {
        querystring: R.ItemsListQuery,
        response: answers(W.ProjectPage)
      }
    },
    async (req) => {
      const [page, hidden] = await Promise.all([
        listProjects(app.db, req.school.id, req.query, req.lang),
        statisticsHidden(app.db, req.school.id)
      ])
      return ok({ ...page, rows: page.rows.map((p) => withoutDonorCount(hidden, p)) })
    }
  )

  app.get(Api.itemsDetail, { config: publicRead, schema: { querystring: R.IdQuery, response: answers(W.Project) } }, async (req) => {
    const [p, hidden] = await Promise.all([
      projectDetail(app.db, req.school.id, req.query.id, req.lang),
      statisticsHidden(app.db, req.school.id)
    ])
    return ok(withoutDonorCount(hidden, p))
  })

  app.get(Api.subItemsStatistics, { schema: { querystring: R.ItemsIdQuery, response: answers(W.SubItemStatistics) } }, async (req) => {
    await requireStatisticsShown(app.db, req.school.id)
    return ok(await subItemsStatistics(app.db, req.school.id, req.query.itemsId, req.lang))
  })

  app.get(
    Api.donateSeatList,
    { config: publicRead, schema: { querystring: R.ItemsPageQuery, response: answers(W.NamingRecordPage) } },
    async (req) => ok(await namingRecords(app.db, req.school.id, req.lang, 'seat', req.query))
  )
  app.get(
    Api.donateBookList,
    { config: publicRead, schema: { querystring: R.ItemsPageQuery, response: answers(W.NamingRecordPage) } },
    async (req) => ok(await namingRecords(app.db, req.school.id, req.lang, 'book', req.query))
  )
  app.get(
    Api.togetherList,
    { config: publicRead, schema: { querystring: R.ItemsPageQuery, response: answers(W.TogetherPage) } },
    async (req) => ok(await togetherList(app.db, req.school.id, req.query))
  )
  app.get(
    Api.progressList,
    { config: publicRead, schema: { querystring: R.ItemsPageQuery, response: answers(W.ProgressPage) } },
    async (req) => ok(await progressList(app.db, req.school.id, req.query))
  )
  app.get(
    Api.leavewordList,
    { config: publicRead, schema: { querystring: R.ItemsPageQuery, response: answers(W.LeaveMessagePage) } },
    async (req) => ok(await listMessages(app.db, req.school.id, req.query, req.lang))
  )
  app.get(
    Api.instructionList,
    { config: publicRead, schema: { querystring: R.ItemsPageQuery, response: answers(W.UsePublicityPage) } },
    async (req) => ok(await instructionList(app.db, req.school.id, req.query))
  )

  app.post(
    Api.insertLeaveword,
    {
      config: signedIn,
      schema: {
        body: R.InsertLeavewordBody,
        response: answers(W.LeaveMessageResult)
      }
    },
    async (req) => {
      const { result, messageKey } = await postMessage(
        app.db,
        req.school.id,
        req.session.user_id,
        req.body.itemsId,
        req.body.content,
        app.identity.now(),
        app.moderation
      )
      return ok(result, t(req.lang, messageKey))
    }
  )
}
