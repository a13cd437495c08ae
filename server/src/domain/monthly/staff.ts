/** Monthly plans for staff (docs/decisions/071-monthly-giving.md): a school's plans by status, newest first. */
import type { Kysely } from 'kysely'
import type { StaffMonthlyPlanPage } from '../../../../types'
import type { DB, MonthlyPlanStatus } from '../../db/schema'
import { fenToYuan, readFen } from '../../lib/money'
import { toWireDate } from '../../lib/dates'
import * as repo from './repository'

export async function listPlansForStaff(
  db: Kysely<DB>,
  schoolId: number,
  q: { status?: MonthlyPlanStatus | 'all' | ''; offset?: number | null; limit?: number | null }
): Promise<StaffMonthlyPlanPage> {
  const limit = Math.min(q.limit ?? 20, 100)
  const { rows, total } = await repo.staffPlans(db, schoolId, q.status || 'all', q.offset ?? 0, limit)
  const failed = await repo.failedChargeCounts(
    db,
    schoolId,
    rows.map((r) => r.id)
  )
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      planNo: r.plan_no,
      userId: r.user_id,
      donorName: r.donor_name || r.nickname,
      itemsId: r.items_id,
      itemsName: r.project_name,
      money: fenToYuan(readFen(r.amount_fen, 'monthly_plan.amount_fen')),
      dayOfMonth: r.day_of_month,
      provider: r.provider,
      agreementNo: r.agreement_no,
      status: r.status,
      nextChargeOn: r.status === 'active' ? r.next_charge_on : '',
      failureCount: r.failure_count,
      failedCharges: failed.get(r.id) ?? 0,
      stopReason: r.stop_reason,
      createdAt: toWireDate(r.created_at)
    }))
  }
}
