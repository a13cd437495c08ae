import { sql, type Kysely, type Migration } from 'kysely'
import { flag, schoolRef, text, ts, withId } from './helpers'

const projectRef = (c: any) => c.notNull().references('project.id').onDelete('cascade')

export const m002Projects: Migration = {
  async up(db: Kysely<any>) {
    await withId(db, db.schema.createTable('project_type'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('sort_no', 'integer', flag(0))
      .execute()
    await withId(db, db.schema.createTable('project_label'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('label_title', 'varchar(64)', (c) => c.notNull())
      .addColumn('sort_no', 'integer', flag(0))
      .execute()

    await withId(db, db.schema.createTable('project'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('type_id', 'bigint', (c) => c.references('project_type.id').onDelete('set null'))
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('intro', 'varchar(1000)', text)
      .addColumn('content', 'text', text)
      .addColumn('thumbnail_img', 'varchar(500)', text)
      .addColumn('cover_img', 'varchar(500)', text)
      .addColumn('items_type', 'smallint', (c) => c.notNull().defaultTo(1))
      .addColumn('crowd_type', 'smallint', (c) => c.notNull().defaultTo(1))
      .addColumn('is_limit', 'smallint', flag(0))
      .addColumn('limit_fen', 'bigint', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`limit_fen >= 0`)
      )
      .addColumn('limit_material_number', 'integer', flag(0))
      .addColumn('offline_fen', 'bigint', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`offline_fen >= 0`)
      )
      .addColumn('offline_material_number', 'integer', flag(0))
      .addColumn('material_name', 'varchar(64)', text)
      .addColumn('material_unit', 'varchar(16)', text)
      .addColumn('material_price_fen', 'bigint', flag(0))
      .addColumn('naming_type', 'smallint')
      .addColumn('naming_count_all', 'integer', flag(0))
      .addColumn('is_complete', 'smallint', flag(0))
      .addColumn('is_donate', 'smallint', flag(1))
      .addColumn('no_reason', 'varchar(500)', text)
      .addColumn('is_donate_together', 'smallint', flag(0))
      .addColumn('is_record', 'smallint', flag(1))
      .addColumn('is_progress', 'smallint', flag(1))
      .addColumn('is_leave_message', 'smallint', flag(1))
      .addColumn('is_instruction', 'smallint', flag(1))
      .addColumn('is_audit_message', 'smallint', flag(0))
      .addColumn('is_sub_rank', 'smallint', flag(0))
      .addColumn('fix_money', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('is_fix_money', 'smallint', flag(0))
      .addColumn('is_hand_money', 'smallint', flag(1))
      .addColumn('form_id', 'bigint')
      .addColumn('sort_no', 'integer', flag(0))
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .execute()
    await db.schema.createIndex('project_school_idx').on('project').columns(['school_id', 'sort_no']).execute()

    await db.schema
      .createTable('project_label_link')
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('items_id', 'bigint', projectRef)
      .addColumn('label_id', 'bigint', (c) => c.notNull().references('project_label.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('project_label_link_pk', ['items_id', 'label_id'])
      .execute()
    await withId(db, db.schema.createTable('project_cover'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('items_id', 'bigint', projectRef)
      .addColumn('file_url', 'varchar(500)', (c) => c.notNull())
      .addColumn('sort_no', 'integer', flag(0))
      .execute()
    await withId(db, db.schema.createTable('sub_project'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('items_id', 'bigint', projectRef)
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('offline_fen', 'bigint', flag(0))
      .addColumn('sort_no', 'integer', flag(0))
      .execute()

    await withId(db, db.schema.createTable('progress'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('items_id', 'bigint', projectRef)
      .addColumn('progress_date', ts(db), (c) => c.notNull())
      .addColumn('content', 'text', text)
      .execute()
    await withId(db, db.schema.createTable('progress_attachment'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('progress_id', 'bigint', (c) => c.notNull().references('progress.id').onDelete('cascade'))
      .addColumn('file_url', 'varchar(500)', (c) => c.notNull())
      .addColumn('sort_no', 'integer', flag(0))
      .execute()

    await withId(db, db.schema.createTable('leave_message'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('items_id', 'bigint', projectRef)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('content', 'varchar(1000)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
      .addColumn('reply_content', 'text', text)
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .execute()
    await db.schema.createIndex('leave_message_items_idx').on('leave_message').columns(['school_id', 'items_id', 'status']).execute()

    await withId(db, db.schema.createTable('use_publicity'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('items_id', 'bigint', projectRef)
      .addColumn('use_date', ts(db), (c) => c.notNull())
      .addColumn('use_title', 'varchar(200)', (c) => c.notNull())
      .addColumn('use_fen', 'bigint', flag(0))
      .execute()
  },
  async down(db: Kysely<any>) {
    for (const t of [
      'use_publicity',
      'leave_message',
      'progress_attachment',
      'progress',
      'sub_project',
      'project_cover',
      'project_label_link',
      'project',
      'project_label',
      'project_type'
    ])
      await db.schema.dropTable(t).execute()
  }
}
