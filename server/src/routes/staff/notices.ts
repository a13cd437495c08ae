/**
 * Statements and failed sends in the staff console (docs/decisions/050-yearly-statement.md), inside routes/staff's
 * signed-in scope, finance (or admin), the caller's school only:
 *   GET  /statements                 the school's statement batches, newest first, with progress
 *   POST /statements {year}          send year's statements to every donor who asked (a job) -> the batch
 *   GET  /statements/:id             one batch's progress {total, done, sent, failed, skipped} (the screen polls it)
 *   GET  /notifications/failed       notifications failed or waiting to retry: kind, channel, error, attempts
 *   POST /notifications/:id/retry    hand it to the job worker now
 * Both POSTs write an audit row in the transaction of the change.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { bizError } from '../../errors'
import { listFailedSends, retrySend } from '../../domain/notify/failed'
import { batchView, listBatches, startBatch } from '../../domain/statement/service'
import { answers, ok } from '../../lib/envelope'
import * as W from '../../../../types/schema/staff-notices'
import { StaffIdParams, StaffPageQuery } from '../../../../types/schema/staff-common'
import { requireRole } from './access'
import { StaffApi } from '../../../../types/staff-api'

export const staffNoticeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const finance = requireRole('finance')

  app.get(StaffApi.statements, { ...finance, schema: { response: answers(W.StaffStatementBatches) } }, async (req) =>
    ok(await listBatches(app.db, req.school.id))
  )

  app.post(
    StaffApi.statements,
    { ...finance, schema: { body: W.StatementStartBody, response: answers(W.StaffStatementBatch) } },
    async (req) => {
      const batch = await startBatch(app.db, req.school.id, req.staff.id, req.body.year, app.identity.now())
      app.jobs.kick()
      return ok(batch)
    }
  )

  app.get(StaffApi.statement, { ...finance, schema: { params: StaffIdParams, response: answers(W.StaffStatementBatch) } }, async (req) => {
    const batch = await batchView(app.db, req.school.id, req.params.id)
    if (!batch) throw bizError('statementBatchNotFound')
    return ok(batch)
  })

  app.get(
    StaffApi.failedNotifications,
    {
      ...finance,
      schema: { querystring: StaffPageQuery, response: answers(W.StaffFailedSendPage) }
    },
    async (req) => ok(await listFailedSends(app.db, req.school.id, req.query))
  )

  app.post(
    StaffApi.notificationRetry,
    { ...finance, schema: { params: StaffIdParams, response: answers(W.StaffRetried) } },
    async (req) => {
      await retrySend(app.db, req.school.id, req.staff.id, req.params.id, app.identity.now())
      app.jobs.kick()
      return ok(null)
    }
  )
}
