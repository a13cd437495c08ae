/** docs/product §7 Index (P/index): base config, settings, donation directory and totals, articles. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Api } from '../../../../types'
import { listArticles, readArticle } from '../../domain/article/service'
import { directory, directoryTotal } from '../../domain/donation/service'
import { requireStatisticsShown } from '../../domain/project/statistics'
import { toBaseConfig } from '../../domain/school/mapper'
import { loginSettings } from '../../domain/identity/settings'
import { getBaseSetting, getSchoolSetting } from '../../domain/school/repository'
import { answers, ok } from '../../lib/envelope'
import { publicRead } from '../../perf/read-cache'
import * as W from '../../../../types/schema/entities'
import { Str } from '../../../../types/schema/common'
import * as R from '../../../../types/schema/requests'

export const indexRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(Api.baseConfig, { config: publicRead, schema: { response: answers(W.BaseConfig) } }, async (req) => {
    const row = await getSchoolSetting(app.db, req.school.id)
    if (!row) throw new Error(`school ${req.school.code} has no settings row`)
    // isOpenLogin is needed before sign-in (the app picks the login page or OAuth for plain browsers)
    return ok({
      ...toBaseConfig(row, req.lang),
      isOpenLogin: (await loginSettings(app.db, req.school.id)).isOpenLogin ? (1 as const) : (0 as const)
    })
  })

  // Unknown keys answer "" rather than an error: the app treats a missing optional setting as "not configured".
  app.get(Api.getSettingValue, { schema: { querystring: R.GetSettingValueQuery, response: answers(Str) } }, async (req) =>
    ok((await getBaseSetting(app.db, req.school.id, req.query.key))?.setting_value ?? '')
  )

  app.get(
    Api.donateRecordPage,
    {
      config: publicRead,
      schema: {
        querystring: R.DonateRecordPageQuery,
        response: answers(W.DonationRecordPage)
      }
    },
    async (req) => ok(await directory(app.db, req.school.id, req.lang, req.query))
  )

  app.get(
    Api.total,
    {
      config: publicRead,
      schema: {
        querystring: R.DirectoryTotalQuery,
        response: answers(W.DirectoryTotal)
      }
    },
    async (req) => {
      await requireStatisticsShown(app.db, req.school.id)
      return ok(await directoryTotal(app.db, req.school.id, req.query))
    }
  )

  app.get(Api.articleList, { schema: { querystring: R.ArticleListQuery, response: answers(W.ArticlePage) } }, async (req) =>
    ok(await listArticles(app.db, req.school.id, { source: 'index', categoryId: req.query.categoryId }, req.query, req.lang))
  )

  // not a cached read: every read is counted (article.read_count)
  app.get(Api.articleDetail, { schema: { querystring: R.IdQuery, response: answers(W.Article) } }, async (req) =>
    ok(await readArticle(app.db, req.school.id, 'index', req.query.id, req.lang))
  )
}
