/**
 * Closing an order at its provider (docs/decisions/031-closing-provider-orders.md). When an order ends unpaid here
 * (the donor cancels, a new order replaces it, it expires, or the provider refused to create it), the WeChat Pay
 * order or Alipay trade behind it would stay payable until its time_expire. The transition that closes the order
 * enqueues a 'provider-close' job in the same transaction (state.ts), so no close is lost to a crash; the job worker
 * asks the provider to close it and retries with backoff until the provider confirms ('closed' or 'absent'). Money
 * that arrived anyway ('paid', found by the close itself, or a notification) goes through applyNotification and is
 * late money for review (docs/decisions/007), never a reopened order.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../db/types'
import { enqueue, type JobRow } from '../../jobs/queue'
import type { PaymentRegistry } from '../../providers/payment/registry'
import { keepsOpenOrders } from '../../providers/payment/types'
import { storedChannel } from '../channel/credentials'
import { applyNotification } from './notifications'

export const CLOSE_JOB_KIND = 'provider-close' as const
/** 5 s doubling to the 30-minute cap (jobs/queue.ts backoffMs): about 1 h 45 min of asking before the job is
 *  'failed' and waits for a person; the order's own time_expire (ORDER_TTL_MINUTES) has ended it at the provider by then */
export const CLOSE_MAX_ATTEMPTS = 12

/** Enqueues the close of an order that has just been closed here, in the caller's transaction; nothing for a provider
 *  that keeps no order of its own. */
export async function enqueueProviderClose(trx: Transaction<DB>, schoolId: number, donationId: number, closedAt: string): Promise<void> {
  const o = await trx
    .selectFrom('donation')
    .select(['bill_no', 'provider'])
    .where('id', '=', donationId)
    .where('school_id', '=', schoolId)
    .executeTakeFirst()
  if (!o || !keepsOpenOrders(o.provider)) return
  const at = new Date(closedAt)
  await enqueue(
    trx,
    schoolId,
    CLOSE_JOB_KIND,
    { billNo: o.bill_no, donationId },
    { now: Number.isNaN(at.getTime()) ? undefined : at, maxAttempts: CLOSE_MAX_ATTEMPTS }
  )
}

export interface ProviderCloseDeps {
  db: Kysely<DB>
  payments: PaymentRegistry
  log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>
  now: () => Date
  onPaid?: (donationId: number) => void
}

/** The job: asks the order's own provider (pay type and channel: the same merchant that created it) to close it.
 *  Throws while the provider has not confirmed, so the worker retries with backoff. */
export async function runProviderClose(
  deps: ProviderCloseDeps,
  job: Pick<JobRow, 'school_id' | 'attempts'>,
  payload: Record<string, unknown>
) {
  const donationId = Number(payload.donationId)
  if (!Number.isSafeInteger(donationId)) throw new Error('provider-close job without donationId')
  const order = await deps.db
    .selectFrom('donation')
    .leftJoin('donation_submission', 'donation_submission.donation_id', 'donation.id')
    .select(['donation.bill_no', 'donation.provider', 'donation.pay_type', 'donation.status', 'donation_submission.pay_channel'])
    .where('donation.id', '=', donationId)
    .where('donation.school_id', '=', job.school_id)
    .executeTakeFirst()
  if (!order) return 'gone'
  // a configuration error (the provider was switched off meanwhile) is thrown like any failure: retried, then 'failed'
  const provider = await deps.payments.byName(job.school_id, order.provider, order.pay_type, storedChannel(order.pay_channel) ?? undefined)
  if (!provider) throw new Error(`provider ${order.provider} for pay type ${order.pay_type} is no longer configured`)
  if (!provider.close) return 'absent'
  const r = await provider.close(order.bill_no)
  if (r.status === 'paid') {
    const applied = await applyNotification(deps.db, job.school_id, r.paid, { log: deps.log, now: deps.now(), onPaid: deps.onPaid })
    deps.log.warn(
      { billNo: order.bill_no, provider: order.provider, schoolId: job.school_id, result: applied.status },
      'closing the order at the provider found money already paid: applied as a notification'
    )
  } else {
    deps.log.info(
      { billNo: order.bill_no, provider: order.provider, schoolId: job.school_id, result: r.status },
      'order closed at the provider'
    )
  }
  return r.status
}
