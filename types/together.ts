/** Joint donations (docs/product §2 Joint donation, §3 Together donation, §7 Joint). */
import type { Flag, TogetherDonation } from './entities'
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

/** together/launchDetail?itemsId: what the launch page shows and suggests. */
export interface TogetherLaunchDetail {
  itemsId: number
  itemsName: string
  intro: string
  thumbnailImg: string
  /** 1 when the project takes joint donations now (open, donation type, together donation on) */
  canLaunch: Flag
  noReason: string
  /** the caller's name, prefilled as the sponsor */
  sponsor: string
  avatar: string
  sloganList: string[]
  moneyList: Yuan[]
}

/** together/togetherDetail?id: the invite page. */
export interface TogetherDetail extends TogetherDonation {
  itemsName: string
  thumbnailImg: string
  intro: string
  /** completeMoney / targetMoney in percent, capped at 100, 2 decimals, rounded down; null without a target */
  progress: number | null
  /** 1 when the caller launched it */
  isSponsor: Flag
  /** 1 when the caller may cancel it now (its sponsor, nothing raised) */
  canCancel: Flag
  /** 1 while its sponsor and slogan wait for review (or were rejected): only its sponsor sees it, and it is not
   *  shared (docs/decisions/042-content-security.md) */
  contentHeld: Flag
}
