/**
 * The money side of the staff API, registered inside routes/staff's signed-in scope (tenant, CORS policy,
 * staff session). finance (or admin) for all but the dashboard, which any signed-in staff may read:
 *   GET  /ledger?projectId&from&to&channel&status&min&max&keyword&limit&offset   orders with totals over the filter
 *   POST /exports {kind:'ledger', format:'csv'|'xlsx', filters}                   starts an export job -> {id}
 *   GET  /exports/:id                                                              progress {status, done, total, fileName}
 *   GET  /exports/:id/file                                                         the finished file (this school's only)
 *   GET  /offline-gifts/projects?keyword&limit&offset                              {total, rows: [{id, name}]} the form's project picker
 *   POST /offline-gifts {projectId, amount, donorName, donatedOn, channel, note, showName?}   -> the ledger row
 *   POST /offline-gifts/:id {amount?, donorName?, donatedOn?, channel?, note?, showName?, reason}   corrects it -> the row
 *   POST /offline-gifts/:id/void {reason}                                          voids it -> the row ('cancelled')
 *   GET  /review?limit&offset ; POST /review/:id/resolve {resolution:'paid'|'closed', reason}
 *   GET  /reconciliation?from&to                                                   per day per provider
 *   GET  /dashboard                                                                any role
 * Every change (offline gift and its correction or void, export, review resolution) writes its audit row in the transaction of the change.
 */
import { createReadStream } from 'node:fs'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { dashboard } from '../../domain/staff/dashboard'
import { exportFile, exportStatus, startExport, EXPORT_FORMATS } from '../../domain/ledger/exports'
import { LEDGER_CHANNELS, LEDGER_STATUSES, ledgerFilter, ledgerPage, OFFLINE_CHANNELS } from '../../domain/ledger/repository'
import { listStaffProjects } from '../../domain/project/editor'
import { correctOfflineGift, createOfflineGift, OFFLINE_NOTE_MAX, OFFLINE_REASON_MAX, voidOfflineGift } from '../../domain/ledger/offline'
import { reconciliation, reconciliationRange } from '../../domain/ledger/reconciliation'
import { resolveReview, reviewPage } from '../../domain/order/review'
import { answers, ok } from '../../lib/envelope'
import { body, optInt, optString, pageProps, reqInt, reqString, strEnum } from '../../lib/schemas'
import * as W from '../../../../types/schema/staff-money'
import { requireRole } from './access'
import { StaffApi } from '../../../../types/staff-api'

const idParams = Type.Object({ school: Type.Optional(Type.String()), id: reqInt() })
/** '' means "any" for the enumerated filters, as the console's cleared selects send it */
const optChoice = (values: readonly string[]) => Type.Optional(strEnum(['', ...values]))

const ledgerProps = {
  projectId: optInt(),
  from: optString(10),
  to: optString(10),
  channel: optChoice(LEDGER_CHANNELS),
  status: optChoice(LEDGER_STATUSES),
  min: optString(20),
  max: optString(20),
  keyword: optString(64)
}

