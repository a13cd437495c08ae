/**
 * Reconciliation per day per provider, from the two records the order domain keeps
 * (order/notifications.ts, order/reconcile.ts): paid orders (by the Beijing day of paid_at) and the providers'
 * money-received notifications (by the day they arrived). A mismatch is a paid order without a notification of the
 * same amount from its provider, or a notification whose order is not paid (late money, refund_review). Offline gifts
 * and orders without a provider (seeded history) have nothing to reconcile against and are left out.
 */
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import { fenToYuan } from '../../lib/money'
import { beijingDate, beijingDayStart, beijingDaySql } from './repository'
import type { ReconciliationRow } from '../../../../types/schema/staff-money'

export type { ReconciliationRow }

const DAY_MS = 86_400_000
export const RECONCILIATION_MAX_DAYS = 366

export function reconciliationRange(q: { from?: string; to?: string }, now: Date) {
  const to = q.to || beijingDate(now)
  const from = q.from || beijingDate(new Date(now.getTime() - 29 * DAY_MS))
  const start = beijingDayStart(from)
  const end = beijingDayStart(to)
  if (!start || !end || end < start) throw bizError('moneyDateInvalid')
  if ((end.getTime() - start.getTime()) / DAY_MS >= RECONCILIATION_MAX_DAYS) throw bizError('moneyDateInvalid')
  return { fromIso: start.toISOString(), toIso: new Date(end.getTime() + DAY_MS).toISOString() }
}

export async function reconciliation(
  db: Kysely<DB>,
  schoolId: number,
  range: { fromIso: string; toIso: string }
): Promise<ReconciliationRow[]> {
  const orderDay = beijingDaySql(db, 'd.paid_at')
  const noteDay = beijingDaySql(db, 'pn.created_at')
  const [paid, notified] = await Promise.all([
    db
      .selectFrom('donation as d')
      .leftJoin('payment_notification as pn', (j) =>
        j.onRef('pn.bill_no', '=', 'd.bill_no').onRef('pn.provider', '=', 'd.provider').on('pn.school_id', '=', schoolId)
      )
      .where('d.school_id', '=', schoolId)
      .where('d.status', '=', 'paid')
      .where('d.is_offline', '=', 0)
      .where('d.provider', '<>', '')
      .where('d.paid_at', '>=', range.fromIso)
      .where('d.paid_at', '<', range.toIso)
      .select((eb) => [
        orderDay.as('day'),
        'd.provider',
        eb.fn.countAll<number>().as('orders'),
        eb.fn.sum<number>('d.amount_fen').as('fen'),
        eb.fn.sum<number>(sql`case when pn.id is null or pn.amount_fen <> d.amount_fen then 1 else 0 end`).as('bad')
      ])
      .groupBy([orderDay, 'd.provider'])
      .execute(),
    db
      .selectFrom('payment_notification as pn')
      .leftJoin('donation as d', (j) => j.onRef('d.bill_no', '=', 'pn.bill_no').on('d.school_id', '=', schoolId))
      .where('pn.school_id', '=', schoolId)
      .where('pn.created_at', '>=', range.fromIso)
      .where('pn.created_at', '<', range.toIso)
      .select((eb) => [
        noteDay.as('day'),
        'pn.provider',
        eb.fn.sum<number>('pn.amount_fen').as('fen'),
        eb.fn.sum<number>(sql`case when d.id is null or d.status <> 'paid' then 1 else 0 end`).as('bad')
      ])
      .groupBy([noteDay, 'pn.provider'])
      .execute()
  ])
  const rows = new Map<string, ReconciliationRow>()
  const at = (day: string, provider: string) => {
    const key = `${day}|${provider}`
    let r = rows.get(key)
    if (!r) rows.set(key, (r = { date: day, provider, orders: 0, paidFen: 0, paid: '', notifiedFen: 0, notified: '', mismatches: 0 }))
    return r
  }
  for (const p of paid) {
    const r = at(String(p.day), p.provider)
    r.orders = Number(p.orders)
    r.paidFen = Number(p.fen ?? 0)
    r.mismatches += Number(p.bad ?? 0)
  }
  for (const n of notified) {
    const r = at(String(n.day), n.provider)
    r.notifiedFen = Number(n.fen ?? 0)
    r.mismatches += Number(n.bad ?? 0)
  }
  return [...rows.values()]
    .map((r) => ({ ...r, paid: fenToYuan(r.paidFen), notified: fenToYuan(r.notifiedFen) }))
    .sort((a, b) => (a.date === b.date ? a.provider.localeCompare(b.provider) : a.date < b.date ? 1 : -1))
}
