/**
 * English for articles (docs/decisions/086-english-for-campaigns-and-articles.md): a `texts` JSON column on `article`,
 * the per-row shape of decisions 025 and 073: {"en": {"title": "…", "content": "<p>…</p>"}}, keys named after the
 * Chinese columns, which stay the fallback. A campaign's own words are its project's (name, intro, page), whose
 * English migration 039 already holds, so no campaign table changes here.
 */
import type { Kysely, Migration } from 'kysely'

export const m040CampaignArticleEnglish: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('article')
      .addColumn('texts', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('article').dropColumn('texts').execute()
  }
}
