/**
 * A free tree, bench, hall seat, building or brick named from a map (docs/product §2: the naming button goes to
 * form-gm?id={item}; decision 046: the product's outside forms 16, 18, 19 and 21 are this form) travels to form-gm the
 * way a chosen seat does: local storage 'gm' (docs/product §3), one seat with its one price, permanent (a map point is
 * named for good: termYear 0). Pure: no Taro.
 */
import { ALUMNUS_IDENTITY, type MapSeat } from '@contract'
import type { GmSelection } from '@/platform/storage-keys'

export function mapSelection(itemsId: number, seat: MapSeat, areaTitle: string, permanentLabel: string): GmSelection {
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
