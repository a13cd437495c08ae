/**
 * A free tree named from the map (docs/product §2: the naming button goes to form-gm?id={item}) travels to form-gm
 * the way a chosen seat does: local storage 'gm' (docs/product §3), one seat with its one price, permanent (a tree
 * is named for good: termYear 0). Pure: no Taro.
 */
import { ALUMNUS_IDENTITY, type MapSeat } from '@contract'
import type { GmSelection } from '@/platform/storage-keys'

export function treeSelection(itemsId: number, seat: MapSeat, areaTitle: string, permanentLabel: string): GmSelection {
  return {
    itemsId,
    namingType: 1,
    seats: [
      {
        seatId: seat.seatId,
        areaId: seat.areaId,
        areaTitle,
        seat: seat.seatName,
        priceList: [{ termName: permanentLabel, termMoney: seat.termMoney, termYear: 0 }],
        termYear: 0
      }
    ],
    books: [],
    mode: 'all',
    nameplate: { donorName: '', donorIdentity: ALUMNUS_IDENTITY, donationMessage: '' },
    nameplates: {}
  }
}
