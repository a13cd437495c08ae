/**
 * Table types of migration 020, merged into db/types.ts's DB by declaration merging (as domain/identity/tables.ts
 * does), so the shared types file stays untouched.
 */
import type { ColumnType } from 'kysely'

export interface SharedEntryTable {
  key: string
  count: ColumnType<number, number | undefined, number>
  stamp: ColumnType<number, number | undefined, number>
  prev_stamp: ColumnType<number, number | undefined, number>
  value: ColumnType<string, string | undefined, string>
  expires_at: number
}

declare module '../../db/types' {
  interface DB {
    shared_entry: SharedEntryTable
  }
  interface JobTable {
    /** host:pid:random of the process holding the lease (jobs/queue.ts) */
    locked_by: ColumnType<string, string | undefined, string>
  }
}
