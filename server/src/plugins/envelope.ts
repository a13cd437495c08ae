/**
 * Every answer is the envelope {code, message, data}, including failures: validation (400), unknown routes (404),
 * oversized bodies (413) and crashes (500, logged server-side, never a stack trace to the client).
 */
import Ajv, { type ValidateFunction } from 'ajv'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ResultCode } from '../../../types'
import { AppError } from '../errors'
import { normaliseLang, t, type MessageKey } from '../i18n'
import { addWireKeywords, hostileValuePath } from '../lib/schemas'

// Fastify's default Ajv coerces and strips bodies ("100" -> 100, unknown keys vanish): bodies get a strict Ajv;
// query strings and params are always strings, so they are coerced. Integers in both go through the `wireInt`
// keyword instead (lib/schemas.ts): numeric strings, "" and null only, each within its column's range.
const bodyAjv = addWireKeywords(new Ajv({ coerceTypes: false, removeAdditional: false, useDefaults: true, allErrors: false }))
const queryAjv = addWireKeywords(
  new Ajv({ coerceTypes: true, allowUnionTypes: true, removeAdditional: false, useDefaults: true, allErrors: false })
)

/** NUL anywhere (PostgreSQL refuses it in text) or absurd nesting: 400 naming the field, before any handler or query. */
function refuseHostile(value: unknown, fallback: string) {
  const bad = hostileValuePath(value)
  if (bad !== null) throw new AppError('invalidParam', ResultCode.ERROR, 400, { field: bad || fallback })
}

export interface EnvelopeOptions {
  notFound: (req: FastifyRequest, reply: FastifyReply) => unknown
  /** check every success answer against its response schema (tests; see installResponseCheck) */
  strictResponses?: boolean
}

export function installEnvelope(app: FastifyInstance, opts: EnvelopeOptions) {
  app.decorateRequest('lang', 'zh_CN')
  installSecurityHeaders(app)
  requireResponseSchemas(app)
  if (opts.strictResponses) installResponseCheck(app)
  app.addHook('onRequest', async (req) => {
    const q = req.query as Record<string, unknown> | undefined
    req.lang = normaliseLang(q?.lang ?? req.headers.lang)
    // before the tenant lookup (a school code is a path parameter) and every route's own hooks
    refuseHostile(req.params, 'params')
    refuseHostile(q, 'query')
  })
  app.addHook('preValidation', async (req) => {
    // notify routes keep the raw body as a string: the provider verifies it byte for byte
    if (req.body !== null && typeof req.body === 'object') refuseHostile(req.body, 'body')
  })

  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : queryAjv).compile(schema))

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const lang = req.lang ?? normaliseLang((req.query as Record<string, unknown> | undefined)?.lang ?? req.headers.lang)
    // Refusals answer HTTP 200 too, but a route's response schema describes its success data: written with it, a
    // refusal's data ({errorCode: '0201'}, or null where the schema wants an object) would be reshaped or dropped.
    const send = (status: number, key: MessageKey, params = {}, code: number = ResultCode.ERROR, data: unknown = null) =>
      reply
        .status(status)
        .serializer(JSON.stringify)
        .send({ code, message: t(lang, key, params), data })

    if (err instanceof AppError) return send(err.httpStatus, err.key, err.params, err.code, err.data)
    const fe = err as FastifyError
    if (fe.validation && fe.validation.length > 0) {
      const v = fe.validation[0]
      const p = v.params as { missingProperty?: string; reason?: string } | undefined
      const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || fe.validationContext || 'body'
      // a required integer sent as "" or null is missing, not malformed (lib/schemas.ts wireInt)
      const missing = p?.missingProperty ?? (p?.reason === 'missing' ? path : undefined)
      const field = missing ?? path
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

/**
 * Fastify's `frameworkErrors` (app.ts): refusals raised before routing, which skip the error handler above. A URL
 * that is not valid UTF-8 (`/api/%ED%A0%80/...`) or a path parameter over 100 characters would otherwise get
 * Fastify's own English {error, code, message}; they get the envelope in the request's language like any refusal.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const q = req.url.indexOf('?')
  // the query is not parsed yet; URLSearchParams reads even malformed escapes
  const lang = normaliseLang(new URLSearchParams(q < 0 ? '' : req.url.slice(q + 1)).get('lang') ?? req.headers.lang)
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400
  void reply.status(status).send({ code: ResultCode.ERROR, message: t(lang, 'badRequest'), data: null })
}

/** JSON routes: the donor API, the staff API and the runtime configuration (notify, files and pages are not JSON). */
const JSON_ROUTE = /^\/(api|staff-api|config)\//

/**
 * Every JSON route declares its answer (`schema.response[200]`, lib/envelope.ts `answers`): registering one without
 * is an error at start-up, so no route can skip the schema that types its handler's answer and writes it.
 */
function requireResponseSchemas(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    if (!JSON_ROUTE.test(route.url) || methods.every((m) => m === 'OPTIONS' || m === 'HEAD')) return
    const response = route.schema?.response as Record<string, unknown> | undefined
    if (!response?.['200'])
      throw new Error(`${methods.join(',')} ${route.url} has no response schema (schema.response: answers(...), docs/decisions/014)`)
  })
}

