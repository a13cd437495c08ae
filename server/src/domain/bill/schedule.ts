/**
 * The daily schedule (docs/decisions/038-bill-reconciliation.md): on each tick of the worker's reconciliation timer,
 * once it is past BILL_RECONCILE_HOUR in Beijing (WeChat Pay and Alipay publish the previous day's bill in the
 * morning; 10 by default), every school's enabled WeChat Pay and Alipay configuration gets yesterday's run queued
 * and a 'bill-reconcile' job. The run row's unique key decides, across worker processes, who enqueues: the insert
 * that creates it. A job that fails (the bill not ready yet, a provider unreachable) is retried by the worker with
 * backoff; after its last attempt the run stays 'failed' with its reason on the console, where "run now" starts it
 * again. The sandbox is never scheduled: its bill is run by hand (sandbox.ts).
 */
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { enqueue, type JobRow } from '../../jobs/queue'
import { beijingDate } from '../ledger/repository'
import { runBillReconciliation, type BillDeps } from './run'

export const BILL_JOB_KIND = 'bill-reconcile' as const
export const BILL_PROVIDERS = ['wechatpay', 'alipay'] as const
const DAY_MS = 86_400_000

/** BILL_RECONCILE_HOUR: 0-23 (Beijing), default 10; 'off' turns the daily schedule off (null). */
export function billHourFromEnv(v: string | undefined): number | null {
  if (v === undefined || v === '') return 10
  if (v === 'off') return null
  const n = Number(v)
  if (!Number.isInteger(n) || n < 0 || n > 23) throw new Error(`BILL_RECONCILE_HOUR must be 0-23 or off, got ${JSON.stringify(v)}`)
  return n
}

export async function scheduleBillRuns(db: Kysely<DB>, now: Date, hour: number | null): Promise<number> {
  if (hour === null) return 0
  const beijingHour = new Date(now.getTime() + 8 * 3_600_000).getUTCHours()
  if (beijingHour < hour) return 0
  const billDate = beijingDate(new Date(now.getTime() - DAY_MS))
  const configured = await db
    .selectFrom('payment_config')
    .select(['school_id', 'provider'])
    .distinct()
    .where('enabled', '=', 1)
    .where('provider', 'in', [...BILL_PROVIDERS])
    .execute()
  if (!configured.length) return 0
  const done = await db.selectFrom('bill_run').select(['school_id', 'provider']).where('bill_date', '=', billDate).execute()
  const have = new Set(done.map((r) => `${r.school_id}:${r.provider}`))
  let queued = 0
  for (const c of configured) {
    if (have.has(`${c.school_id}:${c.provider}`)) continue
    const at = now.toISOString()
    queued += await db.transaction().execute(async (trx) => {
      const ins = await trx
        .insertInto('bill_run')
        .values({
          school_id: c.school_id,
          provider: c.provider,
          bill_date: billDate,
          state: 'queued',
          requested_by: null,
          started_at: null,
          finished_at: null,
          created_at: at,
          updated_at: at
        })
        .onConflict((oc) => oc.columns(['school_id', 'provider', 'bill_date']).doNothing())
        .executeTakeFirst()
      if (Number(ins.numInsertedOrUpdatedRows ?? 0) !== 1) return 0
      await enqueue(trx, c.school_id, BILL_JOB_KIND, { provider: c.provider, billDate }, { now })
      return 1
    })
  }
  return queued
}

/** The job: one run (run.ts); throws so the worker retries. */
export async function runBillJob(deps: BillDeps, job: Pick<JobRow, 'school_id'>, payload: Record<string, unknown>) {
  const provider = String(payload.provider ?? '')
  const billDate = String(payload.billDate ?? '')
  if (!provider || !/^\d{4}-\d{2}-\d{2}$/.test(billDate)) throw new Error('bill-reconcile job without provider or billDate')
  return runBillReconciliation(deps, job.school_id, provider, billDate)
}
