/**
 * Ending an agreement at its provider after the plan stopped here (docs/decisions/079-monthly-providers.md): the stop
 * (donor, account deletion) never waits for the provider — the plan is stopped first, so it is never charged again —
 * and the end at WeChat Pay (papay terminate) or Alipay (alipay.user.agreement.unsign) is asked once at once and, when
 * that fails or for a deleted account, by a queued 'monthly-unsign' job retried with backoff until the provider
 * confirms. A provider that no longer takes agreements for the pay type fails the job, which waits for a person
 * (the staff console shows the agreement number).
 */
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import { enqueue, type JobRow } from '../../jobs/queue'
import * as repo from './repository'
import { agreementProviderFor, type MonthlyDeps } from './service'

export const UNSIGN_JOB_KIND = 'monthly-unsign' as const
/** 5 s doubling to the 30-minute cap (jobs/queue.ts backoffMs): about a day of asking */
export const UNSIGN_MAX_ATTEMPTS = 60

export const enqueueUnsign = (db: Kysely<DB> | Transaction<DB>, schoolId: number, planId: number) =>
  enqueue(db, schoolId, UNSIGN_JOB_KIND, { planId }, { maxAttempts: UNSIGN_MAX_ATTEMPTS })

/** Ends a stopped plan's agreement at its provider; throws when the provider did not confirm (the caller retries). */
export async function unsignAtProvider(deps: Pick<MonthlyDeps, 'db' | 'payments'>, schoolId: number, planId: number): Promise<void> {
  const plan = await repo.planById(deps.db, schoolId, planId)
  if (!plan || plan.status !== 'stopped' || !plan.agreement_no) return
  const provider = await agreementProviderFor(deps, schoolId, plan.pay_type)
  if (!provider || provider.name !== plan.provider) throw new Error(`no ${plan.provider} agreement provider for pay type ${plan.pay_type}`)
  await provider.terminate(plan.agreement_no, plan.plan_no)
}

export async function runUnsign(deps: Pick<MonthlyDeps, 'db' | 'payments'>, job: JobRow, payload: Record<string, unknown>) {
  const planId = Number(payload.planId)
  if (!Number.isSafeInteger(planId)) throw new Error('monthly-unsign job without planId')
  await unsignAtProvider(deps, job.school_id, planId)
}
