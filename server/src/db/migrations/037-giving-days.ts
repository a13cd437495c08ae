/**
 * Giving days: matches and challenges (docs/decisions/070-giving-days.md, docs/product §2 Giving days).
 *
 * - giving_day: a day (or days) of giving: its window (UTC instants; staff enter Beijing time), money and
 *   participation goals, the projects in it (JSON id array, '[]' = every project of the school).
 * - giving_day_match: a sponsor's fund. kind 'per_yuan' matches rate_fen fen for every yuan given, 'per_donor' rate_fen
 *   once per donor; never more than cap_fen in all: used_fen only moves by guarded updates in the paid and refund
 *   transactions (domain/giving-day/repository.ts). Its own window and restrictions (projects, class years,
 *   colleges: JSON arrays, '[]' = none).
 * - giving_day_challenge: unlocked at target donors (kind 'donors') or target fen (kind 'amount') within its window;
 *   donors / raised_fen are counters raised in the paid transaction, and the unlock (unlocked_at, the order that
 *   crossed it) is written once by a guarded update and never undone.
 * - giving_day_gift: a paid gift that counts in a giving day, with the class year and college its form carried:
 *   UNIQUE (giving_day_id, donation_id), the source of totals and leaderboards (net of refunds through donation).
 * - giving_day_match_record: what one match gave one order, UNIQUE (donation_id, match_id): exactly once.
 * - giving_day_donor: a donor counted once for a per-donor match or a donor challenge, UNIQUE (scope, ref_id, donor_key).
 */
import type { Kysely, Migration } from 'kysely'
import { schoolRef, text, ts, withId } from './helpers'

const jsonList = (c: Parameters<typeof text>[0]) => c.notNull().defaultTo('[]')

export const m037GivingDays: Migration = {
  async up(db: Kysely<any>) {
    await withId(db, db.schema.createTable('giving_day'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('title', 'varchar(100)', (c) => c.notNull())
      .addColumn('title_en', 'varchar(200)', text)
      .addColumn('starts_at', ts(db), (c) => c.notNull())
      .addColumn('ends_at', ts(db), (c) => c.notNull())
      .addColumn('goal_fen', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('participation_goal', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('projects', 'varchar(4000)', jsonList)
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .addColumn('updated_at', ts(db), (c) => c.notNull())
      .execute()
    await db.schema.createIndex('giving_day_school_idx').on('giving_day').columns(['school_id', 'starts_at']).execute()

    await withId(db, db.schema.createTable('giving_day_match'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('giving_day_id', 'bigint', (c) => c.notNull().references('giving_day.id').onDelete('cascade'))
      .addColumn('sponsor', 'varchar(100)', (c) => c.notNull())
      .addColumn('sponsor_en', 'varchar(200)', text)
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('rate_fen', 'bigint', (c) => c.notNull())
      .addColumn('cap_fen', 'bigint', (c) => c.notNull())
      .addColumn('used_fen', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('starts_at', ts(db), (c) => c.notNull())
      .addColumn('ends_at', ts(db), (c) => c.notNull())
      .addColumn('projects', 'varchar(4000)', jsonList)
      .addColumn('class_years', 'varchar(2000)', jsonList)
      .addColumn('colleges', 'varchar(4000)', jsonList)
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .addColumn('updated_at', ts(db), (c) => c.notNull())
      .execute()
    await db.schema.createIndex('giving_day_match_day_idx').on('giving_day_match').columns(['giving_day_id', 'id']).execute()

    await withId(db, db.schema.createTable('giving_day_challenge'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('giving_day_id', 'bigint', (c) => c.notNull().references('giving_day.id').onDelete('cascade'))
      .addColumn('sponsor', 'varchar(100)', (c) => c.notNull())
      .addColumn('sponsor_en', 'varchar(200)', text)
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('target', 'bigint', (c) => c.notNull())
      .addColumn('reward_fen', 'bigint', (c) => c.notNull())
      .addColumn('starts_at', ts(db), (c) => c.notNull())
      .addColumn('ends_at', ts(db), (c) => c.notNull())
      .addColumn('donors', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('raised_fen', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('unlocked_at', ts(db))
      .addColumn('unlocked_donation_id', 'bigint')
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .addColumn('updated_at', ts(db), (c) => c.notNull())
      .execute()
    await db.schema.createIndex('giving_day_challenge_day_idx').on('giving_day_challenge').columns(['giving_day_id', 'id']).execute()

    await withId(db, db.schema.createTable('giving_day_gift'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('giving_day_id', 'bigint', (c) => c.notNull().references('giving_day.id').onDelete('cascade'))
      .addColumn('donation_id', 'bigint', (c) => c.notNull().references('donation.id').onDelete('cascade'))
      .addColumn('donor_key', 'varchar(32)', (c) => c.notNull())
      .addColumn('class_year', 'varchar(8)', text)
      .addColumn('college', 'varchar(100)', text)
      .addColumn('paid_at', ts(db), (c) => c.notNull())
      .execute()
    await db.schema.createIndex('giving_day_gift_uq').on('giving_day_gift').columns(['giving_day_id', 'donation_id']).unique().execute()
    await db.schema.createIndex('giving_day_gift_donation_idx').on('giving_day_gift').columns(['school_id', 'donation_id']).execute()

    await withId(db, db.schema.createTable('giving_day_match_record'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('giving_day_id', 'bigint', (c) => c.notNull().references('giving_day.id').onDelete('cascade'))
      .addColumn('match_id', 'bigint', (c) => c.notNull().references('giving_day_match.id').onDelete('cascade'))
      .addColumn('donation_id', 'bigint', (c) => c.notNull().references('donation.id').onDelete('cascade'))
      .addColumn('matched_fen', 'bigint', (c) => c.notNull())
      .addColumn('returned_fen', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('giving_day_match_record_uq')
      .on('giving_day_match_record')
      .columns(['donation_id', 'match_id'])
      .unique()
      .execute()
    await db.schema.createIndex('giving_day_match_record_match_idx').on('giving_day_match_record').columns(['match_id']).execute()

    await withId(db, db.schema.createTable('giving_day_donor'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('scope', 'varchar(16)', (c) => c.notNull())
      .addColumn('ref_id', 'bigint', (c) => c.notNull())
      .addColumn('donor_key', 'varchar(32)', (c) => c.notNull())
      .addColumn('donation_id', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('giving_day_donor_uq').on('giving_day_donor').columns(['scope', 'ref_id', 'donor_key']).unique().execute()
  },
  async down(db: Kysely<any>) {
    for (const t of [
      'giving_day_donor',
      'giving_day_match_record',
      'giving_day_gift',
      'giving_day_challenge',
      'giving_day_match',
      'giving_day'
    ])
      await db.schema.dropTable(t).ifExists().execute()
  }
}
