/**
 * Privacy policy, consent and account deletion (docs/decisions/041-privacy-and-account-deletion.md).
 *
 * - privacy_policy: one row per school once staff edit it; no row = the built-in default text, version 1
 *   (domain/privacy/default-policy.ts). `texts` holds other languages ({"en": {"title", "content"}}) as decision 025.
 * - privacy_consent: who agreed to which version, when, and from where ('login', 'prompt'). One row per user and
 *   version; kept after an account is deleted (the proof that collection was agreed to).
 * - app_user.deleted_at: set when the donor deletes the account; the row stays (gifts point at it) with every
 *   personal column emptied and its sign-in identity renamed, so a new sign-in creates a new, empty account.
 */
import { type Kysely, type Migration } from 'kysely'
import { schoolRef, text, ts, withId } from './helpers'

export const m030Privacy: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('privacy_policy')
      .addColumn('school_id', 'bigint', (c) => c.primaryKey().references('school.id').onDelete('cascade'))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('title', 'varchar(100)', text)
      .addColumn('content', 'text', text)
      .addColumn('texts', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('updated_by', 'bigint')
      .addColumn('updated_at', ts(db), (c) => c.notNull())
      .execute()

    await withId(db, db.schema.createTable('privacy_consent'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('source', 'varchar(16)', (c) => c.notNull().defaultTo('prompt'))
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .addUniqueConstraint('privacy_consent_uq', ['school_id', 'user_id', 'version'])
      .execute()

    await db.schema.alterTable('app_user').addColumn('deleted_at', ts(db)).execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('app_user').dropColumn('deleted_at').execute()
    await db.schema.dropTable('privacy_consent').execute()
    await db.schema.dropTable('privacy_policy').execute()
  }
}
