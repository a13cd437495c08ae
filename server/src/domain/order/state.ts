/**
 * Order states (docs/product §4 Donation flow): pending -> paid | cancelled | expired | reconciling, reconciling -> paid |
 * cancelled, paid -> refunded (refunds reached the whole amount), nothing else. 'reconciling' is a campus-card debit whose answer was lost (timeout, network error, 5xx):
 * the money may or may not have left the card, so neither the donor, a new order, the expiry nor a cancel may close
 * it; only the card system's own answer, asked by the reconciliation job, ends it (docs/decisions/011). Every transition is a
 * conditional UPDATE (… WHERE status = 'pending') whose affected-row count says whether this caller won: two
 * racing transitions (a notification and a cancel, fifty duplicate notifications) end with exactly one winner on
 * SQLite and PostgreSQL alike, without SELECT … FOR UPDATE (a syntax error on SQLite).
 */
import type { Kysely, Transaction, Updateable } from 'kysely'
import { isExpression, prepared } from '../../db/prepared'
import type { DB, DonationStatus, DonationTable } from '../../db/schema'
import { releaseHolds } from '../naming/holds'
import { enqueueProviderClose } from './provider-close'

type Db = Kysely<DB> | Transaction<DB>

export const TRANSITIONS: Readonly<Record<DonationStatus, readonly DonationStatus[]>> = {
  pending: ['paid', 'cancelled', 'expired', 'reconciling'],
  reconciling: ['paid', 'cancelled'],
  // a gift whose refunds reached its whole amount (docs/decisions/032-refunds.md); a partial refund leaves it paid
  paid: ['refunded'],
  cancelled: [],
  expired: [],
  refunded: []
}

export const canTransition = (from: DonationStatus, to: DonationStatus) => TRANSITIONS[from].includes(to)

export class IllegalTransition extends Error {
  constructor(from: DonationStatus, to: DonationStatus) {
    super(`order transition ${from} -> ${to} is not allowed`)
    this.name = 'IllegalTransition'
  }
}

/** The states a provider's answer may still settle: a payment, or a debit whose answer was lost. */
export const OPEN_STATES: readonly DonationStatus[] = ['pending', 'reconciling']

/** the conditional UPDATE of transition, compiled once per set of columns and number of states it moves from */
const moveOrder = prepared((db, $, shape) => {
  const [cols, n] = String(shape).split('|')
  const columns = cols ? cols.split(',') : []
  const at = columns.length
  return db
    .updateTable('donation')
    .set({ ...Object.fromEntries(columns.map((c, i) => [c, $(i)])), status: $(at) })
    .where('id', '=', $(at + 1))
    .where('school_id', '=', $(at + 2))
    .where(
      'status',
      'in',
      Array.from({ length: Number(n) }, (_, j) => $(at + 3 + j))
    )
})

/**
 * Moves one order from `from` (one state, or any of several) to `to` if it is still there. Returns true when this
 * call made the change. An illegal pair throws: it is a programming error, not a race.
 */
export async function transition(
  db: Db,
  schoolId: number,
  donationId: number,
  from: DonationStatus | readonly DonationStatus[],
  to: DonationStatus,
  set: Omit<Updateable<DonationTable>, 'status' | 'id' | 'school_id'> = {}
): Promise<boolean> {
  const froms: readonly DonationStatus[] = typeof from === 'string' ? [from] : from
  for (const f of froms) if (!canTransition(f, to)) throw new IllegalTransition(f, to)
  const move = async (q: Db) => {
    const columns = Object.keys(set).filter((c) => set[c as keyof typeof set] !== undefined)
    const values = columns.map((c) => set[c as keyof typeof set])
    if (values.some(isExpression)) {
      const r = await q
        .updateTable('donation')
        .set({ ...set, status: to })
        .where('id', '=', donationId)
        .where('school_id', '=', schoolId)
        .where('status', 'in', froms)
        .executeTakeFirst()
      return Number(r.numUpdatedRows) === 1
    }
    const r = await moveOrder.exec(q, [...values, to, donationId, schoolId, ...froms], `${columns.join(',')}|${froms.length}`)
    return Number(r.numAffectedRows) === 1
  }
  if (to !== 'cancelled' && to !== 'expired') return move(db)
  // Closing an order frees the seats and book copies it held (naming/holds.ts) in the same transaction:
  // whoever closes it (the donor, a replacing order, a failed payment, the expiry job), never a closed order that
  // still holds a seat, nor a seat freed while the order could still be paid.
  // The order behind it at WeChat Pay or Alipay is closed too (provider-close.ts, docs/decisions/031): a job enqueued
  // here, in the same transaction, for every close but one the provider itself reported (payment_failed).
  const closeAndRelease = async (trx: Transaction<DB>) => {
    const won = await move(trx)
    if (!won) return false
    const at = typeof set.closed_at === 'string' ? set.closed_at : new Date().toISOString()
    await releaseHolds(trx, schoolId, donationId, at)
    if (set.close_reason !== 'payment_failed') await enqueueProviderClose(trx, schoolId, donationId, at)
    return true
  }
  return db.isTransaction ? closeAndRelease(db as Transaction<DB>) : db.transaction().execute(closeAndRelease)
}
