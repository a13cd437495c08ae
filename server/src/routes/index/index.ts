/** SPEC §7 Index (P/index): base config, settings, donation directory and totals, articles. */
import type { FastifyInstance } from 'fastify'
import { Api, DIRECTORY_ORDER_CYCLE } from '../../../../types'
import { listArticles, readArticle } from '../../domain/article/service'
import { directory, directoryTotal, type DirectoryQuery } from '../../domain/donation/service'
import { toBaseConfig } from '../../domain/school/mapper'
import { loginSettings } from '../../domain/identity/settings'
import { getBaseSetting, getSchoolSetting } from '../../domain/school/repository'
import { ok } from '../../lib/envelope'
import { optInt, optString, pageProps, query, reqInt, type PageParams } from '../../lib/schemas'

export async function indexRoutes(app: FastifyInstance) {
  app.get(Api.baseConfig, async (req) => {
    const row = await getSchoolSetting(app.db, req.school.id)
    if (!row) throw new Error(`school ${req.school.code} has no settings row`)
    // isOpenLogin is needed before sign-in (the app picks the login page or OAuth for plain browsers)
    return ok({ ...toBaseConfig(row), isOpenLogin: (await loginSettings(app.db, req.school.id)).isOpenLogin ? 1 : 0 })
  })

  // Unknown keys answer "" rather than an error: the app treats a missing optional setting as "not configured".
  app.get<{ Querystring: { key: string } }>(Api.getSettingValue,
    { schema: { querystring: query({ key: { type: 'string', minLength: 1, maxLength: 64 } }, ['key']) } },
    async (req) => ok((await getBaseSetting(app.db, req.school.id, req.query.key))?.setting_value ?? ''))

  app.get<{ Querystring: DirectoryQuery }>(Api.donateRecordPage, {
    schema: {
      querystring: query({
        ...pageProps, s: optString(100), itemsId: optInt(), donateTogetherId: optInt(),
        order: { type: 'string', enum: [...DIRECTORY_ORDER_CYCLE] }
      })
    }
  }, async (req) => ok(await directory(app.db, req.school.id, req.lang, req.query)))

  app.get<{ Querystring: { itemsId?: number | null } }>(Api.total,
    { schema: { querystring: query({ itemsId: optInt() }) } },
    async (req) => ok(await directoryTotal(app.db, req.school.id, req.query.itemsId)))

  app.get<{ Querystring: PageParams & { categoryId?: number | null } }>(Api.articleList,
    { schema: { querystring: query({ ...pageProps, categoryId: optInt() }) } },
    async (req) => ok(await listArticles(app.db, req.school.id, { source: 'index', categoryId: req.query.categoryId }, req.query)))

  app.get<{ Querystring: { id: number } }>(Api.articleDetail,
    { schema: { querystring: query({ id: reqInt() }, ['id']) } },
    async (req) => ok(await readArticle(app.db, req.school.id, 'index', req.query.id)))
}
