/** Web-source articles (/uplus-operateu/api/v1/web/mobile/index/...): the foundation website's news, by websiteId. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Api } from '../../../../types'
import { listArticles, readArticle } from '../../domain/article/service'
import { answers, ok } from '../../lib/envelope'
import { INT_RANGE, optInt, pageProps, query, reqInt } from '../../lib/schemas'
import { Article, ArticlePage } from '../../../../types/schema/entities'

export const webArticleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    Api.webArticleList,
    {
      schema: {
        querystring: query({ ...pageProps, categoryId: optInt(), websiteId: optInt(1, INT_RANGE.int4) }),
        response: answers(ArticlePage)
      }
    },
    async (req) =>
      ok(
        await listArticles(
          app.db,
          req.school.id,
          { source: 'web', categoryId: req.query.categoryId, websiteId: req.query.websiteId ?? 1 },
          req.query
        )
      )
  )

  app.get(Api.webArticleDetail, { schema: { querystring: query({ articleId: reqInt() }), response: answers(Article) } }, async (req) =>
    ok(await readArticle(app.db, req.school.id, 'web', req.query.articleId))
  )
}
