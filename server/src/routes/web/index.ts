/** Web-source articles (/uplus-operateu/api/v1/web/mobile/index/...): the foundation website's news, by websiteId. */
import type { FastifyInstance } from 'fastify'
import { Api } from '../../../../types'
import { listArticles, readArticle } from '../../domain/article/service'
import { ok } from '../../lib/envelope'
import { INT_RANGE, optInt, pageProps, query, reqInt, type PageParams } from '../../lib/schemas'

export async function webArticleRoutes(app: FastifyInstance) {
  app.get<{ Querystring: PageParams & { categoryId?: number | null; websiteId?: number | null } }>(Api.webArticleList,
    { schema: { querystring: query({ ...pageProps, categoryId: optInt(), websiteId: optInt(1, INT_RANGE.int4) }) } },
    async (req) => ok(await listArticles(app.db, req.school.id,
      { source: 'web', categoryId: req.query.categoryId, websiteId: req.query.websiteId ?? 1 }, req.query)))

  app.get<{ Querystring: { articleId: number } }>(Api.webArticleDetail,
    { schema: { querystring: query({ articleId: reqInt() }, ['articleId']) } },
    async (req) => ok(await readArticle(app.db, req.school.id, 'web', req.query.articleId)))
}
