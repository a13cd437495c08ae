/** SPEC §7 Receipts (P/receipt/*): the caller's receipt applications; token required. */
import type { FastifyInstance } from 'fastify'
import { Api, type ReceiptInsertBody } from '../../../../types'
import {
  insertReceipt, lastUserInfo, receiptConfig, receiptDetail, receiptPage, receiptStayPage
} from '../../domain/receipt/service'
import { t } from '../../i18n'
import { ok } from '../../lib/envelope'
import { idList, optEnum, pageProps, query, reqCode, reqInt, type PageParams } from '../../lib/schemas'
import { requireSession } from '../../plugins/auth'

const nullableStr = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const

const insertSchema = {
  type: 'object',
  required: ['donorType', 'receiptType', 'receiptWay', 'donateRecordIds'],
  properties: {
    donorType: reqCode(),
    donorName: nullableStr(200),
    creditCode: nullableStr(64),
    receiptType: reqCode(),
    receiptWay: reqCode(),
    postalContact: nullableStr(64),
    postalMobile: nullableStr(32),
    postalAddress: nullableStr(500),
    postalEmail: nullableStr(200),
    postalMobileSms: nullableStr(32),
    donateRecordIds: idList(99),
    token: { type: 'string', maxLength: 200 }
  }
} as const

export async function receiptRoutes(app: FastifyInstance) {
  app.get<{ Querystring: PageParams & { status?: number | null } }>(Api.receiptPage,
    { schema: { querystring: query({ ...pageProps, status: optEnum([0, 1, 2]) }) } },
    async (req) => {
      const s = await requireSession(req)
      return ok(await receiptPage(app.db, req.school.id, s.user_id, req.query))
    })

  app.get<{ Querystring: PageParams }>(Api.receiptStayPage, { schema: { querystring: query(pageProps) } }, async (req) => {
    const s = await requireSession(req)
    return ok(await receiptStayPage(app.db, req.school.id, s.user_id, req.query, app.identity.now()))
  })

  app.get(Api.receiptLastUserInfo, async (req) => {
    const s = await requireSession(req)
    return ok(await lastUserInfo(app.db, req.school.id, s.user_id))
  })

  app.get(Api.receiptConfig, async (req) => {
    await requireSession(req)
    return ok(await receiptConfig(app.db, req.school.id))
  })

  app.post<{ Body: ReceiptInsertBody }>(Api.receiptInsert, { schema: { body: insertSchema } }, async (req) => {
    const s = await requireSession(req)
    return ok(await insertReceipt(app.db, req.school.id, s.user_id, req.body, app.identity.now()), t(req.lang, 'applyOk'))
  })

  app.get<{ Querystring: { id: number } }>(Api.receiptDetail, { schema: { querystring: query({ id: reqInt(1) }, ['id']) } }, async (req) => {
    const s = await requireSession(req)
    return ok(await receiptDetail(app.db, req.school.id, s.user_id, req.query.id))
  })
}
