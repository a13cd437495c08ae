/**
 * Order states (SPEC §4 Donation flow): pending -> paid | cancelled | expired, nothing else. Every transition is a
 * conditional UPDATE (… WHERE status = 'pending') whose affected-row count says whether this caller won: two
 * racing transitions (a notification and a cancel, fifty duplicate notifications) end with exactly one winner on
 * SQLite and PostgreSQL alike, without SELECT … FOR UPDATE (a syntax error on SQLite).
 */
import type { Kysely, Transaction, Updateable } from 'kysely'
import type { DB, DonationStatus, DonationTable } from '../../db/types'

type Db = Kysely<DB> | Transaction<DB>

export const TRANSITIONS: Readonly<Record<DonationStatus, readonly DonationStatus[]>> = {
  pending: ['paid', 'cancelled', 'expired'],
  paid: [],
  cancelled: [],
  expired: []
}

export const canTransition = (from: DonationStatus, to: DonationStatus) => TRANSITIONS[from].includes(to)

export class IllegalTransition extends Error {
  constructor(from: DonationStatus, to: DonationStatus) {
    super(`order transition ${from} -> ${to} is not allowed`)
    this.name = 'IllegalTransition'
  }
}

/**
 * Moves one order from `from` to `to` if it is still in `from`. Returns true when this call made the change.
 * An illegal pair throws: it is a programming error, not a race.
 */
export async function transition(db: Db, schoolId: number, donationId: number, from: DonationStatus, to: DonationStatus,
  set: Omit<Updateable<DonationTable>, 'status' | 'id' | 'school_id'> = {}): Promise<boolean> {
  if (!canTransition(from, to)) throw new IllegalTransition(from, to)
  const r = await db.updateTable('donation').set({ ...set, status: to })
    .where('id', '=', donationId).where('school_id', '=', schoolId).where('status', '=', from)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}
