/**
 * Texts per language (docs/decisions/025): a `texts` JSON column beside the Chinese columns of the tables
 * whose words the donor reads (forms, categories, the school's agreement, sub-projects). Texts inside JSON lists
 * (field labels, options, preset captions) carry their own `texts` key and need no column. Shape: domain/form/texts.ts.
 */
import type { Kysely, Migration } from 'kysely'

const TABLES = ['donation_form', 'project_type', 'school_setting', 'sub_project'] as const

export const m021TextsPerLanguage: Migration = {
  async up(db: Kysely<any>) {
    for (const t of TABLES)
      await db.schema
        .alterTable(t)
        .addColumn('texts', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute()
  },
  async down(db: Kysely<any>) {
    for (const t of TABLES) await db.schema.alterTable(t).dropColumn('texts').execute()
  }
}
