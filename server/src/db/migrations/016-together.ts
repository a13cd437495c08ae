import type { Kysely, Migration } from 'kysely'
import { ts } from './helpers'

/**
 * Joint donations. gift_count is the number of gifts counted toward the joint donation, incremented in the
 * transaction that makes a gift paid (domain/together/on-paid.ts). Totals are still read from paid orders; the
 * counter exists so that a cancel ("only while nothing is raised", docs/product §4) and a gift's payment contend for
 * the same row: the cancel is `UPDATE … WHERE gift_count = 0`, which on PostgreSQL waits for a paying transaction
 * holding the row and then re-reads it, so a racing gift either counts or the cancel fails. cancelled_at records when
 * its sponsor cancelled it (status 'cancelled').
 */
export const m016Together: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('together_donation')
      .addColumn('gift_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema.alterTable('together_donation').addColumn('cancelled_at', ts(db)).execute()
    // rows written before this migration (seeded joint donations): their paid gifts already count
    await db
      .updateTable('together_donation as t')
      .set((eb) => ({
        gift_count: eb
          .selectFrom('donation as d')
          .select((e) => e.fn.countAll().as('n'))
          .whereRef('d.together_id', '=', 't.id')
          .where('d.status', '=', 'paid')
      }))
      .execute()
    await db.schema.createIndex('donation_together_idx').on('donation').columns(['school_id', 'together_id', 'status']).execute()
    await db.schema.createIndex('together_user_idx').on('together_donation').columns(['school_id', 'user_id', 'status']).execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('together_user_idx').execute()
    await db.schema.dropIndex('donation_together_idx').execute()
    await db.schema.alterTable('together_donation').dropColumn('cancelled_at').execute()
    await db.schema.alterTable('together_donation').dropColumn('gift_count').execute()
  }
}
