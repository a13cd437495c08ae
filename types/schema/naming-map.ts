/**
 * Campus naming maps on the wire (docs/product §2 Naming maps, §3 Map config file, Map seat; §4 named seats and map
 * rules; docs/decisions/056-donor-contract.md): each schema is the one source of its shape, the type of the same name
 * is `Static<>` of it. Coordinates are map-image pixels (the config's width x height); money is `Yuan`. The request
 * shapes stay in types/naming-map.ts.
 */
import { Type, type Static } from 'typebox'
import { intEnum, Num, Opt, Str, Yuan } from './common'
import { body, idList, optString, query, reqInt, reqString } from './wire-int'

/** Map levels (docs/product §2: multi-level, 1 to 3). Level 1 is the campus, 3 the single grove or hall. */
export const MapLevel = intEnum([1, 2, 3])
export type MapLevel = Static<typeof MapLevel>

const Point = Type.Tuple([Num, Num])
/** A tappable area of a level: a label at (x, y) and a hot polygon; `next` is the map id opened on tap. */
export const MapArea = Type.Object({
  id: Str,
  x: Num,
  y: Num,
  title: Str,
  /** hot polygon, [x, y] pairs in map pixels; a tap inside it opens `next` */
  hot: Type.Array(Point),
  /** map id of the next level */
  next: Str,
  /** optional map image override for the next level */
  map: Type.Optional(Str)
})
export type MapArea = Static<typeof MapArea>

/** A tree, seat, brick or other nameable point; `seatId` joins it to the seat rows and to getSeatStatusList. */
export const MapTree = Type.Object({
  id: Str,
  x: Num,
  y: Num,
  seatId: Num,
  /** 0 hides the point whatever its status */
  show: intEnum([0, 1]),
  /** 1 draws it highlighted (the donor's own or the one a link pointed at) */
  selected: intEnum([0, 1])
})
export type MapTree = Static<typeof MapTree>

/** A building point (xzit: opens the contact dialog; build-naming-map: the building to name). */
export const MapBuilding = Type.Object({ id: Str, x: Num, y: Num, seatId: Num, isHide: intEnum([0, 1]) })
export type MapBuilding = Static<typeof MapBuilding>

/** GET the map config file by map id (docs/product §3 Map config file). */
export const MapConfig = Type.Object({
  /** the map id, e.g. 'yc-1', 'yc-3-1', 'hall-1' */
  id: Str,
  level: MapLevel,
  /** map image size in pixels */
  width: Num,
  height: Num,
  /** initial zoom (0.3 for the hall, 1 elsewhere), clamped to minScale..maxScale */
  scale: Num,
  minScale: Num,
  maxScale: Num,
  /** initial offset of the image's top-left corner from the viewport's, in CSS pixels */
  top: Num,
  left: Num,
  /** map image URL (server-relative, e.g. /files/maps/yc-1.png) */
  map: Str,
  areaList: Type.Array(MapArea),
  treeList: Type.Array(MapTree),
  buildingList: Type.Array(MapBuilding),
  /** area ids whose seats this map shows (the areaIdList of getSeatStatusList) */
  areaIdList: Type.Array(Num),
  /** external panorama link for the VR button (docs/product §2: yc-1, yc-3-1, yc-3-2, ys-1, ys-3-1..ys-3-4); '' none */
  vrUrl: Str
})
export type MapConfig = Static<typeof MapConfig>

/** The status of a map point: 1 free, 2 named (stamp), 3 unavailable or held while another donor pays. */
export const MapSeatStatus = intEnum([1, 2, 3])
export type MapSeatStatus = Static<typeof MapSeatStatus>

/** GET naming/activity/getSeatDetail?seatId (docs/product §3 Map seat). */
export const MapSeat = Type.Object({
  seatId: Num,
  seatName: Str,
  seatImg: Str,
  /** tree: three lines (family and genus, growth habit, location) separated by '\n' */
  seatIntro: Str,
  status: MapSeatStatus,
  termMoney: Yuan,
  /** named seats only (status 2), masked per the school's rules; '' otherwise */
  donorName: Str,
  donateTime: Str,
  donationMessage: Str,
  /** the project (campaign item) the seat belongs to */
  itemsId: Num,
  areaId: Num
})
export type MapSeat = Static<typeof MapSeat>

/** seatId -> status; a map point is drawn only if its seatId is a key here (docs/product §4). */
export const SeatStatusMap = Type.Record(Type.String(), MapSeatStatus)
export type SeatStatusMap = Static<typeof SeatStatusMap>

// ---------------------------------------------------------------- requests (docs/decisions/066-donor-requests.md)

/** GET namingMap?id: the map config by map id. */
export const MapConfigQuery = query({ id: reqString(40, 1) })
export type MapConfigQuery = Static<typeof MapConfigQuery>
/** GET getSeatDetail: donors see their own message before review when the token comes along. */
export const SeatDetailQuery = query({ seatId: reqInt(), token: optString(200) })
export type SeatDetailQuery = Static<typeof SeatDetailQuery>

/** yuan as text or number, '' or null for none: the server refuses anything else with a -1 in the caller's language */
const optMoney = () =>
  Opt(Type.Unsafe<string | number | null>({ anyOf: [{ type: 'string', maxLength: 20 }, { type: 'number' }, { type: 'null' }] }))

/** POST naming/activity/getSeatStatusList (docs/product §3 Seat filter). Empty fields do not filter. */
export const SeatFilter = body({
  itemsId: reqInt(),
  areaIdList: Opt(idList(500)),
  /** tree species or seat name, exact match */
  seatName: optString(64),
  /** exact price, yuan */
  money: optMoney(),
  minMoney: optMoney(),
  maxMoney: optMoney(),
  token: optString(200)
})
export type SeatFilter = Static<typeof SeatFilter>
