/**
 * Naming seats and books (issue 9; SPEC §7 Projects areaList … getBookShowData, types/naming.ts). Reads are public
 * (getSeatShowData and getBookShowData show the owner their own nameplate when a token comes along); the owner's
 * nameplate correction needs the session. Orders go through POST donate like every gift (routes/donate).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Api, type NameplateUpdateBody } from '../../../../types'
import { bookCategoryList, bookList, areaList, nameplateDetailConfig, nameplateExamples, seatList, showData, updateNameplate } from '../../domain/naming/service'
import { authenticate } from '../../domain/user/service'
import { t } from '../../i18n'
import { ok } from '../../lib/envelope'
import { body, optAny, optInt, optString, pageProps, query, reqInt, type PageParams } from '../../lib/schemas'
import { requireSession, tokenFrom } from '../../plugins/auth'

const itemsQuery = { schema: { querystring: query({ itemsId: reqInt() }) } }
const idQuery = { schema: { querystring: query({ id: reqInt(), token: optString(200) }) } }

async function optionalUser(req: FastifyRequest): Promise<number | null> {
  const token = tokenFrom(req)
  if (!token) return null
  return (await authenticate(req.server.db, req.school.id, token))?.user_id ?? null
}

// generous bounds for the shape check; the rules (lengths in characters, counts) are the domain's, with a -1
const plateText = { donorName: optString(400), donorIdentity: optString(400), donationMessage: optString(400) }

export async function namingRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { itemsId: number } }>(Api.areaList, itemsQuery,
    async (req) => ok(await areaList(app.db, req.school.id, req.query.itemsId)))

  app.get<{ Querystring: { areaId: number } }>(Api.seatList, { schema: { querystring: query({ areaId: reqInt() }) } },
    async (req) => ok(await seatList(app.db, req.school.id, req.lang, req.query.areaId)))

  app.get<{ Querystring: { itemsId: number; s?: string; categoryId?: number | null } }>(Api.bookList,
    { schema: { querystring: query({ itemsId: reqInt(), s: optString(100), categoryId: optInt() }) } },
    async (req) => ok(await bookList(app.db, req.school.id, req.query)))

  app.get<{ Querystring: PageParams & { itemsId: number } }>(Api.bookCategoryList,
    { schema: { querystring: query({ ...pageProps, itemsId: reqInt() }) } },
    async (req) => ok(await bookCategoryList(app.db, req.school.id, req.query)))

  app.get<{ Querystring: { itemsId: number } }>(Api.nameplateExample, itemsQuery,
    async (req) => ok(await nameplateExamples(app.db, req.school.id, req.query.itemsId)))

  app.get<{ Querystring: { itemsId: number } }>(Api.getNameplateDetailConfig, itemsQuery,
    async (req) => ok(await nameplateDetailConfig(app.db, req.school.id, req.query.itemsId)))

  app.get<{ Querystring: { id: number } }>(Api.getSeatShowData, idQuery,
    async (req) => ok(await showData(app.db, req.school.id, req.lang, 'seat', req.query.id, await optionalUser(req))))

  app.get<{ Querystring: { id: number } }>(Api.getBookShowData, idQuery,
    async (req) => ok(await showData(app.db, req.school.id, req.lang, 'book', req.query.id, await optionalUser(req))))

  app.post<{ Body: NameplateUpdateBody & { token?: string } }>(Api.nameplateUpdate, {
    schema: {
      body: body({
        namingType: reqInt(1, 2), namingId: reqInt(), ...plateText,
        nameplateList: optAny(), token: optString(200)
      })
    }
  }, async (req) => {
    const s = await requireSession(req)
    await updateNameplate(app.db, req.school.id, s.user_id, req.body, app.identity.now())
    return ok(null, t(req.lang, 'nameplateUpdated'))
  })
}

