/**
 * Campus card safety (docs/decisions/011-campus-card-and-provider-urls.md):
 * - order status 'reconciling': a card debit whose answer was lost (timeout, network error, 5xx) waits for the card
 *   system's word instead of being cancelled while the money may have left the card;
 * - campus_card_binding: the cards a donor has proved with the card password (a paid campus-card gift or a balance
 *   asked with the password); the password-less balance call answers only for these;
 * - campus_card_guess: failed password checks per card in a window, kept in the database so the limit holds across
 *   processes and restarts.
 */
import type { Kysely, Migration } from 'kysely'
import { NEW_STATUSES as STATUSES_005, replaceStatusCheck } from './005-orders'
import { schoolRef, ts, withId } from './helpers'

const WITH_RECONCILING = "('pending', 'paid', 'cancelled', 'expired', 'reconciling')"

export const m007CampusCard: Migration = {
  async up(db: Kysely<any>) {
    await replaceStatusCheck(db, STATUSES_005, WITH_RECONCILING)

    await withId(db, db.schema.createTable('campus_card_binding'))
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('stu_work_no', 'varchar(64)', (c) => c.notNull())
      .addColumn('verified_at', ts(db), (c) => c.notNull())
      .addUniqueConstraint('campus_card_binding_uq', ['school_id', 'user_id', 'stu_work_no'])
      .execute()

    await db.schema
      .createTable('campus_card_guess')
      .addColumn('school_id', 'bigint', schoolRef)
      .addColumn('stu_work_no', 'varchar(64)', (c) => c.notNull())
      /** password checks counted in the current window (taken before the card system is asked, given back on success) */
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('window_started_at', ts(db), (c) => c.notNull())
      .addPrimaryKeyConstraint('campus_card_guess_pk', ['school_id', 'stu_work_no'])
      .execute()
  },

  async down(db: Kysely<any>) {
    await db.schema.dropTable('campus_card_guess').execute()
    await db.schema.dropTable('campus_card_binding').execute()
    // an unresolved debit becomes a cancelled order flagged for a person, the only state 005 can hold for it
    await db.updateTable('donation').set({ status: 'cancelled', refund_review: 1 }).where('status', '=', 'reconciling').execute()
    await replaceStatusCheck(db, WITH_RECONCILING, STATUSES_005)
  }
}
