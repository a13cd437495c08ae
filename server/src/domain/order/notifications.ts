/**
 * The one place a payment outcome changes an order, whoever reports it: a real provider's verified notify, the
 * sandbox cashier, a campus-card payment that completed inside create(), or the reconciliation job's query.
 *
 * - Money received ('paid') is recorded once per (provider, billNo): the unique key of payment_notification turns
 *   provider retries and concurrent duplicates into no-ops. The record, the pending|reconciling -> paid transition,
 *   the certificate job, the paper certificate and receipt the donor asked for on the form (fulfilment/on-paid.ts)
 *   and the awards the gift earns (award/service.ts) commit together: totals (aggregates over paid orders) move
 *   exactly once, and nothing the payment owes the donor can be lost to a crash between two commits.
 * - The amount must equal the order's; otherwise nothing is written and a security warning is logged. So is a
 *   notification from a provider other than the one that created the order (the sandbox cannot pay a WeChat order).
 * - Late money (the order was cancelled or expired first) is recorded as 'late' and the order flagged
 *   refund_review = 1: it is NOT resurrected to paid, because the donor was already told the order ended and may
 *   have paid again; the foundation refunds or honours it by hand.
 * - A refund report (n.refund: a provider's refund notification or query answer) goes to domain/refund/settle.ts,
 *   after paying an order still open (the refund proves the money arrived).
 * - 'failed' closes an open order (pending|reconciling -> cancelled, reason payment_failed) and is otherwise ignored:
 *   for a 'reconciling' campus-card order it is the card system's own word that nothing was debited.
 */
import type { FastifyBaseLogger } from 'fastify'
import { CompiledQuery, sql, type InsertQueryBuilder, type InsertResult, type Kysely, type Transaction } from 'kysely'
import { prepared, preparedInsert } from '../../db/prepared'
import type { DB } from '../../db/schema'
import { JOB_MAX_ATTEMPTS, enqueue } from '../../jobs/queue'
import { PERF_ON } from '../../perf/switch'
import type { VerifiedNotification } from '../../providers/payment/types'
import { donorAwardsText, recordGiftForAwards, type PaidGift } from '../award/service'
import type { HeldOrFact } from '../award/repository'
import { openRequestsForPaidOrder } from '../fulfilment/on-paid'
import { nameOnPaid } from '../naming/holds'
import { applyRefundReport } from '../refund/settle'
import { countJointGiftOnPaid } from '../together/on-paid'
import { countGiftOnGivingDays } from '../giving-day/service'
import * as repo from './repository'
import { OPEN_STATES, transition } from './state'
import { enqueueNotice } from '../notify/enqueue'

export type NotificationResult =
  | { status: 'applied'; donationId: number }
  | { status: 'duplicate'; donationId: number }
  | { status: 'late'; donationId: number }
  | { status: 'closed'; donationId: number }
  | { status: 'ignored'; donationId: number }
  | { status: 'rejected'; reason: 'unknown_order' | 'provider_mismatch' | 'amount_mismatch' }

/** Whether the provider should be told the notification was taken (no retries): all but refusals. */
export const accepted = (r: NotificationResult) => r.status !== 'rejected'

type Log = Pick<FastifyBaseLogger, 'warn' | 'info'>
const silent: Log = { warn: () => undefined, info: () => undefined }

export interface ApplyOptions {
  log?: Log
  now?: Date
  /** called after a commit that made an order paid (the worker uses it to run the certificate job at once) */
  onPaid?: (donationId: number) => void
  /** runs inside the transaction that made the order paid (a staff review writes its audit row here, so the payment
   *  and the record of who confirmed it commit together or not at all) */
  inTransaction?: (trx: Transaction<DB>, donationId: number) => Promise<void>
  /** the order row (findOrder by the notification's billNo) when the caller has just read it: not read again. Only
   *  what the transition checks in its own statement decides, so a row a moment old answers the same. */
  order?: Awaited<ReturnType<typeof repo.findOrder>>
}

/** the record of money received, once per (provider, billNo): compiled once (db/prepared.ts) */
const insertNotification = preparedInsert('payment_notification', (q: InsertQueryBuilder<DB, 'payment_notification', InsertResult>) =>
  q.onConflict((oc) => oc.columns(['provider', 'bill_no']).doNothing())
)

