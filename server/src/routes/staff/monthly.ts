/**
 * Monthly giving plans in the staff console (docs/decisions/071-monthly-giving.md, 078-monthly-giving-screens.md),
 * inside routes/staff's signed-in scope, finance (or admin), the caller's school only:
 *   GET  /monthly-plans?status=&itemsId=&failed=&offset=&limit=   the school's plans (all, or signing|active|paused|stopped;
 *                                                                 one project; only those with failed charges), newest
 *                                                                 first, with the next charge date and failed charges
 *   GET  /monthly-plans/export?status=&itemsId=&failed=          the same plans as CSV (every page)
 *   POST /monthly-plans/collect {date}                             collection of the school's plans for a Beijing day
 *                                                                 (today or earlier), the worker's and CLI's collect(); audited
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { collectForSchool, listPlansForStaff, plansCsv } from '../../domain/monthly/staff'
import { beijingDate } from '../../domain/ledger/repository'
import { answers, ok } from '../../lib/envelope'
import { requireRole } from './access'
import { StaffApi } from '../../../../types/staff-api'
import {
  StaffMonthlyCollectBody,
  StaffMonthlyCollection,
  StaffMonthlyExport,
  StaffMonthlyPlanPage,
  StaffMonthlyPlanQuery
} from '../../../../types/schema/monthly'

export const staffMonthlyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    StaffApi.monthlyPlans,
    {
      ...requireRole('finance'),
      schema: {
        querystring: StaffMonthlyPlanQuery,
        response: answers(StaffMonthlyPlanPage)
      }
    },
    async (req) => ok(await listPlansForStaff(app.db, req.school.id, req.query))
  )

  app.get(
    StaffApi.monthlyExport,
    // a success is the CSV itself (never serialized against a schema); a refusal is the usual -1 envelope
    { ...requireRole('finance'), schema: { querystring: StaffMonthlyPlanQuery, response: { 200: StaffMonthlyExport } } },
    async (req, reply) => {
      const csv = await plansCsv(app.db, req.school.id, req.query, req.lang)
      const name = `monthly-plans-${beijingDate(app.monthly.now())}.csv`
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(csv)
    }
  )

  app.post(
    StaffApi.monthlyCollect,
    { ...requireRole('finance'), schema: { body: StaffMonthlyCollectBody, response: answers(StaffMonthlyCollection) } },
    async (req) => ok(await collectForSchool(app.monthly, { schoolId: req.school.id, staffId: req.staff.id }, req.body.date))
  )
}
