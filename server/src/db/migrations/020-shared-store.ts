/**
 * Scale-out (docs/decisions/023-scale-out.md): the state several server processes must share, which lived
 * in each process's memory before — request nonces, rate-limit windows, sign-in guess counters, the WeChat JS-SDK
 * token cache (lib/shared-store/database.ts) — and the owner of a job's lease (jobs/queue.ts).
 *
 * One generic table rather than one per use: every entry is a key with an expiry, a counter and a stamp or a value,
 * written by a single upsert. Times are epoch milliseconds (bigint) so the expiry comparisons are plain integer
 * comparisons on both dialects. The expires_at index serves the bounded sweep of expired rows.
 */
import type { Kysely, Migration } from 'kysely'

export const m020SharedStore: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('shared_entry')
      .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
      .addColumn('count', 'bigint', (c) => c.notNull().defaultTo(0))
      /** epoch ms of the last bump (back-off counters) */
      .addColumn('stamp', 'bigint', (c) => c.notNull().defaultTo(0))
      /** the stamp before the last bump, so a refused attempt can be taken back (identity/guesses.ts) */
      .addColumn('prev_stamp', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('value', 'text', (c) => c.notNull().defaultTo(''))
      /** epoch ms; an entry at or past it is absent */
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('shared_entry_expires_idx').on('shared_entry').column('expires_at').execute()
    // which process holds a running job's lease (host:pid:random); kept after completion as a record of who ran it
    await db.schema
      .alterTable('job')
      .addColumn('locked_by', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('job').dropColumn('locked_by').execute()
    await db.schema.dropTable('shared_entry').execute()
  }
}
