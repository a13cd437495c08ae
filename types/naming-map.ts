/**
 * Campus naming maps on the wire (docs/product §2 Naming maps, §3 Map config file, Map seat, Seat filter,
 * §4 named seats and map rules, §7 Naming activity, §9 campaign ids and price bands).
 * Field names follow docs/product §3. Coordinates are map-image pixels (the config's width x height); money is `Yuan`.
 *
 * Changes (additive only after the first version; newest first):
 * - v1: first version.
 */
import type { LangQuery } from './requests'
import type { Yuan } from './money'

/** Map levels (docs/product §2: multi-level, 1 to 3). Level 1 is the campus, 3 the single grove or hall. */
export type MapLevel = 1 | 2 | 3

/** A tappable area of a level: a label at (x, y) and a hot polygon; `next` is the map id opened on tap. */
export interface MapArea {
  id: string
  x: number
  y: number
  title: string
  /** hot polygon, [x, y] pairs in map pixels; a tap inside it opens `next` */
  hot: Array<[number, number]>
  /** map id of the next level */
  next: string
  /** optional map image override for the next level */
  map?: string
}

/** A tree, seat, brick or other nameable point; `seatId` joins it to the seat rows and to getSeatStatusList. */
export interface MapTree {
  id: string
  x: number
  y: number
  seatId: number
  /** 0 hides the point whatever its status */
  show: 0 | 1
  /** 1 draws it highlighted (the donor's own or the one a link pointed at) */
  selected: 0 | 1
}

/** A building point (xzit: opens the contact dialog; build-naming-map: the building to name). */
export interface MapBuilding {
  id: string
  x: number
  y: number
  seatId: number
  isHide: 0 | 1
}

/** GET the map config file by map id (docs/product §3 Map config file). */
export interface MapConfig {
  /** the map id, e.g. 'yc-1', 'yc-3-1', 'hall-1' */
  id: string
  level: MapLevel
  /** map image size in pixels */
  width: number
  height: number
  /** initial zoom (0.3 for the hall, 1 elsewhere), clamped to minScale..maxScale */
  scale: number
  minScale: number
  maxScale: number
  /** initial offset of the image's top-left corner from the viewport's, in CSS pixels */
  top: number
  left: number
  /** map image URL (server-relative, e.g. /files/maps/yc-1.png) */
  map: string
  areaList: MapArea[]
  treeList: MapTree[]
  buildingList: MapBuilding[]
  /** area ids whose seats this map shows (the areaIdList of getSeatStatusList) */
  areaIdList: number[]
  /** external panorama link for the VR button (docs/product §2: yc-1, yc-3-1, yc-3-2, ys-1, ys-3-1..ys-3-4); '' none */
  vrUrl: string
}
export interface MapConfigQuery extends LangQuery {
  /** map id */
  id: string
}

/** The status of a map point: 1 free, 2 named (stamp), 3 unavailable or held while another donor pays. */
export type MapSeatStatus = 1 | 2 | 3

/** GET naming/activity/getSeatDetail?seatId (docs/product §3 Map seat). */
export interface MapSeat {
  seatId: number
  seatName: string
  seatImg: string
  /** tree: three lines (family and genus, growth habit, location) separated by '\n' */
  seatIntro: string
  status: MapSeatStatus
  termMoney: Yuan
  /** named seats only (status 2), masked per the school's rules; '' otherwise */
  donorName: string
  donateTime: string
  donationMessage: string
  /** the project (campaign item) the seat belongs to */
  itemsId: number
  areaId: number
}
export interface SeatDetailQuery extends LangQuery {
  seatId: number
}

/** POST naming/activity/getSeatStatusList (docs/product §3 Seat filter). Empty fields do not filter. */
export interface SeatFilter {
  itemsId: number
  areaIdList?: number[]
  /** tree species or seat name, exact match */
  seatName?: string
  /** exact price, yuan */
  money?: Yuan | number
  minMoney?: Yuan | number
  maxMoney?: Yuan | number
}
/** seatId -> status; a map point is drawn only if its seatId is a key here (docs/product §4). */
export type SeatStatusMap = Record<string, MapSeatStatus>
