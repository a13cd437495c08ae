/**
 * Naming reads of docs/product §7 (areaList, seatList, bookList, bookCategoryList, nameplateExample,
 * getNameplateDetailConfig, getSeatShowData, getBookShowData), the donor's namingList and nameplate correction.
 * Donor names follow the directory's rules (anonymous label, masking); nameplate text is public only once approved.
 */
import type { Kysely, Selectable } from 'kysely'
import {
  ALUMNUS_IDENTITY,
  AreaType,
  NameplateStatus,
  PAGE_SIZE,
  type Book,
  type BookCategory,
  type Lang,
  type NameplateDetailConfig,
  type NameplateExample,
  type NameplateRow,
  type NameplateShowData,
  type NameplateText,
  type NameplateUpdateBody,
  type NamingArea,
  type Page,
  type PersonalNamingRecord,
  type Seat,
  type SeatListAnswer
} from '../../../../types'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import { t, type MessageKey } from '../../i18n'
import { toWireDate } from '../../lib/dates'
import { fenToYuan } from '../../lib/money'
import { pageWindow } from '../../lib/sql'
import { displayName, type NameRules } from '../donation/service'
import { getSchoolSetting } from '../school/repository'
import { checkNameplate } from './holds'
import {
  areaTypeOf,
  nameplateOf,
  nameplateStatusOf,
  parsePriceList,
  toArea,
  toBook,
  toExample,
  toWirePrices,
  wireSeatStatus
} from './mapper'
import { checkTexts, type ModerationRuntime } from '../moderation/service'
import { localized, parseTexts } from '../form/texts'
import * as repo from './repository'
import type { NamingRecordTable } from '../../db/schema'

async function rulesOf(db: Kysely<DB>, schoolId: number, lang: Lang): Promise<NameRules> {
  const s = await getSchoolSetting(db, schoolId)
  return { mask: !!s?.mask_donor_names, lang }
}

export async function areaList(db: Kysely<DB>, schoolId: number, itemsId: number): Promise<NamingArea[]> {
  return (await repo.listAreas(db, schoolId, itemsId)).map(toArea)
}

export async function seatList(db: Kysely<DB>, schoolId: number, lang: Lang, areaId: number): Promise<SeatListAnswer> {
  const area = await repo.getArea(db, schoolId, areaId)
  if (!area) throw bizError('namingAreaNotFound')
  const [rows, rules] = await Promise.all([repo.seatsOfArea(db, schoolId, areaId), rulesOf(db, schoolId, lang)])
  const areaPrices = toWirePrices(parsePriceList(area.price_list))
  const seats: Seat[] = rows.map((r) => {
    const { status, held } = wireSeatStatus(r.status)
    // a donated seat shows who named it: the approved nameplate's donor, else the order's, by the directory's rules
    const donated = status === 2 && r.paid_at !== null
    const approved = donated && r.nameplate_status === NameplateStatus.APPROVED
    const who = approved ? (r.plate_donor ?? '') : (r.donor_name ?? '')
    return {
      id: r.id,
      seat: r.label,
      status,
      held,
      donateSeatId: status === 2 ? r.record_id : null,
      priceList: r.price_list ? toWirePrices(parsePriceList(r.price_list)) : areaPrices,
      imgUrl: r.img_url,
      areaId: r.area_id,
      row: r.row_no,
      col: r.col_no,
      donorName: donated ? displayName({ donor_name: who, is_anonymous: r.is_anonymous ?? 0 }, rules) : '',
      donateTime: donated ? toWireDate(r.named_at ?? r.paid_at) : '',
      donationMessage: approved ? (r.donation_message ?? '') : ''
    }
  })
  const type = areaTypeOf(area.type)
  if (type === AreaType.LIST) return { type, twoArray: [], oneArray: seats }
  // Grids: rows of the seats' positions, null where the hall has an aisle or no seat.
  const rowsN = Math.max(0, ...seats.map((s) => s.row))
  const colsN = Math.max(0, ...seats.map((s) => s.col))
  const grid: (Seat | null)[][] = Array.from({ length: rowsN }, () => Array.from({ length: colsN }, () => null))
  for (const s of seats) if (s.row >= 1 && s.col >= 1) grid[s.row - 1][s.col - 1] = s
  return { type, twoArray: grid, oneArray: [] }
}

export async function bookList(
  db: Kysely<DB>,
  schoolId: number,
  q: { itemsId: number; s?: string; categoryId?: number | null }
): Promise<Book[]> {
  return (await repo.listBooks(db, schoolId, q.itemsId, q)).map(toBook)
}

export async function bookCategoryList(
  db: Kysely<DB>,
  schoolId: number,
  q: { itemsId: number; limit?: number | null; offset?: number | null }
): Promise<Page<BookCategory>> {
  const { limit, offset } = pageWindow(q, PAGE_SIZE.BOOK_CATEGORIES, PAGE_SIZE.MAX)
  return repo.pageCategories(db, schoolId, q.itemsId, limit, offset)
}

