/**
 * Yearly giving statements (docs/decisions/050-yearly-statement.md).
 *
 * - statement_batch: staff asked for year Y's statements to go to every donor who asked for them (notify_preference
 *   kind 'statement'); the job worker's 'statement-batch' job fills it. total: donors it covers; the progress is the
 *   state of their notifications (statement_send.batch_id).
 * - statement_send: one statement to send (one notification of kind 'statement', ref_id = this row's id): a year for
 *   a donor, either asked for by the donor (batch_id null) or part of a staff batch. UNIQUE (batch_id, user_id): a
 *   batch job run again after a crash never sends a donor twice.
 * - receipt_link: the short link of an SMS receipt (PUBLIC_BASE_URL/r/<code>): it only opens the receipt page, where
 *   the signed-in donor must own the receipt; the code alone reveals nothing.
 * - sms_config.receipt_template_id: the school's approved Tencent template of the SMS receipt ('' = none), params
 *   {1} the project, {2} the link.
 */
import type { Kysely, Migration } from 'kysely'
import { schoolRef, text, ts, withId } from './helpers'

export const m036Statements: Migration = {
  async up(db: Kysely<any>) {
    await withId(db, db.schema.createTable('statement_batch'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('staff_id', 'bigint', (c) => c.notNull())
      /** queued -> running -> enqueued (every notification written; their states are the rest of the progress) */
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('queued'))
      .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'varchar(500)', text)
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .addColumn('updated_at', ts(db), (c) => c.notNull())
      .execute()
    await db.schema.createIndex('statement_batch_school_idx').on('statement_batch').columns(['school_id', 'id']).execute()

    await withId(db, db.schema.createTable('statement_send'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('batch_id', 'bigint', (c) => c.references('statement_batch.id').onDelete('cascade'))
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .execute()
    await db.schema.createIndex('statement_send_batch_uq').on('statement_send').columns(['batch_id', 'user_id']).unique().execute()
    await db.schema.createIndex('statement_send_user_idx').on('statement_send').columns(['school_id', 'user_id']).execute()

    await db.schema
      .createTable('receipt_link')
      .addColumn('code', 'varchar(16)', (c) => c.primaryKey())
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('receipt_id', 'bigint', (c) => c.notNull())
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .execute()
    await db.schema.createIndex('receipt_link_receipt_idx').on('receipt_link').columns(['school_id', 'receipt_id']).unique().execute()
    await db.schema.alterTable('sms_config').addColumn('receipt_template_id', 'varchar(32)', text).execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('sms_config').dropColumn('receipt_template_id').execute()
    await db.schema.dropTable('receipt_link').ifExists().execute()
    await db.schema.dropTable('statement_send').ifExists().execute()
    await db.schema.dropTable('statement_batch').ifExists().execute()
  }
}
