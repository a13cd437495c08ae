/**
 * Ending an agreement at its provider after the plan stopped here (docs/decisions/079-monthly-providers.md): the stop
 * (donor, account deletion) never waits for the provider — the plan is stopped first, so it is never charged again —
 * and the end at WeChat Pay (papay terminate) or Alipay (alipay.user.agreement.unsign) is asked once at once and, when
 * that fails or for a deleted account, by a queued 'monthly-unsign' job retried with backoff until the provider
 * confirms. A provider that no longer takes agreements for the pay type fails the job, which waits for a person
 * (the staff console shows the agreement number). The end itself and its queueing are in service.ts (stopPlan uses
 * them); this file is the job.
 */
import type { JobRow } from '../../jobs/queue'
import { unsignAtProvider, type MonthlyDeps } from './service'

export { UNSIGN_JOB_KIND, UNSIGN_MAX_ATTEMPTS, enqueueUnsign } from './service'

export async function runUnsign(deps: Pick<MonthlyDeps, 'db' | 'payments'>, job: JobRow, payload: Record<string, unknown>) {
  const planId = Number(payload.planId)
  if (!Number.isSafeInteger(planId)) throw new Error('monthly-unsign job without planId')
  await unsignAtProvider(deps, job.school_id, planId)
}
