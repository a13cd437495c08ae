/**
 * Monthly giving through WeChat Pay papay and Alipay 周期扣款 (docs/decisions/079-monthly-providers.md): WeChat
 * requires a pre-deduction notice days before each charge of a papay agreement, so a plan remembers the charge day its
 * last notice announced (`notice_for`, Beijing YYYY-MM-DD) and the day that notice went out (`noticed_on`); collection
 * charges a papay plan only once the notice for that day is two days old.
 */
import type { Kysely, Migration } from 'kysely'

export const m042MonthlyProviders: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('monthly_plan')
      .addColumn('notice_for', 'varchar(10)', (c) => c.notNull().defaultTo(''))
      .execute()
    await db.schema
      .alterTable('monthly_plan')
      .addColumn('noticed_on', 'varchar(10)', (c) => c.notNull().defaultTo(''))
      .execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('monthly_plan').dropColumn('noticed_on').execute()
    await db.schema.alterTable('monthly_plan').dropColumn('notice_for').execute()
  }
}
