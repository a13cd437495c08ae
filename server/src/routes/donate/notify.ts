/**
 * Payment providers' notify endpoints: POST /notify/{school}/{provider}/{payType}[/{channel}], the URL every order
 * sends its provider (docs/decisions/031: a school's second WeChat merchant, pay type 15, has its own APIv3 key), and
 * the bare /notify/{school}/{provider} of orders made before, tried with each of the provider's configurations. Outside the signed /api scope and outside the JSON envelope:
 * the body is kept as the exact string the provider sent (WeChat Pay signs the raw JSON; Alipay posts
 * form-urlencoded), verified by the provider, applied by applyNotification, and answered the way the provider
 * wants (provider.ack: WeChat 204 / {"code":"FAIL"}, Alipay "success"/"failure"). The sandbox has its own
 * signed route (/api/{school}/sandbox/notify) and is not reachable here.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isPayChannel } from '../../domain/channel/credentials'
import { accepted, applyNotification } from '../../domain/order/notifications'
import { findSchoolByCode } from '../../domain/school/repository'
import { sendNotFound } from '../../plugins/envelope'
import { isConfigError } from '../../providers/payment/registry'
import { ProviderError, type NotificationAck } from '../../providers/payment/types'

export const NOTIFY_BODY_LIMIT = 64 * 1024

const send = (reply: FastifyReply, ack: NotificationAck) => reply.status(ack.status).type(ack.contentType).send(ack.body)

export async function notifyRoutes(app: FastifyInstance) {
  // Encapsulated: only these routes read every content type as a raw string.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_req, body, done) => done(null, body))

  const handler = async (
    req: FastifyRequest<{ Params: { school: string; provider: string; payType?: string; channel?: string } }>,
    reply: FastifyReply
  ) => {
    const { school: code, provider: name, channel } = req.params
    const payType = req.params.payType !== undefined ? Number(req.params.payType) : undefined
    if (payType !== undefined && !Number.isSafeInteger(payType)) return sendNotFound(req, reply)
    // an order paid with a channel's own AppID or merchant is notified at .../{payType}/{channel}
    if (channel !== undefined && !isPayChannel(channel)) return sendNotFound(req, reply)
    const school = name === 'sandbox' ? undefined : await findSchoolByCode(app.db, code)
    if (!school) return sendNotFound(req, reply)
    const configError = (err: unknown) => {
      // a database error is a 500 (the provider retries); only a broken configuration is answered "not found"
      if (!isConfigError(err)) throw err
      req.log.error({ err, school: code, provider: name }, 'payment provider configuration is broken')
      return null
    }
    // The URL names the pay type (and channel) since docs/decisions/031; a bare URL from an order made before is tried
    // with every configuration of the provider, so a second merchant's notification is read with its own key.
    const candidates =
      payType === undefined
        ? await app.payments.allByName(school.id, name).catch((err: unknown) => configError(err) ?? [])
        : [await app.payments.byName(school.id, name, payType, channel).catch(configError)].filter((p) => p !== null)
    if (!candidates.length) return sendNotFound(req, reply)

    const rawBody = typeof req.body === 'string' ? req.body : ''
    let n
    let refusal: unknown
    for (const candidate of candidates) {
      try {
        n = await candidate.verifyNotification({ headers: req.headers, rawBody })
        break
      } catch (err) {
        refusal ??= err
      }
    }
    const provider = candidates[0]
    if (!n) {
      const forged = refusal instanceof ProviderError && refusal.kind === 'forged'
      req.log.warn({ security: forged, school: code, provider: name, reason: (refusal as Error).message }, 'payment notification refused')
      return send(reply, provider.ack(false))
    }
    const result = await applyNotification(app.db, school.id, n, { log: req.log, onPaid: app.orders.onPaid })
    return send(reply, provider.ack(accepted(result)))
  }

  app.post('/notify/:school/:provider', handler)
  app.post('/notify/:school/:provider/:payType', handler)
  app.post('/notify/:school/:provider/:payType/:channel', handler)
}
