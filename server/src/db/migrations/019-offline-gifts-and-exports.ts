/**
 * The staff console's money side (console-money): offline gifts, ledger exports with progress, and the
 * resolutions of orders in review.
 *
 * An offline gift is a donation row like any other (status 'paid', provider 'offline', pay_type 0) flagged
 * is_offline = 1, so every total, count and directory that reads paid donations counts it through the same query;
 * offline_gift keeps what only an offline gift has (how it arrived, the date, the note, who entered it).
 */
import type { Kysely, Migration } from 'kysely'
import { flag, schoolRef, text, ts, withId } from './helpers'

export const m019OfflineGiftsAndExports: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('donation').addColumn('is_offline', 'smallint', flag(0)).execute()

    await db.schema
      .createTable('offline_gift')
      .addColumn('donation_id', 'bigint', (c) => c.primaryKey().references('donation.id').onDelete('cascade'))
      .addColumn('school_id', 'bigint', schoolRef)
      /** 'bank' | 'cash' | 'cheque' | 'other' */
      .addColumn('channel', 'varchar(16)', (c) => c.notNull())
      /** the Beijing calendar date the money arrived, 'YYYY-MM-DD' */
      .addColumn('donated_on', 'varchar(10)', (c) => c.notNull())
      .addColumn('note', 'varchar(500)', text)
      .addColumn('staff_id', 'bigint', (c) => c.notNull())
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .execute()

    await withId(db, db.schema.createTable('ledger_export'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('staff_id', 'bigint', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('format', 'varchar(8)', (c) => c.notNull())
      /** JSON of the ledger filters the export was asked with */
      .addColumn('filters', 'text', (c) => c.notNull().defaultTo('{}'))
      /** 'running' (queued or writing) | 'done' | 'failed' */
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('running'))
      .addColumn('done', 'integer', flag(0))
      .addColumn('total', 'integer', flag(0))
      /** the highest donation id the filter matched when the export was asked: rows added later are not in it */
      .addColumn('max_id', 'bigint', flag(0))
      /** 'zh_CN' | 'en': the language of the header row and the labels */
      .addColumn('lang', 'varchar(8)', (c) => c.notNull().defaultTo('zh_CN'))
      .addColumn('file_name', 'varchar(200)', text)
      /** path under DATA_DIR/exports (never served statically: only GET /exports/:id/file with a staff session) */
      .addColumn('file_path', 'varchar(500)', text)
      .addColumn('error', 'varchar(500)', text)
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .addColumn('updated_at', ts(db), (c) => c.notNull())
      .execute()
    await db.schema.createIndex('ledger_export_school_idx').on('ledger_export').columns(['school_id', 'id']).execute()

    await withId(db, db.schema.createTable('order_review'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('donation_id', 'bigint', (c) => c.notNull().references('donation.id').onDelete('cascade'))
      /** 'reconciling' (a lost campus-card answer) or 'late' (money after the order had closed) */
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      /** 'paid' | 'closed' */
      .addColumn('resolution', 'varchar(16)', (c) => c.notNull())
      .addColumn('reason', 'varchar(500)', (c) => c.notNull())
      .addColumn('staff_id', 'bigint', (c) => c.notNull())
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .execute()
    await db.schema.createIndex('order_review_donation_idx').on('order_review').columns(['school_id', 'donation_id']).execute()
  },
  async down(db: Kysely<any>) {
    for (const t of ['order_review', 'ledger_export', 'offline_gift']) await db.schema.dropTable(t).execute()
    await db.schema.alterTable('donation').dropColumn('is_offline').execute()
  }
}