export async function nameplateExamples(db: Kysely<DB>, schoolId: number, itemsId: number): Promise<NameplateExample[]> {
  return (await repo.listExamples(db, schoolId, itemsId)).map(toExample)
}

/** The project's card, or a plain one (white, no images) when none is configured: the page always has a frame. */
export async function nameplateDetailConfig(db: Kysely<DB>, schoolId: number, itemsId: number): Promise<NameplateDetailConfig> {
  const c = await repo.getConfig(db, schoolId, itemsId)
  return { bg_img: c?.bg_img ?? '', bg_word: c?.bg_word ?? '', bottom_img: c?.bottom_img ?? '', bg_color: c?.bg_color || '#ffffff' }
}

const STATUS_WORD: Record<number, MessageKey> = { 1: 'nameplatePending', 2: 'nameplateApproved', 3: 'nameplateReturned' }

/**
 * getSeatShowData / getBookShowData: one named seat or book line. Anyone may look (it is on the wall); the
 * nameplate text is shown once approved, and to its owner before that (with its review state).
 */
export async function showData(
  db: Kysely<DB>,
  schoolId: number,
  lang: Lang,
  kind: 'seat' | 'book',
  id: number,
  viewerUserId: number | null
): Promise<NameplateShowData> {
  const r = await repo.recordWithOrder(db, schoolId, id)
  if (!r || r.kind !== kind || r.status !== 'named' || r.order_status !== 'paid') throw bizError('namingRecordNotFound')
  const rules = await rulesOf(db, schoolId, lang)
  const owner = viewerUserId !== null && r.order_user === viewerUserId
  const status = nameplateStatusOf(r.nameplate_status)
  const visible = status === NameplateStatus.APPROVED || owner
  const plate = visible ? nameplateOf(r) : null
  const donor = owner
    ? r.donor_name
    : displayName({ donor_name: status === NameplateStatus.APPROVED ? r.donor_name : r.order_donor, is_anonymous: r.is_anonymous }, rules)
  const objectName = kind === 'book' ? `《${r.label}》` : r.label
  const rows: NameplateRow[] = [
    { fieldTitle: t(lang, 'nameplateRowObject'), fieldValue: objectName, uiType: 'text' },
    { fieldTitle: t(lang, 'nameplateRowDonor'), fieldValue: donor, uiType: 'text' }
  ]
  if (plate) {
    // the identity the platform gives every seat nameplate (校友) is the platform's word, said in the reader's language
    const identity = plate.donorIdentity === ALUMNUS_IDENTITY ? t(lang, 'nameplateAlumnus') : plate.donorIdentity
    rows.push({ fieldTitle: t(lang, 'nameplateRowIdentity'), fieldValue: identity, uiType: 'text' })
    if (plate.donationMessage) rows.push({ fieldTitle: t(lang, 'nameplateRowMessage'), fieldValue: plate.donationMessage, uiType: 'text' })
  }
  rows.push({ fieldTitle: t(lang, 'nameplateRowTime'), fieldValue: toWireDate(r.named_at).slice(0, 10), uiType: 'text' })
  if (kind === 'seat') rows.push({ fieldTitle: t(lang, 'nameplateRowTerm'), fieldValue: permanentOr(r, lang), uiType: 'text' })
  else rows.push({ fieldTitle: t(lang, 'nameplateRowCount'), fieldValue: String(r.quantity), uiType: 'text' })
  if (owner) rows.push({ fieldTitle: t(lang, 'nameplateRowStatus'), fieldValue: t(lang, STATUS_WORD[status]), uiType: 'text' })
  return {
    id: r.id,
    namingType: kind === 'seat' ? 1 : 2,
    itemsId: r.items_id,
    // the project's English name where the school entered it (docs/decisions/073-english-everywhere.md)
    itemsName: localized(r.items_name, parseTexts(r.items_texts), lang, 'name'),
    objectName,
    donorName: donor,
    donateTime: toWireDate(r.named_at),
    nameplateStatus: status,
    nameplate: plate,
    rowList: rows
  }
}

/**
 * A seat's naming period as shown: a permanent one (0 years) named under the platform's own word (永久, the map
 * campaigns' single price) is said in the reader's language; any other period name is the school's own.
 */
function permanentOr(r: { term_name: string; term_year: number }, lang: Lang): string {
  if (!r.term_name || (r.term_year === 0 && r.term_name === PERMANENT_ZH)) return t(lang, 'namingPermanent')
  return r.term_name
}
const PERMANENT_ZH = '永久'

function namedEntry(r: Selectable<NamingRecordTable>) {
  const kind = r.kind === 'book' ? 2 : 1
  return {
    seat: kind === 2 ? `《${r.label}》${r.quantity > 1 ? `×${r.quantity}` : ''}` : r.label,
    termName: r.term_name,
    termMoney: fenToYuan(r.amount_fen),
    expireDate: toWireDate(r.expire_at).slice(0, 10),
    namingId: r.id,
    namingType: kind as 1 | 2,
    quantity: r.quantity,
    nameplate: nameplateOf(r),
    nameplateStatus: nameplateStatusOf(r.nameplate_status),
    reviewReason: r.nameplate_status === NameplateStatus.RETURNED ? r.review_reason : ''
  }
}

