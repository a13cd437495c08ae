import { sql, type Kysely, type Migration } from 'kysely'
import { flag, schoolRef, text, ts, withId } from './helpers'

/**
 * Orders and what they named. Shaped for the payment issue that follows (bill_no, pay_type, status, paid_at):
 * directories and totals read only status = 'paid'.
 */
export const m003Donations: Migration = {
  async up(db: Kysely<any>) {
    await withId(db, db.schema.createTable('together_donation'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('items_id', 'bigint', (c) => c.notNull().references('project.id').onDelete('cascade'))
      .addColumn('user_id', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('sponsor', 'varchar(64)', (c) => c.notNull())
      .addColumn('avatar', 'varchar(500)', text)
      .addColumn('slogan', 'varchar(500)', text)
      .addColumn('is_target', 'smallint', flag(0))
      .addColumn('target_fen', 'bigint', flag(0))
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('active'))
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .execute()

    await withId(db, db.schema.createTable('donation'))
      .addColumn('bill_no', 'varchar(40)', (c) => c.notNull().unique())
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('items_id', 'bigint', (c) => c.notNull().references('project.id'))
      .addColumn('sub_items_id', 'bigint', (c) => c.references('sub_project.id'))
      .addColumn('user_id', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('together_id', 'bigint', (c) => c.references('together_donation.id'))
      .addColumn('donor_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('is_anonymous', 'smallint', flag(0))
      .addColumn('amount_fen', 'bigint', (c) => c.notNull().check(sql`amount_fen >= 0`))
      .addColumn('material_number', 'integer', flag(0))
      .addColumn('pay_type', 'smallint', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) =>
        c
          .notNull()
          .defaultTo('pending')
          .check(sql`status in ('pending', 'paid', 'cancelled')`)
      )
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .addColumn('paid_at', ts(db))
      .execute()
    await db.schema.createIndex('donation_items_idx').on('donation').columns(['school_id', 'items_id', 'status']).execute()
    await db.schema.createIndex('donation_paid_idx').on('donation').columns(['school_id', 'status', 'paid_at']).execute()

    await withId(db, db.schema.createTable('donation_naming'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('donation_id', 'bigint', (c) => c.notNull().references('donation.id').onDelete('cascade'))
      .addColumn('items_id', 'bigint', (c) => c.notNull().references('project.id'))
      .addColumn('kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('label', 'varchar(200)', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1))
      .execute()
    await db.schema.createIndex('donation_naming_items_idx').on('donation_naming').columns(['school_id', 'items_id']).execute()
  },
  async down(db: Kysely<any>) {
    for (const t of ['donation_naming', 'donation', 'together_donation']) await db.schema.dropTable(t).execute()
  }
}
