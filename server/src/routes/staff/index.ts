/**
 * The foundation's fulfilment API at /staff-api/{school} (outside /api: no app signature, no donor tokens).
 * Staff sign in with POST /login {username, password} and send `Authorization: Staff <token>`; a donor token, a
 * bare token or a staff token of another school is -997. Same envelope as the app API.
 *   GET  /applications?kind=certificate|receipt&status=pending|all|<n>&limit&offset   the queue, oldest first
 *   GET  /applications/:kind/:id                                                      one application with its history
 *   POST /applications/:kind/:id/advance {to, expressCompany?, expressNo?}             one allowed move (fulfilment/state.ts)
 *   POST /receipts/:id/file  (multipart `file`: PDF, JPEG or PNG, at most 10 MB)       attach the receipt
 * CORS: only the origins listed in STAFF_ORIGINS (comma-separated, exact `scheme://host[:port]`); none by default,
 * because the console is served from the same origin. The donor API's wide CORS never applies here: a page on any
 * other site must not be able to drive a staff session.
 */
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { advance, type FulfilmentKind } from '../../domain/fulfilment/state'
import { applicationDetail, attachReceiptFile, authenticateStaff, listApplications, STAFF_AUTH_SCHEME, staffLogin } from '../../domain/staff/service'
import { tokenInvalid } from '../../errors'
import { ok } from '../../lib/envelope'
import { installTenant } from '../../plugins/tenant'
import { readSingleFile } from '../upload'
import { pageProps, reqCode, reqInt } from '../../lib/schemas'
import { originList } from '../../lib/origins'

export const STAFF_API_PREFIX = '/staff-api/:school'
export const RECEIPT_FILE_MAX_BYTES = 10 * 1024 * 1024

const KINDS = ['certificate', 'receipt'] as const

export function staffToken(req: FastifyRequest): string {
  const h = req.headers.authorization
  if (typeof h !== 'string') return ''
  const m = new RegExp(`^${STAFF_AUTH_SCHEME}\\s+(\\S+)$`).exec(h.trim())
  return m ? m[1] : ''
}

async function requireStaff(req: FastifyRequest) {
  const staff = await authenticateStaff(req.server.db, req.school.id, staffToken(req), req.server.identity.now())
  if (!staff) throw tokenInvalid()
  return staff
}

/** STAFF_ORIGINS -> the set of exact origins the console may call from (none by default: same origin). */
export function staffOrigins(value: string | undefined): Set<string> {
  return new Set(originList(value))
}

export async function staffRoutes(app: FastifyInstance) {
  // @fastify/cors (registered once for the whole app) reads a route's `config.cors` over its global options: every
  // staff route, and the preflight route below, carries this scope's own policy. `false` from the origin function
  // means no CORS headers at all, and a preflight from anywhere else finds no route (404).
  const allowed = staffOrigins(app.identity.env.STAFF_ORIGINS)
  const cors = {
    origin: (origin: string | undefined, cb: (err: Error | null, allow: boolean) => void) => cb(null, !!origin && allowed.has(origin)),
    methods: ['GET', 'POST'],
    allowedHeaders: ['content-type', 'authorization', 'lang'],
    credentials: false
  }
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config as object), cors } as typeof route.config
  })
  app.options('/*', (_req, reply) => reply.callNotFound())

  installTenant(app)
  await app.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: RECEIPT_FILE_MAX_BYTES, files: 1 } })

  app.post<{ Body: { username: string; password: string } }>('/login',
    { schema: { body: { type: 'object', required: ['username', 'password'], properties: { username: { type: 'string', maxLength: 64 }, password: { type: 'string', maxLength: 200 } } } } },
    async (req) => ok(await staffLogin(app.db, req.school.id, req.body.username, req.body.password,
      { guard: app.identity.guesses.staff, ip: req.ip }, app.identity.now())))

  app.get<{ Querystring: { kind: FulfilmentKind; status?: string; limit?: number; offset?: number } }>('/applications',
    {
      schema: {
        querystring: {
          type: 'object', required: ['kind'],
          properties: {
            kind: { type: 'string', enum: KINDS }, status: { type: 'string', pattern: '^(pending|all|[1-7])$' },
            ...pageProps
          }
        }
      }
    },
    async (req) => {
      await requireStaff(req)
      const st = req.query.status ?? 'pending'
      const status = st === 'pending' || st === 'all' ? st : Number(st)
      return ok(await listApplications(app.db, req.school.id, req.query.kind, { status, limit: req.query.limit, offset: req.query.offset }))
    })

  const kindId = { type: 'object', required: ['kind', 'id'], properties: { school: { type: 'string' }, kind: { type: 'string', enum: KINDS }, id: reqInt() } } as const

  app.get<{ Params: { kind: FulfilmentKind; id: number } }>('/applications/:kind/:id', { schema: { params: kindId } }, async (req) => {
    await requireStaff(req)
    return ok(await applicationDetail(app.db, req.school.id, req.params.kind, req.params.id))
  })

  app.post<{ Params: { kind: FulfilmentKind; id: number }; Body: { to: number; expressCompany?: string; expressNo?: string } }>('/applications/:kind/:id/advance',
    {
      schema: {
        params: kindId,
        body: { type: 'object', required: ['to'], properties: { to: reqCode(), expressCompany: { type: 'string', maxLength: 64 }, expressNo: { type: 'string', maxLength: 64 } } }
      }
    },
    async (req) => {
      const staff = await requireStaff(req)
      await advance(app.db, { schoolId: req.school.id, kind: req.params.kind, id: req.params.id, to: req.body.to, staffId: staff.id,
        expressCompany: req.body.expressCompany, expressNo: req.body.expressNo, now: app.identity.now() })
      return ok(await applicationDetail(app.db, req.school.id, req.params.kind, req.params.id))
    })

  app.post<{ Params: { id: number } }>('/receipts/:id/file',
    { schema: { params: { type: 'object', required: ['id'], properties: { school: { type: 'string' }, id: reqInt() } } } },
    async (req) => {
      const staff = await requireStaff(req)
      const data = await readSingleFile(req, RECEIPT_FILE_MAX_BYTES)
      const fileUrl = await attachReceiptFile(app.db, app.identity.storage, {
        schoolId: req.school.id, schoolCode: req.school.code, id: req.params.id, staffId: staff.id, data, now: app.identity.now()
      })
      return ok({ fileUrl })
    })
}
