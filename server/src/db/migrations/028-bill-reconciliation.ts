/**
 * Bill reconciliation (docs/decisions/038-bill-reconciliation.md).
 *
 * - bill_run: one per school, provider and bill day (Beijing date): its state (queued -> running -> done | failed),
 *   how many bill lines it read, how many matched, and how many findings it left open. The unique key makes the
 *   daily schedule idempotent across worker processes: the insert that wins enqueues the job.
 * - bill_finding: what did not match, one row per (run, kind, order, refund): kind missing_payment (paid there, not
 *   here) and the others of domain/bill/tables.ts. state open -> applied (through the notification path) | resolved
 *   (a person's note). A rerun of the day replaces the open findings and keeps the settled ones.
 */
import { sql, type Kysely, type Migration } from 'kysely'
import { schoolRef, text, ts, withId } from './helpers'

export const m028BillReconciliation: Migration = {
  async up(db: Kysely<any>) {
    await withId(db, db.schema.createTable('bill_run'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('provider', 'varchar(16)', (c) => c.notNull())
      .addColumn('bill_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull().check(sql`state in ('queued', 'running', 'done', 'failed')`))
      .addColumn('bill_rows', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('matched', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('open_findings', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('error', 'varchar(500)', text)
      .addColumn('requested_by', 'bigint')
      .addColumn('started_at', ts(db))
      .addColumn('finished_at', ts(db))
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .addColumn('updated_at', ts(db), (c) => c.notNull())
      .addUniqueConstraint('bill_run_day_uq', ['school_id', 'provider', 'bill_date'])
      .execute()

    await withId(db, db.schema.createTable('bill_finding'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('run_id', 'bigint', (c) => c.notNull().references('bill_run.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(24)', (c) => c.notNull())
      .addColumn('bill_no', 'varchar(64)', text)
      .addColumn('out_refund_no', 'varchar(64)', text)
      .addColumn('provider_trade_no', 'varchar(64)', text)
      .addColumn('provider_refund_no', 'varchar(64)', text)
      .addColumn('bill_fen', 'bigint')
      .addColumn('our_fen', 'bigint')
      .addColumn('donation_id', 'bigint')
      .addColumn('bill_at', 'varchar(32)', text)
      .addColumn('state', 'varchar(16)', (c) => c.notNull().check(sql`state in ('open', 'applied', 'resolved')`))
      .addColumn('result', 'varchar(32)', text)
      .addColumn('note', 'varchar(800)', text)
      .addColumn('resolved_by', 'bigint')
      .addColumn('resolved_at', ts(db))
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .addUniqueConstraint('bill_finding_uq', ['run_id', 'kind', 'bill_no', 'out_refund_no'])
      .execute()
    await db.schema.createIndex('bill_finding_state_idx').on('bill_finding').columns(['school_id', 'state']).execute()
  },

  async down(db: Kysely<any>) {
    await db.schema.dropTable('bill_finding').execute()
    await db.schema.dropTable('bill_run').execute()
  }
}
