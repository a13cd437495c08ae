/**
 * One reconciliation run: a school's bill from one provider for one Beijing day (docs/decisions/038-bill-
 * reconciliation.md). The bill is downloaded once per merchant (two pay types on one WeChat Pay merchant share a
 * bill: PaymentProvider.billAccount), matched (match.ts), and the findings stored with the run. A rerun of the day
 * replaces the findings still open and keeps those a person already applied or resolved (the unique key of
 * bill_finding skips them). A failure marks the run failed with its reason and is thrown, so the job worker retries
 * it with backoff.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { isConfigError, type PaymentRegistry } from '../../providers/payment/registry'
import type { BillRow, PaymentProvider } from '../../providers/payment/types'
import { beijingDayStart } from '../ledger/repository'
import { matchBill } from './match'
import { sandboxBill } from './sandbox'

export interface BillDeps {
  db: Kysely<DB>
  payments: PaymentRegistry
  log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>
  now: () => Date
}

const DAY_MS = 86_400_000

export function dayRange(billDate: string): { fromIso: string; toIso: string } | null {
  const start = beijingDayStart(billDate)
  return start ? { fromIso: start.toISOString(), toIso: new Date(start.getTime() + DAY_MS).toISOString() } : null
}

/** The school's providers under this name that can give a bill, one per merchant ([] when none). */
export async function billProviders(deps: Pick<BillDeps, 'db' | 'payments'>, schoolId: number, name: string): Promise<PaymentProvider[]> {
  const rows = await deps.db
    .selectFrom('payment_config')
    .select('pay_type')
    .where('school_id', '=', schoolId)
    .where('provider', '=', name)
    .where('enabled', '=', 1)
    .orderBy('pay_type')
    .execute()
  const out = new Map<string, PaymentProvider>()
  for (const r of rows) {
    const p = await deps.payments.byName(schoolId, name, r.pay_type)
    if (p?.downloadBill) out.set(p.billAccount ?? `${name}:${r.pay_type}`, p)
  }
  return [...out.values()]
}

/** Marks the day's run queued (creating it), for the job that runs it; answers its id. */
export async function queueRun(
  db: Kysely<DB>,
  key: { schoolId: number; provider: string; billDate: string },
  by: number | null,
  now: Date
): Promise<{ id: number; created: boolean }> {
  const at = now.toISOString()
  const ins = await db
    .insertInto('bill_run')
    .values({
      school_id: key.schoolId,
      provider: key.provider,
      bill_date: key.billDate,
      state: 'queued',
      requested_by: by,
      started_at: null,
      finished_at: null,
      created_at: at,
      updated_at: at
    })
    .onConflict((oc) => oc.columns(['school_id', 'provider', 'bill_date']).doNothing())
    .executeTakeFirst()
  const created = Number(ins.numInsertedOrUpdatedRows ?? 0) === 1
  if (!created)
    await db
      .updateTable('bill_run')
      .set({ state: 'queued', requested_by: by, error: '', updated_at: at })
      .where('school_id', '=', key.schoolId)
      .where('provider', '=', key.provider)
      .where('bill_date', '=', key.billDate)
      .execute()
  const row = await db
    .selectFrom('bill_run')
    .select('id')
    .where('school_id', '=', key.schoolId)
    .where('provider', '=', key.provider)
    .where('bill_date', '=', key.billDate)
    .executeTakeFirstOrThrow()
  return { id: Number(row.id), created }
}

export async function runBillReconciliation(deps: BillDeps, schoolId: number, provider: string, billDate: string) {
  const range = dayRange(billDate)
  if (!range) throw new Error(`bill reconciliation: bad date ${billDate}`)
  const { id: runId } = await queueRun(deps.db, { schoolId, provider, billDate }, null, deps.now())
  const started = deps.now().toISOString()
  await deps.db
    .updateTable('bill_run')
    .set({ state: 'running', started_at: started, updated_at: started })
    .where('id', '=', runId)
    .execute()
  try {
    let rows: BillRow[]
    if (provider === 'sandbox') rows = await sandboxBill(deps.db, schoolId, range)
    else {
      const providers = await billProviders(deps, schoolId, provider)
      if (!providers.length) throw new Error(`no ${provider} configuration with bills for this school`)
      rows = []
      for (const p of providers) rows.push(...(await p.downloadBill!(billDate)))
    }
    const result = await matchBill(
      {
        db: deps.db,
        log: deps.log,
        providerFor: (payType) =>
          deps.payments.byName(schoolId, provider, payType).catch((err: unknown) => {
            if (!isConfigError(err)) throw err
            return null
          })
      },
      { schoolId, provider, ...range },
      rows
    )
    const at = deps.now().toISOString()
    await deps.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('bill_finding').where('run_id', '=', runId).where('state', '=', 'open').execute()
      for (const f of result.findings)
        await trx
          .insertInto('bill_finding')
          .values({
            school_id: schoolId,
            run_id: runId,
            kind: f.kind,
            bill_no: f.billNo.slice(0, 64),
            out_refund_no: (f.outRefundNo ?? '').slice(0, 64),
            provider_trade_no: (f.providerTradeNo ?? '').slice(0, 64),
            provider_refund_no: (f.providerRefundNo ?? '').slice(0, 64),
            bill_fen: f.billFen ?? null,
            our_fen: f.ourFen ?? null,
            donation_id: f.donationId ?? null,
            bill_at: (f.billAt ?? '').slice(0, 32),
            state: 'open',
            created_at: at
          })
          .onConflict((oc) => oc.columns(['run_id', 'kind', 'bill_no', 'out_refund_no']).doNothing())
          .execute()
      const open = await trx
        .selectFrom('bill_finding')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('run_id', '=', runId)
        .where('state', '=', 'open')
        .executeTakeFirstOrThrow()
      await trx
        .updateTable('bill_run')
        .set({
          state: 'done',
          bill_rows: rows.length,
          matched: result.matched,
          open_findings: Number(open.n),
          error: '',
          finished_at: at,
          updated_at: at
        })
        .where('id', '=', runId)
        .execute()
    })
    deps.log.info({ schoolId, provider, billDate, lines: rows.length, findings: result.findings.length }, 'bill reconciled')
    return { runId, lines: rows.length, matched: result.matched, findings: result.findings.length }
  } catch (err) {
    const at = deps.now().toISOString()
    const message = err instanceof Error ? err.message : String(err)
    await deps.db
      .updateTable('bill_run')
      .set({ state: 'failed', error: message.slice(0, 500), finished_at: at, updated_at: at })
      .where('id', '=', runId)
      .execute()
    throw err
  }
}
