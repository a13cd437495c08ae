/**
 * The personal centre (docs/product §2 mine, mine-don, mine-together, mine-gm; §3 User center; §7 User centre). Every
 * function takes the caller's user id from the session, never from the request.
 */
import type { Kysely } from 'kysely'
import {
  NICKNAME_MAX,
  PAGE_SIZE,
  WECHAT_DEFAULT_NICKNAME,
  type Lang,
  type MyTogetherDonation,
  type Page,
  type PersonalDonation,
  type PersonalNamingRecord,
  type ProjectDonateGroup,
  type TogetherStatistics,
  type UpdateUserBody,
  type UserCenter
} from '../../../../types'
import type { DB } from '../../db/schema'
import { DEFAULT_NICKNAME } from '../user/service'
import { bizError, fieldRefusal, tokenInvalid } from '../../errors'
import { t } from '../../i18n'
import { toWireDate } from '../../lib/dates'
import { fenToYuan } from '../../lib/money'
import { codePointLength } from '../../lib/names'
import { pageWindow } from '../../lib/sql'
import { togetherStats } from '../donation/repository'
import { isCertifiedAlumnus } from '../form/repository'
import { accountTypeOf } from '../identity/service'
import { loginSettings } from '../identity/settings'
import { getUser } from '../user/repository'
import { personalNamingList } from '../naming/service'
import * as repo from './repository'
import { checkImage, checkText, recordHold, type CheckOutcome, type ModerationRuntime } from '../moderation/service'
import { toTogetherDonation } from '../donation/together-mapper'
import { VOID_REASONS } from '../refund/settle'
import { localized, parseTexts } from '../form/texts'

/** A gift as the donor sees it; with a refund, what went back and why a certificate no longer stands. */
export function toPersonalDonation(r: repo.GiftRow, lang: Lang = 'zh_CN'): PersonalDonation {
  const refunded = Number(r.refunded_fen ?? 0)
  const reason = r.void_reason && r.void_reason in VOID_REASONS ? VOID_REASONS[r.void_reason as keyof typeof VOID_REASONS][lang] : ''
  const texts = parseTexts(r.items_texts)
  return {
    id: r.id,
    itemsId: r.items_id,
    // the project's words in the donor's language where the school entered them (decision 073)
    itemsName: localized(r.items_name, texts, lang, 'name'),
    thumbnailImg: r.thumbnail_img,
    subItemsName: r.sub_items_name ? localized(r.sub_items_name, parseTexts(r.sub_items_texts), lang, 'name') : '',
    donateMoney: fenToYuan(r.amount_fen),
    donateMaterialNumber: r.material_number,
    materialUnit: localized(r.material_unit, texts, lang, 'material_unit'),
    crowdType: r.crowd_type === 2 ? 2 : 1,
    donateTime: toWireDate(r.paid_at),
    donatePlatOrder: r.bill_no,
    isAnonymous: r.is_anonymous ? 1 : 0,
    refundMoney: fenToYuan(refunded),
    refundState: r.status === 'refunded' ? 2 : refunded > 0 ? 1 : 0,
    certificateVoidReason: reason
  }
}

/** A nickname the platform gave (ours, or WeChat's), not the donor's: the app shows its own word for it, in its language. */
export const isDefaultNickname = (n: string) => !n.trim() || n.trim() === WECHAT_DEFAULT_NICKNAME || n.trim() === DEFAULT_NICKNAME

export async function my(db: Kysely<DB>, school: { id: number }, userId: number, lang: Lang): Promise<UserCenter> {
  const sid = school.id
  const user = await getUser(db, sid, userId)
  if (!user) throw tokenInvalid()
  const [summary, launched, friends, settings, accountType, alumnus] = await Promise.all([
    repo.giftSummary(db, sid, userId),
    repo.countLaunched(db, sid, userId),
    repo.friendsJoined(db, sid, userId),
    loginSettings(db, sid),
    accountTypeOf(db, sid, userId),
    isCertifiedAlumnus(db, sid, user.open_id)
  ])
  // the author sees a held nickname or avatar (docs/decisions/042); everyone else the approved ones
  const nickname = user.pending_nickname || user.nickname
  return {
    userId: user.id,
    nickname,
    isDefaultNickname: isDefaultNickname(nickname) ? 1 : 0,
    avatar: user.pending_avatar || user.avatar,
    donateMoney: fenToYuan(summary.fen),
    donateCountItems: summary.items,
    launchCount: Number(launched.n),
    togetherLaunchCount: friends,
    isOpenLogin: settings.isOpenLogin ? 1 : 0,
    accountType,
    loginNotes: settings.loginNotes || t(lang, 'loginNotesDefault'),
    isAlumni: alumnus ? 1 : 0
  }
}

