/**
 * Paper certificates and tax receipts (docs/product §3 Certificate/Receipt record and config, §4 statuses) and their
 * fulfilment by foundation staff. One application row per donation; the UNIQUE donation_id is what guarantees a
 * gift is applied for at most once per kind, whatever races the application code loses. Every staff move is kept
 * in fulfilment_history with who and when.
 */
import { sql, type Kysely, type Migration } from 'kysely'
import { flag, schoolRef, text, ts, withId } from './helpers'

export const m012Fulfilment: Migration = {
  async up(db: Kysely<any>) {
    // Absent row = defaults (see domain/fulfilment/config.ts).
    await db.schema
      .createTable('fulfilment_setting')
      .addColumn('school_id', 'bigint', (c) => c.primaryKey().references('school.id').onDelete('cascade'))
      .addColumn('is_open_paper', 'smallint', flag(1))
      .addColumn('certificate_way_paper_list', 'text', (c) => c.notNull().defaultTo('[1,2]'))
      .addColumn('certificate_pickup_address', 'varchar(500)', text)
      .addColumn('certificate_pickup_name', 'varchar(64)', text)
      .addColumn('certificate_pickup_mobile', 'varchar(32)', text)
      .addColumn('is_open_receipt', 'smallint', flag(1))
      .addColumn('valid_type', 'smallint', (c) =>
        c
          .notNull()
          .defaultTo(1)
          .check(sql`valid_type in (0, 1, 2)`)
      )
      .addColumn('is_credit_code', 'smallint', flag(1))
      .addColumn('receipt_type_list', 'text', (c) => c.notNull().defaultTo('[1,2]'))
      .addColumn('receipt_way_paper_list', 'text', (c) => c.notNull().defaultTo('[1,2]'))
      .addColumn('receipt_way_electronic_list', 'text', (c) => c.notNull().defaultTo('[3,4]'))
      .addColumn('receipt_pickup_address', 'varchar(500)', text)
      .addColumn('receipt_pickup_name', 'varchar(64)', text)
      .addColumn('receipt_pickup_mobile', 'varchar(32)', text)
      .addColumn('updated_at', ts(db), (c) => c.notNull())
      .execute()

    await withId(db, db.schema.createTable('certificate_request'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('donation_id', 'bigint', (c) => c.notNull().unique().references('donation.id').onDelete('cascade'))
      /** rows submitted together share it (one parcel) */
      .addColumn('batch_no', 'varchar(40)', (c) => c.notNull())
      .addColumn('status', 'smallint', (c) =>
        c
          .notNull()
          .defaultTo(1)
          .check(sql`status between 1 and 5`)
      )
      .addColumn('certificate_way', 'smallint', (c) => c.notNull().check(sql`certificate_way in (1, 2)`))
      .addColumn('donor_name', 'varchar(100)', text)
      .addColumn('postal_contact', 'varchar(64)', text)
      .addColumn('postal_mobile', 'varchar(32)', text)
      .addColumn('postal_address', 'varchar(500)', text)
      .addColumn('express_company', 'varchar(64)', text)
      .addColumn('express_no', 'varchar(64)', text)
      /** 'apply' (certificate centre) or 'donate' (asked for on the donation form) */
      .addColumn('origin', 'varchar(8)', (c) => c.notNull().defaultTo('apply'))
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .addColumn('updated_at', ts(db), (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('certificate_request_user_idx')
      .on('certificate_request')
      .columns(['school_id', 'user_id', 'status'])
      .execute()
    await db.schema.createIndex('certificate_request_status_idx').on('certificate_request').columns(['school_id', 'status']).execute()

    await withId(db, db.schema.createTable('receipt_request'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('donation_id', 'bigint', (c) => c.notNull().unique().references('donation.id').onDelete('cascade'))
      .addColumn('batch_no', 'varchar(40)', (c) => c.notNull())
      .addColumn('status', 'smallint', (c) =>
        c
          .notNull()
          .defaultTo(1)
          .check(sql`status between 1 and 7`)
      )
      .addColumn('donor_type', 'smallint', (c) => c.notNull().check(sql`donor_type in (1, 2)`))
      .addColumn('donor_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('credit_code', 'varchar(32)', text)
      .addColumn('receipt_type', 'smallint', (c) => c.notNull().check(sql`receipt_type in (1, 2)`))
      .addColumn('receipt_way', 'smallint', (c) => c.notNull().check(sql`receipt_way between 1 and 4`))
      .addColumn('postal_contact', 'varchar(64)', text)
      .addColumn('postal_mobile', 'varchar(32)', text)
      .addColumn('postal_address', 'varchar(500)', text)
      .addColumn('postal_email', 'varchar(200)', text)
      .addColumn('postal_mobile_sms', 'varchar(32)', text)
      .addColumn('express_company', 'varchar(64)', text)
      .addColumn('express_no', 'varchar(64)', text)
      /** the issued receipt (PDF or image) under /files/receipts/ */
      .addColumn('file_url', 'varchar(500)', text)
      .addColumn('origin', 'varchar(8)', (c) => c.notNull().defaultTo('apply'))
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .addColumn('updated_at', ts(db), (c) => c.notNull())
      .execute()
    await db.schema.createIndex('receipt_request_user_idx').on('receipt_request').columns(['school_id', 'user_id', 'status']).execute()
    await db.schema.createIndex('receipt_request_status_idx').on('receipt_request').columns(['school_id', 'status']).execute()

    // Foundation staff: never app users; their tokens live in their own table and header scheme.
    await withId(db, db.schema.createTable('staff'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('username', 'varchar(64)', (c) => c.notNull())
      .addColumn('display_name', 'varchar(64)', text)
      .addColumn('password_hash', 'varchar(256)', (c) => c.notNull())
      .addColumn('enabled', 'smallint', flag(1))
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .addUniqueConstraint('staff_username_uq', ['school_id', 'username'])
      .execute()

    await withId(db, db.schema.createTable('staff_session'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('staff_id', 'bigint', (c) => c.notNull().references('staff.id').onDelete('cascade'))
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('expires_at', ts(db), (c) => c.notNull())
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .execute()

    await withId(db, db.schema.createTable('fulfilment_history'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('kind', 'varchar(16)', (c) => c.notNull().check(sql`kind in ('certificate', 'receipt')`))
      .addColumn('request_id', 'bigint', (c) => c.notNull())
      /** 'advance' (a status change) or 'attach' (the receipt file) */
      .addColumn('action', 'varchar(16)', (c) => c.notNull())
      .addColumn('from_status', 'smallint', (c) => c.notNull())
      .addColumn('to_status', 'smallint', (c) => c.notNull())
      .addColumn('staff_id', 'bigint', (c) => c.notNull().references('staff.id'))
      /** JSON: courier company and number, attached file */
      .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .execute()
    await db.schema.createIndex('fulfilment_history_idx').on('fulfilment_history').columns(['school_id', 'kind', 'request_id']).execute()
  },
  async down(db: Kysely<any>) {
    for (const t of ['fulfilment_history', 'staff_session', 'staff', 'receipt_request', 'certificate_request', 'fulfilment_setting']) {
      await db.schema.dropTable(t).execute()
    }
  }
}
