/**
 * The foundation's fulfilment API at /staff-api/{school} (outside /api: no app signature, no donor tokens).
 * Staff sign in with POST /login {username, password} and send `Authorization: Staff <token>`; a donor token, a
 * bare token or a staff token of another school is -997. Same envelope as the app API.
 *   GET  /applications?kind=certificate|receipt&status=pending|all|<n>&limit&offset   the queue, oldest first
 *   GET  /applications/:kind/:id                                                      one application with its history
 *   POST /applications/:kind/:id/advance {to, expressCompany?, expressNo?}             one allowed move (fulfilment/state.ts)
 *   POST /receipts/:id/file  (multipart `file`: PDF, JPEG or PNG, at most 10 MB)       attach the receipt
 *   /nameplates…                                                                       nameplate review (nameplates.ts)
 *   /agreements…, /agreement-seal                                                       agreements for staff (agreements.ts)
 * Roles (access.ts): /applications, /receipts and /nameplates need `fulfilment`; every change is audited.
 * The console's core routes (core.ts: /me, /logout, /staff, /audit, /settings, /channels, content, /naming) follow.
 * CORS: only the origins listed in STAFF_ORIGINS (comma-separated, exact `scheme://host[:port]`); none by default,
 * because the console is served from the same origin. The donor API's wide CORS never applies here: a page on any
 * other site must not be able to drive a staff session.
 */
import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { advance } from '../../domain/fulfilment/state'
import { applicationDetail, attachReceiptFile, listApplications } from '../../domain/fulfilment/applications'
import { staffLogin } from '../../domain/staff/service'
import { answers, ok } from '../../lib/envelope'
import { installStaffSession } from '../../plugins/auth'
import { installTenant } from '../../plugins/tenant'
import { readSingleFile } from '../upload'
import { staffNameplateRoutes } from './nameplates'
import { staffMoneyRoutes } from './money'
import { staffRefundRoutes } from './refunds'
import { staffBillRoutes } from './bills'
import { staffAgreementRoutes } from './agreements'
import { staffCampaignRoutes } from './campaigns'
import { requireRole } from './access'
import { staffConsoleCoreRoutes } from './core'
import { staffProjectRoutes } from './projects'
import { staffNoticeRoutes } from './notices'
import { staffMonthlyRoutes } from './monthly'
import { staffGivingDayRoutes } from './giving-days'
import { originList } from '../../lib/origins'
import { StaffLoginBody, StaffToken } from '../../../../types/schema/staff-console'
import * as W from '../../../../types/schema/staff-fulfilment'
import { StaffIdParams } from '../../../../types/schema/staff-common'
import { STAFF_API_PREFIX, StaffApi } from '../../../../types/staff-api'

export { STAFF_API_PREFIX }
export const RECEIPT_FILE_MAX_BYTES = 10 * 1024 * 1024

/** STAFF_ORIGINS -> the set of exact origins the console may call from (none by default: same origin). */
export function staffOrigins(value: string | undefined): Set<string> {
  return new Set(originList(value))
}

export const staffRoutes: FastifyPluginAsyncTypebox = async (app) => {
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

  app.post(
    StaffApi.login,
    {
      schema: { body: StaffLoginBody, response: answers(StaffToken) }
    },
    async (req) =>
      ok(
        await staffLogin(
          app.db,
          req.school.id,
          req.body.username,
          req.body.password,
          { guard: app.identity.guesses.staff, ip: req.ip },
          app.identity.now()
        )
      )
  )

  // Everything else needs a member of staff of this school: req.staff, or -997 before the handler (plugins/auth.ts).
  await app.register(signedStaffRoutes)
}

const signedStaffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  installStaffSession(app)
  // nameplate review: same tenant, CORS policy and staff session as the routes below
  await app.register(staffNameplateRoutes)
  // the money side: ledger, exports, offline gifts, review, reconciliation, dashboard (money.ts)
  await app.register(staffMoneyRoutes)
  // refunds (docs/decisions/032-refunds.md): from a ledger row, the second approver, seats and copies of refunded gifts (refunds.ts)
  await app.register(staffRefundRoutes)
  // bill reconciliation with the providers' daily bills (docs/decisions/038-bill-reconciliation.md; bills.ts)
  await app.register(staffBillRoutes)
  // agreements: list, countersign with the school's seal, receipt (docs/decisions/047-agreements-for-staff.md; agreements.ts)
  await app.register(staffAgreementRoutes)
  // campaign settings: campaign items, music, alumni-only, hand-off, bank account, panorama links (campaigns.ts)
  await app.register(staffCampaignRoutes)
  // the console's core: /me, /logout, staff accounts, audit log, settings, content, naming inventory
  await app.register(staffConsoleCoreRoutes)
  // the project editor: uploads, projects, forms, progress, publicity, categories, labels, preview
  await app.register(staffProjectRoutes)
  // yearly statements sent to every donor who asked, and failed sends (docs/decisions/050-yearly-statement.md)
  await app.register(staffNoticeRoutes)
  // monthly giving plans by status (docs/decisions/071-monthly-giving.md; monthly.ts)
  await app.register(staffMonthlyRoutes)
  // giving days, matches and challenges (docs/decisions/070-giving-days.md; giving-days.ts)
  await app.register(staffGivingDayRoutes)

  app.get(
    StaffApi.applications,
    {
      ...requireRole('fulfilment'),
      schema: {
        querystring: W.ApplicationListQuery,
        response: answers(W.StaffApplicationPage)
      }
    },
    async (req) => {
      const st = req.query.status ?? 'pending'
      const status = st === 'pending' || st === 'all' ? st : Number(st)
      return ok(
        await listApplications(app.db, req.school.id, req.query.kind, {
          status,
          limit: req.query.limit ?? undefined,
          offset: req.query.offset ?? undefined
        })
      )
    }
  )

  app.get(
    StaffApi.application,
    { ...requireRole('fulfilment'), schema: { params: W.ApplicationParams, response: answers(W.StaffApplicationDetail) } },
    async (req) => ok(await applicationDetail(app.db, req.school.id, req.params.kind, req.params.id))
  )

  app.post(
    StaffApi.applicationAdvance,
    {
      ...requireRole('fulfilment'),
      schema: {
        params: W.ApplicationParams,
        body: W.AdvanceBody,
        response: answers(W.StaffApplicationDetail)
      }
    },
    async (req) => {
      await advance(app.db, {
        schoolId: req.school.id,
        kind: req.params.kind,
        id: req.params.id,
        to: req.body.to,
        staffId: req.staff.id,
        expressCompany: req.body.expressCompany,
        expressNo: req.body.expressNo,
        now: app.identity.now()
      })
      return ok(await applicationDetail(app.db, req.school.id, req.params.kind, req.params.id))
    }
  )

  app.post(
    StaffApi.receiptFile,
    {
      ...requireRole('fulfilment'),
      schema: { params: StaffIdParams, response: answers(W.StaffFile) }
    },
    async (req) => {
      const data = await readSingleFile(req, RECEIPT_FILE_MAX_BYTES)
      const fileUrl = await attachReceiptFile(app.db, app.identity.storage, {
        schoolId: req.school.id,
        schoolCode: req.school.code,
        id: req.params.id,
        staffId: req.staff.id,
        data,
        now: app.identity.now()
      })
      return ok({ fileUrl })
    }
  )
}
