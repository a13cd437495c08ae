/**
 * The console's dashboard (any signed-in staff): today's and this month's paid gifts (online and offline),
 * distinct donors, the top projects and the daily series of the last 30 days, by Beijing calendar day. One query per
 * figure, each scoped to the school; sums in integer fen. `warnings` are the deployment's (a proxy TRUST_PROXY does not
 * name, lib/proxy-watch.ts), read from the shared store so that whichever process answers shows them.
 * Money is what gifts still are after refunds (amount_fen - refunded_fen; fully refunded gifts are no longer paid), and `refunds` shows this month's refunds and those waiting
 * (docs/decisions/032-refunds.md).
 */
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { deploymentWarnings } from '../../lib/proxy-watch'
import type { SharedStore } from '../../lib/shared-store'
import { fenToYuan, readFen } from '../../lib/money'
import { countedNetFen } from '../../lib/sql'
import { beijingDate, beijingDayStart, beijingDaySql } from '../ledger/repository'
import type { Dashboard, DashboardFigure } from '../../../../types/schema/staff-money'
import '../refund/tables'

export type { Dashboard, DashboardFigure }

const net = countedNetFen('d.amount_fen', 'd.refunded_fen')

async function refundFigures(db: Kysely<DB>, schoolId: number, monthStartIso: string): Promise<Dashboard['refunds']> {
  const [m, states] = await Promise.all([
    db
      .selectFrom('refund')
      .select((eb) => [eb.fn.sum<number>('amount_fen').as('fen'), eb.fn.countAll<number>().as('n')])
      .where('school_id', '=', schoolId)
      .where('state', '=', 'succeeded')
      .where('settled_at', '>=', monthStartIso)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('refund')
      .select((eb) => ['state', eb.fn.countAll<number>().as('n')])
      .where('school_id', '=', schoolId)
      .where('state', 'in', ['pending_approval', 'requested', 'processing'])
      .groupBy('state')
      .execute()
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

const paid = (db: Kysely<DB>, schoolId: number, sinceIso: string) =>
  db.selectFrom('donation as d').where('d.school_id', '=', schoolId).where('d.status', '=', 'paid').where('d.paid_at', '>=', sinceIso)

// a donor is the app user, or the name for gifts without one (offline gifts)
const donorKey = sql`case when d.user_id is not null then 'u' || cast(d.user_id as text) else 'n' || d.donor_name end`

async function figure(db: Kysely<DB>, schoolId: number, sinceIso: string): Promise<DashboardFigure> {
  const r = await paid(db, schoolId, sinceIso)
    .select((eb) => [
      eb.fn.sum<number>(net).as('fen'),
      eb.fn.countAll<number>().as('n'),
      sql<number>`count(distinct ${donorKey})`.as('donors')
    ])
    .executeTakeFirstOrThrow()
  const fen = readFen(r.fen, 'dashboard')
  return { amount: fenToYuan(fen), amountFen: fen, count: Number(r.n), donors: Number(r.donors) }
}

export async function dashboard(db: Kysely<DB>, schoolId: number, now: Date, store: SharedStore): Promise<Dashboard> {
  const today = beijingDate(now)
  const todayStart = beijingDayStart(today)!
  const monthStart = beijingDayStart(`${today.slice(0, 7)}-01`)!
  const seriesStart = new Date(todayStart.getTime() - (DASHBOARD_DAYS - 1) * DAY_MS)
  const day = beijingDaySql(db, 'd.paid_at')
  const [t, m, top, daily, warnings, refunds] = await Promise.all([
    figure(db, schoolId, todayStart.toISOString()),
    figure(db, schoolId, monthStart.toISOString()),
    paid(db, schoolId, seriesStart.toISOString())
      .innerJoin('project as p', (j) => j.onRef('p.id', '=', 'd.items_id').on('p.school_id', '=', schoolId))
      .select((eb) => ['p.id', 'p.name', eb.fn.sum<number>(net).as('fen'), eb.fn.countAll<number>().as('n')])
      .groupBy(['p.id', 'p.name'])
      .orderBy('fen', 'desc')
      .orderBy('p.id', 'asc')
      .limit(TOP_PROJECTS)
      .execute(),
    paid(db, schoolId, seriesStart.toISOString())
      .select((eb) => [day.as('day'), eb.fn.sum<number>(net).as('fen'), eb.fn.countAll<number>().as('n')])
      .groupBy(day)
      .execute(),
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
