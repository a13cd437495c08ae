/**
 * Naming maps (docs/product §7 Naming activity, docs/decisions/016-naming-maps.md): the map config by map
 * id, one point's detail and the filtered status map. All public; getSeatDetail shows donors their own message
 * before review when a token comes along.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Api } from '../../../../types'
import { mapConfig, seatDetail, seatStatusList } from '../../domain/naming-map/service'
import { answers, ok } from '../../lib/envelope'
import { maybeSignedIn } from '../../plugins/auth'
import * as W from '../../../../types/schema/naming-map'

export const namingMapRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(Api.namingMap, { schema: { querystring: W.MapConfigQuery, response: answers(W.MapConfig) } }, async (req) =>
    ok(await mapConfig(app.db, req.school.id, req.query.id))
  )

  app.get(
    Api.getSeatDetail,
    { config: maybeSignedIn, schema: { querystring: W.SeatDetailQuery, response: answers(W.MapSeat) } },
    async (req) => ok(await seatDetail(app.db, req.school.id, req.lang, req.query.seatId, req.optionalSession?.user_id ?? null))
  )

  app.post(
    Api.getSeatStatusList,
    {
      schema: {
        body: W.SeatFilter,
        response: answers(W.SeatStatusMap)
      }
    },
    async (req) => ok(await seatStatusList(app.db, req.school.id, req.body))
  )
}
