/**
 * Content security for donor-written text and images (docs/decisions/042-content-security.md).
 *
 * - content_check: one row per piece of donor content that is not public yet: held for staff (the platform said
 *   'review', the school has no checker, the checker failed) or waiting for WeChat's asynchronous image verdict
 *   (trace_id). Staff approve or reject it in the console; the verdict callback settles the async ones.
 * - app_user.pending_nickname / pending_avatar: a held nickname or avatar, shown to its author only; the public
 *   columns (nickname, avatar) keep the last approved value until staff or the checker let the new one through.
 * - together_donation.content_state: 'visible' | 'held' | 'rejected'; only visible joint donations are listed,
 *   shared or open to gifts from others.
 * Messages use leave_message.status ('pending' while held) and nameplates their own review (naming_record).
 */
import { sql, type Kysely, type Migration } from 'kysely'
import { schoolRef, text, ts, withId } from './helpers'

export const m031ContentSecurity: Migration = {
  async up(db: Kysely<any>) {
    await withId(db, db.schema.createTable('content_check'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull().check(sql`kind in ('message', 'nickname', 'avatar', 'together')`))
      /** leave_message.id, together_donation.id, or the user's id for a nickname or avatar */
      .addColumn('target_id', 'bigint', (c) => c.notNull())
      /** the text as checked, or the avatar's /files/ path */
      .addColumn('content', 'text', (c) => c.notNull())
      /** 'wechat' | 'alipay' | 'sandbox' | 'none' */
      .addColumn('checker', 'varchar(16)', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull().check(sql`state in ('held', 'checking', 'approved', 'rejected')`))
      /** why it is held: 'review' (the platform's word), 'unconfigured', 'failed', 'pending' (async), with the label */
      .addColumn('reason', 'varchar(120)', text)
      .addColumn('trace_id', 'varchar(128)', text)
      .addColumn('decided_by', 'bigint')
      .addColumn('decided_at', ts(db))
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .addColumn('updated_at', ts(db), (c) => c.notNull())
      .execute()
    await db.schema.createIndex('content_check_state_idx').on('content_check').columns(['school_id', 'state', 'id']).execute()
    await db.schema.createIndex('content_check_target_idx').on('content_check').columns(['school_id', 'kind', 'target_id']).execute()
    await db.schema.createIndex('content_check_trace_idx').on('content_check').column('trace_id').execute()
    await db.schema.alterTable('app_user').addColumn('pending_nickname', 'varchar(80)', text).execute()
    await db.schema.alterTable('app_user').addColumn('pending_avatar', 'varchar(500)', text).execute()
    await db.schema
      .alterTable('together_donation')
      .addColumn('content_state', 'varchar(12)', (c) => c.notNull().defaultTo('visible'))
      .execute()
  },

  async down(db: Kysely<any>) {
    await db.schema.alterTable('together_donation').dropColumn('content_state').execute()
    await db.schema.alterTable('app_user').dropColumn('pending_avatar').execute()
    await db.schema.alterTable('app_user').dropColumn('pending_nickname').execute()
    await db.schema.dropTable('content_check').execute()
  }
}
