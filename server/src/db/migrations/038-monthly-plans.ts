/**
 * Monthly giving (docs/decisions/071-monthly-giving.md, docs/product §4 Monthly giving).
 *
 * - project.monthly_giving: 1 when the project offers "give monthly" (default 0: no project offers it until staff
 *   turn it on).
 * - monthly_plan: a donor's pledge to give amount_fen to a project on day_of_month (1-28) of every month, collected
 *   through an agreement signed once at the provider (WeChat Pay papay, Alipay 周期扣款, the sandbox). plan_no is our
 *   contract number (WeChat's contract_code, Alipay's external_agreement_no); agreement_no the provider's number once
 *   signed. status signing -> active -> paused | stopped, paused -> stopped. next_charge_on: the Beijing date
 *   (YYYY-MM-DD) the next month's charge is due; failure_count: failed charge attempts in a row.
 * - monthly_charge: one row per plan and month (YYYY-MM). UNIQUE (plan_id, month) is what makes collection idempotent
 *   across runs, restarts and worker processes: the insert that creates the row is the one run that charges that
 *   month. attempts counts charge attempts; donation_id is the order of the latest attempt (an ordinary donation row,
 *   paid through domain/order/notifications.ts like every other gift). status charging | retry | paid | failed |
 *   cancelled; next_attempt_on the Beijing date a 'retry' row is tried again; claimed_at the start of the attempt in
 *   progress (a 'charging' row older than the lease is taken over by another run).
 */
import type { Kysely, Migration } from 'kysely'
import { flag, schoolRef, text, ts, withId } from './helpers'

export const m038MonthlyPlans: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('project').addColumn('monthly_giving', 'smallint', flag(0)).execute()

    await withId(db, db.schema.createTable('monthly_plan'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('items_id', 'bigint', (c) => c.notNull())
      .addColumn('plan_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('amount_fen', 'bigint', (c) => c.notNull())
      .addColumn('day_of_month', 'integer', (c) => c.notNull())
      .addColumn('pay_type', 'integer', (c) => c.notNull())
      .addColumn('provider', 'varchar(16)', (c) => c.notNull())
      .addColumn('agreement_no', 'varchar(64)', text)
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('signing'))
      .addColumn('failure_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_charge_on', 'varchar(10)', text)
      .addColumn('donor_name', 'varchar(64)', text)
      .addColumn('is_anonymous', 'smallint', flag(0))
      .addColumn('stop_reason', 'varchar(32)', text)
      .addColumn('signed_at', ts(db))
      .addColumn('stopped_at', ts(db))
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .addColumn('updated_at', ts(db), (c) => c.notNull())
      .execute()
    await db.schema.createIndex('monthly_plan_no_uq').on('monthly_plan').column('plan_no').unique().execute()
    await db.schema.createIndex('monthly_plan_due_idx').on('monthly_plan').columns(['status', 'next_charge_on']).execute()
    await db.schema.createIndex('monthly_plan_user_idx').on('monthly_plan').columns(['school_id', 'user_id']).execute()
    await db.schema.createIndex('monthly_plan_school_idx').on('monthly_plan').columns(['school_id', 'status', 'id']).execute()

    await withId(db, db.schema.createTable('monthly_charge'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('plan_id', 'bigint', (c) => c.notNull().references('monthly_plan.id').onDelete('cascade'))
      .addColumn('month', 'varchar(7)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('donation_id', 'bigint')
      .addColumn('next_attempt_on', 'varchar(10)', text)
      .addColumn('last_error', 'varchar(200)', text)
      .addColumn('claimed_at', ts(db), (c) => c.notNull())
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .addColumn('updated_at', ts(db), (c) => c.notNull())
      .execute()
    await db.schema.createIndex('monthly_charge_plan_month_uq').on('monthly_charge').columns(['plan_id', 'month']).unique().execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('monthly_charge').ifExists().execute()
    await db.schema.dropTable('monthly_plan').ifExists().execute()
    await db.schema.alterTable('project').dropColumn('monthly_giving').execute()
  }
}
