/**
 * The provider-close job (provider-close.ts enqueues it; docs/decisions/031-closing-provider-orders.md): asks the
 * order's own provider to close it, applies money the close found as a notification (late money, for review).
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { JobRow } from '../../jobs/queue'
import type { PaymentRegistry } from '../../providers/payment/registry'
import { storedChannel } from '../channel/credentials'
import { applyNotification } from './notifications'

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
