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
import * as W from '../../../../types/schema/staff-console'
import { StaffIdParams, StaffPageQuery } from '../../../../types/schema/staff-common'
import { requireRole } from './access'
import { StaffApi } from '../../../../types/staff-api'

export const staffInventoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const read = requireRole('fulfilment', 'editor')
  const write = requireRole('editor')

  app.get(StaffApi.namingSummary, { ...read, schema: { response: answers(W.NamingSummary) } }, async (req) =>
    ok(await namingSummary(app.db, req.school.id, app.identity.now()))
  )

  app.get(StaffApi.namingAreas, { ...read, schema: { querystring: W.NamingAreasQuery, response: answers(W.StaffAreaPage) } }, async (req) =>
    ok(await listAreas(app.db, req.school.id, req.query.itemId))
  )

  app.get(
    StaffApi.namingAreaSeats,
    { ...read, schema: { params: StaffIdParams, querystring: StaffPageQuery, response: answers(W.StaffSeatPage) } },
    async (req) => ok(await listSeats(app.db, req.school.id, req.params.id, req.query, app.identity.now()))
  )

  app.post(
    StaffApi.namingSeat,
    {
      ...write,
      schema: {
        params: StaffIdParams,
        body: W.NamingSeatBody,
        response: answers(W.StaffSeat)
      }
    },
    async (req) => ok(await updateSeat(app.db, req.school.id, req.staff.id, req.params.id, req.body, app.identity.now()))
  )

  app.get(StaffApi.namingBooks, { ...read, schema: { querystring: W.NamingBooksQuery, response: answers(W.StaffBookPage) } }, async (req) =>
    ok(await listBooks(app.db, req.school.id, req.query))
  )

  app.post(
    StaffApi.namingBook,
    { ...write, schema: { params: StaffIdParams, body: W.NamingBookBody, response: answers(W.StaffBook) } },
    async (req) => ok(await updateBookStock(app.db, req.school.id, req.staff.id, req.params.id, req.body.stock))
  )

  app.get(StaffApi.namingMaps, { ...read, schema: { response: answers(W.StaffMapPage) } }, async (req) =>
    ok(await listMaps(app.db, req.school.id))
  )

  app.post(
    StaffApi.namingMap,
    { ...write, schema: { params: StaffIdParams, body: W.NamingMapBody, response: answers(W.StaffMap) } },
    async (req) => ok(await updateMapConfig(app.db, req.school.id, req.staff.id, req.params.id, req.body.config, app.identity.now()))
  )
}