export const staffMoneyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const finance = requireRole('finance')

  // finance picks the project of an offline gift by name; the editors' project list (/projects) stays theirs
  app.get(
    StaffApi.offlineGiftProjects,
    {
      ...finance,
      schema: { querystring: Type.Object({ keyword: optString(100), ...pageProps }), response: answers(W.StaffProjectChoices) }
    },
    async (req) => {
      const page = await listStaffProjects(app.db, req.school.id, req.query)
      return ok({ total: page.total, rows: page.rows.map((p) => ({ id: p.id, name: p.name })) })
    }
  )

  app.get(
    StaffApi.ledger,
    { ...finance, schema: { querystring: Type.Object({ ...ledgerProps, ...pageProps }), response: answers(W.StaffLedgerPage) } },
    async (req) => {
      const { limit, offset, ...q } = req.query
      return ok(await ledgerPage(app.db, req.school.id, ledgerFilter(q), { limit, offset }))
    }
  )

  app.post(
    StaffApi.exports,
    {
      ...finance,
      schema: {
        body: body({ kind: strEnum(['ledger']), format: strEnum(EXPORT_FORMATS), filters: Type.Optional(Type.Object(ledgerProps)) }),
        response: answers(W.StaffExportId)
      }
    },
    async (req) => {
      const started = await startExport(
        app.db,
        { schoolId: req.school.id, schoolCode: req.school.code, staffId: req.staff.id, lang: req.lang, now: app.identity.now() },
        { kind: req.body.kind, format: req.body.format, filters: req.body.filters ?? {} }
      )
      // the worker (this process or another: JOBS_ENABLED) picks it up; here it need not wait for the next poll
      app.jobs.kick()
      return ok(started)
    }
  )

  app.get(StaffApi.exportStatus, { ...finance, schema: { params: idParams, response: answers(W.StaffExportStatus) } }, async (req) =>
    ok(await exportStatus(app.db, req.school.id, req.params.id))
  )

  app.get(
    StaffApi.exportFile,
    // a success is the file itself (a stream: never serialized nor checked against a schema); a refusal is the
    // usual -1 envelope, written by the error handler
    { ...finance, schema: { params: idParams, response: { 200: Type.Unknown() } } },
    async (req, reply) => {
      const f = await exportFile(app.db, req.school.id, req.params.id)
      return reply
        .type(f.mime)
        .header('content-disposition', `attachment; filename="${f.fileName}"; filename*=UTF-8''${encodeURIComponent(f.fileName)}`)
        .send(createReadStream(f.path))
    }
  )

  app.post(
    StaffApi.offlineGifts,
    {
      ...finance,
      schema: {
        body: body({
          projectId: reqInt(),
          amount: reqString(20),
          donorName: reqString(200),
          donatedOn: reqString(10),
          channel: strEnum(OFFLINE_CHANNELS),
          note: optString(OFFLINE_NOTE_MAX * 4),
          showName: Type.Optional(Type.Boolean())
        }),
        response: answers(W.StaffLedgerRow)
      }
    },
    async (req) =>
      ok(await createOfflineGift(app.db, { schoolId: req.school.id, staffId: req.staff.id, now: app.identity.now() }, req.body))
  )

  const offlineActor = (req: { school: { id: number }; staff: { id: number } }) => ({
    schoolId: req.school.id,
    staffId: req.staff.id,
    now: app.identity.now()
  })

  app.post(
    StaffApi.offlineGift,
    {
      ...finance,
      schema: {
        params: idParams,
        body: body({
          amount: optString(20),
          donorName: optString(200),
          donatedOn: optString(10),
          channel: Type.Optional(strEnum(OFFLINE_CHANNELS)),
          note: optString(OFFLINE_NOTE_MAX * 4),
          showName: Type.Optional(Type.Boolean()),
          reason: reqString(OFFLINE_REASON_MAX * 4)
        }),
        response: answers(W.StaffLedgerRow)
      }
    },
    async (req) => ok(await correctOfflineGift(app.db, offlineActor(req), req.params.id, req.body))
  )

  app.post(
    StaffApi.offlineGiftVoid,
    {
      ...finance,
      schema: { params: idParams, body: body({ reason: reqString(OFFLINE_REASON_MAX * 4) }), response: answers(W.StaffLedgerRow) }
    },
    async (req) => ok(await voidOfflineGift(app.db, offlineActor(req), req.params.id, req.body))
  )

  app.get(
    StaffApi.review,
    { ...finance, schema: { querystring: Type.Object({ ...pageProps }), response: answers(W.StaffReviewPage) } },
    async (req) => ok(await reviewPage(app.db, req.school.id, req.query))
  )

  app.post(
    StaffApi.reviewResolve,
    {
      ...finance,
      schema: {
        params: idParams,
        body: body({ resolution: strEnum(['paid', 'closed']), reason: reqString(500) }),
        response: answers(W.StaffReviewResolved)
      }
    },
    async (req) =>
      ok(
        await resolveReview(
          app.db,
          { schoolId: req.school.id, staffId: req.staff.id, now: app.identity.now(), onPaid: app.orders.onPaid },
          req.params.id,
          req.body
        )
      )
  )

  app.get(
    StaffApi.reconciliation,
    {
      ...finance,
      schema: { querystring: Type.Object({ from: optString(10), to: optString(10) }), response: answers(W.StaffReconciliation) }
    },
    async (req) => {
      const range = reconciliationRange(req.query, app.identity.now())
      return ok({ rows: await reconciliation(app.db, req.school.id, range) })
    }
  )

  // any signed-in member of staff (the scope's session hook already refused everyone else)
  app.get(StaffApi.dashboard, { schema: { response: answers(W.StaffDashboard) } }, async (req) =>
    ok(await dashboard(app.db, req.school.id, app.identity.now(), app.shared))
  )
}
