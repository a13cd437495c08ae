/**
 * Refunds (docs/decisions/032-refunds.md, docs/product §4 Refund).
 *
 * - donation.status gains 'refunded' (paid -> refunded when refunds reach the whole amount). Every read that counts
 *   paid gifts (`status = 'paid'`) stops counting a fully refunded gift without being told.
 * - donation.refunded_fen: money given back so far (succeeded refunds); totals count amount_fen - refunded_fen.
 *   donation.refund_held_fen: refunds asked for and not settled yet. Both move only by conditional UPDATEs that
 *   keep refunded_fen + refund_held_fen <= amount_fen, so no two refunds can give back more than was paid.
 * - refund: one row per refund, out_refund_no unique per school (what providers de-duplicate on).
 * - school_setting.refund_approval_fen: above it a second member of staff approves (default ¥5,000).
 * - certificate.void_reason/voided_at; certificate_request/receipt_request.refund_state ('' | 'cancelled' |
 *   'flagged'); naming_record.refund_state ('' | 'review' | 'kept' | 'released').
 */
import { sql, type Kysely, type Migration } from 'kysely'
import { replaceStatusCheck } from './005-orders'
import { schoolRef, text, ts, withId } from './helpers'

const WITH_RECONCILING = "('pending', 'paid', 'cancelled', 'expired', 'reconciling')"
export const WITH_REFUNDED = "('pending', 'paid', 'cancelled', 'expired', 'reconciling', 'refunded')"

export const m027Refunds: Migration = {
  async up(db: Kysely<any>) {
    await replaceStatusCheck(db, WITH_RECONCILING, WITH_REFUNDED)
    await db.schema
      .alterTable('donation')
      .addColumn('refunded_fen', 'bigint', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`refunded_fen >= 0`)
      )
      .execute()
    await db.schema
      .alterTable('donation')
      .addColumn('refund_held_fen', 'bigint', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`refund_held_fen >= 0`)
      )
      .execute()
    await db.schema
      .alterTable('school_setting')
      .addColumn('refund_approval_fen', 'bigint', (c) => c.notNull().defaultTo(500_000))
      .execute()

    await withId(db, db.schema.createTable('refund'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('donation_id', 'bigint', (c) => c.notNull().references('donation.id').onDelete('cascade'))
      .addColumn('out_refund_no', 'varchar(64)', (c) => c.notNull())
      .addColumn('amount_fen', 'bigint', (c) => c.notNull().check(sql`amount_fen > 0`))
      .addColumn('reason', 'varchar(200)', text)
      .addColumn('state', 'varchar(20)', (c) =>
        c.notNull().check(sql`state in ('requested', 'pending_approval', 'processing', 'succeeded', 'failed', 'closed')`)
      )
      .addColumn('provider', 'varchar(16)', (c) => c.notNull())
      .addColumn('provider_refund_no', 'varchar(64)', text)
      /** 'console' (staff asked here) or 'provider' (learnt from a provider's notification: a merchant-console refund) */
      .addColumn('origin', 'varchar(16)', (c) => c.notNull().defaultTo('console'))
      /** 1 while the amount is counted in donation.refund_held_fen */
      .addColumn('held', 'smallint', (c) => c.notNull().defaultTo(0))
      .addColumn('requested_by', 'bigint')
      .addColumn('approved_by', 'bigint')
      .addColumn('fail_reason', 'varchar(200)', text)
      .addColumn('raw', 'text', text)
      .addColumn('created_at', ts(db), (c) => c.notNull())
      .addColumn('updated_at', ts(db), (c) => c.notNull())
      .addColumn('settled_at', ts(db))
      .addUniqueConstraint('refund_out_no_uq', ['school_id', 'out_refund_no'])
      .execute()
    await db.schema.createIndex('refund_donation_idx').on('refund').columns(['school_id', 'donation_id']).execute()
    await db.schema.createIndex('refund_state_idx').on('refund').columns(['school_id', 'state']).execute()

    await db.schema.alterTable('certificate').addColumn('void_reason', 'varchar(200)', text).execute()
    await db.schema.alterTable('certificate').addColumn('voided_at', ts(db)).execute()
    await db.schema.alterTable('certificate_request').addColumn('refund_state', 'varchar(16)', text).execute()
    await db.schema.alterTable('receipt_request').addColumn('refund_state', 'varchar(16)', text).execute()
    await db.schema.alterTable('naming_record').addColumn('refund_state', 'varchar(16)', text).execute()
  },

  async down(db: Kysely<any>) {
    await db.schema.alterTable('naming_record').dropColumn('refund_state').execute()
    await db.schema.alterTable('receipt_request').dropColumn('refund_state').execute()
    await db.schema.alterTable('certificate_request').dropColumn('refund_state').execute()
    await db.schema.alterTable('certificate').dropColumn('voided_at').execute()
    await db.schema.alterTable('certificate').dropColumn('void_reason').execute()
    await db.schema.dropTable('refund').execute()
    await db.schema.alterTable('school_setting').dropColumn('refund_approval_fen').execute()
    // a fully refunded gift is a paid order 005-007 can hold; its money left with the refund columns
    await db.updateTable('donation').set({ status: 'paid' }).where('status', '=', 'refunded').execute()
    await db.schema.alterTable('donation').dropColumn('refund_held_fen').execute()
    await db.schema.alterTable('donation').dropColumn('refunded_fen').execute()
    await replaceStatusCheck(db, WITH_REFUNDED, WITH_RECONCILING)
  }
}