/** "/files/uploads/…" or an absolute URL of it -> the path as issued; anything else -> null. */
function issuedPath(url: string): string | null {
  let p = url.trim()
  if (/^https?:\/\//i.test(p)) {
    try {
      p = new URL(p).pathname
    } catch {
      return null
    }
  }
  return p.startsWith('/files/') && !p.includes('..') ? p : null
}

/**
 * updateUser: nickname 1..20 characters (code points, no control characters); avatar one of the caller's uploads.
 * Both go through the content check first (docs/decisions/042): a risky nickname is refused; a held one (or an avatar
 * waiting for WeChat or staff) is stored as the pending value, seen by its author only. Answers the message key.
 */
export async function updateUser(
  db: Kysely<DB>,
  schoolId: number,
  userId: number,
  body: UpdateUserBody,
  mod?: ModerationRuntime,
  now = new Date()
): Promise<'updateOk' | 'contentHeldNickname' | 'contentHeldAvatar'> {
  let nickname: string | undefined
  let avatar: string | undefined
  if (body.nickname !== undefined) {
    nickname = body.nickname.trim()
    const n = codePointLength(nickname)
    // eslint-disable-next-line no-control-regex
    if (n < 1 || n > NICKNAME_MAX || /[\u0000-\u001f\u007f]/.test(nickname))
      throw fieldRefusal('nickname', 'nicknameInvalid', { max: NICKNAME_MAX })
  }
  if (body.avatar !== undefined) {
    const p = issuedPath(body.avatar)
    const issued = p && (await repo.issuedAvatar(db, schoolId, userId, p))
    if (!issued) throw bizError('avatarInvalid')
    avatar = issued.url
  }
  if (nickname === undefined && avatar === undefined) throw bizError('updateEmpty')
  const visible: CheckOutcome = { visible: true }
  const nickCheck =
    nickname === undefined ? null : mod ? await checkText(mod, { schoolId, userId, what: 'nickname', text: nickname }) : visible
  const avatarCheck = avatar === undefined ? null : mod ? await checkImage(mod, { schoolId, userId, path: avatar }) : visible
  await db.transaction().execute(async (trx) => {
    const set: { nickname?: string; pending_nickname?: string; avatar?: string; pending_avatar?: string } = {}
    if (nickname !== undefined && nickCheck) {
      if (nickCheck.visible) Object.assign(set, { nickname, pending_nickname: '' })
      else set.pending_nickname = nickname
      await recordHold(trx, { schoolId, userId, kind: 'nickname', targetId: userId, content: nickname, now }, nickCheck)
    }
    if (avatar !== undefined && avatarCheck) {
      if (avatarCheck.visible) Object.assign(set, { avatar, pending_avatar: '' })
      else set.pending_avatar = avatar
      await recordHold(trx, { schoolId, userId, kind: 'avatar', targetId: userId, content: avatar, now }, avatarCheck)
    }
    await repo.updateProfile(trx, schoolId, userId, set)
  })
  if (nickCheck && !nickCheck.visible) return 'contentHeldNickname'
  if (avatarCheck && !avatarCheck.visible) return 'contentHeldAvatar'
  return 'updateOk'
}

