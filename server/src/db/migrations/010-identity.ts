/**
 * Donor identity: sign-in keys beside app_user (verified mobiles, account passwords), SMS codes and their
 * throttles, the school's login switches, WeChat/Alipay sign-in credentials, and the files this server issued
 * (an avatar must be one of them).
 */
import { sql, type Kysely, type Migration } from 'kysely'
import { flag, schoolRef, text, ts, withId } from './helpers'

export const m010Identity: Migration = {
  async up(db: Kysely<any>) {
    // One row per way a user can sign in besides the identity of app_user: kind 'mobile' (login_key "86-138…"),
    // kind 'password' (login_key the lower-cased account name, secret_hash scrypt of the client's SHA-256).
    await withId(db, db.schema.createTable('user_login'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(16)', (c) => c.notNull().check(sql`kind in ('mobile', 'password')`))
      .addColumn('login_key', 'varchar(128)', (c) => c.notNull())
      .addColumn('secret_hash', 'varchar(256)', text)
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .addColumn('updated_at', ts(db), (c) => c.notNull())
      .addUniqueConstraint('user_login_key_uq', ['school_id', 'kind', 'login_key'])
      .execute()
    await db.schema.createIndex('user_login_user_idx').on('user_login').columns(['school_id', 'user_id']).execute()

    // Codes are stored as sha256(salt:code); used_at makes them single-use, attempts burns them after 5 misses.
    await withId(db, db.schema.createTable('sms_code'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('mobile', 'varchar(32)', (c) => c.notNull())
      .addColumn('salt', 'varchar(32)', (c) => c.notNull())
      .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('attempts', 'integer', flag(0))
      .addColumn('ip', 'varchar(64)', text)
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .addColumn('expires_at', ts(db), (c) => c.notNull())
      .addColumn('used_at', ts(db))
      .execute()
    await db.schema.createIndex('sms_code_mobile_idx').on('sms_code').columns(['school_id', 'mobile', 'created_at']).execute()

    // Send throttles by mobile and by IP: one conditional UPDATE decides (60 s gap, 10 per 24 h window).
    await db.schema
      .createTable('sms_throttle')
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('scope', 'varchar(8)', (c) => c.notNull())
      .addColumn('throttle_key', 'varchar(128)', (c) => c.notNull())
      .addColumn('last_sent_at', ts(db), (c) => c.notNull())
      .addColumn('window_started_at', ts(db), (c) => c.notNull())
      .addColumn('window_count', 'integer', flag(0))
      .addPrimaryKeyConstraint('sms_throttle_pk', ['school_id', 'scope', 'throttle_key'])
      .execute()

    // Absent row = defaults (login open, no notes, sandbox sign-in allowed): schools added later need no row.
    await db.schema
      .createTable('login_setting')
      .addColumn('school_id', 'bigint', (c) => c.primaryKey().references('school.id').onDelete('cascade'))
      .addColumn('is_open_login', 'smallint', flag(1))
      .addColumn('login_notes', 'text', text)
      /** getAuthToken/getAuthUrl fall back to the sandbox (code = openId) for platforms without credentials */
      .addColumn('sandbox_login', 'smallint', flag(1))
      .addColumn('updated_at', ts(db), (c) => c.notNull())
      .execute()

    await withId(db, db.schema.createTable('oauth_config'))
      .addColumn('school_id', 'bigint', schoolRef)
      /** 'weapp' (jscode2session), 'h5' (official-account OAuth), 'alipay' (alipay.system.oauth.token) */
      .addColumn('platform', 'varchar(16)', (c) => c.notNull())
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull())
      /** JSON {secret} (WeChat) or {privateKey, alipayPublicKey} (Alipay); "env:NAME" values read from the environment */
      .addColumn('credentials', 'text', (c) => c.notNull().defaultTo('{}'))
      /** '' = the provider's public API; tests point it at a local fake */
      .addColumn('api_base', 'varchar(300)', text)
      .addColumn('enabled', 'smallint', flag(1))
      .addColumn('updated_at', ts(db), (c) => c.notNull())
      .addUniqueConstraint('oauth_config_uq', ['school_id', 'platform'])
      .execute()

    await withId(db, db.schema.createTable('uploaded_file'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('user_id', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('url', 'varchar(300)', (c) => c.notNull().unique())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('mime', 'varchar(64)', (c) => c.notNull())
      .addColumn('size_bytes', 'integer', (c) => c.notNull())
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .execute()
    await db.schema.createIndex('uploaded_file_user_idx').on('uploaded_file').columns(['school_id', 'user_id']).execute()
  },
  async down(db: Kysely<any>) {
    for (const t of ['uploaded_file', 'oauth_config', 'login_setting', 'sms_throttle', 'sms_code', 'user_login']) {
      await db.schema.dropTable(t).execute()
    }
  }
}
