/**
 * The order rules of the map campaigns, applied by the naming order flow (domain/naming/holds.ts, order/service.ts):
 * - artworks (docs/product §5): at most three works; each work costs its own price list's entry for that count
 *   (750/700/650 yuan by default), the order the sum (docs/decisions/031); computed here, never taken from the client;
 * - hhu trees (docs/product §5 tree form: "must sign agreement first"): no order without the caller's own signed
 *   agreement for this amount (domain/agreement, migration 015), and one signed agreement pays for one order: the
 *   order's transaction claims it (claimTreeAgreement; released when that order is cancelled or expires, decision 036).
 */
import type { Kysely, Transaction } from 'kysely'
import { CampaignKey } from '../../../../types'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import { claimAgreementForOrder, findSignedAgreement } from '../agreement'
import { parsePriceList } from '../naming/mapper'
import { schoolSetting } from '../school/cache'

type Db = Kysely<DB> | Transaction<DB>

/** docs/product §5 defaults, fen per work for one, two, three works. */
export const ARTWORK_DEFAULT_FEN = [75_000, 70_000, 65_000] as const
export const ARTWORK_MAX = 3

/** The hhu tree items (7, 8 and 10 of docs/product §9) that need a signed agreement. */
const AGREEMENT_CAMPAIGNS: readonly string[] = [CampaignKey.HHU_TREE_DEFAULT, CampaignKey.HHU_TREE_YC, CampaignKey.HHU_TREE_JN]

async function campaignsOf(db: Db, schoolId: number, itemsId: number): Promise<string[]> {
  // cached per school (school/cache.ts; setCampaignItems invalidates it): read on every donate
  const s = await schoolSetting(db, schoolId)
  try {
    const items = JSON.parse(s?.campaign_items || '{}') as Record<string, unknown>
    return Object.entries(items)
      .filter(([, id]) => id === itemsId)
      .map(([k]) => k)
  } catch {
    return []
  }
}

/** Per-work price for `count` works from a price list (entries in order of count), else the defaults. */
export function artworkUnitFen(list: { fen: number }[], count: number): number {
  return list[count - 1]?.fen ?? ARTWORK_DEFAULT_FEN[count - 1]
}

interface PlanSeat {
  seatId: number
  fen: number
  termName: string
}

/**
 * Re-prices an artwork plan in place (amountFen and every seat): each work costs its own list's entry for the number
 * of works chosen (its own list, else its area's, else the docs/product §5 defaults), and the order is the sum. The
 * order the donor listed the works in changes nothing (docs/decisions/035-artwork-bundle-price.md). No-op for
 * other projects.
 */
export async function priceArtworks(
  db: Db,
  schoolId: number,
  itemsId: number,
  plan: { amountFen: number; seats: PlanSeat[] }
): Promise<void> {
  if (!(await campaignsOf(db, schoolId, itemsId)).includes(CampaignKey.ARTWORK_NAMING)) return
  const count = plan.seats.length
  if (count > ARTWORK_MAX) throw bizError('artworkTooMany')
  if (!count) return
  const rows = await db
    .selectFrom('naming_seat as s')
    .innerJoin('naming_area as a', 'a.id', 's.area_id')
    .select(['s.id', 's.price_list', 'a.price_list as area_prices'])
    .where('s.school_id', '=', schoolId)
    .where(
      's.id',
      'in',
      plan.seats.map((s) => s.seatId)
    )
    .execute()
  const byId = new Map(rows.map((r) => [Number(r.id), r]))
  let total = 0
  for (const s of plan.seats) {
    const row = byId.get(s.seatId)
    const own = parsePriceList(row?.price_list ?? '')
    const list = own.length ? own : parsePriceList(row?.area_prices ?? '')
    s.fen = artworkUnitFen(list, count)
    s.termName = list[count - 1]?.termName ?? ''
    total += s.fen
  }
  plan.amountFen = total
}

/**
 * Refuses an hhu tree order without the caller's signed agreement for exactly this amount (and this project). The
 * agreement's id when the order needs one (claimTreeAgreement binds it in the order's transaction), else null.
 */
export async function requireTreeAgreement(
  db: Db,
  schoolId: number,
  itemsId: number,
  userId: number,
  formDataMap: Record<string, unknown> | undefined,
  amountFen: number
): Promise<number | null> {
  const campaigns = await campaignsOf(db, schoolId, itemsId)
  if (!campaigns.some((c) => AGREEMENT_CAMPAIGNS.includes(c))) return null
  const link = formDataMap?.sign_agreement_file
  if (typeof link !== 'string' || !link.trim()) throw bizError('treeAgreementRequired')
  const a = await findSignedAgreement(db, schoolId, userId, link)
  if (!a) throw bizError('treeAgreementRequired')
  if (a.amountFen !== amountFen || (a.itemsId !== null && a.itemsId !== itemsId)) throw bizError('treeAgreementMismatch')
  return a.id
}

/** In the order's transaction: the agreement becomes this order's, or the order is refused (another order holds it). */
export async function claimTreeAgreement(trx: Transaction<DB>, schoolId: number, agreementId: number, donationId: number) {
  if (!(await claimAgreementForOrder(trx, schoolId, agreementId, donationId))) throw bizError('treeAgreementUsed')
}
