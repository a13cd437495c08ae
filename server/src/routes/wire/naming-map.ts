/** Answer schemas of types/naming-map.ts (map configs, map seats, the seat status map). */
import { Type } from 'typebox'
import type * as W from '../../../../types'
import { wireSchema } from '../../lib/schemas'
import { intEnum, Num, Str, Yuan } from './common'

const Point = Type.Tuple([Num, Num])
const MapArea = wireSchema<W.MapArea>()(
  Type.Object({ id: Str, x: Num, y: Num, title: Str, hot: Type.Array(Point), next: Str, map: Type.Optional(Str) })
)
const MapTree = wireSchema<W.MapTree>()(
  Type.Object({ id: Str, x: Num, y: Num, seatId: Num, show: intEnum([0, 1]), selected: intEnum([0, 1]) })
)
const MapBuilding = wireSchema<W.MapBuilding>()(Type.Object({ id: Str, x: Num, y: Num, seatId: Num, isHide: intEnum([0, 1]) }))

export const MapConfig = wireSchema<W.MapConfig>()(
  Type.Object({
    id: Str,
    level: intEnum([1, 2, 3]),
    width: Num,
    height: Num,
    scale: Num,
    minScale: Num,
    maxScale: Num,
    top: Num,
    left: Num,
    map: Str,
    areaList: Type.Array(MapArea),
    treeList: Type.Array(MapTree),
    buildingList: Type.Array(MapBuilding),
    areaIdList: Type.Array(Num),
    vrUrl: Str
  })
)

export const MapSeat = wireSchema<W.MapSeat>()(
  Type.Object({
    seatId: Num,
    seatName: Str,
    seatImg: Str,
    seatIntro: Str,
    status: intEnum([1, 2, 3]),
    termMoney: Yuan,
    donorName: Str,
    donateTime: Str,
    donationMessage: Str,
    itemsId: Num,
    areaId: Num
  })
)

export const SeatStatusMap = wireSchema<W.SeatStatusMap>()(Type.Record(Type.String(), intEnum([1, 2, 3])))
