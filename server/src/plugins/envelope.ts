/**
 * Every answer is the envelope {code, message, data}, including failures: validation (400), unknown routes (404),
 * oversized bodies (413) and crashes (500, logged server-side, never a stack trace to the client).
 */
import Ajv from 'ajv'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ResultCode } from '../../../types'
import { AppError } from '../errors'
import { normaliseLang, t, type MessageKey } from '../i18n'

// Fastify's default Ajv coerces and strips bodies ("100" -> 100, unknown keys vanish): bodies get a strict Ajv;
// query strings and params are always strings, so they are coerced. "" -> null lets `typeId=` mean "absent".
const bodyAjv = new Ajv({ coerceTypes: false, removeAdditional: false, useDefaults: true, allErrors: false })
const queryAjv = new Ajv({ coerceTypes: true, allowUnionTypes: true, removeAdditional: false, useDefaults: true, allErrors: false })

export function installEnvelope(app: FastifyInstance, opts: { notFound: (req: FastifyRequest, reply: FastifyReply) => unknown }) {
  app.decorateRequest('lang', 'zh_CN')
  app.addHook('onRequest', async (req) => {
    const q = req.query as Record<string, unknown> | undefined
    req.lang = normaliseLang(q?.lang ?? req.headers.lang)
  })

  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : queryAjv).compile(schema))

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const lang = req.lang ?? normaliseLang((req.query as Record<string, unknown> | undefined)?.lang ?? req.headers.lang)
    const send = (status: number, key: MessageKey, params = {}, code: number = ResultCode.ERROR, data: unknown = null) =>
      reply.status(status).send({ code, message: t(lang, key, params), data })

    if (err instanceof AppError) return send(err.httpStatus, err.key, err.params, err.code, err.data)
    const fe = err as FastifyError
    if (fe.validation && fe.validation.length > 0) {
      const v = fe.validation[0]
      const missing = (v.params as { missingProperty?: string } | undefined)?.missingProperty
      const field = missing ?? (v.instancePath.replace(/^\//, '').replace(/\//g, '.') || fe.validationContext || 'body')
      return send(400, missing ? 'missingParam' : 'invalidParam', { field })
    }
    if (fe.statusCode === 413 || fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(413, 'bodyTooLarge')
    if (fe.statusCode === 415) return send(415, 'unsupportedMedia')
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) return send(fe.statusCode, 'badRequest')
    req.log.error({ err }, 'unhandled error')
    return send(500, 'internal')
  })

  app.setNotFoundHandler((req, reply) => opts.notFound(req, reply))
}

export function sendNotFound(req: FastifyRequest, reply: FastifyReply, key: MessageKey = 'notFound') {
  return reply.status(404).send({ code: ResultCode.ERROR, message: t(req.lang, key), data: null })
}
