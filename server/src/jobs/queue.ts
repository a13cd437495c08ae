/**
 * Durable jobs: rows in `job`. Enqueued inside the transaction that makes them necessary (a paid order enqueues
 * its certificate in the same commit), so a crash can lose neither the payment nor its follow-up. Claimed with a
 * conditional UPDATE (status pending -> running) whose row count decides which worker owns the job; a job left
 * 'running' by a crashed process is handed out again after LEASE_MS.
 *
 * Several processes (docs/decisions/023-scale-out.md): the claim is a lease — locked_by (this process) and
 * locked_at — and completing, failing or releasing a job is conditional on still holding that lease, so a worker
 * whose lease ran out and was handed to another cannot overwrite the other's outcome. While a lease is alive no
 * other worker can claim the job (status is 'running'); certificates take well under a second against LEASE_MS.
 */
import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import type { Kysely, Transaction } from 'kysely'
import { preparedInsert } from '../db/prepared'
import type { DB } from '../db/schema'

type Db = Kysely<DB> | Transaction<DB>

export const LEASE_MS = 5 * 60_000
export const BACKOFF_BASE_MS = 5_000
export const BACKOFF_MAX_MS = 30 * 60_000
/** who holds a lease: host, process and a random part (a pid can come back after a restart) */
export const WORKER_ID = `${hostname().slice(0, 60)}:${process.pid}:${randomBytes(4).toString('hex')}`

/** certificate: render a paid order's certificate; ledger-export: write a staff ledger export (domain/ledger/exports.ts);
 *  provider-close: close an order ended here at its payment provider (domain/order/provider-close.ts);
 *  agreement-render: render an agreement the request path handed over (domain/agreement/service.ts, decision 039);
 *  bill-reconcile: a provider's daily bill against our books (domain/bill/schedule.ts);
 *  notify: send one notification (domain/notify/send.ts);
 *  statement-batch: a year's statements to every donor who asked (domain/statement/service.ts);
 *  monthly-unsign: end a stopped plan's agreement at its provider (domain/monthly/unsign.ts) */
export type JobKind =
  | 'certificate'
  | 'ledger-export'
  | 'provider-close'
  | 'agreement-render'
  | 'bill-reconcile'
  | 'notify'
  | 'statement-batch'
  | 'monthly-unsign'

export interface JobRow {
  id: number
  school_id: number
  kind: string
  payload: string
  attempts: number
  max_attempts: number
  /** the lease this worker holds (claimDue): the claim time, with WORKER_ID as locked_by */
  locked_at?: string
}

/** attempts a job gets unless its enqueue says otherwise (also the paid statement's certificate job: order/notifications.ts) */
export const JOB_MAX_ATTEMPTS = 8

export async function enqueue(
  db: Db,
  schoolId: number,
  kind: JobKind,
  payload: object,
  opts: { runAfter?: Date; maxAttempts?: number; now?: Date } = {}
): Promise<void> {
  const now = (opts.now ?? new Date()).toISOString()
  await insertJob.exec(db, {
    school_id: schoolId,
    kind,
    payload: JSON.stringify(payload),
    status: 'pending',
    attempts: 0,
    max_attempts: opts.maxAttempts ?? JOB_MAX_ATTEMPTS,
    run_after: (opts.runAfter ?? opts.now ?? new Date()).toISOString(),
    locked_at: null,
    last_error: '',
    created_at: now,
    updated_at: now
  })
}

/** every paid order enqueues its certificate: compiled once (db/prepared.ts) */
const insertJob = preparedInsert('job')

/** Exponential backoff after the n-th failed attempt: 5 s, 10 s, 20 s, … capped at 30 minutes. */
export const backoffMs = (attempts: number) => Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1))

/** Jobs whose lease ran out (their process died mid-run) become pending again. */
export async function releaseExpiredLeases(db: Db, now: Date): Promise<number> {
  const r = await db
    .updateTable('job')
    .set({ status: 'pending', updated_at: now.toISOString() })
    .where('status', '=', 'running')
    .where('locked_at', '<', new Date(now.getTime() - LEASE_MS).toISOString())
    .executeTakeFirst()
  return Number(r.numUpdatedRows)
}

/** Claims up to `limit` due jobs; each claim is a conditional update, so two workers never run the same job. */
export async function claimDue(db: Db, now: Date, limit: number): Promise<JobRow[]> {
  const iso = now.toISOString()
  const due = await db
    .selectFrom('job')
    .select(['id', 'school_id', 'kind', 'payload', 'attempts', 'max_attempts'])
    .where('status', '=', 'pending')
    .where('run_after', '<=', iso)
    .orderBy('run_after', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute()
  if (!due.length) return []
  // the claims of a batch in one transaction: one write lock taken, not one per job (on SQLite the API process
  // waits while another process holds it)
  const claimOne = async (q: Db, j: (typeof due)[number]) => {
    const r = await q
      .updateTable('job')
      .set((eb) => ({ status: 'running', locked_at: iso, locked_by: WORKER_ID, updated_at: iso, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', j.id)
      .where('status', '=', 'pending')
      .executeTakeFirst()
    return Number(r.numUpdatedRows) === 1 ? [{ ...j, attempts: j.attempts + 1, locked_at: iso }] : []
  }
  const claimAll = async (q: Db) => {
    const claimed: JobRow[] = []
    for (const j of due) claimed.push(...(await claimOne(q, j)))
    return claimed
  }
  return db.isTransaction ? claimAll(db) : db.transaction().execute(claimAll)
}

/** Claimed jobs that were not started (shutdown): pending again, the claim not counted as an attempt. */
export async function release(db: Db, jobs: JobRow[], now: Date) {
  for (const j of jobs) {
    await db
      .updateTable('job')
      .set({ status: 'pending', locked_at: null, attempts: j.attempts - 1, updated_at: now.toISOString() })
      .where('id', '=', j.id)
      .where('status', '=', 'running')
      .$call(holding(j))
      .execute()
  }
}

/** Only while `job`'s lease is still ours (a bare id skips that check: tools acting on one job by hand). */
export async function complete(db: Db, job: JobRow | number, now: Date) {
  const id = typeof job === 'number' ? job : job.id
  await db
    .updateTable('job')
    .set({ status: 'done', locked_at: null, last_error: '', updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .$call(holding(typeof job === 'number' ? undefined : job))
    .execute()
}

/** the conditions of holding `job`'s lease: claimed by this process at that time (none for a row not claimed here) */
const holding =
  (job: JobRow | undefined) =>
  <Q extends { where: (...args: any[]) => Q }>(qb: Q): Q =>
    job?.locked_at ? qb.where('locked_by', '=', WORKER_ID).where('locked_at', '=', job.locked_at) : qb

/** After a failure: pending again with backoff, or 'failed' for good once max_attempts are used up. */
export async function fail(db: Db, job: JobRow, error: string, now: Date) {
  const final = job.attempts >= job.max_attempts
  await db
    .updateTable('job')
    .set({
      status: final ? 'failed' : 'pending',
      locked_at: null,
      last_error: error.slice(0, 2000),
      run_after: new Date(now.getTime() + backoffMs(job.attempts)).toISOString(),
      updated_at: now.toISOString()
    })
    .where('id', '=', job.id)
    .where('status', '=', 'running')
    .$call(holding(job))
    .execute()
}
