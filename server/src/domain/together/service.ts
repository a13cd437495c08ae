/**
 * Joint donations (docs/product §2 Joint donation, §3 Together donation, §4 joint cancel, §5 joint launch, §7 Joint).
 * A donor launches one for a project that takes them, friends give through its invite page (the donate form with
 * togetherId, validated in order/validation.ts), their paid gifts count toward it (on-paid.ts), and its sponsor may
 * cancel it while nothing is raised.
 */
import { posterMoney } from '../../documents/share-poster'
import { renderTogetherPoster } from '../../documents/together-poster'
import type { Kysely } from 'kysely'
import type { DB, ProjectTable } from '../../db/schema'
import type { InsertTogetherBody, Lang, TogetherDetail, TogetherLaunchDetail } from '../../../../types'
import { bizError, fieldRefusal } from '../../errors'
import { t } from '../../i18n'
import { lockFor } from '../../lib/lock'
import { fenToYuan, yuanToFen } from '../../lib/money'
import { togetherStats } from '../donation/repository'
import { toTogetherDonation } from '../donation/together-mapper'
import { localized, parseTexts } from '../form/texts'
import { projectWords } from '../project/mapper'
import { requireProject } from '../project/service'
import { checkTexts, recordHold, type CheckOutcome, type ModerationRuntime } from '../moderation/service'
import { shownNickname } from '../user/service'
import * as repo from './repository'

export const SPONSOR_MAX = 20
export const SLOGAN_MAX = 100
/** the largest target a joint donation may set: 100 million yuan */
export const TARGET_MAX_FEN = 10_000_000_000
/** suggested targets on the launch page (docs/product §3 moneyList) */
const MONEY_LIST_FEN = [100_000, 500_000, 1_000_000, 5_000_000]

type Project = Pick<ProjectTable, 'is_donate' | 'is_complete' | 'items_type' | 'is_donate_together'>

/** docs/product §4: only donation-type projects open for donation with together donation on. */
export const takesJointDonations = (p: Project) => !!p.is_donate && !p.is_complete && p.items_type === 1 && !!p.is_donate_together

const length = (s: string) => [...s].length

/**
 * A school that has switched online giving off (docs/product §1 per-school switches) takes no joint donation either:
 * friends could give to it only online. The school's offline contact text says what to do instead.
 */
async function onlineGivingOff(db: Kysely<DB>, schoolId: number, lang: Lang): Promise<{ off: boolean; contact: string }> {
  const s = await repo.onlineGivingSwitch(db, schoolId)
  // in `lang` where the school entered it (decision 073)
  const contact = s ? localized(s.offline_contact_info, parseTexts(s.texts), lang, 'offline_contact_info') : ''
  return { off: !!s?.disable_online_donation, contact }
}

export async function launchDetail(
  db: Kysely<DB>,
  schoolId: number,
  userId: number,
  lang: Lang,
  itemsId: number
): Promise<TogetherLaunchDetail> {
  const p = await requireProject(db, schoolId, itemsId)
  const user = await repo.sponsorProfile(db, schoolId, userId)
  const giving = await onlineGivingOff(db, schoolId, lang)
  const open = takesJointDonations(p) && !giving.off
  const words = projectWords(p, lang)
  return {
    itemsId: p.id,
    itemsName: words.name,
    intro: words.intro,
    thumbnailImg: p.thumbnail_img,
    canLaunch: open ? 1 : 0,
    noReason: open ? '' : (giving.off && giving.contact) || words.noReason || t(lang, 'togetherUnavailable'),
    sponsor: [...(user?.name || shownNickname(lang, user?.nickname))].slice(0, SPONSOR_MAX).join(''),
    avatar: user?.avatar ?? '',
    sloganList: (['togetherSlogan1', 'togetherSlogan2', 'togetherSlogan3'] as const).map((k) => t(lang, k)),
    moneyList: MONEY_LIST_FEN.map(fenToYuan)
  }
}

/**
 * docs/product §5: sponsor and slogan required; target non-negative, 0 only with the no-target option. parseLaunch's
 * refusals name their field as the body does (decision 081).
 */
