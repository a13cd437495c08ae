/**
 * Monthly plans for staff (docs/decisions/071-monthly-giving.md, 078-monthly-giving-screens.md): a school's plans by
 * status, project and failed charges, newest first; and the console's "run collection for a day" of the school's own
 * plans, the same collect() as the worker and the CLI, audited.
 */
import type { Kysely } from 'kysely'
import type { Lang, StaffMonthlyCollection, StaffMonthlyPlanPage, StaffMonthlyPlanQuery } from '../../../../types'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import { fenToYuan, readFen } from '../../lib/money'
import { toWireDate } from '../../lib/dates'
import { csvCell } from '../ledger/exports'
import { beijingDate } from '../ledger/repository'
import { recordAudit } from '../staff/audit'
import { collect } from './collect'
import { isDay } from './dates'
import * as repo from './repository'
import type { MonthlyDeps } from './service'

export async function listPlansForStaff(db: Kysely<DB>, schoolId: number, q: StaffMonthlyPlanQuery): Promise<StaffMonthlyPlanPage> {
  const limit = Math.min(q.limit ?? 20, 100)
  const { rows, total } = await repo.staffPlans(
    db,
    schoolId,
    { status: q.status || 'all', itemsId: q.itemsId, failed: !!q.failed },
    q.offset ?? 0,
    limit
  )
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

const HEAD: Record<Lang, string[]> = {
  zh_CN: [
    '月捐编号',
    '捐赠人',
    '用户ID',
    '项目',
    '每月金额（元）',
    '每月扣款日',
    '状态',
    '下次扣款',
    '连续失败次数',
    '失败扣款',
    '渠道',
    '协议号',
    '停止原因',
    '创建时间'
  ],
  en: [
    'Plan',
    'Donor',
    'User id',
    'Project',
    'Monthly amount (yuan)',
    'Day of month',
    'Status',
    'Next charge',
    'Failures in a row',
    'Failed charges',
    'Provider',
    'Agreement',
    'Stop reason',
    'Created'
  ]
}
const STATUS: Record<Lang, Record<string, string>> = {
  zh_CN: { signing: '待签约', active: '进行中', paused: '已暂停', stopped: '已停止' },
  en: { signing: 'signing', active: 'active', paused: 'paused', stopped: 'stopped' }
}
/** the export's limit: a school's plans fit many times over; past it the file says it was cut */
const EXPORT_MAX = 20_000

/** The plans of the console's filters as CSV (UTF-8 with BOM for Excel), every page of them. */
export async function plansCsv(db: Kysely<DB>, schoolId: number, q: StaffMonthlyPlanQuery, lang: Lang): Promise<string> {
  const lines = [HEAD[lang]]
  for (let offset = 0; offset < EXPORT_MAX; offset += 100) {
    const page = await listPlansForStaff(db, schoolId, { ...q, offset, limit: 100 })
    for (const r of page.rows)
      lines.push([
        r.planNo,
        r.donorName,
        String(r.userId),
        r.itemsName,
        r.money,
        String(r.dayOfMonth),
        STATUS[lang][r.status] ?? r.status,
        r.nextChargeOn,
        String(r.failureCount),
        String(r.failedCharges),
        r.provider,
        r.agreementNo,
        r.stopReason,
        r.createdAt
      ])
    if (offset + 100 >= page.total) break
  }
  return '\ufeff' + lines.map((l) => `${l.map(csvCell).join(',')}\r\n`).join('')
}

/**
 * Collection for one Beijing day of this school's plans (the console's action). Only today or an earlier day: an
 * earlier day is the recovery of a day no worker ran (each month is still charged once, missed months skipped), while
 * a day ahead would charge donors before their date. Collecting ahead (tests, the sandbox) stays with the CLI.
 */
export async function collectForSchool(
  deps: MonthlyDeps,
  actor: { schoolId: number; staffId: number },
  date: string
): Promise<StaffMonthlyCollection> {
  if (!isDay(date) || date > beijingDate(deps.now())) throw bizError('monthlyCollectDayInvalid')
  const r = await collect(deps, date, actor.schoolId)
  await recordAudit(deps.db, {
    schoolId: actor.schoolId,
    staffId: actor.staffId,
    action: 'monthly.collect',
    entity: 'monthly_plan',
    entityId: null,
    before: { date },
    after: r
  })
  return r
}
