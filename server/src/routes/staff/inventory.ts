/**
 * The naming inventory: fulfilment and editors read, editors write.
 *   GET  /naming/summary                          per naming item {itemId, name, free, held, named, …}
 *   GET  /naming/areas?itemId                     areas with their periods and prices
 *   GET  /naming/areas/:id/seats?limit&offset     seats: state, own and effective prices, show
 *   POST /naming/seats/:id {price?, show?}        price: [{termName, termYear, termMoney: "200.00"}] ([] = the area's)
 *   GET  /naming/books?itemId&limit&offset        books with stock, held and available copies
 *   POST /naming/books/:id {stock}                never below the copies held
 *   GET  /naming/maps ; POST /naming/maps/:id {config}   map configs, validated
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import {
  listAreas,
  listBooks,
  listMaps,
  listSeats,
  namingSummary,
  updateBookStock,
  updateMapConfig,
  updateSeat
} from '../../domain/naming/inventory'
import { answers, ok } from '../../lib/envelope'
import { body, INT_RANGE, optInt, pageProps, reqInt } from '../../lib/schemas'
import * as W from '../../../../types/schema/staff-console'
import { requireRole } from './access'
import { StaffApi } from '../../../../types/staff-api'

const idParams = Type.Object({ school: Type.Optional(Type.String()), id: reqInt() })
const N = Type.Number({ minimum: -1_000_000, maximum: 1_000_000 })
const Id = Type.String({ minLength: 1, maxLength: 64 })
const Url = Type.String({ maxLength: 500 })
const MapConfigBody = Type.Object(
  {
    width: Type.Integer({ minimum: 1, maximum: 100_000 }),
    height: Type.Integer({ minimum: 1, maximum: 100_000 }),
    scale: Type.Number({ exclusiveMinimum: 0, maximum: 100 }),
    minScale: Type.Number({ exclusiveMinimum: 0, maximum: 100 }),
    maxScale: Type.Number({ exclusiveMinimum: 0, maximum: 100 }),
    top: N,
    left: N,
    map: Url,
    areaList: Type.Array(
      Type.Object(
        {
          id: Id,
          x: N,
          y: N,
          title: Type.String({ maxLength: 100 }),
          hot: Type.Array(Type.Array(N, { minItems: 2, maxItems: 2 }), { maxItems: 500 }),
          next: Type.String({ maxLength: 64 }),
          map: Type.Optional(Url)
        },
        { additionalProperties: false }
      ),
      { maxItems: 500 }
    ),
    treeList: Type.Array(
      Type.Object(
        {
          id: Id,
          x: N,
          y: N,
          seatId: Type.Integer({ minimum: 0, maximum: INT_RANGE.id }),
          show: Type.Integer({ enum: [0, 1] }),
          selected: Type.Integer({ enum: [0, 1] })
        },
        { additionalProperties: false }
      ),
      { maxItems: 20_000 }
    ),
    buildingList: Type.Array(
      Type.Object(
        { id: Id, x: N, y: N, seatId: Type.Integer({ minimum: 0, maximum: INT_RANGE.id }), isHide: Type.Integer({ enum: [0, 1] }) },
        { additionalProperties: false }
      ),
      { maxItems: 1000 }
    ),
    areaIdList: Type.Array(Type.Integer({ minimum: 1, maximum: INT_RANGE.id }), { maxItems: 1000 }),
    vrUrl: Url
  },
  { additionalProperties: false }
)

export const staffInventoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const read = requireRole('fulfilment', 'editor')
  const write = requireRole('editor')

  app.get(StaffApi.namingSummary, { ...read, schema: { response: answers(W.NamingSummary) } }, async (req) =>
    ok(await namingSummary(app.db, req.school.id, app.identity.now()))
  )

  app.get(
    StaffApi.namingAreas,
    { ...read, schema: { querystring: Type.Object({ itemId: optInt() }), response: answers(W.StaffAreaPage) } },
    async (req) => ok(await listAreas(app.db, req.school.id, req.query.itemId))
  )

  app.get(
    StaffApi.namingAreaSeats,
    { ...read, schema: { params: idParams, querystring: Type.Object({ ...pageProps }), response: answers(W.StaffSeatPage) } },
    async (req) => ok(await listSeats(app.db, req.school.id, req.params.id, req.query, app.identity.now()))
  )

  app.post(
    StaffApi.namingSeat,
    {
      ...write,
      schema: {
        params: idParams,
        body: body({
          price: Type.Optional(
            Type.Array(
              Type.Object({
                termName: Type.String({ minLength: 1, maxLength: 32 }),
                termYear: Type.Integer({ minimum: 0, maximum: 100 }),
                termMoney: Type.String({ maxLength: 20 })
              }),
              { maxItems: 20 }
            )
          ),
          show: Type.Optional(Type.Boolean())
        }),
        response: answers(W.StaffSeat)
      }
    },
    async (req) => ok(await updateSeat(app.db, req.school.id, req.staff.id, req.params.id, req.body, app.identity.now()))
  )

  app.get(
    StaffApi.namingBooks,
    { ...read, schema: { querystring: Type.Object({ itemId: optInt(), ...pageProps }), response: answers(W.StaffBookPage) } },
    async (req) => ok(await listBooks(app.db, req.school.id, req.query))
  )

  app.post(
    StaffApi.namingBook,
    { ...write, schema: { params: idParams, body: body({ stock: reqInt(0, INT_RANGE.int4) }), response: answers(W.StaffBook) } },
    async (req) => ok(await updateBookStock(app.db, req.school.id, req.staff.id, req.params.id, req.body.stock))
  )

  app.get(StaffApi.namingMaps, { ...read, schema: { response: answers(W.StaffMapPage) } }, async (req) =>
    ok(await listMaps(app.db, req.school.id))
  )

  app.post(
    StaffApi.namingMap,
    { ...write, schema: { params: idParams, body: body({ config: MapConfigBody }), response: answers(W.StaffMap) } },
    async (req) => ok(await updateMapConfig(app.db, req.school.id, req.staff.id, req.params.id, req.body.config, app.identity.now()))
  )
}
