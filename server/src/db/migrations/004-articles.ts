import type { Kysely, Migration } from 'kysely'
import { flag, schoolRef, text, ts, withId } from './helpers'

export const m004Articles: Migration = {
  async up(db: Kysely<any>) {
    await withId(db, db.schema.createTable('article_category'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('source', 'varchar(8)', (c) => c.notNull().defaultTo('index'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('sort_no', 'integer', flag(0))
      .execute()
    await withId(db, db.schema.createTable('article'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('category_id', 'bigint', (c) => c.notNull().references('article_category.id').onDelete('cascade'))
      .addColumn('source', 'varchar(8)', (c) => c.notNull().defaultTo('index'))
      .addColumn('website_id', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('thumbnail_image', 'varchar(500)', text)
      .addColumn('content', 'text', text)
      .addColumn('publish_date', ts(db), (c) => c.notNull())
      .addColumn('read_count', 'integer', flag(0))
      .execute()
    await db.schema.createIndex('article_list_idx').on('article').columns(['school_id', 'source', 'category_id', 'publish_date']).execute()
  },
  async down(db: Kysely<any>) {
    for (const t of ['article', 'article_category']) await db.schema.dropTable(t).execute()
  }
}
