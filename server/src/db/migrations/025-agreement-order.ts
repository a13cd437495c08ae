/**
 * One signed tree agreement pays for one order (docs/decisions/036-one-agreement-one-order.md): agreement.donation_id
 * is the order that claimed it, set by one conditional UPDATE in the order's transaction. An agreement whose order
 * was cancelled or expired may be claimed again; a pending, reconciling or paid order keeps it.
 */
import type { Kysely, Migration } from 'kysely'

export const m025AgreementOrder: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('agreement')
      .addColumn('donation_id', 'bigint', (c) => c.references('donation.id').onDelete('set null'))
      .execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('agreement').dropColumn('donation_id').execute()
  }
}
