/**
 * The donation flow: order states gain 'expired', orders keep what the donor submitted, form configs,
 * certified alumni, per-school payment configuration, provider notifications, certificates and durable jobs.
 *
 * SQLite cannot alter a CHECK constraint: the donation table is rebuilt (the 12-step procedure of the SQLite
 * manual: foreign keys off, copy, drop, rename, recreate indexes, foreign_key_check). Kysely runs SQLite
 * migrations outside a transaction, so the pragma and our own BEGIN/COMMIT are possible here.
 * PostgreSQL names a column CHECK `<table>_<column>_check`: it is dropped and re-added.
 */
import { sql, type Kysely, type Migration } from 'kysely'
import { flag, isPg, schoolRef, text, ts, withId } from './helpers'

const OLD_STATUSES = "('pending', 'paid', 'cancelled')"
export const NEW_STATUSES = "('pending', 'paid', 'cancelled', 'expired')"

export async function replaceStatusCheck(db: Kysely<any>, from: string, to: string) {
  if (isPg(db)) {
    await sql`alter table donation drop constraint if exists donation_status_check`.execute(db)
    await sql.raw(`alter table donation add constraint donation_status_check check (status in ${to})`).execute(db)
    return
  }
  const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'donation'`.execute(db)
  const indexes = await sql<{
    sql: string
  }>`select sql from sqlite_master where type = 'index' and tbl_name = 'donation' and sql is not null`.execute(db)
  const createSql = table.rows[0]?.sql
  if (!createSql || !createSql.includes(from)) throw new Error('005: unexpected donation table definition')
  const rebuilt = createSql.replace(from, to).replace(/^create table "donation"/i, 'create table "donation_new"')
  await sql`pragma foreign_keys = off`.execute(db)
  try {
    await sql`begin immediate`.execute(db)
    try {
      await sql.raw(rebuilt).execute(db)
      await sql`insert into donation_new select * from donation`.execute(db)
      await sql`drop table donation`.execute(db)
      await sql`alter table donation_new rename to donation`.execute(db)
      for (const ix of indexes.rows) await sql.raw(ix.sql).execute(db)
      const broken = await sql`pragma foreign_key_check`.execute(db)
      if (broken.rows.length) throw new Error(`005: foreign key check failed: ${JSON.stringify(broken.rows.slice(0, 3))}`)
      await sql`commit`.execute(db)
    } catch (err) {
      await sql`rollback`.execute(db)
      throw err
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db)
  }
}

export const m005Orders: Migration = {
  async up(db: Kysely<any>) {
    await replaceStatusCheck(db, OLD_STATUSES, NEW_STATUSES)

    // Order bookkeeping. Added columns carry constant defaults so existing (seeded) rows stay valid on both dialects.
    await db.schema.alterTable('donation').addColumn('expires_at', ts(db)).execute()
    await db.schema.alterTable('donation').addColumn('closed_at', ts(db)).execute()
    await db.schema.alterTable('donation').addColumn('close_reason', 'varchar(32)', text).execute()
    await db.schema.alterTable('donation').addColumn('provider', 'varchar(16)', text).execute()
    await db.schema.alterTable('donation').addColumn('provider_trade_no', 'varchar(64)', text).execute()
    /** 1: money arrived for an order that was already cancelled/expired (late notification): refund or honour by hand */
    await db.schema.alterTable('donation').addColumn('refund_review', 'smallint', flag(0)).execute()
    await db.schema.createIndex('donation_user_items_idx').on('donation').columns(['school_id', 'user_id', 'items_id', 'status']).execute()
    await db.schema.createIndex('donation_pending_idx').on('donation').columns(['status', 'created_at']).execute()

    await db.schema.alterTable('project').addColumn('alumni_only', 'smallint', flag(0)).execute()
    /** JSON [{title, fen}] of the sub-project's own fixed amounts; empty = the project's */
    await db.schema
      .alterTable('sub_project')
      .addColumn('fix_money', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute()
    /** the sandbox provider and its notify endpoint: off unless the foundation turns it on (demo schools are) */
    await db.schema.alterTable('school_setting').addColumn('sandbox_enabled', 'smallint', flag(0)).execute()

    await withId(db, db.schema.createTable('donation_form'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      /** the school's form for projects whose form_id is null */
      .addColumn('is_default', 'smallint', flag(0))
      .addColumn('min_fen', 'bigint', flag(0))
      .addColumn('is_integer_money', 'smallint', flag(0))
      /** JSON number[] of docs/product §4 pay types */
      .addColumn('pay_platform_list', 'text', (c) => c.notNull().defaultTo('[1,2]'))
      .addColumn('receipt_type_list', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('receipt_way_paper_list', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('receipt_way_electronic_list', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('certificate_way_paper_list', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('offline_contact_info', 'text', text)
      .addColumn('certificate_pickup_address', 'varchar(500)', text)
      .addColumn('certificate_pickup_name', 'varchar(64)', text)
      .addColumn('certificate_pickup_mobile', 'varchar(32)', text)
      .addColumn('receipt_pickup_address', 'varchar(500)', text)
      .addColumn('receipt_pickup_name', 'varchar(64)', text)
      .addColumn('receipt_pickup_mobile', 'varchar(32)', text)
      .addColumn('is_show_anonymous', 'smallint', flag(1))
      .addColumn('is_show_no_data', 'smallint', flag(0))
      .addColumn('is_open_certificate', 'smallint', flag(1))
      .addColumn('is_show_certificate', 'smallint', flag(1))
      .addColumn('min_fen_certificate', 'bigint', flag(0))
      .addColumn('is_open_receipt', 'smallint', flag(0))
      .addColumn('is_show_receipt', 'smallint', flag(0))
      .addColumn('min_fen_receipt', 'bigint', flag(0))
      .addColumn('is_large_remind', 'smallint', flag(0))
      .addColumn('large_fen', 'bigint', flag(0))
      .addColumn('remind_content', 'text', text)
      .addColumn('is_credit_code', 'smallint', flag(0))
      .addColumn('success_word', 'varchar(500)', text)
      /** JSON FormField[] (types/donate.ts); validated on read by domain/form/mapper.ts */
      .addColumn('field_list', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .execute()
    await db.schema.createIndex('donation_form_school_idx').on('donation_form').columns(['school_id', 'is_default']).execute()

    // What the donor submitted, one row per order. Passwords (campus card, password fields) are never stored.
    await db.schema
      .createTable('donation_submission')
      .addColumn('donation_id', 'bigint', (c) => c.primaryKey().references('donation.id').onDelete('cascade'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('form_id', 'bigint')
      .addColumn('currency', 'varchar(8)', (c) => c.notNull().defaultTo('CNY'))
      .addColumn('donate_from', 'varchar(4)', text)
      .addColumn('pay_channel', 'varchar(16)', text)
      .addColumn('is_no_data', 'smallint', flag(0))
      .addColumn('is_need_paper', 'smallint', flag(0))
      .addColumn('certificate_donor_name', 'varchar(64)', text)
      .addColumn('certificate_way', 'smallint')
      .addColumn('is_need_receipt', 'smallint', flag(0))
      .addColumn('receipt_donor_type', 'smallint')
      .addColumn('receipt_donor_name', 'varchar(100)', text)
      .addColumn('credit_code', 'varchar(32)', text)
      .addColumn('receipt_type', 'smallint')
      .addColumn('receipt_way', 'smallint')
      .addColumn('postal_email', 'varchar(200)', text)
      .addColumn('postal_mobile_sms', 'varchar(32)', text)
      .addColumn('postal_country', 'varchar(64)', text)
      .addColumn('postal_province', 'varchar(64)', text)
      .addColumn('postal_city', 'varchar(64)', text)
      .addColumn('postal_district', 'varchar(64)', text)
      .addColumn('postal_address', 'varchar(500)', text)
      .addColumn('postal_zip', 'varchar(16)', text)
      .addColumn('postal_contact', 'varchar(64)', text)
      .addColumn('postal_mobile', 'varchar(32)', text)
      .addColumn('form_data', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('client_ip', 'varchar(64)', text)
      .execute()

    await withId(db, db.schema.createTable('certified_alumnus'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('open_id', 'varchar(128)', (c) => c.notNull())
      .addColumn('name', 'varchar(64)', text)
      .addColumn('certified_at', ts(db), (c) => c.notNull())
      .addUniqueConstraint('certified_alumnus_uq', ['school_id', 'open_id'])
      .execute()

    await withId(db, db.schema.createTable('payment_config'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('pay_type', 'smallint', (c) => c.notNull())
      .addColumn('provider', 'varchar(16)', (c) => c.notNull())
      /** JSON object; string values "env:NAME" are read from the environment at use (secrets stay out of the table) */
      .addColumn('credentials', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('enabled', 'smallint', flag(1))
      .addColumn('updated_at', ts(db), (c) => c.notNull())
      .addUniqueConstraint('payment_config_uq', ['school_id', 'pay_type'])
      .execute()

    // Money-received events. The unique key makes a provider's retries and duplicates land once.
    await withId(db, db.schema.createTable('payment_notification'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('provider', 'varchar(16)', (c) => c.notNull())
      .addColumn('bill_no', 'varchar(40)', (c) => c.notNull())
      .addColumn('provider_trade_no', 'varchar(64)', text)
      .addColumn('amount_fen', 'bigint', (c) => c.notNull())
      /** 'applied' (made the order paid), 'duplicate' (order already paid), 'late' (order had been cancelled/expired) */
      .addColumn('result', 'varchar(16)', (c) => c.notNull())
      .addColumn('raw', 'text', text)
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .addUniqueConstraint('payment_notification_uq', ['provider', 'bill_no'])
      .execute()

    await withId(db, db.schema.createTable('certificate'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('donation_id', 'bigint', (c) => c.notNull().unique().references('donation.id').onDelete('cascade'))
      .addColumn('certificate_no', 'varchar(48)', (c) => c.notNull().unique())
      .addColumn('donor_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('items_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('amount_fen', 'bigint', (c) => c.notNull())
      /** /files/certificates/... once rendered; '' while the job is pending */
      .addColumn('file_url', 'varchar(500)', text)
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .execute()

    await withId(db, db.schema.createTable('job'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('kind', 'varchar(32)', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('status', 'varchar(16)', (c) =>
        c
          .notNull()
          .defaultTo('pending')
          .check(sql`status in ('pending', 'running', 'done', 'failed')`)
      )
      .addColumn('attempts', 'integer', flag(0))
      .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(8))
      .addColumn('run_after', ts(db), (c) => c.notNull())
      .addColumn('locked_at', ts(db))
      .addColumn('last_error', 'text', text)
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .addColumn('updated_at', ts(db), (c) => c.notNull())
      .execute()
    await db.schema.createIndex('job_due_idx').on('job').columns(['status', 'run_after']).execute()
  },

  async down(db: Kysely<any>) {
    for (const t of [
      'job',
      'certificate',
      'payment_notification',
      'payment_config',
      'certified_alumnus',
      'donation_submission',
      'donation_form'
    ]) {
      await db.schema.dropTable(t).execute()
    }
    await db.schema.dropIndex('donation_user_items_idx').execute()
    await db.schema.dropIndex('donation_pending_idx').execute()
    for (const c of ['expires_at', 'closed_at', 'close_reason', 'provider', 'provider_trade_no', 'refund_review']) {
      await db.schema.alterTable('donation').dropColumn(c).execute()
    }
    await db.schema.alterTable('project').dropColumn('alumni_only').execute()
    await db.schema.alterTable('sub_project').dropColumn('fix_money').execute()
    await db.schema.alterTable('school_setting').dropColumn('sandbox_enabled').execute()
    await db.updateTable('donation').set({ status: 'cancelled' }).where('status', '=', 'expired').execute()
    await replaceStatusCheck(db, NEW_STATUSES, OLD_STATUSES)
  }
}
