/** Bootstrap dictionaries: dialling codes, Chinese divisions, base settings (S/api/v1/...). */
import type { FastifyInstance } from 'fastify'
import { Api, type BaseSetting } from '../../../../types'
import { areaGroups, areaList4sort } from '../../domain/area/area-codes'
import { childrenOf } from '../../domain/area/division'
import { listBaseSettings } from '../../domain/school/repository'
import { ok } from '../../lib/envelope'
import { query } from '../../lib/schemas'

export async function dictionaryRoutes(app: FastifyInstance) {
  app.get(Api.areaList4sort, async (req) => ok(areaList4sort(req.lang)))
  app.get(Api.areaGroupList, async (req) => ok(areaGroups(req.lang)))

  app.get<{ Querystring: { parentId?: string | null } }>(Api.areaDictionary,
    { schema: { querystring: query({ parentId: { type: ['string', 'null'], maxLength: 12 } }) } },
    async (req) => ok(childrenOf(req.query.parentId)))

  app.get(Api.settingBaseList, async (req) => {
    const rows = await listBaseSettings(app.db, req.school.id)
    return ok(rows.map((r): BaseSetting => ({ settingKey: r.setting_key, settingValue: r.setting_value })))
  })
}
