/**
 * Monthly giving plans in the staff console (docs/decisions/071-monthly-giving.md, 078-monthly-giving-screens.md),
 * inside routes/staff's signed-in scope, finance (or admin), the caller's school only:
 *   GET  /monthly-plans?status=&itemsId=&failed=&offset=&limit=   the school's plans (all, or signing|active|paused|stopped;
 *                                                                 one project; only those with failed charges), newest
 *                                                                 first, with the next charge date and failed charges
 *   POST /monthly-plans/collect {date}                             collection of the school's plans for a Beijing day
 *                                                                 (today or earlier), the worker's and CLI's collect(); audited
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { collectForSchool, listPlansForStaff } from '../../domain/monthly/staff'
import { answers, ok } from '../../lib/envelope'
import { requireRole } from './access'
import { StaffApi } from '../../../../types/staff-api'
import {
  StaffMonthlyCollectBody,
  StaffMonthlyCollection,
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

  app.post(
    StaffApi.monthlyCollect,
    { ...requireRole('finance'), schema: { body: StaffMonthlyCollectBody, response: answers(StaffMonthlyCollection) } },
    async (req) => ok(await collectForSchool(app.monthly, { schoolId: req.school.id, staffId: req.staff.id }, req.body.date))
  )
}
