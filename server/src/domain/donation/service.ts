/** Donation directory (jzml), project donor tabs, naming lists, joint donations: the read side of orders. */
import type { Kysely } from 'kysely'
import {
  DIRECTORY_ORDER_CYCLE,
  PAGE_SIZE,
  type DirectoryOrder,
  type DirectoryTotal,
  type DonationRecord,
  type Lang,
  type NamingRecord,
  type Page,
  type TogetherDonation
} from '../../../../types'
import type { DB } from '../../db/schema'
import { t } from '../../i18n'
import { toWireDate } from '../../lib/dates'
import { fenToYuan, readFen } from '../../lib/money'
import { maskName } from '../../lib/names'
import { pageWindow } from '../../lib/sql'
import { localized, parseTexts } from '../form/texts'
import { schoolSetting } from '../school/cache'
import { requireProject } from '../project/service'
import * as repo from './repository'
import { toTogetherDonation } from './together-mapper'

export interface NameRules {
  mask: boolean
  lang: Lang
}

/** Anonymous -> localised label; masked schools -> first character + "**"; otherwise the name as given. */
export function displayName(row: { donor_name: string; is_anonymous: number }, rules: NameRules): string {
  if (row.is_anonymous) return t(rules.lang, 'anonymous')
  return rules.mask ? maskName(row.donor_name) : row.donor_name
}

async function nameRules(db: Kysely<DB>, schoolId: number, lang: Lang) {
  // cached per school (domain/school/cache.ts): every directory page reads it
  const s = await schoolSetting(db, schoolId)
  return { rules: { mask: !!s?.mask_donor_names, lang }, defaultOrder: (s?.default_directory_order ?? '') as DirectoryOrder }
}

export interface DirectoryQuery {
  limit?: number | null
  offset?: number | null
  s?: string
  itemsId?: number | null
  donateTogetherId?: number | null
  order?: string
}

export async function directory(db: Kysely<DB>, schoolId: number, lang: Lang, q: DirectoryQuery): Promise<Page<DonationRecord>> {
  const { limit, offset } = pageWindow(q, PAGE_SIZE.DIRECTORY, PAGE_SIZE.MAX)
  const { rules, defaultOrder } = await nameRules(db, schoolId, lang)
  // Absent order -> the school's default; '' is an explicit "time, newest first".
  const order: DirectoryOrder = q.order === undefined ? defaultOrder : (q.order as DirectoryOrder)
  const { total, rows } = await repo.directoryPage(
    db,
    schoolId,
    { itemsId: q.itemsId, togetherId: q.donateTogetherId, s: q.s, maskNames: rules.mask },
    DIRECTORY_ORDER_CYCLE.includes(order) ? order : '',
    limit,
    offset
  )
  const seats = await repo.namingLabels(
    db,
    schoolId,
    rows.map((r) => r.id)
  )
  return {
    total,
    rows: rows.map((r) => {
      // the project's and sub-project's words in `lang` where the school entered them (decision 073)
      const texts = parseTexts(r.items_texts)
      return {
        id: r.id,
        name: displayName(r, rules),
        avatar: r.is_anonymous ? '' : (r.avatar ?? ''),
        donateMoney: fenToYuan(readFen(r.amount_fen, 'directory row')),
        donateMaterialNumber: r.material_number,
        materialUnit: localized(r.material_unit, texts, lang, 'material_unit'),
        crowdType: r.crowd_type === 2 ? 2 : 1,
        donateTime: toWireDate(r.paid_at),
        itemsName: localized(r.items_name, texts, lang, 'name'),
        subItemsName: r.sub_items_name ? localized(r.sub_items_name, parseTexts(r.sub_items_texts), lang, 'name') : '',
        seats: seats.get(r.id) ?? '',
        // an offline gift entered by the foundation: counted like any paid gift, labelled as such
        ...(r.is_offline ? { offline: 1 as const } : {})
      }
    })
  }
}

/**
 * The total above the directory (and the home figures): the same filter as the rows beside it, so it follows the
 * search and the project. Without a search, gifts whose donor asked not to be listed count too (as in every project
 * total) and are answered as unlistedCount, so the app can say why the rows are fewer; money raised offline is
 * answered apart (offlineMoney), also only without a search or a joint-donation filter, since it has no donor to match.
 */
export async function directoryTotal(
  db: Kysely<DB>,
  schoolId: number,
  q: { itemsId?: number | null; donateTogetherId?: number | null; s?: string } = {}
): Promise<DirectoryTotal> {
  const s = q.s?.trim() ?? ''
  const setting = s ? await schoolSetting(db, schoolId) : undefined
  const filter = { itemsId: q.itemsId, togetherId: q.donateTogetherId, s, maskNames: !!setting?.mask_donor_names }
  const [listed, all, offline] = await Promise.all([
    repo.totals(db, schoolId, filter),
    s ? null : repo.totals(db, schoolId, { ...filter, includeUnlisted: true }),
    s || q.donateTogetherId ? Promise.resolve(0) : repo.offlineFen(db, schoolId, q.itemsId)
  ])
  const { count, fen } = all ?? listed
  return {
    totalCount: count,
    totalMoney: fenToYuan(fen),
    ...(count > listed.count ? { unlistedCount: count - listed.count } : {}),
    ...(offline > 0 ? { offlineMoney: fenToYuan(offline) } : {})
  }
}

export async function namingRecords(
  db: Kysely<DB>,
  schoolId: number,
  lang: Lang,
  kind: 'seat' | 'book',
  q: { itemsId: number; limit?: number | null; offset?: number | null }
): Promise<Page<NamingRecord>> {
  await requireProject(db, schoolId, q.itemsId)
  const { limit, offset } = pageWindow(q, PAGE_SIZE.DETAIL_NAMING, PAGE_SIZE.MAX)
  const { rules } = await nameRules(db, schoolId, lang)
  const { total, rows } = await repo.namingPage(db, schoolId, q.itemsId, kind, limit, offset)
  const seats = await repo.namingLabels(
    db,
    schoolId,
    rows.map((r) => r.id)
  )
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      name: displayName(r, rules),
      seat: seats.get(r.id) ?? '',
      donateTime: toWireDate(r.paid_at),
      donateMoney: fenToYuan(readFen(r.amount_fen, 'naming row'))
    }))
  }
}

export async function togetherList(
  db: Kysely<DB>,
  schoolId: number,
  q: { itemsId: number; limit?: number | null; offset?: number | null }
): Promise<Page<TogetherDonation>> {
  const p = await requireProject(db, schoolId, q.itemsId)
  const { limit, offset } = pageWindow(q, PAGE_SIZE.LIST, PAGE_SIZE.MAX)
  const { total, rows } = await repo.togetherPage(db, schoolId, q.itemsId, limit, offset)
  const stats = await repo.togetherStats(
    db,
    schoolId,
    rows.map((r) => r.id)
  )
  return {
    total,
    rows: rows.map((r) => toTogetherDonation(r, p, stats.get(r.id)))
  }
}