export async function donateRecordList(
  db: Kysely<DB>,
  schoolId: number,
  userId: number,
  q: { limit?: number | null; offset?: number | null },
  lang: Lang = 'zh_CN'
): Promise<Page<PersonalDonation>> {
  const { total, rows } = await repo.listGifts(db, schoolId, userId, { withRefunded: true }, pageWindow(q, PAGE_SIZE.LIST, PAGE_SIZE.MAX))
  return { total, rows: rows.map((r) => toPersonalDonation(r, lang)) }
}

/** itemsDonateGroup: all of the caller's paid gifts by project, the project given to most recently first. */
export async function itemsDonateGroup(
  db: Kysely<DB>,
  schoolId: number,
  userId: number,
  lang: Lang = 'zh_CN'
): Promise<ProjectDonateGroup[]> {
  const { rows } = await repo.listGifts(db, schoolId, userId, { withRefunded: true })
  const groups = new Map<number, ProjectDonateGroup & { fen: number }>()
  for (const r of rows) {
    let g = groups.get(r.items_id)
    if (!g) {
      g = {
        itemsId: r.items_id,
        itemsName: localized(r.items_name, parseTexts(r.items_texts), lang, 'name'),
        thumbnailImg: r.thumbnail_img,
        donateMoney: '0.00',
        donateCount: 0,
        donateTime: toWireDate(r.paid_at),
        donateRecordList: [],
        fen: 0
      }
      groups.set(r.items_id, g)
    }
    // the group's money is what the gifts still are after refunds (docs/decisions/032-refunds.md)
    g.fen += Number(r.amount_fen) - Number(r.refunded_fen ?? 0)
    g.donateCount++
    g.donateRecordList.push(toPersonalDonation(r, lang))
  }
  return [...groups.values()].map(({ fen, ...g }) => ({ ...g, donateMoney: fenToYuan(fen) }))
}

export async function togetherStatistics(db: Kysely<DB>, schoolId: number, userId: number): Promise<TogetherStatistics> {
  const [l, j] = await Promise.all([repo.countLaunched(db, schoolId, userId), repo.countJoined(db, schoolId, userId)])
  const launchCount = Number(l.n)
  const joinCount = Number(j.n)
  return { launchCount, joinCount, totalCount: launchCount + joinCount }
}

async function togetherPage(
  db: Kysely<DB>,
  schoolId: number,
  ids: { id: number }[],
  total: number,
  lang: Lang
): Promise<Page<MyTogetherDonation>> {
  if (!ids.length) return { total, rows: [] }
  const rows = await repo.togetherRows(
    db,
    schoolId,
    ids.map((r) => r.id)
  )
  const stats = await togetherStats(
    db,
    schoolId,
    rows.map((r) => r.id)
  )
  return {
    total,
    rows: rows.map((r) => ({
      ...toTogetherDonation(r, r, stats.get(r.id)),
      itemsName: localized(r.items_name, parseTexts(r.items_texts), lang, 'name')
    }))
  }
}

export async function launchList(
  db: Kysely<DB>,
  schoolId: number,
  userId: number,
  q: { limit?: number | null; offset?: number | null },
  lang: Lang = 'zh_CN'
) {
  const { limit, offset } = pageWindow(q, PAGE_SIZE.LIST, PAGE_SIZE.MAX)
  const [ids, total] = await repo.launchedPage(db, schoolId, userId, limit, offset)
  return togetherPage(db, schoolId, ids, Number(total.n), lang)
}

export async function joinList(
  db: Kysely<DB>,
  schoolId: number,
  userId: number,
  q: { limit?: number | null; offset?: number | null },
  lang: Lang = 'zh_CN'
) {
  const { limit, offset } = pageWindow(q, PAGE_SIZE.LIST, PAGE_SIZE.MAX)
  const [ids, total] = await repo.joinedPage(db, schoolId, userId, limit, offset)
  return togetherPage(db, schoolId, ids, Number(total.n), lang)
}

/** namingList (mine-gm): the caller's paid naming gifts with what they named and each nameplate's review state. */
export async function namingList(
  db: Kysely<DB>,
  schoolId: number,
  userId: number,
  q: { limit?: number | null; offset?: number | null; itemsId?: number | null }
): Promise<Page<PersonalNamingRecord>> {
  return personalNamingList(db, schoolId, userId, q)
}
