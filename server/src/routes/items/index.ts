/** SPEC §7 Projects (P/items). Reads are public; insertLeaveword needs a token. */
import type { FastifyInstance } from 'fastify'
import { Api, type InsertLeavewordBody } from '../../../../types'
import { namingRecords, togetherList } from '../../domain/donation/service'
import { listMessages, postMessage } from '../../domain/message/service'
import { instructionList, progressList } from '../../domain/project/activity'
import { labels, listProjects, projectDetail, subItemsStatistics, types } from '../../domain/project/service'
import { t } from '../../i18n'
import { ok } from '../../lib/envelope'
import { optInt, optString, pageProps, query, reqInt, type PageParams } from '../../lib/schemas'
import { requireSession } from '../../plugins/auth'

type ItemsPage = PageParams & { itemsId: number }
const itemsPageSchema = { querystring: query({ ...pageProps, itemsId: reqInt() }, ['itemsId']) }

export async function itemsRoutes(app: FastifyInstance) {
  app.get(Api.typeList, async (req) => ok(await types(app.db, req.school.id)))
  app.get(Api.labelList, async (req) => ok(await labels(app.db, req.school.id)))

  app.get<{ Querystring: PageParams & { typeId?: number | null; labelId?: number | null; s?: string } }>(Api.itemsList,
    { schema: { querystring: query({ ...pageProps, typeId: optInt(), labelId: optInt(), s: optString(100) }) } },
    async (req) => ok(await listProjects(app.db, req.school.id, req.query)))

  app.get<{ Querystring: { id: number } }>(Api.itemsDetail,
    { schema: { querystring: query({ id: reqInt() }, ['id']) } },
    async (req) => ok(await projectDetail(app.db, req.school.id, req.query.id)))

  app.get<{ Querystring: { itemsId: number } }>(Api.subItemsStatistics,
    { schema: { querystring: query({ itemsId: reqInt() }, ['itemsId']) } },
    async (req) => ok(await subItemsStatistics(app.db, req.school.id, req.query.itemsId)))

  app.get<{ Querystring: ItemsPage }>(Api.donateSeatList, { schema: itemsPageSchema },
    async (req) => ok(await namingRecords(app.db, req.school.id, req.lang, 'seat', req.query)))
  app.get<{ Querystring: ItemsPage }>(Api.donateBookList, { schema: itemsPageSchema },
    async (req) => ok(await namingRecords(app.db, req.school.id, req.lang, 'book', req.query)))
  app.get<{ Querystring: ItemsPage }>(Api.togetherList, { schema: itemsPageSchema },
    async (req) => ok(await togetherList(app.db, req.school.id, req.query)))
  app.get<{ Querystring: ItemsPage }>(Api.progressList, { schema: itemsPageSchema },
    async (req) => ok(await progressList(app.db, req.school.id, req.query)))
  app.get<{ Querystring: ItemsPage }>(Api.leavewordList, { schema: itemsPageSchema },
    async (req) => ok(await listMessages(app.db, req.school.id, req.query)))
  app.get<{ Querystring: ItemsPage }>(Api.instructionList, { schema: itemsPageSchema },
    async (req) => ok(await instructionList(app.db, req.school.id, req.query)))

  app.post<{ Body: InsertLeavewordBody & { token?: string } }>(Api.insertLeaveword, {
    schema: {
      body: {
        type: 'object',
        properties: { itemsId: reqInt(), content: { type: 'string', maxLength: 10_000 }, token: optString(200) },
        required: ['itemsId', 'content']
      }
    }
  }, async (req) => {
    const session = await requireSession(req)
    const { result, messageKey } = await postMessage(app.db, req.school.id, session.user_id, req.body.itemsId, req.body.content)
    return ok(result, t(req.lang, messageKey))
  })
}
