/**
 * The staff console's project editor: a project's campaign dates. Stored as 'YYYY-MM-DD' text ('' = none)
 * on both dialects: they are calendar days in Beijing, not instants, so neither timestamptz nor a time zone applies.
 */
import type { Kysely, Migration } from 'kysely'
import { text } from './helpers'

export const m022StaffProjects: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('project').addColumn('start_date', 'varchar(10)', text).execute()
    await db.schema.alterTable('project').addColumn('end_date', 'varchar(10)', text).execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('project').dropColumn('end_date').execute()
    await db.schema.alterTable('project').dropColumn('start_date').execute()
  }
}
