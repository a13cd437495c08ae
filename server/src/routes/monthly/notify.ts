/**
 * The agreement notify endpoint of monthly giving (docs/decisions/079-monthly-providers.md):
 * POST /agreement-notify/{school}/{provider}/{payType}, the URL a plan's signing and its charges hand the provider
 * (built on PUBLIC_BASE_URL, domain/monthly/service.ts agreementNotifyUrl). Outside the signed /api scope and the JSON
 * envelope, like the payment notify endpoints (routes/donate/notify.ts): the raw body is verified by the pay type's
 * agreement provider (WeChat Pay v3 signature + AEAD, Alipay RSA2), then
 * - a sign or terminate notification goes through applySignNotification (a repeat changes nothing);
 * - a charge's payment through applyChargeNotification (the order paid and its month settled once);
 * and is answered the way the provider wants (WeChat 204 / {"code":"FAIL"}, Alipay "success" / "fail").
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { applyChargeNotification } from '../../domain/monthly/collect'
import { agreementProviderFor, applySignNotification } from '../../domain/monthly/service'
import { accepted } from '../../domain/order/notifications'
import { findSchoolByCode } from '../../domain/school/repository'
import { sendNotFound } from '../../plugins/envelope'
import { isSignNotification } from '../../providers/payment/agreement'
import { ProviderError, type NotificationAck } from '../../providers/payment/types'
import { NOTIFY_BODY_LIMIT } from '../donate/notify'

const send = (reply: FastifyReply, ack: NotificationAck) => reply.status(ack.status).type(ack.contentType).send(ack.body)
const FAIL: NotificationAck = { status: 500, contentType: 'text/plain', body: 'fail' }

export async function agreementNotifyRoutes(app: FastifyInstance) {
  // Encapsulated: only this route reads every content type as a raw string.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_req, body, done) => done(null, body))

  app.post(
    '/agreement-notify/:school/:provider/:payType',
    async (req: FastifyRequest<{ Params: { school: string; provider: string; payType: string } }>, reply) => {
      const { school: code, provider: name } = req.params
      const payType = Number(req.params.payType)
      if (!Number.isSafeInteger(payType) || name === 'sandbox') return sendNotFound(req, reply)
      const school = await findSchoolByCode(app.db, code)
      if (!school) return sendNotFound(req, reply)
      const provider = await agreementProviderFor(app.monthly, school.id, payType)
      if (!provider || provider.name !== name || !provider.verifyAgreementNotification) return sendNotFound(req, reply)
      const ack = (ok: boolean) => provider.ack?.(ok) ?? FAIL
      let n
      try {
        n = await provider.verifyAgreementNotification({ headers: req.headers, rawBody: typeof req.body === 'string' ? req.body : '' })
      } catch (err) {
        const forged = err instanceof ProviderError && err.kind === 'forged'
        req.log.warn({ security: forged, school: code, provider: name, reason: (err as Error).message }, 'agreement notification refused')
        return send(reply, ack(false))
      }
      const deps = { ...app.monthly, log: req.log }
      if (isSignNotification(n)) {
        const r = await applySignNotification(deps, school.id, n)
        // an unknown plan is acknowledged all the same (logged): the provider would otherwise repeat it for days
        if (r.status === 'rejected')
          req.log.warn({ school: code, provider: name, planNo: n.planNo, reason: r.reason }, 'agreement notification ignored')
        return send(reply, ack(r.status !== 'rejected' || r.reason === 'unknown_plan'))
      }
      const r = await applyChargeNotification(deps, school.id, n)
      return send(reply, ack(accepted(r as Parameters<typeof accepted>[0])))
    }
  )
}
