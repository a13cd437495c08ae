/** The caller's gifts for mine-don, by project (itemsDonateGroup) or by time (donateRecordList). */
import type { PersonalDonation, ProjectDonateGroup } from '@contract'
import { cutMinute } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import type { Translate } from '@/lib/i18n'
import { goodsText } from '@/lib/goods'

export type GroupMode = 'project' | 'time'

export interface GiftRowView {
  id: number
  itemsName: string
  subItemsName: string
  /** "¥1,234.50" or "3 件" / "3 × box" for goods */
  amount: string
  time: string
  billNo: string
  anonymous: boolean
  /** "已退款 ¥100.00" when part or all of the gift was refunded; '' otherwise */
  refund: string
  /** why the e-certificate no longer stands ('' when it does) */
  certificateNote: string
}

type T = Translate

export function giftAmount(d: Pick<PersonalDonation, 'crowdType' | 'donateMoney' | 'donateMaterialNumber' | 'materialUnit'>, t: T): string {
  if (d.crowdType === 2) return goodsText(t, d.donateMaterialNumber, d.materialUnit)
  return `¥${formatMoney(d.donateMoney)}`
}

/** A refunded gift says so with what went back (docs/decisions/032-refunds.md); older servers send nothing. */
export function giftRefund(d: Pick<PersonalDonation, 'refundState' | 'refundMoney'>, t: T): string {
  if (!d.refundState || !d.refundMoney) return ''
  return t(d.refundState === 2 ? 'center.don.refundedAll' : 'center.don.refundedPart', { amount: formatMoney(d.refundMoney) })
}

export function giftRow(d: PersonalDonation, t: T): GiftRowView {
  return {
    id: d.id,
    itemsName: d.itemsName,
    subItemsName: d.subItemsName || '',
    amount: giftAmount(d, t),
    time: cutMinute(d.donateTime),
    billNo: d.donatePlatOrder || '',
    anonymous: d.isAnonymous === 1,
    refund: giftRefund(d, t),
    certificateNote: d.certificateVoidReason || ''
  }
}

export interface ProjectGroupView {
  itemsId: number
  itemsName: string
  thumbnail: string
  total: string
  count: number
  latest: string
  gifts: GiftRowView[]
}

export function projectGroup(g: ProjectDonateGroup, t: T, resolveUrl: (u: string) => string = (x) => x): ProjectGroupView {
  const list = g.donateRecordList || []
  // a goods project's gifts carry no money: its total is the number of items given
  const goods = list.length > 0 && list.every((d) => d.crowdType === 2)
  const total = goods
    ? giftAmount(
        {
          crowdType: 2,
          donateMoney: '0',
          donateMaterialNumber: list.reduce((n, d) => n + (d.donateMaterialNumber || 0), 0),
          materialUnit: list[0].materialUnit
        },
        t
      )
    : `¥${formatMoney(g.donateMoney)}`
  return {
    itemsId: g.itemsId,
    itemsName: g.itemsName,
    thumbnail: g.thumbnailImg ? resolveUrl(g.thumbnailImg) : '',
    total,
    count: g.donateCount,
    latest: cutMinute(g.donateTime),
    gifts: list.map((d) => giftRow(d, t))
  }
}
