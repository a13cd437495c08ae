/**
 * Monthly giving plans in the staff console (docs/decisions/071-monthly-giving.md), inside routes/staff's signed-in
 * scope, finance (or admin), the caller's school only:
 *   GET /monthly-plans?status=&offset=&limit=   the school's plans (all, or signing|active|paused|stopped), newest first,
 *                                               with the next charge date and failed charges
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { listPlansForStaff } from '../../domain/monthly/staff'
import { answers, ok } from '../../lib/envelope'
import { requireRole } from './access'
import { StaffApi } from '../../../../types/staff-api'
import { StaffMonthlyPlanPage, StaffMonthlyPlanQuery } from '../../../../types/schema/monthly'

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
}
