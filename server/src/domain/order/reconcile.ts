/**
 * Reconciliation (run by the job worker every RECONCILE_INTERVAL): orders still open two minutes after creation are
 * asked about at their provider (a lost or late notification is applied through applyNotification, exactly as if it
 * had arrived), and pending orders past expires_at become 'expired'. The provider is asked before expiring, so an
 * order paid just before its deadline is not expired while its notification is still on the way.
 *
 * 'reconciling' orders (a campus-card debit whose answer was lost) are settled only by the provider's answer: paid
 * when it reports the debit, closed when it reports none. An unreachable provider, or one that cannot tell, leaves
 * them as they are for the next run (or a person): they never expire, since the money may have left the card.
 * They are read in their own batch so a backlog of them cannot crowd out the pending orders, nor the other way round.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { isConfigError, type PaymentRegistry } from '../../providers/payment/registry'
import { storedChannel } from '../channel/credentials'
import { reconcileRefunds } from '../refund/service'
import { applyNotification } from './notifications'
import * as repo from './repository'
import { transition } from './state'

export const RECONCILE_AFTER_MS = 2 * 60_000

export interface ReconcileDeps {
  db: Kysely<DB>
  payments: PaymentRegistry
  ttlMinutes: number
  log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>
  onPaid?: (donationId: number) => void
  /** PUBLIC_BASE_URL (refund notify URLs); refunds are reconciled only when it is given (the app's runtime does) */
  publicBaseUrl?: string
}

export interface ReconcileResult {
  checked: number
  paid: number
  closed: number
  expired: number
  unresolved: number
  /** refunds asked about (refunds still processing, or requested and never sent) */
  refunds?: number
}

export async function reconcile(deps: ReconcileDeps, now: Date, limit = 200): Promise<ReconcileResult> {
  const out: ReconcileResult = { checked: 0, paid: 0, closed: 0, expired: 0, unresolved: 0 }
  const cutoff = new Date(now.getTime() - RECONCILE_AFTER_MS).toISOString()
  const stale = [
    ...(await repo.staleOrders(deps.db, 'reconciling', cutoff, limit)),
    ...(await repo.staleOrders(deps.db, 'pending', cutoff, limit))
  ]
  for (const o of stale) {
    out.checked++
    const channel = storedChannel(o.pay_channel) ?? undefined
    const provider = o.provider
      ? await deps.payments.byName(o.school_id, o.provider, o.pay_type, channel).catch((err: unknown) => {
          // a database error stops this run (the next one asks again); only a broken configuration is "no provider"
          if (!isConfigError(err)) throw err
          return null
        })
      : null
    let settled = false
    if (provider) {
      try {
        const n = await provider.query(o.bill_no)
        if (n && n.billNo === o.bill_no) {
          const r = await applyNotification(deps.db, o.school_id, n, { log: deps.log, now, onPaid: deps.onPaid })
          if (r.status === 'applied') out.paid++
          if (r.status === 'closed') out.closed++
          settled = r.status !== 'rejected' && r.status !== 'ignored'
        }
      } catch (err) {
        // An unreachable provider must not keep other orders from being checked; the next run asks again.
        deps.log.warn({ err, billNo: o.bill_no, provider: o.provider }, 'reconciliation query failed')
      }
    }
    if (settled) continue
    if (o.status === 'reconciling') {
      out.unresolved++
      if (!provider)
        deps.log.error(
          { billNo: o.bill_no, provider: o.provider, schoolId: o.school_id },
          'a lost card debit cannot be asked about: its provider is not configured'
        )
      continue
    }
    const deadline = o.expires_at ? Date.parse(o.expires_at) : Date.parse(o.created_at) + deps.ttlMinutes * 60_000
    if (
      deadline <= now.getTime() &&
      (await transition(deps.db, o.school_id, o.id, 'pending', 'expired', { closed_at: now.toISOString(), close_reason: 'expired' }))
    ) {
      out.expired++
    }
  }
  // refunds asked and not settled (docs/decisions/032-refunds.md) are asked about the same way
  if (deps.publicBaseUrl !== undefined) {
    const r = await reconcileRefunds({ ...deps, publicBaseUrl: deps.publicBaseUrl, now: () => now }, now)
    out.refunds = r.checked
  }
  return out
}
