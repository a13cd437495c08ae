/**
 * The staff console (docs/decisions/021): roles per member of staff and the audit log of every change made
 * through the staff API. Staff created before this migration keep the only job they had: fulfilment.
 */
import type { Kysely, Migration } from 'kysely'
import { schoolRef, text, ts, withId } from './helpers'

export const m018StaffConsole: Migration = {
  async up(db: Kysely<any>) {
    /** comma-separated StaffRole list (domain/staff/roles.ts), e.g. 'admin' or 'finance,editor' */
    await db.schema
      .alterTable('staff')
      .addColumn('roles', 'varchar(64)', (c) => c.notNull().defaultTo('fulfilment'))
      .execute()

    await withId(db, db.schema.createTable('audit_log'))
      .addColumn('school_id', 'bigint', schoolRef)
      /** kept when the account is removed later: who did it is part of the record */
      .addColumn('staff_id', 'bigint', (c) => c.notNull())
      .addColumn('staff_name', 'varchar(64)', text)
      /** 'project.create', 'ledger.offline.create', 'settings.update', ... */
      .addColumn('action', 'varchar(64)', (c) => c.notNull())
      .addColumn('entity', 'varchar(32)', (c) => c.notNull())
      .addColumn('entity_id', 'varchar(64)', text)
      /** JSON, secrets masked (domain/staff/audit.ts) */
      .addColumn('before_json', 'text', (c) => c.notNull().defaultTo('null'))
      .addColumn('after_json', 'text', (c) => c.notNull().defaultTo('null'))
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .execute()
    await db.schema.createIndex('audit_log_school_idx').on('audit_log').columns(['school_id', 'id']).execute()
    await db.schema.createIndex('audit_log_entity_idx').on('audit_log').columns(['school_id', 'entity', 'entity_id']).execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('audit_log').execute()
    await db.schema.alterTable('staff').dropColumn('roles').execute()
  }
}
