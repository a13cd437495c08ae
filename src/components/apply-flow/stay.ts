/** The gifts of the apply pickers (certificate and receipt stay/page), wire -> view. */
import type { StayDonation } from '@contract'
import { cutMinute } from '@/lib/dates'
import { formatMoney } from '@/lib/money'

/** A gift in the apply pickers. */
export interface StayView {
  id: number
  name: string
  sub: string
  thumb: string
  /** '¥1,000.00', or the quantity for a goods gift */
  amount: string
  time: string
}

export function toStayView(d: StayDonation, assetUrl: (u: string) => string): StayView {
  return {
    id: d.id,
    name: d.itemsName || '',
    sub: d.subItemsName || '',
    thumb: d.thumbnailImg ? assetUrl(d.thumbnailImg) : '',
    amount: d.crowdType === 2 ? `${d.donateMaterialNumber} ${d.materialUnit}`.trim() : `¥${formatMoney(d.donateMoney)}`,
    time: cutMinute(d.donateTime)
  }
}
