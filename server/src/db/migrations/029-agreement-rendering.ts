/**
 * Agreements rendered by the job worker when the request path is busy (docs/decisions/039-agreement-rendering-jobs.md):
 * agreement.render_state is 'ready' (the files exist: every row before this migration), 'rendering' (recorded, its
 * `agreement-render` job not finished; unsigned_url is '' until then) or 'failed' (the job gave up; render_error is
 * the message key the donor is shown, in their language when they read the agreement). Only a ready agreement can be
 * signed, and only a signed one can be bound to an order, so a rendering one can be neither.
 */
import { sql, type Kysely, type Migration } from 'kysely'
import { text } from './helpers'

export const m029AgreementRendering: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('agreement')
      .addColumn('render_state', 'varchar(12)', (c) =>
        c
          .notNull()
          .defaultTo('ready')
          .check(sql`render_state in ('ready', 'rendering', 'failed')`)
      )
      .execute()
    await db.schema.alterTable('agreement').addColumn('render_error', 'varchar(64)', text).execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('agreement').dropColumn('render_error').execute()
    await db.schema.alterTable('agreement').dropColumn('render_state').execute()
  }
}
