/**
 * Campus naming maps (docs/product §3 Map config file, Map seat, Seat filter; §4 named seats and map rules; §7
 * Naming activity). Configs are stored per school (docs/decisions/016-naming-maps.md); the points are decision 013's
 * naming seats, so a map shows exactly what the order flow holds and names.
 */
import type { Kysely } from 'kysely'
import { NameplateStatus, type Lang, type MapConfig, type MapSeat, type MapSeatStatus, type SeatStatusMap } from '../../../../types'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import { toWireDate } from '../../lib/dates'
import { fenToYuan, yuanToFen } from '../../lib/money'
import { displayName } from '../donation/service'
import { parsePriceList, wireSeatStatus } from '../naming/mapper'
import { getSchoolSetting } from '../school/repository'
import * as repo from './repository'

type StoredConfig = Omit<MapConfig, 'id' | 'level'>

const levelOf = (n: number): MapConfig['level'] => (n === 2 || n === 3 ? n : 1)

export async function mapConfig(db: Kysely<DB>, schoolId: number, mapKey: string): Promise<MapConfig> {
  const row = await repo.findMap(db, schoolId, mapKey)
  if (!row) throw bizError('namingMapNotFound')
  let c: Partial<StoredConfig>
  try {
    c = JSON.parse(row.config) as Partial<StoredConfig>
  } catch {
    // a config the staff console broke must not take the page down with a stack trace
    throw bizError('namingMapNotFound')
  }
  return {
    id: row.map_key,
    level: levelOf(row.level),
    width: c.width ?? 0,
    height: c.height ?? 0,
    scale: c.scale ?? 1,
    minScale: c.minScale ?? 0.2,
    maxScale: c.maxScale ?? 3,
    top: c.top ?? 0,
    left: c.left ?? 0,
    map: c.map ?? '',
    areaList: c.areaList ?? [],
    treeList: c.treeList ?? [],
    buildingList: c.buildingList ?? [],
    areaIdList: c.areaIdList ?? [],
    vrUrl: c.vrUrl ?? ''
  }
}

/** The price a map shows for a point: the first period of its own list, else of its area's (trees have one). */
export function listPriceFen(seatPrices: string, areaPrices: string): number | null {
  const own = parsePriceList(seatPrices)
  const list = own.length ? own : parsePriceList(areaPrices)
  return list.length ? list[0].fen : null
}

const wireStatus = (stored: number): MapSeatStatus => wireSeatStatus(stored).status

/**
 * getSeatDetail: one point. Who named it (status 2 only) follows the directory's rules (anonymity, the school's
 * masking); the message is public once the nameplate is approved, and shown to the donor before that.
 */
export async function seatDetail(
  db: Kysely<DB>,
  schoolId: number,
  lang: Lang,
  seatId: number,
  viewerUserId: number | null
): Promise<MapSeat> {
  const r = await repo.seatWithNaming(db, schoolId, seatId).executeTakeFirst()
  if (!r) throw bizError('namingMapSeatNotFound')
  const status = wireStatus(r.status)
  const named = status === 2 && r.paid_at !== null
  const approved = named && r.nameplate_status === NameplateStatus.APPROVED
  const owner = named && viewerUserId !== null && r.user_id === viewerUserId
  let donorName = ''
  if (named) {
    if (owner) donorName = r.plate_donor ?? ''
    else {
      const setting = await getSchoolSetting(db, schoolId)
      const who = approved ? (r.plate_donor ?? '') : (r.donor_name ?? '')
      donorName = displayName({ donor_name: who, is_anonymous: r.is_anonymous ?? 0 }, { mask: !!setting?.mask_donor_names, lang })
    }
  }
  const fen = listPriceFen(r.price_list, r.area_prices)
  return {
    seatId: r.id,
    seatName: r.label,
    seatImg: r.img_url,
    seatIntro: r.intro ?? '',
    status,
    termMoney: fen === null ? '' : fenToYuan(fen),
    donorName,
    donateTime: named ? toWireDate(r.named_at ?? r.paid_at) : '',
    donationMessage: approved || owner ? (r.donation_message ?? '') : '',
    itemsId: r.items_id,
    areaId: r.area_id
  }
}

export interface SeatFilterInput {
  itemsId: number
  areaIdList?: number[] | null
  seatName?: string | null
  money?: string | number | null
  minMoney?: string | number | null
  maxMoney?: string | number | null
}

/** '' / null: no filter; a yuan amount as text or number: fen; anything else refuses the call. */
export function moneyFilter(v: string | number | null | undefined): number | null {
  if (v === undefined || v === null) return null
  const text = typeof v === 'number' ? (Number.isFinite(v) && v >= 0 ? String(v) : 'x') : v.trim()
  if (text === '') return null
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(text)) throw bizError('namingMapMoneyInvalid')
  return yuanToFen(text)
}

/**
 * getSeatStatusList: seatId -> status of the project's seats that match every given filter (docs/product §3 Seat
 * filter: areaIdList, seatName exact (species or label), money exact, minMoney..maxMoney inclusive). A seat held
 * while another donor pays answers 3. A map draws only the points whose id is a key (docs/product §4).
 */
export async function seatStatusList(db: Kysely<DB>, schoolId: number, f: SeatFilterInput): Promise<SeatStatusMap> {
  const money = moneyFilter(f.money)
  const min = moneyFilter(f.minMoney)
  const max = moneyFilter(f.maxMoney)
  const areas = (f.areaIdList ?? []).filter((id) => id > 0)
  const rows = await repo.seatsMatching(db, schoolId, { itemsId: f.itemsId, areaIds: areas, name: f.seatName?.trim() ?? '' })
  const out: SeatStatusMap = {}
  for (const r of rows) {
    if (money !== null || min !== null || max !== null) {
      // prices live in the seat's (or its area's) period list, the same list the order is priced from
      const fen = listPriceFen(r.price_list, r.area_prices)
      if (fen === null) continue
      if (money !== null && fen !== money) continue
      if (min !== null && fen < min) continue
      if (max !== null && fen > max) continue
    }
    out[String(r.id)] = wireStatus(r.status)
  }
  return out
}
