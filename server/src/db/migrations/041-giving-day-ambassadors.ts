/**
 * Giving days: region boards and ambassadors (docs/decisions/075-giving-day-ambassadors-boards.md).
 *
 * - giving_day_gift.region: the donor's region (the form's `region` answer, or the donor's profile as they gave it on
 *   an earlier gift), beside class year and college, for the region boards.
 * - giving_day_gift.ambassador_id: the ambassador this gift is credited to, written with the gift row in the paid
 *   transaction (the gift row is UNIQUE per day and order, so a gift credits at most once).
 * - giving_day_ambassador: a donor's own code for one giving day, UNIQUE (giving_day_id, user_id) and UNIQUE
 *   (school_id, code).
 * - giving_day_referral: the code an order was created with, one per order (UNIQUE donation_id), written in the
 *   order's own transaction and read when it is paid.
 */
import type { Kysely, Migration } from 'kysely'
import { schoolRef, text, ts, withId } from './helpers'

export const m041GivingDayAmbassadors: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('giving_day_gift').addColumn('region', 'varchar(100)', text).execute()
    await db.schema.alterTable('giving_day_gift').addColumn('ambassador_id', 'bigint').execute()
    await db.schema
      .createIndex('giving_day_gift_ambassador_idx')
      .on('giving_day_gift')
      .columns(['giving_day_id', 'ambassador_id'])
      .execute()

    await withId(db, db.schema.createTable('giving_day_ambassador'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('giving_day_id', 'bigint', (c) => c.notNull().references('giving_day.id').onDelete('cascade'))
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('code', 'varchar(16)', (c) => c.notNull())
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('giving_day_ambassador_user_uq')
      .on('giving_day_ambassador')
      .columns(['giving_day_id', 'user_id'])
      .unique()
      .execute()
    await db.schema
      .createIndex('giving_day_ambassador_code_uq')
      .on('giving_day_ambassador')
      .columns(['school_id', 'code'])
      .unique()
      .execute()

    await withId(db, db.schema.createTable('giving_day_referral'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('donation_id', 'bigint', (c) => c.notNull().references('donation.id').onDelete('cascade'))
      .addColumn('ambassador_id', 'bigint', (c) => c.notNull().references('giving_day_ambassador.id').onDelete('cascade'))
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .execute()
    await db.schema.createIndex('giving_day_referral_uq').on('giving_day_referral').columns(['donation_id']).unique().execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('giving_day_referral').ifExists().execute()
    await db.schema.dropTable('giving_day_ambassador').ifExists().execute()
    await db.schema.dropIndex('giving_day_gift_ambassador_idx').ifExists().execute()
    await db.schema.alterTable('giving_day_gift').dropColumn('ambassador_id').execute()
    await db.schema.alterTable('giving_day_gift').dropColumn('region').execute()
  }
}
