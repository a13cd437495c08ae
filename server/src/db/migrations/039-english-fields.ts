/**
 * English for a project's own words (docs/decisions/073-english-everywhere.md): a `texts` JSON column on `project`,
 * the shape decision 025 gave donation_form, project_type, school_setting and sub_project (migration 021):
 * {"en": {"name": "…", "intro": "…", "content": "<p>…</p>", "material_name": "…", "material_unit": "…",
 * "no_reason": "…"}}. The Chinese columns stay the fallback. Sub-projects already carry `texts` (their name).
 */
import type { Kysely, Migration } from 'kysely'

export const m039EnglishFields: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('project')
      .addColumn('texts', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('project').dropColumn('texts').execute()
  }
}
