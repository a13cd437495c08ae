/**
 * Pay links (docs/decisions/009-alipay-pay-link.md): a per-school secret for the order-scoped payToken that lets
 * the Alipay page, the sandbox cashier and the pay-back page work in a browser without the donor's session (the
 * link copied out of WeChat into the system browser). Empty until first use: the server fills it with 32 random
 * bytes by a conditional update, so schools seeded or added before or after this migration need no extra step.
 */
import type { Kysely, Migration } from 'kysely'
import { text } from './helpers'

export const m006PayLink: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('school').addColumn('pay_link_secret', 'varchar(64)', text).execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('school').dropColumn('pay_link_secret').execute()
  }
}
