/** Columns of migration 016 on together_donation, merged into db/types.ts's TogetherDonationTable. */
import type { ColumnType } from 'kysely'

declare module '../../db/types' {
  interface TogetherDonationTable {
    /** gifts counted toward it, incremented only in the transition of a gift to paid (on-paid.ts) */
    gift_count: ColumnType<number, number | undefined, number>
    /** when its sponsor cancelled it */
    cancelled_at: ColumnType<string | null, string | null | undefined, string | null>
  }
}
