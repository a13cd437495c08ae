/**
 * The short link of an SMS receipt (docs/decisions/050-yearly-statement.md): GET /r/<code> answers a redirect to the
 * receipt page of the H5 app (mine-paper-detail?id=…&school=…). The link carries no file and no token: the page signs
 * the donor in, and the server shows the receipt only to the donor who owns it (receipt/detail filters by the caller),
 * so someone else holding the text sees nothing. An unknown code is a plain 404.
 */
import type { FastifyInstance } from 'fastify'

const CODE = /^[A-Za-z0-9]{6,16}$/

export async function receiptLinkRoutes(app: FastifyInstance) {
  app.get<{ Params: { code: string } }>('/r/:code', async (req, reply) => {
    const code = req.params.code
    const row = CODE.test(code)
      ? await app.db
          .selectFrom('receipt_link as l')
          .innerJoin('school as s', 's.id', 'l.school_id')
          .select(['l.receipt_id', 's.code as school'])
          .where('l.code', '=', code)
          .executeTakeFirst()
      : undefined
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
    if (!row) return reply.status(404).type('text/plain; charset=utf-8').send('链接无效 / This link is not valid')
    const to = `/mine-paper-detail?id=${Number(row.receipt_id)}&school=${encodeURIComponent(row.school)}`
    return reply.redirect(to, 302)
  })
}
