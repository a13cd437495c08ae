/**
 * The shared store's table unlogged on PostgreSQL (docs/decisions/087-postgresql-peak-statements.md): its rows (request
 * nonces, order and sign-in rate windows, short-lived hand-offs) are written by every signed request, each upsert its
 * own commit, and at the peak those commits were what the backends waited on most (the WAL flush, IO:WALSync in
 * pg_stat_activity). Unlogged, they write no WAL and wait for no flush. After a crash PostgreSQL empties the table,
 * as a restart empties a Redis shared store kept without persistence, and a standby does not have it. SQLite: nothing
 * changes.
 */
import { sql, type Kysely, type Migration } from 'kysely'
import { isPg } from './helpers'

export const m043SharedStoreUnlogged: Migration = {
  async up(db: Kysely<any>) {
    if (isPg(db)) await sql`alter table shared_entry set unlogged`.execute(db)
  },
  async down(db: Kysely<any>) {
    if (isPg(db)) await sql`alter table shared_entry set logged`.execute(db)
  }
}
