/**
 * The order rules of the map campaigns, applied by the naming order flow (domain/naming/holds.ts, order/service.ts):
 * - artworks (docs/product §5): at most three works; every work costs the price for that count, 750/700/650 yuan,
 *   unless the first chosen work's own price list says otherwise; computed here, never taken from the client;
 * - hhu trees (docs/product §5 tree form: "must sign agreement first"): no order without the caller's own signed
 *   agreement for this amount (domain/agreement, migration 015).
 */
import type { Kysely, Transaction } from 'kysely'
import { CampaignKey } from '../../../../types'
import type { DB } from '../../db/types'
import { bizError } from '../../errors'
import { findSignedAgreement } from '../agreement'
import { parsePriceList } from '../naming/mapper'
import '../naming/tables'
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
 * Re-prices an artwork plan in place (amountFen and every seat). `firstSeatId` is the first work as the donor chose
 * them (the plan itself is sorted by id). No-op for other projects.
 */
export async function priceArtworks(
  db: Db,
  schoolId: number,
  itemsId: number,
  firstSeatId: number | null,
  plan: { amountFen: number; seats: PlanSeat[] }
): Promise<void> {
  if (!(await campaignsOf(db, schoolId, itemsId)).includes(CampaignKey.ARTWORK_NAMING)) return
  const count = plan.seats.length
  if (count > ARTWORK_MAX) throw bizError('artworkTooMany')
  const first = plan.seats.find((s) => s.seatId === firstSeatId) ?? plan.seats[0]
  const row = await db
    .selectFrom('naming_seat as s')
    .innerJoin('naming_area as a', 'a.id', 's.area_id')
    .select(['s.price_list', 'a.price_list as area_prices'])
    .where('s.school_id', '=', schoolId)
    .where('s.id', '=', first.seatId)
    .executeTakeFirst()
  const own = parsePriceList(row?.price_list ?? '')
  const list = own.length ? own : parsePriceList(row?.area_prices ?? '')
  const fen = artworkUnitFen(list, count)
  const termName = list[count - 1]?.termName ?? ''
  for (const s of plan.seats) {
    s.fen = fen
    s.termName = termName
  }
  plan.amountFen = fen * count
}

/** Refuses an hhu tree order without the caller's signed agreement for exactly this amount (and this project). */
export async function requireTreeAgreement(
  db: Db,
  schoolId: number,
  itemsId: number,
  userId: number,
  formDataMap: Record<string, unknown> | undefined,
  amountFen: number
): Promise<void> {
  const campaigns = await campaignsOf(db, schoolId, itemsId)
  if (!campaigns.some((c) => AGREEMENT_CAMPAIGNS.includes(c))) return
  const link = formDataMap?.sign_agreement_file
  if (typeof link !== 'string' || !link.trim()) throw bizError('treeAgreementRequired')
  const a = await findSignedAgreement(db, schoolId, userId, link)
  if (!a) throw bizError('treeAgreementRequired')
  if (a.amountFen !== amountFen || (a.itemsId !== null && a.itemsId !== itemsId)) throw bizError('treeAgreementMismatch')
}
