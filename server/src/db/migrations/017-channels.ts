/**
 * Channels and SMS (docs/decisions/018): credentials per school and per channel (the WeChat mini-program and
 * the official account have different AppIDs, each may have its own merchant binding; the Alipay mini-program and Alipay
 * wap are different Alipay apps), the school's SMS gateway, and the production flag that keeps the console SMS
 * provider away from real donors.
 */
import { sql, type Kysely, type Migration } from 'kysely'
import { flag, schoolRef, text, ts, withId } from './helpers'

export const m017Channels: Migration = {
  async up(db: Kysely<any>) {
    await withId(db, db.schema.createTable('school_channel_credential'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('channel', 'varchar(16)', (c) => c.notNull().check(sql`channel in ('weapp', 'alipay', 'h5', 'wechat-h5')`))
      /** the channel's AppID: mini-program, official account, Alipay app */
      .addColumn('app_id', 'varchar(64)', text)
      /** WeChat AppSecret (or "env:NAME"); never in an answer or a log line */
      .addColumn('secret', 'varchar(500)', text)
      /** JSON of other sign-in keys (Alipay: privateKey, alipayPublicKey), "env:NAME" values allowed */
      .addColumn('credentials', 'text', (c) => c.notNull().defaultTo('{}'))
      /** JSON merged over payment_config.credentials for orders from this channel (its own merchant, its Alipay app key) */
      .addColumn('pay_credentials', 'text', (c) => c.notNull().defaultTo('{}'))
      /** '' = the platform's real API (tests and proxies set it) */
      .addColumn('api_base', 'varchar(300)', text)
      .addColumn('enabled', 'smallint', flag(1))
      .addColumn('updated_at', ts(db), (c) => c.notNull())
      .addUniqueConstraint('school_channel_credential_uq', ['school_id', 'channel'])
      .execute()

    await withId(db, db.schema.createTable('sms_config'))
      .addColumn('school_id', 'bigint', (c) => schoolRef(c).unique())
      /** 'tencent': Tencent Cloud SMS API 3.0 (providers/sms/tencent.ts) */
      .addColumn('provider', 'varchar(16)', (c) => c.notNull())
      .addColumn('secret_id', 'varchar(200)', text)
      .addColumn('secret_key', 'varchar(500)', text)
      .addColumn('sdk_app_id', 'varchar(32)', text)
      .addColumn('sign_name', 'varchar(64)', text)
      .addColumn('template_id', 'varchar(32)', text)
      /** what fills the template's {1}, {2}…: 'code' and 'minutes' (the code's lifetime), comma-separated */
      .addColumn('template_params', 'varchar(64)', (c) => c.notNull().defaultTo('code,minutes'))
      .addColumn('region', 'varchar(32)', (c) => c.notNull().defaultTo('ap-guangzhou'))
      .addColumn('endpoint', 'varchar(300)', text)
      .addColumn('enabled', 'smallint', flag(1))
      .addColumn('updated_at', ts(db), (c) => c.notNull())
      .execute()

    // A school whose sandbox cashier is off takes real donors: it is a production school.
    await db.schema.alterTable('school').addColumn('is_production', 'smallint', flag(0)).execute()
    await db
      .updateTable('school')
      .set({ is_production: 1 })
      .where('id', 'in', (eb: any) => eb.selectFrom('school_setting').select('school_id').where('sandbox_enabled', '=', 0))
      .execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('school').dropColumn('is_production').execute()
    for (const t of ['sms_config', 'school_channel_credential']) await db.schema.dropTable(t).execute()
  }
}
