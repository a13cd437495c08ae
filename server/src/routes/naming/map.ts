/**
 * Naming maps (docs/product §7 Naming activity, docs/decisions/016-naming-maps.md): the map config by map
 * id, one point's detail and the filtered status map. All public; getSeatDetail shows donors their own message
 * before review when a token comes along.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { Api } from '../../../../types'
import { mapConfig, seatDetail, seatStatusList } from '../../domain/naming-map/service'
import { answers, ok } from '../../lib/envelope'
import { body, idList, optString, query, reqInt, reqString } from '../../lib/schemas'
import { maybeSignedIn } from '../../plugins/auth'
import * as W from '../../../../types/schema/naming-map'

/** yuan as text or number, '' or null for none: the domain refuses anything else with a -1 in the caller's language */
const optMoney = () =>
  Type.Optional(Type.Unsafe<string | number | null>({ anyOf: [{ type: 'string', maxLength: 20 }, { type: 'number' }, { type: 'null' }] }))

export const namingMapRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(Api.namingMap, { schema: { querystring: query({ id: reqString(40, 1) }), response: answers(W.MapConfig) } }, async (req) =>
    ok(await mapConfig(app.db, req.school.id, req.query.id))
  )

  app.get(
    Api.getSeatDetail,
    { config: maybeSignedIn, schema: { querystring: query({ seatId: reqInt(), token: optString(200) }), response: answers(W.MapSeat) } },
    async (req) => ok(await seatDetail(app.db, req.school.id, req.lang, req.query.seatId, req.optionalSession?.user_id ?? null))
  )

  app.post(
    Api.getSeatStatusList,
    {
      schema: {
        body: body({
          itemsId: reqInt(),
          areaIdList: Type.Optional(idList(500)),
          seatName: optString(64),
          money: optMoney(),
          minMoney: optMoney(),
          maxMoney: optMoney(),
          token: optString(200)
        }),
        response: answers(W.SeatStatusMap)
      }
    },
    async (req) => ok(await seatStatusList(app.db, req.school.id, req.body))
  )
}
