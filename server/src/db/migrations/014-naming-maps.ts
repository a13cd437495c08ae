/**
 * Campus naming maps (docs/decisions/016-naming-maps.md): the map config files of docs/product §3 stored per
 * school so the staff console can edit them, and the map profile of a seat (tree species or work title, its
 * three-line intro, an artwork's author). The seats themselves stay the naming_seat rows of decision 013, so holds, payment and
 * nameplate review apply unchanged.
 */
import { sql, type Kysely, type Migration } from 'kysely'
import { schoolRef, text, ts, withId } from './helpers'

export const m014NamingMaps: Migration = {
  async up(db: Kysely<any>) {
    await withId(db, db.schema.createTable('naming_map'))
      .addColumn('school_id', 'bigint', schoolRef)
      // the map id of docs/product §3 ('yc-1', 'ys-3-2', 'hall-1'): unique per school, not globally
      .addColumn('map_key', 'varchar(40)', (c) => c.notNull())
      .addColumn('items_id', 'bigint', (c) => c.notNull().references('project.id').onDelete('cascade'))
      .addColumn('level', 'smallint', (c) => c.notNull().check(sql`level in (1, 2, 3)`))
      .addColumn('title', 'varchar(100)', text)
      // JSON: the MapConfig fields other than id and level (types/naming-map.ts)
      .addColumn('config', 'text', (c) => c.notNull())
      .addColumn('updated_at', ts(db), (c) => c.notNull())
      .addUniqueConstraint('naming_map_key_uq', ['school_id', 'map_key'])
      .execute()
    await db.schema.createIndex('naming_map_items_idx').on('naming_map').columns(['school_id', 'items_id']).execute()

    await db.schema
      .createTable('naming_seat_profile')
      .addColumn('seat_id', 'bigint', (c) => c.primaryKey().references('naming_seat.id').onDelete('cascade'))
      .addColumn('school_id', 'bigint', schoolRef)
      // tree species, work title or building name: the seatName filter of docs/product §3 matches it (or the label)
      .addColumn('name', 'varchar(64)', text)
      // trees: family and genus, growth habit, location, one per line
      .addColumn('intro', 'varchar(1000)', text)
      .addColumn('author', 'varchar(64)', text)
      .execute()
    await db.schema.createIndex('naming_seat_profile_name_idx').on('naming_seat_profile').columns(['school_id', 'name']).execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('naming_seat_profile').ifExists().execute()
    await db.schema.dropTable('naming_map').ifExists().execute()
  }
}
