/**
 * Awards (docs/product §3 Award, §9 default titles): the foundation's rules per school (all non-zero thresholds must be
 * met) and who earned what, when. Ranking is derived on read from the earning order, so concurrent earners never
 * collide on a stored rank.
 */
import type { Kysely, Migration } from 'kysely'
import { flag, schoolRef, text, ts, withId } from './helpers'

export const m011Awards: Migration = {
  async up(db: Kysely<any>) {
    await withId(db, db.schema.createTable('award'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('code', 'varchar(32)', (c) => c.notNull())
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('name_en', 'varchar(64)', text)
      .addColumn('picture', 'varchar(300)', text)
      .addColumn('description', 'text', text)
      .addColumn('description_en', 'text', text)
      .addColumn('sort_no', 'integer', flag(0))
      .addColumn('min_gift_count', 'integer', flag(0))
      .addColumn('min_total_fen', 'bigint', flag(0))
      .addColumn('min_together_launched', 'integer', flag(0))
      .addColumn('min_friends_joined', 'integer', flag(0))
      .addColumn('enabled', 'smallint', flag(1))
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .addUniqueConstraint('award_code_uq', ['school_id', 'code'])
      .execute()

    await withId(db, db.schema.createTable('award_record'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('award_id', 'bigint', (c) => c.notNull().references('award.id').onDelete('cascade'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('earned_at', ts(db), (c) => c.notNull())
      /** the paid gift (or joint-donation launch) that completed the rule, for the record */
      .addColumn('source', 'varchar(48)', text)
      .addUniqueConstraint('award_record_uq', ['award_id', 'user_id'])
      .execute()
    await db.schema.createIndex('award_record_user_idx').on('award_record').columns(['school_id', 'user_id']).execute()
    await db.schema.createIndex('award_record_rank_idx').on('award_record').columns(['award_id', 'earned_at']).execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('award_record').execute()
    await db.schema.dropTable('award').execute()
  }
}
