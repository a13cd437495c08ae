/**
 * Naming seats and books (docs/decisions/013-naming-holds.md): areas and seats, book shelves, naming
 * records with their nameplate review, nameplate examples and the nameplate-detail card.
 *
 * The invariants live in the schema as well as in the code: a seat is held by at most one order (status 4 with
 * hold_donation_id) and named by at most one record; a book never has more copies held than in stock, nor a
 * negative stock. The code changes them only by conditional UPDATEs (domain/naming/holds.ts); the CHECKs make a
 * bug there fail loudly instead of overselling.
 */
import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely'
import { schoolRef, text, ts, withId } from './helpers'

const projectRef = (c: ColumnDefinitionBuilder) => c.notNull().references('project.id').onDelete('cascade')

export const m013Naming: Migration = {
  async up(db: Kysely<any>) {
    await withId(db, db.schema.createTable('naming_area'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('items_id', 'bigint', projectRef)
      .addColumn('title', 'varchar(100)', (c) => c.notNull())
      .addColumn('img_url', 'varchar(500)', text)
      .addColumn('type', 'smallint', (c) => c.notNull().check(sql`type in (1, 2, 3)`))
      .addColumn('price_list', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema.createIndex('naming_area_items_idx').on('naming_area').columns(['school_id', 'items_id']).execute()

    await withId(db, db.schema.createTable('naming_seat'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('items_id', 'bigint', projectRef)
      .addColumn('area_id', 'bigint', (c) => c.notNull().references('naming_area.id').onDelete('cascade'))
      .addColumn('label', 'varchar(64)', (c) => c.notNull())
      .addColumn('row_no', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('col_no', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('img_url', 'varchar(500)', text)
      .addColumn('price_list', 'text', text)
      .addColumn('status', 'smallint', (c) =>
        c
          .notNull()
          .defaultTo(1)
          .check(sql`status in (1, 2, 3, 4)`)
      )
      .addColumn('hold_donation_id', 'bigint', (c) => c.references('donation.id'))
      .addColumn('record_id', 'bigint')
      .addColumn('updated_at', ts(db), (c) => c.notNull())
      // held <=> an order holds it: a half-done hold or release cannot be committed
      .addCheckConstraint('naming_seat_hold_ck', sql`(status = 4) = (hold_donation_id is not null)`)
      .addUniqueConstraint('naming_seat_label_uq', ['area_id', 'label'])
      .execute()
    await db.schema.createIndex('naming_seat_area_idx').on('naming_seat').columns(['school_id', 'area_id', 'sort_no']).execute()
    await db.schema.createIndex('naming_seat_hold_idx').on('naming_seat').column('hold_donation_id').execute()

    await withId(db, db.schema.createTable('book_category'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('items_id', 'bigint', projectRef)
      .addColumn('title', 'varchar(100)', (c) => c.notNull())
      .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema.createIndex('book_category_items_idx').on('book_category').columns(['school_id', 'items_id']).execute()

    await withId(db, db.schema.createTable('naming_book'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('items_id', 'bigint', projectRef)
      .addColumn('category_id', 'bigint', (c) => c.references('book_category.id').onDelete('set null'))
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('author', 'varchar(200)', text)
      .addColumn('press', 'varchar(200)', text)
      .addColumn('book_no', 'varchar(64)', text)
      .addColumn('unit_fen', 'bigint', (c) => c.notNull().check(sql`unit_fen > 0`))
      .addColumn('stock', 'integer', (c) => c.notNull())
      .addColumn('held', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('remarks', 'text', text)
      .addColumn('img_url', 'varchar(500)', text)
      .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
      .addCheckConstraint('naming_book_stock_ck', sql`held >= 0 and stock >= held`)
      .execute()
    await db.schema.createIndex('naming_book_items_idx').on('naming_book').columns(['school_id', 'items_id', 'category_id']).execute()

    await withId(db, db.schema.createTable('naming_record'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('donation_id', 'bigint', (c) => c.notNull().references('donation.id').onDelete('cascade'))
      .addColumn('items_id', 'bigint', projectRef)
      .addColumn('user_id', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('kind', 'varchar(8)', (c) => c.notNull().check(sql`kind in ('seat', 'book')`))
      .addColumn('seat_id', 'bigint', (c) => c.references('naming_seat.id').onDelete('set null'))
      .addColumn('book_id', 'bigint', (c) => c.references('naming_book.id').onDelete('set null'))
      .addColumn('area_id', 'bigint')
      .addColumn('label', 'varchar(200)', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
      .addColumn('term_year', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('term_name', 'varchar(32)', text)
      .addColumn('unit_fen', 'bigint', (c) => c.notNull())
      .addColumn('amount_fen', 'bigint', (c) => c.notNull())
      .addColumn('donor_name', 'varchar(100)', text)
      .addColumn('donor_identity', 'varchar(40)', text)
      .addColumn('donation_message', 'varchar(100)', text)
      .addColumn('nameplate_list', 'text', text)
      .addColumn('status', 'varchar(10)', (c) => c.notNull().check(sql`status in ('held', 'named', 'released', 'review')`))
      .addColumn('nameplate_status', 'smallint', (c) =>
        c
          .notNull()
          .defaultTo(1)
          .check(sql`nameplate_status in (1, 2, 3)`)
      )
      .addColumn('review_reason', 'varchar(400)', text)
      .addColumn('reviewed_by', 'bigint')
      .addColumn('reviewed_at', ts(db))
      .addColumn('named_at', ts(db))
      .addColumn('expire_at', ts(db))
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .addColumn('updated_at', ts(db), (c) => c.notNull())
      .execute()
    await db.schema.createIndex('naming_record_donation_idx').on('naming_record').columns(['school_id', 'donation_id']).execute()
    await db.schema
      .createIndex('naming_record_review_idx')
      .on('naming_record')
      .columns(['school_id', 'nameplate_status', 'status'])
      .execute()
    await db.schema
      .createIndex('naming_record_items_idx')
      .on('naming_record')
      .columns(['school_id', 'items_id', 'kind', 'status'])
      .execute()
    await db.schema.createIndex('naming_record_user_idx').on('naming_record').columns(['school_id', 'user_id']).execute()

    await withId(db, db.schema.createTable('nameplate_history'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('record_id', 'bigint', (c) => c.notNull().references('naming_record.id').onDelete('cascade'))
      .addColumn('action', 'varchar(10)', (c) => c.notNull().check(sql`action in ('correct', 'approve', 'return')`))
      .addColumn('staff_id', 'bigint')
      .addColumn('user_id', 'bigint')
      .addColumn('reason', 'varchar(400)', text)
      .addColumn('text', 'text', text)
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .execute()
    await db.schema.createIndex('nameplate_history_record_idx').on('nameplate_history').columns(['school_id', 'record_id']).execute()

    await withId(db, db.schema.createTable('nameplate_example'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('items_id', 'bigint', projectRef)
      .addColumn('title', 'varchar(100)', text)
      .addColumn('bg_img', 'varchar(500)', text)
      .addColumn('example_img', 'varchar(500)', text)
      .addColumn('width', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('height', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('config_data', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema.createIndex('nameplate_example_items_idx').on('nameplate_example').columns(['school_id', 'items_id']).execute()

    await db.schema
      .createTable('nameplate_config')
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('items_id', 'bigint', projectRef)
      .addColumn('bg_img', 'varchar(500)', text)
      .addColumn('bg_word', 'varchar(500)', text)
      .addColumn('bottom_img', 'varchar(500)', text)
      .addColumn('bg_color', 'varchar(32)', text)
      .addPrimaryKeyConstraint('nameplate_config_pk', ['school_id', 'items_id'])
      .execute()
  },
  async down(db: Kysely<any>) {
    for (const t of [
      'nameplate_config',
      'nameplate_example',
      'nameplate_history',
      'naming_record',
      'naming_book',
      'book_category',
      'naming_seat',
      'naming_area'
    ]) {
      await db.schema.dropTable(t).ifExists().execute()
    }
  }
}
