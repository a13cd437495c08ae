/**
 * Bill reconciliation in the staff console (docs/decisions/038-bill-reconciliation.md), inside routes/staff's
 * signed-in scope; finance (or admin) for every route:
 *   GET  /bills?from&to                         runs per day and provider, and the providers "run now" offers
 *   GET  /bills/:id                             one run with its findings
 *   POST /bills/run {date, provider}            queues the day's run (the job worker downloads and matches)
 *   POST /bills/findings/:id/apply {note?}      a payment or refund the bill shows: through the notification path
 *   POST /bills/findings/:id/resolve {note}     closes a finding with a person's note
 * Every change writes its audit row in the transaction of the change (domain/bill/findings.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  applyFinding,
  listRuns,
  requestRun,
  resolveFinding,
  runDetail,
  runnableProviders,
  type BillConsoleDeps
} from '../../domain/bill/findings'
import { beijingDate } from '../../domain/ledger/repository'
import { bizError } from '../../errors'
import { answers, ok } from '../../lib/envelope'
import * as W from '../../../../types/schema/staff-bills'
import { StaffIdParams } from '../../../../types/schema/staff-common'
import { requireRole } from './access'
import { StaffApi } from '../../../../types/staff-api'

const DATE = /^\d{4}-\d{2}-\d{2}$/
const DAY_MS = 86_400_000

export const staffBillRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const finance = requireRole('finance')
  const deps = (): BillConsoleDeps => ({
    db: app.db,
    payments: app.payments,
    log: app.log,
    now: app.identity.now,
    onPaid: app.orders.onPaid
  })
  const actor = (req: { school: { id: number }; staff: { id: number } }) => ({ schoolId: req.school.id, staffId: req.staff.id })

  app.get(StaffApi.bills, { ...finance, schema: { querystring: W.BillRunsQuery, response: answers(W.StaffBillRuns) } }, async (req) => {
    const now = app.identity.now()
    const to = req.query.to || beijingDate(now)
    const from = req.query.from || beijingDate(new Date(now.getTime() - 30 * DAY_MS))
    if (!DATE.test(from) || !DATE.test(to)) throw bizError('billDateInvalid')
    return ok({ rows: await listRuns(app.db, req.school.id, { from, to }), providers: await runnableProviders(deps(), req.school.id) })
  })

  app.get(StaffApi.billRun, { ...finance, schema: { params: StaffIdParams, response: answers(W.StaffBillRunDetail) } }, async (req) =>
    ok(await runDetail(app.db, req.school.id, req.params.id))
  )

  app.post(StaffApi.billsRun, { ...finance, schema: { body: W.BillRunBody, response: answers(W.StaffBillRun) } }, async (req) => {
    const run = await requestRun(deps(), actor(req), req.body)
    // the worker (this process or another: JOBS_ENABLED) picks it up; here it need not wait for the next poll
    app.jobs.kick()
    return ok(run)
  })

  app.post(
    StaffApi.billFindingApply,
    { ...finance, schema: { params: StaffIdParams, body: W.BillFindingApplyBody, response: answers(W.StaffBillFinding) } },
    async (req) => ok(await applyFinding(deps(), actor(req), req.params.id, req.body.note ?? ''))
  )

  app.post(
    StaffApi.billFindingResolve,
    { ...finance, schema: { params: StaffIdParams, body: W.BillFindingResolveBody, response: answers(W.StaffBillFinding) } },
    async (req) => ok(await resolveFinding(deps(), actor(req), req.params.id, req.body.note))
  )
}
