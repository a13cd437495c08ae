/** Bootstrap dictionaries: dialling codes, Chinese divisions, base settings (S/api/v1/...). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Api, type BaseSetting } from '../../../../types'
import { areaGroups, areaList4sort } from '../../domain/area/area-codes'
import { childrenOf } from '../../domain/area/division'
import { listBaseSettings } from '../../domain/school/repository'
import { answers, ok } from '../../lib/envelope'
import * as W from '../../../../types/schema/entities'
import { AreaDictionaryQuery } from '../../../../types/schema/requests'

export const dictionaryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(Api.areaList4sort, { schema: { response: answers(W.AreaCodes) } }, async (req) => ok(areaList4sort(req.lang)))
  app.get(Api.areaGroupList, { schema: { response: answers(W.AreaGroups) } }, async (req) => ok(areaGroups(req.lang)))

  app.get(Api.areaDictionary, { schema: { querystring: AreaDictionaryQuery, response: answers(W.AreaDictionary) } }, async (req) =>
    ok(childrenOf(req.query.parentId))
  )

  app.get(Api.settingBaseList, { schema: { response: answers(W.BaseSettings) } }, async (req) => {
    const rows = await listBaseSettings(app.db, req.school.id)
    return ok(rows.map((r): BaseSetting => ({ settingKey: r.setting_key, settingValue: r.setting_value })))
  })
}
