/** The job kinds the server runs and the worker that runs them. */
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../db/schema'
import type { AgreementGate } from '../domain/agreement/limits'
import { RENDER_JOB_KIND, runAgreementRender } from '../domain/agreement/service'
import { BILL_JOB_KIND, runBillJob } from '../domain/bill/schedule'
import { issueCertificate } from '../domain/certificate/service'
import { CLOSE_JOB_KIND } from '../domain/order/provider-close'
import { runProviderClose } from '../domain/order/provider-close-job'
import { NOTIFY_JOB_KIND } from '../domain/notify/kinds'
import { runNotify, type NotifyRuntime } from '../domain/notify/send'
import { runExport } from '../domain/ledger/exports'
import { runStatementBatch, STATEMENT_BATCH_JOB_KIND } from '../domain/statement/service'
import { runUnsign, UNSIGN_JOB_KIND } from '../domain/monthly/unsign'
import type { PaymentRegistry } from '../providers/payment/registry'
import type { FileStorage } from '../providers/storage/types'
import { JobWorker, type WorkerOptions } from './worker'

export function createJobWorker(
  deps: {
    db: Kysely<DB>
    dataDir: string
    log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>
    now: () => Date
    reconcile: (now: Date) => Promise<unknown>
    /** the provider-close job asks the order's provider (domain/order/provider-close.ts) */
    payments: PaymentRegistry
    onPaid?: (donationId: number) => void
    /** the agreement-render job's file storage and this process's render slots; a function because the app builds
     *  them after the worker (app.ts) */
    agreements: () => { storage: FileStorage; gate?: AgreementGate }
    /** the notify job sends one notification (domain/notify/send.ts) */
    notify: NotifyRuntime
  },
  opts: WorkerOptions = {}
): JobWorker {
  return new JobWorker(
    deps.db,
    deps.log,
    {
      certificate: async (job, payload) => {
        const donationId = Number(payload.donationId)
        if (!Number.isSafeInteger(donationId)) throw new Error('certificate job without donationId')
        return issueCertificate({ db: deps.db, dataDir: deps.dataDir, log: deps.log }, job.school_id, donationId)
      },
      'ledger-export': (job, payload) => runExport({ db: deps.db, dataDir: deps.dataDir }, job, payload),
      [NOTIFY_JOB_KIND]: (job, payload) => runNotify(deps.notify, job, payload),
      // a year's statements to every donor who asked (docs/decisions/050-yearly-statement.md)
      [STATEMENT_BATCH_JOB_KIND]: (job, payload) => runStatementBatch(deps.db, job, payload, deps.now),
      [CLOSE_JOB_KIND]: (job, payload) =>
        runProviderClose(
          { db: deps.db, payments: deps.payments, log: deps.log, now: deps.now, onPaid: (id) => deps.onPaid?.(id) },
          job,
          payload
        ),
      [RENDER_JOB_KIND]: (job, payload) => runAgreementRender({ db: deps.db, ...deps.agreements() }, job, payload),
      // a provider's daily bill against our books (docs/decisions/038-bill-reconciliation.md)
      [BILL_JOB_KIND]: (job, payload) => runBillJob({ db: deps.db, payments: deps.payments, log: deps.log, now: deps.now }, job, payload),
      // a stopped monthly plan's agreement ended at its provider (docs/decisions/079-monthly-providers.md)
      [UNSIGN_JOB_KIND]: (job, payload) => runUnsign({ db: deps.db, payments: deps.payments }, job, payload)
    },
    deps.reconcile,
    deps.now,
    opts
  )
}