/**
 * namingList (mine-gm): the caller's paid naming gifts, newest first, each with what it named and the nameplate's
 * review state. Gifts named without a seat hold (trees, seeded labels) have no record: their labels are listed as
 * approved, with nothing to correct (namingId 0).
 */
export async function personalNamingList(
  db: Kysely<DB>,
  schoolId: number,
  userId: number,
  q: { limit?: number | null; offset?: number | null; itemsId?: number | null }
): Promise<Page<PersonalNamingRecord>> {
  const { limit, offset } = pageWindow(q, PAGE_SIZE.NAMING, PAGE_SIZE.MAX)
  const [rows, total] = await repo.paidNamingGifts(db, schoolId, userId, q.itemsId ?? null, limit, offset)
  const ids = rows.map((r) => r.id)
  const [records, labels] = await Promise.all([
    repo.recordsOfDonations(db, schoolId, ids),
    ids.length ? repo.donationNamingLabels(db, schoolId, ids) : Promise.resolve([])
  ])
  return {
    total: Number(total.n),
    rows: rows.map((d) => {
      const mine = records.filter((r) => r.donation_id === d.id)
      const legacy = labels.filter((l) => l.donation_id === d.id)
      const single = legacy.length === 1 && legacy[0].quantity === 1
      const list = mine.length
        ? mine.map(namedEntry)
        : legacy.map((l) => ({
            seat: l.quantity > 1 ? `${l.label}×${l.quantity}` : l.label,
            termName: '',
            termMoney: single ? fenToYuan(d.amount_fen) : '',
            expireDate: '',
            namingId: 0,
            namingType: (l.kind === 'book' ? 2 : 1) as 1 | 2,
            quantity: l.quantity,
            nameplate: { donorName: d.donor_name, donorIdentity: '', donationMessage: '' },
            nameplateStatus: NameplateStatus.APPROVED,
            reviewReason: ''
          }))
      const namingType: 1 | 2 = d.naming_type === 2 || (mine[0]?.kind ?? legacy[0]?.kind) === 'book' ? 2 : 1
      return {
        id: d.id,
        itemsId: d.items_id,
        itemsName: d.items_name,
        donateTime: toWireDate(d.paid_at),
        donateMoney: fenToYuan(d.amount_fen),
        namingType,
        donateSeatList: list
      }
    })
  }
}

/**
 * The owner corrects a nameplate of a paid naming (pending or returned; never an approved one, which may already be
 * engraved). It goes back to pending review. The update is conditional on "not approved", so a correction racing
 * an approval cannot change text staff have just approved.
 */
export async function updateNameplate(
  db: Kysely<DB>,
  schoolId: number,
  userId: number,
  body: Omit<NameplateUpdateBody, 'nameplateList'> & { nameplateList?: unknown },
  now = new Date(),
  mod?: ModerationRuntime
): Promise<void> {
  const r = await repo.recordWithOrder(db, schoolId, body.namingId)
  const kind = body.namingType === 2 ? 'book' : 'seat'
  if (!r || r.order_user !== userId || r.kind !== kind || r.status !== 'named' || r.order_status !== 'paid')
    throw bizError('namingRecordNotFound')
  if (r.nameplate_status === NameplateStatus.APPROVED) throw bizError('nameplateNotEditable')
  let plates: NameplateText[]
  if (kind === 'book' && Array.isArray(body.nameplateList)) {
    if (body.nameplateList.length !== 1 && body.nameplateList.length !== r.quantity) {
      throw bizError('namingNameplateCount', { book: r.label, count: r.quantity })
    }
    plates = body.nameplateList.map((p) => checkNameplate(p, 'book'))
  } else {
    plates = [checkNameplate(body, kind)]
  }
  // docs/decisions/042: a risky correction is refused; anything else goes back to staff review below, as before
  if (mod) await checkTexts(mod, { schoolId, userId, what: 'nameplate', texts: plates.flatMap((x) => [x.donorName, x.donationMessage]) })
  const at = now.toISOString()
  const done = await db.transaction().execute(async (trx) => {
    const u = await repo.correctNameplate(trx, schoolId, r.id, {
      donor_name: plates[0].donorName,
      donor_identity: plates[0].donorIdentity,
      donation_message: plates[0].donationMessage,
      nameplate_list: kind === 'book' ? JSON.stringify(plates) : '',
      updated_at: at
    })
    if (Number(u.numUpdatedRows) !== 1) return false
    await repo.addHistory(trx, {
      school_id: schoolId,
      record_id: r.id,
      action: 'correct',
      staff_id: null,
      user_id: userId,
      reason: '',
      text: JSON.stringify(kind === 'book' ? plates : plates[0]),
      created_at: at
    })
    return true
  })
  if (!done) throw bizError('nameplateNotEditable')
}
