/**
 * What an offline gift has counted toward a challenge (docs/decisions/088-offline-gifts-in-giving-days.md, "Corrections
 * count once"): one row per challenge and gift, UNIQUE (challenge_id, donation_id), holding the most of the gift's
 * amount the challenge has counted. A correction that moves the gift out of a challenge's dates and back, or lowers
 * its amount and raises it again, counts only what goes past that, and the gift's donor once, whatever its name
 * becomes: a challenge's counters never go down (decision 070), and now never count one gift twice either.
 * Paid online gifts are counted once by the paid transaction and never move: they have no row.
 */
import type { Kysely, Migration } from 'kysely'
import { schoolRef, withId } from './helpers'

export const m044GivingDayChallengeShares: Migration = {
  async up(db: Kysely<any>) {
    await withId(db, db.schema.createTable('giving_day_challenge_share'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('challenge_id', 'bigint', (c) => c.notNull().references('giving_day_challenge.id').onDelete('cascade'))
      .addColumn('donation_id', 'bigint', (c) => c.notNull())
      .addColumn('counted_fen', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('giving_day_challenge_share_uq')
      .on('giving_day_challenge_share')
      .columns(['challenge_id', 'donation_id'])
      .unique()
      .execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('giving_day_challenge_share').ifExists().execute()
  }
}
