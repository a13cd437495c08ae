import type { Kysely, Migration } from 'kysely'
import { flag, schoolRef, text, ts, withId } from './helpers'

export const m001SchoolsUsers: Migration = {
  async up(db: Kysely<any>) {
    await withId(db, db.schema.createTable('school'))
      .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('module_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('theme', 'varchar(32)', (c) => c.notNull())
      .addColumn('theme_color', 'varchar(32)', (c) => c.notNull())
      .addColumn('sign_key', 'varchar(16)', (c) => c.notNull())
      .addColumn('is_default', 'smallint', flag(0))
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .execute()

    await db.schema
      .createTable('school_setting')
      .addColumn('school_id', 'bigint', (c) => c.primaryKey().references('school.id').onDelete('cascade'))
      .addColumn('hide_statistics', 'smallint', flag(0))
      .addColumn('disable_online_donation', 'smallint', flag(0))
      .addColumn('offline_contact_info', 'text', text)
      .addColumn('mask_donor_names', 'smallint', flag(0))
      .addColumn('hide_directory_search', 'smallint', flag(0))
      .addColumn('hide_project_directory', 'smallint', flag(0))
      .addColumn('default_directory_order', 'varchar(32)', text)
      .addColumn('project_list_variant', 'varchar(16)', (c) => c.notNull().defaultTo('tabs'))
      .addColumn('campaign_items', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('title', 'varchar(200)', text)
      .addColumn('is_show_technical_support', 'smallint', flag(1))
      .addColumn('award_explain', 'text', text)
      .addColumn('agree_title', 'varchar(200)', text)
      .addColumn('agree_content', 'text', text)
      .addColumn('share_title', 'varchar(200)', text)
      .addColumn('share_desc', 'varchar(500)', text)
      .addColumn('share_img', 'varchar(500)', text)
      .addColumn('login_bg', 'varchar(500)', text)
      .execute()

    await withId(db, db.schema.createTable('base_setting'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('setting_key', 'varchar(64)', (c) => c.notNull())
      .addColumn('setting_value', 'text', text)
      .addUniqueConstraint('base_setting_school_key_uq', ['school_id', 'setting_key'])
      .execute()

    await withId(db, db.schema.createTable('app_user'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('source', 'varchar(16)', (c) => c.notNull())
      .addColumn('open_id', 'varchar(128)', (c) => c.notNull())
      .addColumn('nickname', 'varchar(64)', text)
      .addColumn('avatar', 'varchar(500)', text)
      .addColumn('name', 'varchar(64)', text)
      .addColumn('mobile', 'varchar(32)', text)
      .addColumn('id_no', 'varchar(32)', text)
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .addUniqueConstraint('app_user_identity_uq', ['school_id', 'source', 'open_id'])
      .execute()

    await withId(db, db.schema.createTable('session'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('expires_at', ts(db), (c) => c.notNull())
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .execute()
  },
  async down(db: Kysely<any>) {
    for (const t of ['session', 'app_user', 'base_setting', 'school_setting', 'school']) await db.schema.dropTable(t).execute()
  }
}
