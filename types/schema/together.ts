/**
 * Joint donation answers (docs/product §2 Joint donation, §3 Together donation, §7 Joint;
 * docs/decisions/056-donor-contract.md): each schema is the one source of its shape, the type of the same name is
 * `Static<>` of it. The row of a joint donation itself is TogetherDonation (types/schema/entities.ts).
 */
import { Type, type Static } from 'typebox'
import { Flag, Num, NumOrNull, Str, Yuan } from './common'
import { TogetherDonation } from './entities'
import { body, optFlag, reqInt, reqString } from './wire-int'

/** together/launchDetail?itemsId: what the launch page shows and suggests. */
export const TogetherLaunchDetail = Type.Object({
  itemsId: Num,
  itemsName: Str,
  intro: Str,
  thumbnailImg: Str,
  /** 1 when the project takes joint donations now (open, donation type, together donation on) */
  canLaunch: Flag,
  noReason: Str,
  /** the caller's name, prefilled as the sponsor */
  sponsor: Str,
  avatar: Str,
  sloganList: Type.Array(Str),
  moneyList: Type.Array(Yuan)
})
export type TogetherLaunchDetail = Static<typeof TogetherLaunchDetail>

/** together/togetherDetail?id: the invite page. */
export const TogetherDetail = Type.Object({
  ...TogetherDonation.properties,
  itemsName: Str,
  thumbnailImg: Str,
  intro: Str,
  /** completeMoney / targetMoney in percent, capped at 100, 2 decimals, rounded down; null without a target */
  progress: NumOrNull,
  /** 1 when the caller launched it */
  isSponsor: Flag,
  /** 1 when the caller may cancel it now (its sponsor, nothing raised) */
  canCancel: Flag,
  /** 1 while its sponsor and slogan wait for review (or were rejected): only its sponsor sees it, and it is not
   *  shared (docs/decisions/042-content-security.md) */
  contentHeld: Flag
})
export type TogetherDetail = Static<typeof TogetherDetail>

/** together/poster: the invite poster as base64 PNG inside the usual signed envelope, so every platform fetches it
 *  like any other call (docs/decisions/084-joint-invite-poster-and-link.md) */
export const TogetherPoster = Type.Object({ fileName: Str, png: Str, /** the invite page's address the QR code carries */ url: Str })
export type TogetherPoster = Static<typeof TogetherPoster>

/** insertTogether answers the new joint donation's id */
export const TogetherId = Num

// ---------------------------------------------------------------- requests (docs/decisions/066-donor-requests.md)

/** POST together/insertTogether. targetMoney '0' (or isTarget 0) is the no-target option (docs/product §5); the rules
 *  are -1 answers with their messages. */
export const InsertTogetherBody = body({
  itemsId: reqInt(),
  sponsor: reqString(200),
  slogan: reqString(1000),
  /** yuan text ('5000.00'); a plain number is taken too */
  targetMoney: Type.Unsafe<string | number>({ type: ['string', 'number'], maxLength: 32 }),
  /** 1 with a target (targetMoney > 0), 0 the no-target option (targetMoney 0); absent: decided by targetMoney */
  isTarget: optFlag()
})
export type InsertTogetherBody = Static<typeof InsertTogetherBody>
