/**
 * Seat status as stored. 1, 2 and 3 are docs/product §4's cells; 4 is "held by an unpaid order" (hold_donation_id), which
 * the wire shows as 3 with `held: 1`. Every change is a conditional UPDATE on the current status (holds.ts).
 * The row types are in db/schema.ts (docs/decisions/058-one-db-schema.md).
 */
export const SEAT_FREE = 1
export const SEAT_DONATED = 2
export const SEAT_UNAVAILABLE = 3
export const SEAT_HELD = 4
