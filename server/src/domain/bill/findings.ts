/**
 * Bill reconciliation in the staff console (docs/decisions/038-bill-reconciliation.md): the runs per day and
 * provider, a run's findings, "run now" for a day, and what a person does with a finding: apply it (a payment the
 * provider's bill shows and we never heard of goes through applyNotification, exactly as the provider's notification
 * would have: once, however often it is applied or the notification replayed; a refund we hold no record of goes
 * through the refund settle path the same way) or resolve it with a note. Every change writes its audit row in the
 * transaction of the change; every query is this school's.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely, Selectable } from 'kysely'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import { enqueue } from '../../jobs/queue'
import { fenToYuan } from '../../lib/money'
import type { PaymentRegistry } from '../../providers/payment/registry'
import type { VerifiedNotification } from '../../providers/payment/types'
import { applyNotification } from '../order/notifications'
import { recordAudit } from '../staff/audit'
import { beijingDate } from '../ledger/repository'
import { billProviders, dayRange, queueRun } from './run'
import { BILL_JOB_KIND, BILL_PROVIDERS } from './schedule'
import type { BillFindingView, BillRunView } from '../../../../types/schema/staff-bills'
import type { BillFindingTable, BillRunTable } from '../../db/schema'
import { APPLICABLE_KINDS } from './tables'
import { BILL_NOTE_MAX as NOTE_MAX } from '../../../../types/schema/staff-bills'

export interface BillConsoleDeps {
  db: Kysely<DB>
  payments: PaymentRegistry
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>
  now: () => Date
  onPaid?: (donationId: number) => void
}
export interface Actor {
  schoolId: number
  staffId: number
}

export type { BillFindingView, BillRunView }

// the bound the staff API's bodies are written with (docs/decisions/067-staff-requests-once.md)
export { NOTE_MAX }
const iso = (v: string | null) => (v ? String(v) : '')

const runView = (r: Selectable<BillRunTable>): BillRunView => ({
  id: Number(r.id),
  date: r.bill_date,
  provider: r.provider,
  state: r.state,
  lines: Number(r.bill_rows),
  matched: Number(r.matched),
  openFindings: Number(r.open_findings),
  error: r.error,
  startedAt: iso(r.started_at),
  finishedAt: iso(r.finished_at)
})

const findingView = (f: Selectable<BillFindingTable>): BillFindingView => ({
  id: Number(f.id),
  runId: Number(f.run_id),
  kind: f.kind,
  billNo: f.bill_no,
  outRefundNo: f.out_refund_no,
  providerTradeNo: f.provider_trade_no,
  providerRefundNo: f.provider_refund_no,
  billAmount: f.bill_fen === null ? '' : fenToYuan(Number(f.bill_fen)),
  ourAmount: f.our_fen === null ? '' : fenToYuan(Number(f.our_fen)),
  donationId: f.donation_id === null ? null : Number(f.donation_id),
  billAt: f.bill_at,
  state: f.state,
  result: f.result,
  note: f.note,
  resolvedAt: iso(f.resolved_at),
  applicable: f.state === 'open' && APPLICABLE_KINDS.includes(f.kind)
})

export async function listRuns(db: Kysely<DB>, schoolId: number, q: { from: string; to: string }): Promise<BillRunView[]> {
  const rows = await db
    .selectFrom('bill_run')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('bill_date', '>=', q.from)
    .where('bill_date', '<=', q.to)
    .orderBy('bill_date', 'desc')
    .orderBy('provider')
    .limit(400)
    .execute()
  return rows.map(runView)
}

export async function runDetail(db: Kysely<DB>, schoolId: number, id: number) {
  const run = await db.selectFrom('bill_run').selectAll().where('id', '=', id).where('school_id', '=', schoolId).executeTakeFirst()
  if (!run) throw bizError('billFindingNotFound')
  const findings = await db
    .selectFrom('bill_finding')
    .selectAll()
    .where('run_id', '=', id)
    .where('school_id', '=', schoolId)
    .orderBy('id')
    .execute()
  return { run: runView(run), findings: findings.map(findingView) }
}

/** The providers "run now" offers this school: the sandbox when it is on, and WeChat Pay / Alipay when configured. */
export async function runnableProviders(deps: Pick<BillConsoleDeps, 'db' | 'payments'>, schoolId: number): Promise<string[]> {
  const out: string[] = []
  const setting = await deps.db.selectFrom('school_setting').select('sandbox_enabled').where('school_id', '=', schoolId).executeTakeFirst()
  if (setting?.sandbox_enabled) out.push('sandbox')
  for (const p of BILL_PROVIDERS) if ((await billProviders(deps, schoolId, p).catch(() => [])).length) out.push(p)
  return out
}

