/**
 * The console's dashboard (any signed-in staff): today's and this month's paid gifts (online and offline),
 * distinct donors, the top projects and the daily series of the last 30 days, by Beijing calendar day. One query per
 * figure, each scoped to the school; sums in integer fen. `warnings` are the deployment's (a proxy TRUST_PROXY does not
 * name, lib/proxy-watch.ts), read from the shared store so that whichever process answers shows them.
 * Money is what gifts still are after refunds (amount_fen - refunded_fen; fully refunded gifts are no longer paid), and `refunds` shows this month's refunds and those waiting
 * (docs/decisions/032-refunds.md).
 */
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { deploymentWarnings } from '../../lib/proxy-watch'
import type { SharedStore } from '../../lib/shared-store'
import { fenToYuan, readFen } from '../../lib/money'
import { beijingDate, beijingDayStart } from '../ledger/repository'
import * as staffRepo from './repository'
import type { Dashboard, DashboardFigure } from '../../../../types/schema/staff-money'

export type { Dashboard, DashboardFigure }

async function refundFigures(db: Kysely<DB>, schoolId: number, monthStartIso: string): Promise<Dashboard['refunds']> {
  const [m, states] = await Promise.all([
    staffRepo.refundsSettledSince(db, schoolId, monthStartIso),
    staffRepo.refundsInStates(db, schoolId, ['pending_approval', 'requested', 'processing'])
  ])
  const n = (s: string) => states.filter((x) => x.state === s).reduce((a, x) => a + Number(x.n), 0)
  const fen = Number(m.fen ?? 0)
  return {
    month: { amount: fenToYuan(fen), amountFen: fen, count: Number(m.n) },
    pendingApproval: n('pending_approval'),
    processing: n('requested') + n('processing')
  }
}

const DAY_MS = 86_400_000
export const DASHBOARD_DAYS = 30
export const TOP_PROJECTS = 5

async function figure(db: Kysely<DB>, schoolId: number, sinceIso: string): Promise<DashboardFigure> {
  const r = await staffRepo.paidFigure(db, schoolId, sinceIso)
  const fen = readFen(r.fen, 'dashboard')
  return { amount: fenToYuan(fen), amountFen: fen, count: Number(r.n), donors: Number(r.donors) }
}

export async function dashboard(db: Kysely<DB>, schoolId: number, now: Date, store: SharedStore): Promise<Dashboard> {
  const today = beijingDate(now)
  const todayStart = beijingDayStart(today)!
  const monthStart = beijingDayStart(`${today.slice(0, 7)}-01`)!
  const seriesStart = new Date(todayStart.getTime() - (DASHBOARD_DAYS - 1) * DAY_MS)
  const [t, m, top, daily, warnings, refunds] = await Promise.all([
    figure(db, schoolId, todayStart.toISOString()),
    figure(db, schoolId, monthStart.toISOString()),
    staffRepo.topPaidProjects(db, schoolId, seriesStart.toISOString(), TOP_PROJECTS),
    staffRepo.paidByBeijingDay(db, schoolId, seriesStart.toISOString()),
    deploymentWarnings(store, now.getTime()),
    refundFigures(db, schoolId, monthStart.toISOString())
  ])
  const byDay = new Map(daily.map((d) => [String(d.day), { fen: readFen(d.fen, 'dashboard'), n: Number(d.n) }]))
  return {
    today: t,
    month: m,
    topProjects: top.map((p) => ({
      id: Number(p.id),
      name: p.name,
      amount: fenToYuan(readFen(p.fen, 'dashboard')),
      amountFen: readFen(p.fen, 'dashboard'),
      count: Number(p.n)
    })),
    daily: Array.from({ length: DASHBOARD_DAYS }, (_, i) => {
      const date = beijingDate(new Date(seriesStart.getTime() + i * DAY_MS))
      const v = byDay.get(date) ?? { fen: 0, n: 0 }
      return { date, amount: fenToYuan(v.fen), amountFen: v.fen, count: v.n }
    }),
    warnings,
    refunds
  }
}
