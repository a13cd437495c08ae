/**
 * WeChat subscribe messages and Alipay subscription messages (docs/decisions/049-subscribe-messages.md).
 *
 * - notice_template: per school, platform channel ('wechat' | 'alipay') and kind of news, the template id the school
 *   picked in the platform's console and which fact goes into each of its fields ({"thing1": "project", ...}).
 * - notice_grant: one row per "accept" the donor gave in the platform's subscribe dialog. A one-time subscription
 *   allows one message: sending claims a grant (notification_id, used_at); a retry of the same message reuses it.
 */
import type { Kysely, Migration } from 'kysely'
import { schoolRef, text, ts, withId } from './helpers'

export const m035SubscribeMessages: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('notice_template')
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('channel', 'varchar(16)', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('template_id', 'varchar(128)', (c) => c.notNull())
      /** JSON: template field key -> fact name (templates.ts NOTICE_FACTS) */
      .addColumn('fields', 'varchar(2000)', text)
      .addColumn('updated_at', ts(db), (c) => c.notNull())
      .addPrimaryKeyConstraint('notice_template_pk', ['school_id', 'channel', 'kind'])
      .execute()

    await withId(db, db.schema.createTable('notice_grant'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('channel', 'varchar(16)', (c) => c.notNull())
      .addColumn('template_id', 'varchar(128)', (c) => c.notNull())
      .addColumn('granted_at', ts(db), (c) => c.notNull())
      /** the message that used it; null while unused */
      .addColumn('notification_id', 'bigint')
      .addColumn('used_at', ts(db))
      .execute()
    await db.schema
      .createIndex('notice_grant_user_idx')
      .on('notice_grant')
      .columns(['school_id', 'user_id', 'channel', 'template_id'])
      .execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('notice_grant').ifExists().execute()
    await db.schema.dropTable('notice_template').ifExists().execute()
  }
}