/**
 * What the paid transaction's follow-ups will find for this order, read in one statement (docs/decisions/076): on
 * PostgreSQL every statement is a round trip while the transaction holds the order's row, and most gifts have no
 * joint donation, no naming hold, no paper certificate or receipt, no "paid" notice asked for and no giving day open.
 * A follow-up whose answer here is "nothing" is not called; one that is called still reads and checks everything
 * itself, so this only ever skips a call that would have returned without writing:
 * - together_id: countJointGiftOnPaid (together/on-paid.ts) returns when the order names no joint donation, and
 *   recordGiftForAwards (award/service.ts) has no launcher to look up;
 * - paper: openRequestsForPaidOrder (fulfilment/on-paid.ts) writes only when the form asked for is_need_paper or
 *   is_need_receipt (and not without the submission row: its inner join);
 * - notice: enqueueNotice (notify/enqueue.ts) returns for 'paid' without an enabled notify_preference of that kind;
 * - held: nameOnPaid (naming/holds.ts) has nothing to do without a naming_record 'held' by the order;
 * - day_open: countGiftOnGivingDays (giving-day/service.ts) returns when no giving day is open at the instant.
 */
const paidFollowUps = prepared((db, $) =>
  db.selectNoFrom((eb) => [
    eb.selectFrom('donation').select('together_id').where('id', '=', $(1)).where('school_id', '=', $(0)).as('together_id'),
    eb
      .selectFrom('donation_submission')
      .select(sql<number>`is_need_paper + is_need_receipt`.as('paper'))
      .where('donation_id', '=', $(1))
      .where('school_id', '=', $(0))
      .as('paper'),
    eb
      .exists(
        eb
          .selectFrom('notify_preference')
          .select('channel')
          .where('school_id', '=', $(0))
          .where('user_id', '=', $(2))
          .where('kind', '=', 'paid')
          .where('enabled', '=', 1)
      )
      .as('notice'),
    eb
      .exists(
        eb
          .selectFrom('naming_record')
          .select('id')
          .where('school_id', '=', $(0))
          .where('donation_id', '=', $(1))
          .where('status', '=', 'held')
      )
      .as('held'),
    eb
      .exists(
        eb.selectFrom('giving_day').select('id').where('school_id', '=', $(0)).where('starts_at', '<=', $(3)).where('ends_at', '>', $(3))
      )
      .as('day_open')
  ])
)

/**
 * PostgreSQL: the paid transaction's first four statements as one (docs/decisions/087-postgresql-peak-statements.md):
 * the notification's record (once per provider and bill number), the order's pending|reconciling -> paid transition
 * only when that record was new, the certificate job only when the transition happened, and paidFollowUps' questions.
 * Data-modifying WITH queries run once and to completion, each later one sees the rows the earlier returned, and the
 * row locks and conflict waits are those of the separate statements; so the answers (inserted, moved) mean what the
 * separate statements' row counts meant. The follow-ups' sub-queries read the statement's snapshot, which the three
 * writes do not touch. SQLite runs the four statements (there is no round trip to save).
 * $1 school, $2 provider, $3 bill number, $4 provider trade number, $5 amount (fen), $6 raw body, $7 now (ISO),
 * $8 order id, $9 the job's payload, $10 the donor (0: none), $11 the job's attempts (jobs/queue.ts, as enqueue gives).
 * The follow-ups' questions are paidFollowUps' above, written again in SQL: a question added there is added here too.
 */
const PAID_AT_ONCE = `with n as (
  insert into payment_notification (school_id, provider, bill_no, provider_trade_no, amount_fen, result, raw, created_at)
  values ($1, $2, $3, $4, $5, 'applied', $6, $7)
  on conflict (provider, bill_no) do nothing
  returning id
), u as (
  update donation set paid_at = $7, provider_trade_no = $4, status = 'paid'
  where id = $8 and school_id = $1 and status in ('pending', 'reconciling') and exists (select 1 from n)
  returning id
), j as (
  insert into job (school_id, kind, payload, status, attempts, max_attempts, run_after, locked_at, last_error, created_at, updated_at)
  select $1, 'certificate', $9, 'pending', 0, $11, $7, null, '', $7, $7
  where exists (select 1 from u)
  returning id
)
select (select count(*) from n) as inserted, (select count(*) from u) as moved,
  (select together_id from donation where id = $8 and school_id = $1) as together_id,
  (select is_need_paper + is_need_receipt from donation_submission where donation_id = $8 and school_id = $1) as paper,
  exists (select 1 from notify_preference where school_id = $1 and user_id = $10 and kind = 'paid' and enabled = 1) as notice,
  exists (select 1 from naming_record where school_id = $1 and donation_id = $8 and status = 'held') as held,
  exists (select 1 from giving_day where school_id = $1 and starts_at <= $7 and ends_at > $7) as day_open`

