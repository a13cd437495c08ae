/**
 * The money side of the staff API, registered inside routes/staff's signed-in scope (tenant, CORS policy,
 * staff session). finance (or admin) for all but the dashboard, which any signed-in staff may read:
 *   GET  /ledger?projectId&from&to&channel&status&min&max&keyword&limit&offset   orders with totals over the filter
 *   GET  /ledger/:id                                                          one gift in full (the detail drawer)
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
import { dashboard } from '../../domain/staff/dashboard'
import { exportFile, exportStatus, startExport } from '../../domain/ledger/exports'
import { giftDetail, ledgerFilter, ledgerPage } from '../../domain/ledger/repository'
import { listStaffProjects } from '../../domain/project/editor'
import { correctOfflineGift, createOfflineGift, voidOfflineGift } from '../../domain/ledger/offline'
import { reconciliation, reconciliationRange } from '../../domain/ledger/reconciliation'
import { resolveReview, reviewPage } from '../../domain/order/review'
import { answers, ok } from '../../lib/envelope'
import * as W from '../../../../types/schema/staff-money'
import { StaffIdParams, StaffPageQuery } from '../../../../types/schema/staff-common'
import { requireRole } from './access'
import { StaffApi } from '../../../../types/staff-api'

export const staffMoneyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const finance = requireRole('finance')

  // finance picks the project of an offline gift by name; the editors' project list (/projects) stays theirs
  app.get(
    StaffApi.offlineGiftProjects,
    {
      ...finance,
      schema: { querystring: W.StaffProjectChoicesQuery, response: answers(W.StaffProjectChoices) }
    },
    async (req) => {
      const page = await listStaffProjects(app.db, req.school.id, req.query)
      return ok({ total: page.total, rows: page.rows.map((p) => ({ id: p.id, name: p.name })) })
    }
  )

  app.get(
    StaffApi.ledger,
    { ...finance, schema: { querystring: W.StaffLedgerQuery, response: answers(W.StaffLedgerPage) } },
    async (req) => {
      const { limit, offset, ...q } = req.query
      return ok(await ledgerPage(app.db, req.school.id, ledgerFilter(q), { limit, offset }))
    }
  )

  // one gift in full for the ledger's detail drawer (docs/decisions/083-console-gift-drawer-and-bulk-actions.md)
  app.get(StaffApi.ledgerGift, { ...finance, schema: { params: StaffIdParams, response: answers(W.StaffGiftDetail) } }, async (req) =>
    ok(await giftDetail(app.db, req.school.id, req.params.id))
  )

  app.post(
    StaffApi.exports,
    {
      ...finance,
      schema: {
        body: W.StaffExportBody,
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

  app.get(StaffApi.exportStatus, { ...finance, schema: { params: StaffIdParams, response: answers(W.StaffExportStatus) } }, async (req) =>
    ok(await exportStatus(app.db, req.school.id, req.params.id))
  )

  app.get(
    StaffApi.exportFile,
    // a success is the file itself (a stream: never serialized nor checked against a schema); a refusal is the
    // usual -1 envelope, written by the error handler
    { ...finance, schema: { params: StaffIdParams, response: { 200: W.StaffExportFile } } },
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
        body: W.OfflineGiftBody,
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
        params: StaffIdParams,
        body: W.OfflineGiftCorrectionBody,
        response: answers(W.StaffLedgerRow)
      }
    },
    async (req) => ok(await correctOfflineGift(app.db, offlineActor(req), req.params.id, req.body))
  )

  app.post(
    StaffApi.offlineGiftVoid,
    {
      ...finance,
      schema: { params: StaffIdParams, body: W.OfflineGiftVoidBody, response: answers(W.StaffLedgerRow) }
    },
    async (req) => ok(await voidOfflineGift(app.db, offlineActor(req), req.params.id, req.body))
  )

  app.get(StaffApi.review, { ...finance, schema: { querystring: StaffPageQuery, response: answers(W.StaffReviewPage) } }, async (req) =>
    ok(await reviewPage(app.db, req.school.id, req.query))
  )

  app.post(
    StaffApi.reviewResolve,
    {
      ...finance,
      schema: {
        params: StaffIdParams,
        body: W.ReviewResolveBody,
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
      schema: { querystring: W.ReconciliationQuery, response: answers(W.StaffReconciliation) }
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
