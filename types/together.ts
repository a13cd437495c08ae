/** Joint donations (docs/product §2 Joint donation, §3 Together donation, §7 Joint). */
import type { Flag } from './entities'
import type { Yuan } from './money'

/** POST together/insertTogether. targetMoney '0' (or isTarget 0) is the no-target option (docs/product §5). */
export interface InsertTogetherBody {
  itemsId: number
  sponsor: string
  slogan: string
  targetMoney: Yuan
  /** 1 with a target (targetMoney > 0), 0 the no-target option (targetMoney 0); absent: decided by targetMoney */
  isTarget?: Flag
}

/** The joint donation answers: the schemas of types/schema/together.ts (docs/decisions/056-donor-contract.md). */
export type { TogetherLaunchDetail, TogetherDetail } from './schema/together'
