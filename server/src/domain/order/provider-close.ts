/**
 * Closing an order at its provider (docs/decisions/031-closing-provider-orders.md). When an order ends unpaid here
 * (the donor cancels, a new order replaces it, it expires, or the provider refused to create it), the WeChat Pay
 * order or Alipay trade behind it would stay payable until its time_expire. The transition that closes the order
 * enqueues a 'provider-close' job in the same transaction (state.ts), so no close is lost to a crash; the job worker
 * asks the provider to close it and retries with backoff until the provider confirms ('closed' or 'absent'). Money
 * that arrived anyway ('paid', found by the close itself, or a notification) goes through applyNotification and is
 * late money for review (docs/decisions/007), never a reopened order. The job itself: provider-close-job.ts.
 */
import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import { enqueue } from '../../jobs/queue'
import { keepsOpenOrders } from '../../providers/payment/types'

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
