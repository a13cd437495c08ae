/**
 * The job worker buildApp starts (unless told not to): every pollMs it hands expired leases back, claims due jobs
 * (queue.ts) and runs their handlers, retrying failures with exponential backoff; every reconcileMs it runs the
 * order reconciliation. Jobs are rows, so whatever was pending when a process stopped runs after the next start.
 * Tests build the app with autoStart false and call runJobsOnce() / reconcileOnce() themselves.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../db/schema'
import { claimDue, complete, fail, release, releaseExpiredLeases, type JobRow } from './queue'

export type JobHandler = (job: JobRow, payload: Record<string, unknown>) => Promise<unknown>

export interface WorkerOptions {
  /** start the timer when the app is ready (default true) */
  autoStart?: boolean
  pollMs?: number
  reconcileMs?: number
  /** jobs claimed per round */
  batch?: number
}

export interface RunResult {
  ran: number
  failed: number
}

export class JobWorker {
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> | null = null
  private again = false
  private lastReconcile = 0
  private stopped = false
  readonly opts: Required<WorkerOptions>

  constructor(
    private readonly db: Kysely<DB>,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>,
    private readonly handlers: Record<string, JobHandler>,
    private readonly reconcileFn: (now: Date) => Promise<unknown>,
    private readonly now: () => Date,
    opts: WorkerOptions = {}
  ) {
    this.opts = {
      autoStart: opts.autoStart ?? true,
      pollMs: opts.pollMs ?? 1000,
      reconcileMs: opts.reconcileMs ?? 60_000,
      batch: opts.batch ?? 10
    }
  }

  start(): void {
    if (this.timer || this.stopped) return
    this.timer = setInterval(() => this.kick(), this.opts.pollMs)
    this.timer.unref()
    this.kick()
  }

  get started(): boolean {
    return this.timer !== null
  }

  /** Runs a round soon (after a payment, so its certificate does not wait for the next poll). */
  kick(): void {
    if (!this.timer || this.stopped) return
    if (this.running) {
      this.again = true
      return
    }
    this.running = this.round().finally(() => {
      this.running = null
      if (this.again && !this.stopped) {
        this.again = false
        this.kick()
      }
    })
  }

  private async round(): Promise<void> {
    try {
      await this.runJobsOnce()
      const t = this.now()
      if (t.getTime() - this.lastReconcile >= this.opts.reconcileMs) {
        this.lastReconcile = t.getTime()
        await this.reconcileFn(t)
      }
    } catch (err) {
      this.log.error({ err }, 'job worker round failed')
    }
  }

  /** Stops the timer and waits for a round in progress (called from the app's onClose, before the db closes). */
  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    await this.running
  }

  /** Runs every job due at `now` (default: the clock), including retries whose backoff has passed. */
  async runJobsOnce(now: Date = this.now()): Promise<RunResult> {
    const out: RunResult = { ran: 0, failed: 0 }
    await releaseExpiredLeases(this.db, now)
    for (let round = 0; round < 1000 && !this.stopped; round++) {
      const jobs = await claimDue(this.db, now, this.opts.batch)
      if (!jobs.length) break
      // The batch's finished jobs are marked done together, in one transaction after the batch: one write lock
      // taken instead of one per job. A crash before that runs them again once their lease runs out, which every
      // handler allows (a certificate already issued is 'exists').
      const finished: JobRow[] = []
      for (const [i, job] of jobs.entries()) {
        // On shutdown the claimed but unstarted rest goes back to pending for the next process.
        if (this.stopped) {
          await release(this.db, jobs.slice(i), this.now())
          break
        }
        const handler = this.handlers[job.kind]
        try {
          if (!handler) throw new Error(`no handler for job kind ${job.kind}`)
          let payload: Record<string, unknown> = {}
          try {
            payload = JSON.parse(job.payload) as Record<string, unknown>
          } catch {
            throw new Error('job payload is not JSON')
          }
          await handler(job, payload)
          finished.push(job)
          out.ran++
        } catch (err) {
          out.failed++
          const message = err instanceof Error ? err.message : String(err)
          this.log.warn({ err, jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job failed; retried with backoff')
          await fail(this.db, job, message, now)
        }
      }
      if (finished.length) {
        const at = this.now()
        await this.db.transaction().execute(async (trx) => {
          for (const job of finished) await complete(trx, job, at)
        })
      }
      // a job that failed is pending again with run_after in the future: the next claim will not see it
    }
    return out
  }

  reconcileOnce(now: Date = this.now()): Promise<unknown> {
    return this.reconcileFn(now)
  }
}