/** The body as the route validated it: the target may come as yuan text or a number. */
export type LaunchInput = Omit<InsertTogetherBody, 'targetMoney' | 'isTarget'> & { targetMoney: string | number; isTarget?: number | null }

export function parseLaunch(b: LaunchInput): { sponsor: string; slogan: string; isTarget: 0 | 1; targetFen: number } {
  const sponsor = b.sponsor.trim()
  const slogan = b.slogan.trim()
  if (!sponsor) throw fieldRefusal('sponsor', 'togetherSponsorEmpty')
  if (length(sponsor) > SPONSOR_MAX) throw fieldRefusal('sponsor', 'togetherSponsorTooLong', { max: SPONSOR_MAX })
  if (!slogan) throw fieldRefusal('slogan', 'togetherSloganEmpty')
  if (length(slogan) > SLOGAN_MAX) throw fieldRefusal('slogan', 'togetherSloganTooLong', { max: SLOGAN_MAX })
  const raw = typeof b.targetMoney === 'number' ? String(b.targetMoney) : String(b.targetMoney ?? '').trim()
  let fen: number
  try {
    fen = yuanToFen(raw === '' && b.isTarget === 0 ? '0' : raw)
  } catch {
    throw fieldRefusal('targetMoney', 'togetherMoneyInvalid')
  }
  if (fen < 0 || fen > TARGET_MAX_FEN) throw fieldRefusal('targetMoney', 'togetherMoneyInvalid')
  const isTarget: 0 | 1 = b.isTarget === undefined || b.isTarget === null ? (fen > 0 ? 1 : 0) : b.isTarget ? 1 : 0
  // a target must be a positive amount; the no-target option carries none
  if (isTarget === 1 ? fen === 0 : fen !== 0) throw fieldRefusal('targetMoney', 'togetherMoneyInvalid')
  return { sponsor, slogan, isTarget, targetFen: fen }
}

/**
 * Launches per donor and school (docs/product §9 Joint donations, docs/decisions/030): at most `open` joint
 * donations still waiting for their first gift (a cancelled one, or one that received a gift, frees its place), and
 * at most `daily` launched in 24 hours. Each launch is a public invite page with the donor's text on it: without a
 * limit one sign-in could fill a school's lists. Counted from the stored rows inside the launch's transaction, under
 * the donor's lock (lib/lock.ts), so parallel launches cannot pass together.
 */
export const LAUNCH_LIMITS = { open: 5, daily: 10, dayMs: 24 * 3600_000 } as const

export async function launch(
  db: Kysely<DB>,
  schoolId: number,
  userId: number,
  b: LaunchInput,
  now = new Date(),
  mod?: ModerationRuntime
): Promise<{ id: number; held: boolean }> {
  const p = await requireProject(db, schoolId, b.itemsId)
  const v = parseLaunch(b)
  // only the switch is read here: the contact text's language does not matter
  if (!takesJointDonations(p) || (await onlineGivingOff(db, schoolId, 'zh_CN')).off) throw bizError('togetherUnavailable')
  // sponsor and slogan become the invite page and its share card: checked before anything is stored (decision 042)
  const checked: CheckOutcome = mod
    ? await checkTexts(mod, { schoolId, userId, what: 'together', texts: [v.sponsor, v.slogan] })
    : { visible: true }
  const user = await repo.sponsorProfile(db, schoolId, userId)
  return db.transaction().execute(async (trx) => {
    await lockFor(trx, `together-launch:${schoolId}:${userId}`)
    const n = await repo.launchCounts(trx, schoolId, userId, new Date(now.getTime() - LAUNCH_LIMITS.dayMs).toISOString())
    if (n.open >= LAUNCH_LIMITS.open) throw bizError('togetherTooManyOpen', { max: LAUNCH_LIMITS.open })
    if (n.today >= LAUNCH_LIMITS.daily) throw bizError('togetherDailyLimit', { max: LAUNCH_LIMITS.daily })
    const id = await repo.insertTogether(trx, {
      school_id: schoolId,
      items_id: p.id,
      user_id: userId,
      sponsor: v.sponsor,
      avatar: user?.avatar ?? '',
      slogan: v.slogan,
      is_target: v.isTarget,
      target_fen: v.targetFen,
      created_at: now.toISOString(),
      content_state: checked.visible ? 'visible' : 'held'
    })
    await recordHold(trx, { schoolId, userId, kind: 'together', targetId: id, content: `${v.sponsor}\n${v.slogan}`, now }, checked)
    return { id, held: !checked.visible }
  })
}

