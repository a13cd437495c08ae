/**
 * A gift to a joint donation counts toward it in the transaction that makes the gift paid (order/notifications.ts),
 * run only by the caller that won the pending -> paid transition, so a notify delivered twice, concurrently, counts
 * once. The joint donation's totals are aggregates over its paid gifts; the counter raised here is what a racing
 * cancel contends on (repository.ts cancelIfEmpty).
 *
 * If the sponsor cancelled it between the donor's order and the payment, the money still goes to the project (it is
 * paid and the donor chose the project), but it is taken off the cancelled joint donation, so a cancelled joint
 * donation never holds money (docs/product §4: cancel only while nothing is raised).
 */
import { sql, type Transaction } from 'kysely'
import { prepared } from '../../db/prepared'
import type { DB } from '../../db/schema'
import { enqueueNotice } from '../notify/enqueue'
import { countGift } from './repository'

/** every paid order asks whether it went through a joint donation (compiled once, db/prepared.ts) */
const togetherOfOrder = prepared((db, $) =>
  db.selectFrom('donation').select('together_id').where('id', '=', $(0)).where('school_id', '=', $(1))
)

export async function countJointGiftOnPaid(trx: Transaction<DB>, schoolId: number, donationId: number): Promise<void> {
  const d = await togetherOfOrder.first(trx, [donationId, schoolId])
  if (!d?.together_id) return
  if (await countGift(trx, schoolId, Number(d.together_id))) {
    await noticeTargetReached(trx, schoolId, Number(d.together_id), donationId)
    return
  }
  await trx.updateTable('donation').set({ together_id: null }).where('id', '=', donationId).where('school_id', '=', schoolId).execute()
}

/**
 * The gift that carries a joint donation with a target over it tells the sponsor (docs/decisions/044-notifications.md):
 * the paid total before this gift was below the target and with it is not. Runs in the paid transaction, after the
 * counter update above, which serialises gifts to the same joint donation.
 */
async function noticeTargetReached(trx: Transaction<DB>, schoolId: number, togetherId: number, donationId: number) {
  const t = await trx
    .selectFrom('together_donation')
    .select(['user_id', 'is_target', 'target_fen'])
    .where('id', '=', togetherId)
    .where('school_id', '=', schoolId)
    .executeTakeFirst()
  if (!t || !t.is_target || !(Number(t.target_fen) > 0)) return
  const sums = await trx
    .selectFrom('donation')
    .select((eb) => [
      eb.fn.sum<number>(sql<number>`amount_fen - refunded_fen`).as('total'),
      eb.fn.sum<number>(sql<number>`case when id = ${donationId} then amount_fen - refunded_fen else 0 end`).as('mine')
    ])
    .where('school_id', '=', schoolId)
    .where('together_id', '=', togetherId)
    .where((eb) => eb.or([eb('status', '=', 'paid'), eb('id', '=', donationId)]))
    .executeTakeFirst()
  const total = Number(sums?.total ?? 0)
  const before = total - Number(sums?.mine ?? 0)
  if (total >= Number(t.target_fen) && before < Number(t.target_fen))
    await enqueueNotice(trx, { schoolId, userId: Number(t.user_id), kind: 'together', refId: togetherId })
}
