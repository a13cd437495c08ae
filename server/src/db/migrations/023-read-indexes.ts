/**
 * Indexes for the public reads (docs/decisions/026-read-path.md), found with EXPLAIN QUERY PLAN on the
 * seeded database: the directory's naming labels (`donation_naming where school_id and donation_id in (...)`) used
 * the per-project index and read every naming row of the school; a project's covers and sub-projects were read by
 * scanning their whole tables; the project list sorted in a temporary B-tree.
 */
import type { Kysely, Migration } from 'kysely'

const INDEXES = [
  ['donation_naming_donation_idx', 'donation_naming', ['school_id', 'donation_id']],
  ['project_cover_items_idx', 'project_cover', ['school_id', 'items_id', 'sort_no']],
  ['sub_project_items_idx', 'sub_project', ['school_id', 'items_id', 'sort_no']],
  ['project_list_idx', 'project', ['school_id', 'is_complete', 'sort_no', 'id']]
] as const

export const m023ReadIndexes: Migration = {
  async up(db: Kysely<any>) {
    for (const [name, table, columns] of INDEXES)
      await db.schema
        .createIndex(name)
        .on(table)
        .columns([...columns])
        .execute()
  },
  async down(db: Kysely<any>) {
    for (const [name] of [...INDEXES].reverse()) await db.schema.dropIndex(name).execute()
  }
}
