/** Web-source articles (/uplus-operateu/api/v1/web/mobile/index/...): the foundation website's news, by websiteId. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Api } from '../../../../types'
import { listArticles, readArticle } from '../../domain/article/service'
import { answers, ok } from '../../lib/envelope'
import { Article, ArticlePage } from '../../../../types/schema/entities'
import { WebArticleDetailQuery, WebArticleListQuery } from '../../../../types/schema/requests'

export const webArticleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    Api.webArticleList,
    {
      schema: {
        querystring: WebArticleListQuery,
        response: answers(ArticlePage)
      }
    },
    async (req) =>
      ok(
        await listArticles(
          app.db,
          req.school.id,
          { source: 'web', categoryId: req.query.categoryId, websiteId: req.query.websiteId ?? 1 },
          req.query,
          req.lang
        )
      )
  )

  app.get(Api.webArticleDetail, { schema: { querystring: WebArticleDetailQuery, response: answers(Article) } }, async (req) =>
    ok(await readArticle(app.db, req.school.id, 'web', req.query.articleId, req.lang))
  )
}