/**
 * Tests build the app with `strictResponses`: every success answer is validated against its route's response
 * schema, with every object closed (additionalProperties false), before it is written. A response schema drops the
 * keys it does not name and writes null as "" or 0 where it expects a string or a number, silently; here either is
 * a 500 naming the route and the field, so the whole server suite checks the answer schemas against what the
 * services really send. Production never pays for this check.
 */
function installResponseCheck(app: FastifyInstance) {
  const ajv = new Ajv({ strict: false, allErrors: true })
  const compiled = new WeakMap<object, ValidateFunction>()
  app.addHook('preSerialization', async (req, reply, payload) => {
    const responses = req.routeOptions.schema?.response as Record<string, object> | undefined
    const schema = responses?.[String(reply.statusCode)]
    if (!schema || !payload || typeof payload !== 'object') return payload
    // refusals are written without the schema (error handler above)
    if ('code' in payload && (payload as { code: unknown }).code !== ResultCode.OK) return payload
    let validate = compiled.get(schema)
    if (!validate) {
      validate = ajv.compile(closed(JSON.parse(JSON.stringify(schema)) as Record<string, unknown>))
      compiled.set(schema, validate)
    }
    if (validate(payload)) return payload
    const problems = (validate.errors ?? []).map(
      (e) =>
        `${e.instancePath || '/'} ${e.message ?? ''}${e.params && 'additionalProperty' in e.params ? ` '${String(e.params.additionalProperty)}'` : ''}`
    )
    req.log.error({ problems }, 'answer does not match its response schema')
    reply.status(500).serializer(JSON.stringify)
    return {
      code: ResultCode.ERROR,
      message: `answer of ${req.method} ${req.routeOptions.url} does not match its response schema: ${problems.join('; ')}`,
      data: null
    }
  })
}

/** The schema with every object that names its properties closed to other keys. */
function closed(schema: Record<string, unknown>): Record<string, unknown> {
  for (const [k, v] of Object.entries(schema)) {
    if (Array.isArray(v))
      v.forEach((x) => {
        if (x && typeof x === 'object') closed(x as Record<string, unknown>)
      })
    else if (v && typeof v === 'object' && k !== 'enum' && k !== 'const') closed(v as Record<string, unknown>)
  }
  if (schema.type === 'object' && schema.properties && schema.additionalProperties === undefined && !schema.patternProperties) {
    schema.additionalProperties = false
  }
  return schema
}

export function sendNotFound(req: FastifyRequest, reply: FastifyReply, key: MessageKey = 'notFound') {
  return sendRefusal(req, reply, 404, key)
}

/** A refusal outside a route's declared answers: `code: -1` and the message in the request's language. */
export function sendRefusal(req: FastifyRequest, reply: FastifyReply, status: number, key: MessageKey) {
  return reply.status(status).send({ code: ResultCode.ERROR, message: t(req.lang, key), data: null })
}

/**
 * Answers that are not the H5 app's pages (JSON, files, scripts, errors) are never documents a browser should run
 * or frame: the strictest CSP. plugins/static-h5.ts sets its own CSP on the app's HTML and on user files first; this
 * hook only fills in what a route left unset.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
/** /api/{school}/... and /staff-api/{school}/...: per-user answers that no browser or proxy may keep. */
const NO_STORE = /^\/(api|staff-api)\//

function installSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    // no guessing a script or a page out of a file served as something else (uploads, JSON with HTML in it)
    reply.header('x-content-type-options', 'nosniff')
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', API_CSP)
    // The H5 pages set strict-origin-when-cross-origin (WeChat H5 pay checks the referring domain); elsewhere
    // nothing of our URLs (tokens, payTokens in pay links) is sent onwards.
    if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'no-referrer')
    if (NO_STORE.test(req.url)) reply.header('cache-control', 'no-store')
    return payload
  })
}