export async function requestRun(deps: BillConsoleDeps, actor: Actor, input: { date: string; provider: string }): Promise<BillRunView> {
  if (!dayRange(input.date) || input.date >= beijingDate(deps.now())) throw bizError('billDateInvalid')
  if (!(await runnableProviders(deps, actor.schoolId)).includes(input.provider)) throw bizError('billProviderNotConfigured')
  const id = await deps.db.transaction().execute(async (trx) => {
    const run = await queueRun(trx, { schoolId: actor.schoolId, provider: input.provider, billDate: input.date }, actor.staffId, deps.now())
    await enqueue(trx, actor.schoolId, BILL_JOB_KIND, { provider: input.provider, billDate: input.date }, { now: deps.now() })
    await recordAudit(trx, {
      ...actor,
      action: 'bills.run',
      entity: 'bill_run',
      entityId: run.id,
      before: null,
      after: { provider: input.provider, date: input.date }
    })
    return run.id
  })
  return (await runDetail(deps.db, actor.schoolId, id)).run
}

async function openFinding(db: Kysely<DB>, schoolId: number, id: number) {
  const f = await db
    .selectFrom('bill_finding')
    .innerJoin('bill_run', 'bill_run.id', 'bill_finding.run_id')
    .selectAll('bill_finding')
    .select(['bill_run.provider', 'bill_run.bill_date'])
    .where('bill_finding.id', '=', id)
    .where('bill_finding.school_id', '=', schoolId)
    .executeTakeFirst()
  if (!f) throw bizError('billFindingNotFound')
  if (f.state !== 'open') throw bizError('billFindingSettled')
  return f
}

/** Settles a finding (applied or resolved) with its audit row, in one transaction; only an open one. */
async function settle(db: Kysely<DB>, actor: Actor, id: number, state: 'applied' | 'resolved', result: string, note: string, now: Date) {
  await db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('bill_finding')
      .set({ state, result, note, resolved_by: actor.staffId, resolved_at: now.toISOString() })
      .where('id', '=', id)
      .where('school_id', '=', actor.schoolId)
      .where('state', '=', 'open')
      .executeTakeFirst()
    if (Number(moved.numUpdatedRows) !== 1) throw bizError('billFindingSettled')
    const f = await trx.selectFrom('bill_finding').select('run_id').where('id', '=', id).executeTakeFirstOrThrow()
    await trx
      .updateTable('bill_run')
      .set((eb) => ({ open_findings: eb('open_findings', '-', 1) }))
      .where('id', '=', f.run_id)
      .where('open_findings', '>', 0)
      .execute()
    await recordAudit(trx, {
      ...actor,
      action: state === 'applied' ? 'bills.finding.apply' : 'bills.finding.resolve',
      entity: 'bill_finding',
      entityId: id,
      before: { state: 'open' },
      after: { state, result, note }
    })
  })
}

export async function applyFinding(deps: BillConsoleDeps, actor: Actor, id: number, note: string): Promise<BillFindingView> {
  const f = await openFinding(deps.db, actor.schoolId, id)
  if (!APPLICABLE_KINDS.includes(f.kind) || f.bill_fen === null) throw bizError('billFindingNotApplicable')
  const raw = JSON.stringify({ source: 'bill', provider: f.provider, billDate: f.bill_date, findingId: id })
  let n: VerifiedNotification = {
    provider: f.provider as VerifiedNotification['provider'],
    billNo: f.bill_no,
    providerTradeNo: f.provider_trade_no,
    amountFen: Number(f.bill_fen),
    outcome: 'paid',
    raw
  }
  if (f.kind === 'unknown_refund') {
    const order = await deps.db
      .selectFrom('donation')
      .select('amount_fen')
      .where('school_id', '=', actor.schoolId)
      .where('bill_no', '=', f.bill_no)
      .executeTakeFirst()
    if (!order) throw bizError('billFindingRejected', { reason: 'unknown_order' })
    n = {
      ...n,
      amountFen: Number(order.amount_fen),
      refund: { outRefundNo: f.out_refund_no, providerRefundNo: f.provider_refund_no, refundFen: Number(f.bill_fen), outcome: 'succeeded' }
    }
  }
  const r = await applyNotification(deps.db, actor.schoolId, n, { log: deps.log, now: deps.now(), onPaid: deps.onPaid })
  if (r.status === 'rejected') throw bizError('billFindingRejected', { reason: r.reason })
  await settle(deps.db, actor, id, 'applied', r.status, note.trim().slice(0, NOTE_MAX), deps.now())
  return findingView(await deps.db.selectFrom('bill_finding').selectAll().where('id', '=', id).executeTakeFirstOrThrow())
}

export async function resolveFinding(deps: BillConsoleDeps, actor: Actor, id: number, note: string): Promise<BillFindingView> {
  const text = note.trim()
  if (!text || [...text].length > NOTE_MAX) throw bizError('billNoteEmpty')
  await openFinding(deps.db, actor.schoolId, id)
  await settle(deps.db, actor, id, 'resolved', '', text, deps.now())
  return findingView(await deps.db.selectFrom('bill_finding').selectAll().where('id', '=', id).executeTakeFirstOrThrow())
}
