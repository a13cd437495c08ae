/**
 * Agreements handled by staff (docs/decisions/047-agreements-for-staff.md).
 *
 * - agreement.mutual_pages: JSON page images of the countersigned file (mutual_url, migration 015), so the app shows
 *   it like the donor's own; countersigned_at/_by and receipt_at/_by: when and by which member of staff.
 * - agreement_seal: the foundation's seal image per school, kept in the database (base64) and never under /files/,
 *   so nobody can fetch the bare seal by a link; it appears only stamped into a countersigned agreement.
 */
import type { Kysely, Migration } from 'kysely'
import { text, ts } from './helpers'

export const m034AgreementStaff: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('agreement')
      .addColumn('mutual_pages', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute()
    await db.schema.alterTable('agreement').addColumn('countersigned_at', ts(db)).execute()
    await db.schema.alterTable('agreement').addColumn('countersigned_by', 'bigint').execute()
    await db.schema.alterTable('agreement').addColumn('receipt_at', ts(db)).execute()
    await db.schema.alterTable('agreement').addColumn('receipt_by', 'bigint').execute()
    await db.schema
      .createTable('agreement_seal')
      .addColumn('school_id', 'bigint', (c) => c.primaryKey().references('school.id').onDelete('cascade'))
      .addColumn('mime', 'varchar(16)', (c) => c.notNull())
      .addColumn('image_b64', 'text', text)
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('updated_by', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', ts(db), (c) => c.notNull())
      .execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('agreement_seal').execute()
    for (const c of ['receipt_by', 'receipt_at', 'countersigned_by', 'countersigned_at', 'mutual_pages'])
      await db.schema.alterTable('agreement').dropColumn(c).execute()
  }
}