/** Rounded down, so 100% is shown only when the target is reached (docs/product §4: capped at 100, 2 decimals). */
export function progressOf(raisedFen: number, targetFen: number): number {
  if (targetFen <= 0) return 0
  const hundredths = (BigInt(raisedFen) * 10_000n) / BigInt(targetFen)
  return Math.min(Number(hundredths), 10_000) / 100
}

export async function togetherDetail(
  db: Kysely<DB>,
  schoolId: number,
  userId: number | null,
  id: number,
  lang: Lang = 'zh_CN'
): Promise<TogetherDetail> {
  const row = await repo.findTogether(db, schoolId, id)
  if (!row || row.status !== 'active') throw bizError('togetherNotFound')
  const isSponsor = userId !== null && row.user_id === userId
  // held or rejected by the content check: shown to its sponsor only, never on anyone else's page (decision 042)
  const held = row.content_state !== 'visible'
  if (held && !isSponsor) throw bizError('togetherNotFound')
  const p = await requireProject(db, schoolId, row.items_id)
  const stats = (await togetherStats(db, schoolId, [row.id])).get(row.id)
  const wire = toTogetherDonation(row, p, stats)
  const hasTarget = !!row.is_target && row.target_fen > 0
  const words = projectWords(p, lang)
  return {
    ...wire,
    noReason: words.noReason,
    itemsName: words.name,
    thumbnailImg: p.thumbnail_img,
    intro: words.intro,
    progress: hasTarget ? progressOf(stats?.fen ?? 0, row.target_fen) : null,
    isSponsor: isSponsor ? 1 : 0,
    canCancel: isSponsor && !stats?.count && !row.gift_count ? 1 : 0,
    contentHeld: held ? 1 : 0
  }
}

export async function cancelTogether(db: Kysely<DB>, schoolId: number, userId: number, id: number, now = new Date()): Promise<void> {
  if (await repo.cancelIfEmpty(db, schoolId, userId, id, now.toISOString())) return
  const row = await repo.findTogether(db, schoolId, id)
  if (!row || row.status !== 'active') throw bizError('togetherNotFound')
  if (row.user_id !== userId) throw bizError('togetherNotSponsor')
  throw bizError('togetherHasGifts')
}

/**
 * The invite poster of a visible joint donation (docs/decisions/084-joint-invite-poster-and-link.md): read as a
 * visitor would (a held sponsor or slogan is "not found", never drawn), in the request's language, with a QR code of
 * the invite page at `origin`. Goods are counted in their unit, money in yuan.
 */
export async function togetherPoster(
  db: Kysely<DB>,
  school: { id: number; code: string; name: string; theme_color: string },
  id: number,
  lang: Lang,
  origin: string
): Promise<{ png: Buffer; url: string }> {
  const d = await togetherDetail(db, school.id, null, id, lang)
  const url = `${origin}/together-share?id=${d.id}&school=${encodeURIComponent(school.code)}`
  const goods = d.materialName !== ''
  const target = d.isTarget && d.progress !== null ? (goods ? `${d.targetMoney}` : posterMoney(d.targetMoney)) : ''
  const png = await renderTogetherPoster({
    lang: lang === 'en' ? 'en' : 'zh',
    schoolName: school.name,
    themeColor: school.theme_color,
    sponsor: d.sponsor,
    slogan: d.slogan,
    projectName: d.itemsName,
    raised: goods ? `${d.completeMaterialNumber} ${d.materialUnit}` : posterMoney(d.completeMoney),
    target,
    percent: d.progress,
    people: d.participants,
    url
  })
  return { png, url }
}
