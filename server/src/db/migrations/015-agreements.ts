/**
 * Donation agreements (docs/product §3 Agreements, docs/decisions/017-agreements.md): one row per
 * generated agreement of a donor, hhu (tree pledge) or cpu (large gift). The unsigned file stays when the donor signs;
 * the signed file is a new one. The ID number is stored masked only (the full number is never written anywhere).
 */
import { sql, type Kysely, type Migration } from 'kysely'
import { schoolRef, text, ts, withId } from './helpers'

export const m015Agreements: Migration = {
  async up(db: Kysely<any>) {
    await withId(db, db.schema.createTable('agreement'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(8)', (c) => c.notNull().check(sql`kind in ('hhu', 'cpu')`))
      .addColumn('items_id', 'bigint', (c) => c.references('project.id').onDelete('set null'))
      .addColumn('items_title', 'varchar(200)', text)
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('mobile', 'varchar(32)', (c) => c.notNull())
      .addColumn('id_no_masked', 'varchar(32)', text)
      .addColumn('amount_fen', 'bigint', (c) => c.notNull().check(sql`amount_fen > 0`))
      .addColumn('lang', 'varchar(8)', (c) => c.notNull().defaultTo('zh_CN'))
      .addColumn('agreement_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('unsigned_url', 'varchar(500)', (c) => c.notNull())
      .addColumn('unsigned_pages', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('signed_url', 'varchar(500)', text)
      .addColumn('signed_pages', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('mutual_url', 'varchar(500)', text)
      .addColumn('receipt_url', 'varchar(500)', text)
      .addColumn('status', 'smallint', (c) =>
        c
          .notNull()
          .defaultTo(1)
          .check(sql`status in (1, 2)`)
      )
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .addColumn('signed_at', ts(db))
      // signed <=> it has a signed file and a time: a half-written signature cannot be committed
      .addCheckConstraint('agreement_signed_ck', sql`(status = 2) = (signed_at is not null and signed_url <> '')`)
      .addUniqueConstraint('agreement_no_uq', ['school_id', 'agreement_no'])
      .execute()
    await db.schema.createIndex('agreement_user_idx').on('agreement').columns(['school_id', 'user_id', 'kind']).execute()
    await db.schema.createIndex('agreement_unsigned_idx').on('agreement').column('unsigned_url').execute()
    await db.schema.createIndex('agreement_signed_idx').on('agreement').column('signed_url').execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('agreement').execute()
  }
}
