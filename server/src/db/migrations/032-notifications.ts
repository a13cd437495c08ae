/**
 * Notifications (docs/decisions/044-notifications.md).
 *
 * - notify_contact: per donor, the e-mail address they gave for news and the language of the news (zh_CN | en).
 * - notify_preference: per donor, kind of news and channel, on (1) or off (0). An absent row is off, except the
 *   receipt kind on e-mail, which is on for a donor who asked for an e-mail receipt (the address they gave there).
 * - notification: one row per message to send, written in the transaction of the event; its job (kind 'notify')
 *   sends it. state: queued -> sent | retrying -> sent | failed (attempts used up) | skipped (no channel given or
 *   allowed). Staff see failed and retrying rows, with the last error.
 * - school.mail_from: the school's sender, over MAIL_FROM. school.notify_secret: the key of unsubscribe links when
 *   NOTIFY_SECRET is not set, made on first use.
 */
import { sql, type Kysely, type Migration } from 'kysely'
import { schoolRef, text, ts, withId } from './helpers'

export const m032Notifications: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('school').addColumn('mail_from', 'varchar(200)', text).execute()
    await db.schema.alterTable('school').addColumn('notify_secret', 'varchar(64)', text).execute()

    await db.schema
      .createTable('notify_contact')
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('email', 'varchar(200)', text)
      .addColumn('lang', 'varchar(8)', (c) => c.notNull().defaultTo('zh_CN'))
      .addColumn('updated_at', ts(db), (c) => c.notNull())
      .addPrimaryKeyConstraint('notify_contact_pk', ['school_id', 'user_id'])
      .execute()

    await db.schema
      .createTable('notify_preference')
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('channel', 'varchar(16)', (c) => c.notNull())
      .addColumn('enabled', 'smallint', (c) => c.notNull())
      .addColumn('updated_at', ts(db), (c) => c.notNull())
      .addPrimaryKeyConstraint('notify_preference_pk', ['school_id', 'user_id', 'kind', 'channel'])
      .execute()

    await withId(db, db.schema.createTable('notification'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      /** what it is about: the id of the donation, receipt application, naming record or together campaign */
      .addColumn('ref_id', 'bigint', (c) => c.notNull())
      /** chosen when sent: 'email' (later: 'wechat', 'alipay'); '' while queued */
      .addColumn('channel', 'varchar(16)', text)
      .addColumn('recipient', 'varchar(200)', text)
      .addColumn('state', 'varchar(16)', (c) =>
        c
          .notNull()
          .defaultTo('queued')
          .check(sql`state in ('queued', 'retrying', 'sent', 'failed', 'skipped')`)
      )
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'varchar(500)', text)
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .addColumn('updated_at', ts(db), (c) => c.notNull())
      .addColumn('sent_at', ts(db))
      .execute()
    await db.schema.createIndex('notification_user_idx').on('notification').columns(['school_id', 'user_id', 'id']).execute()
    await db.schema.createIndex('notification_ref_idx').on('notification').columns(['school_id', 'kind', 'ref_id']).execute()
    await db.schema.createIndex('notification_state_idx').on('notification').columns(['school_id', 'state']).execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('notification').ifExists().execute()
    await db.schema.dropTable('notify_preference').ifExists().execute()
    await db.schema.dropTable('notify_contact').ifExists().execute()
    await db.schema.alterTable('school').dropColumn('notify_secret').execute()
    await db.schema.alterTable('school').dropColumn('mail_from').execute()
  }
}
