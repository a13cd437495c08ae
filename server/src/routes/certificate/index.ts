/** SPEC §7 Certificates (P/certificate/*): the caller's certificates and paper applications; token required. */
import type { FastifyInstance } from 'fastify'
import { Api, type CertificateInsertBody } from '../../../../types'
import {
  certificateConfig, certificateDetail, certificatePage, certificateStayPage, insertCertificate
} from '../../domain/paper-certificate/service'
import { t } from '../../i18n'
import { ok } from '../../lib/envelope'
import { idList, optEnum, optInt, pageProps, query, reqCode, reqInt, type PageParams } from '../../lib/schemas'
import { requireSession } from '../../plugins/auth'

const nullableStr = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const

/** Shapes only; the SPEC §5 rules are -1 answers from the domain. */
const insertSchema = {
  type: 'object',
  required: ['certificateWay', 'donateIds'],
  properties: {
    certificateWay: reqCode(),
    postalAddress: nullableStr(500),
    postalContact: nullableStr(64),
    postalMobile: nullableStr(32),
    area: nullableStr(8),
    donateIds: idList(99),
    token: { type: 'string', maxLength: 200 }
  }
} as const

export async function certificateRoutes(app: FastifyInstance) {
  app.get<{ Querystring: PageParams & { isNeedPaper?: number | null; status?: number | null } }>(Api.certificatePage,
    { schema: { querystring: query({ ...pageProps, isNeedPaper: optEnum([0, 1]), status: optEnum([0, 1, 2]) }) } },
    async (req) => {
      const s = await requireSession(req)
      return ok(await certificatePage(app.db, req.school.id, s.user_id, req.query))
    })

  app.get(Api.certificateConfig, async (req) => {
    await requireSession(req)
    return ok(await certificateConfig(app.db, req.school.id))
  })

  app.get<{ Querystring: PageParams }>(Api.certificateStayPage, { schema: { querystring: query(pageProps) } }, async (req) => {
    const s = await requireSession(req)
    return ok(await certificateStayPage(app.db, req.school.id, s.user_id, req.query))
  })

  app.post<{ Body: CertificateInsertBody }>(Api.certificateInsert, { schema: { body: insertSchema } }, async (req) => {
    const s = await requireSession(req)
    return ok(await insertCertificate(app.db, req.school.id, s.user_id, req.body, app.identity.now()), t(req.lang, 'applyOk'))
  })

  app.get<{ Querystring: { id: number } }>(Api.certificateDetail, { schema: { querystring: query({ id: reqInt(1), tab: optInt(0) }, ['id']) } }, async (req) => {
    const s = await requireSession(req)
    return ok(await certificateDetail(app.db, req.school.id, s.user_id, req.query.id))
  })
}