type FollowUps = NonNullable<Awaited<ReturnType<(typeof paidFollowUps)['first']>>>

/**
 * PAID_AT_ONCE with the donor's held awards and award facts read in the same statement (award/service.ts
 * donorAwardsText: heldAndFacts' SQL, its parameters numbered after PAID_AT_ONCE's 11) as one JSON column, `awards`:
 * recordGiftForAwards then sends no read of its own (docs/decisions/087-postgresql-peak-statements.md, addendum). The
 * read sees the statement's snapshot, in which this gift is not paid yet; recordGiftForAwards adds it, as it does
 * for a caller that evaluates before its own status update.
 */
function paidWithAwards(awards: { sql: string } | null): string {
  if (!awards) return PAID_AT_ONCE
  const sub = awards.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + 11}`)
  return `${PAID_AT_ONCE},\n  (select coalesce(json_agg(a), '[]'::json) from (${sub}) a) as awards`
}

/** heldAndFacts' rows as json_agg wrote them: `at` in PostgreSQL's JSON form, given back as the driver's ISO instant */
const awardRows = (rows: readonly HeldOrFact[]): HeldOrFact[] =>
  rows.map((r) => ({
    kind: r.kind,
    id: Number(r.id),
    at: r.at === null ? null : new Date(r.at).toISOString(),
    fen: r.fen === null ? null : Number(r.fen)
  }))

export async function applyNotification(
  db: Kysely<DB>,
  schoolId: number,
  n: VerifiedNotification,
  opts: ApplyOptions = {}
): Promise<NotificationResult> {
  const log = opts.log ?? silent
  const at = opts.now ?? new Date()
  const now = at.toISOString()
  const order = opts.order !== undefined && opts.order?.bill_no === n.billNo ? opts.order : await repo.findOrder(db, schoolId, n.billNo)
  if (!order) {
    log.warn({ security: true, provider: n.provider, billNo: n.billNo, schoolId }, 'payment notification for an unknown order refused')
    return { status: 'rejected', reason: 'unknown_order' }
  }
  if (order.provider !== n.provider) {
    log.warn(
      { security: true, provider: n.provider, orderProvider: order.provider, billNo: n.billNo, schoolId },
      'payment notification from a provider that did not create the order refused'
    )
    return { status: 'rejected', reason: 'provider_mismatch' }
  }

  if (n.refund) {
    // a refund (docs/decisions/032-refunds.md): it proves the money arrived, so an order we never heard was paid is
    // paid first, through the payment path below, and then refunded
    if (OPEN_STATES.includes(order.status) && n.refund.outcome === 'succeeded') {
      const paid = await applyNotification(db, schoolId, { ...n, refund: undefined }, { ...opts, order })
      if (paid.status === 'rejected') return paid
    } else if (order.status !== 'paid' && order.status !== 'refunded') {
      // late money given back (the order had closed first): the review flag stays for staff to resolve
      log.warn(
        { billNo: n.billNo, provider: n.provider, schoolId, status: order.status },
        'refund reported for an order that was never paid here'
      )
      return { status: 'ignored', donationId: order.id }
    }
    return applyRefundReport(db, schoolId, order, { ...n, refund: n.refund }, { log, now: at })
  }

  if (n.outcome === 'failed') {
    const closed = await transition(db, schoolId, order.id, OPEN_STATES, 'cancelled', { closed_at: now, close_reason: 'payment_failed' })
    return { status: closed ? 'closed' : 'ignored', donationId: order.id }
  }

  if (n.amountFen !== order.amount_fen) {
    log.warn(
      { security: true, provider: n.provider, billNo: n.billNo, schoolId, notifiedFen: n.amountFen, orderFen: order.amount_fen },
      'payment notification amount does not match the order: refused, nothing changed'
    )
    return { status: 'rejected', reason: 'amount_mismatch' }
  }

  let lateStatus = ''
  const tradeNo = n.providerTradeNo.slice(0, 64)
  const raw = n.raw.slice(0, 20_000)
  // on PostgreSQL the paid statement reads the donor's awards too: the SQL for the school's award rules (cached; a
  // miss is read here, before the transaction takes its connection)
  const awards = PERF_ON && order.user_id && repo.onPostgres(db) ? await donorAwardsText(db, schoolId, order.user_id) : null
  const result = await db.transaction().execute(async (trx): Promise<NotificationResult> => {
    // recorded, moved to paid (and its certificate queued), and what the follow-ups will find
    let due: FollowUps | null
    // the donor's awards and award facts, read by the paid statement when it can (paidWithAwards)
    let donorAwards: PaidGift['heldAndFacts']
    if (repo.onPostgres(db)) {
      const { rows } = await trx.executeQuery<FollowUps & { inserted: number; moved: number; awards?: HeldOrFact[] }>(
        CompiledQuery.raw(paidWithAwards(awards), [
          schoolId,
          n.provider,
          n.billNo,
          tradeNo,
          n.amountFen,
          raw,
          now,
          order.id,
          JSON.stringify({ donationId: order.id }),
          order.user_id ?? 0,
          JOB_MAX_ATTEMPTS,
          ...(awards?.parameters ?? [])
        ])
      )
      if (awards && rows[0]?.awards) donorAwards = { rows: awardRows(rows[0].awards), awards: awards.awards }
      if (Number(rows[0].inserted) !== 1) return { status: 'duplicate', donationId: order.id }
      due = Number(rows[0].moved) === 1 ? rows[0] : null
    } else {
      const ins = await insertNotification.exec(trx, {
        school_id: schoolId,
        provider: n.provider,
        bill_no: n.billNo,
        provider_trade_no: tradeNo,
        amount_fen: n.amountFen,
        result: 'applied',
        raw,
        created_at: now
      })
      if (Number(ins.numAffectedRows ?? 0) !== 1) return { status: 'duplicate', donationId: order.id }
      due = null
      if (await transition(trx, schoolId, order.id, OPEN_STATES, 'paid', { paid_at: now, provider_trade_no: tradeNo })) {
        await enqueue(trx, schoolId, 'certificate', { donationId: order.id }, { now: at })
        // which follow-ups have anything to do, in one statement (paidFollowUps above)
        due = (await paidFollowUps.first(trx, [schoolId, order.id, order.user_id ?? 0, now]))!
      }
    }

    if (due) {
      // Only the caller that won the transition gets here, so each runs exactly once per order.
      // the donor hears of the gift if they asked to (docs/decisions/044-notifications.md)
      if (order.user_id && due.notice)
        await enqueueNotice(trx, { schoolId, userId: order.user_id, kind: 'paid', refId: order.id, now: opts.now })
      if (Number(due.paper) > 0) await openRequestsForPaidOrder(trx, { schoolId, donationId: order.id, now: at })
      await recordGiftForAwards(trx, {
        schoolId,
        userId: order.user_id,
        donationId: order.id,
        amountFen: order.amount_fen,
        paidAt: now,
        togetherId: due.together_id ?? null,
        heldAndFacts: donorAwards
      })
      // naming orders: held seats become donated and held copies are sold, with the payment (naming/holds.ts)
      if (due.held) await nameOnPaid(trx, schoolId, order.id, now)
      // a gift to a joint donation counts toward it here, once (together/on-paid.ts)
      if (due.together_id !== null && due.together_id !== undefined) await countJointGiftOnPaid(trx, schoolId, order.id)
      // giving days: matches taken (never past a cap) and challenges counted, once (giving-day/service.ts)
      if (due.day_open) await countGiftOnGivingDays(trx, schoolId, order.id, now)
      await opts.inTransaction?.(trx, order.id)
      // paid and then refunded at the provider before we heard of either: staff look at it (docs/decisions/032-refunds.md)
      if (n.refundedAtProvider)
        await trx.updateTable('donation').set({ refund_review: 1 }).where('id', '=', order.id).where('school_id', '=', schoolId).execute()
      return { status: 'applied', donationId: order.id }
    }
    const current = await repo.getOrderById(trx, schoolId, order.id)
    if (current?.status === 'paid') {
      await trx
        .updateTable('payment_notification')
        .set({ result: 'duplicate' })
        .where('provider', '=', n.provider)
        .where('bill_no', '=', n.billNo)
        .execute()
      return { status: 'duplicate', donationId: order.id }
    }
    await trx
      .updateTable('payment_notification')
      .set({ result: 'late' })
      .where('provider', '=', n.provider)
      .where('bill_no', '=', n.billNo)
      .execute()
    await trx.updateTable('donation').set({ refund_review: 1 }).where('id', '=', order.id).where('school_id', '=', schoolId).execute()
    lateStatus = current?.status ?? ''
    return { status: 'late', donationId: order.id }
  })

  if (result.status === 'applied') {
    log.info({ billNo: n.billNo, provider: n.provider, schoolId }, 'order paid')
    opts.onPaid?.(result.donationId)
  } else if (result.status === 'late') {
    log.warn(
      { billNo: n.billNo, provider: n.provider, schoolId, status: lateStatus },
      'money arrived for a closed order: recorded, flagged for refund review, order not reopened'
    )
  }
  return result
}
