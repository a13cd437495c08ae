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
import type { Transaction } from 'kysely'
import { prepared } from '../../db/prepared'
import type { DB } from '../../db/types'
import { countGift } from './repository'

/** every paid order asks whether it went through a joint donation (compiled once, db/prepared.ts) */
const togetherOfOrder = prepared((db, $) =>
  db.selectFrom('donation').select('together_id').where('id', '=', $(0)).where('school_id', '=', $(1))
)

export async function countJointGiftOnPaid(trx: Transaction<DB>, schoolId: number, donationId: number): Promise<void> {
  const d = await togetherOfOrder.first(trx, [donationId, schoolId])
  if (!d?.together_id) return
  if (await countGift(trx, schoolId, Number(d.together_id))) return
  await trx.updateTable('donation').set({ together_id: null }).where('id', '=', donationId).where('school_id', '=', schoolId).execute()
}
