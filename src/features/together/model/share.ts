/** The invite page and donor list, wire to view (docs/product §3 Together donation; §4 progress and cancel rules). */
import type { DonationRecord, TogetherDetail } from '@contract'
import { cutMinute } from '@/lib/dates'
import { formatMoney } from '@/lib/money'

export interface ShareView {
  id: number
  itemsId: number
  sponsor: string
  avatar: string
  slogan: string
  projectName: string
  projectIntro: string
  thumb: string
  /** '1,234.50' */
  raised: string
  /** '' without a target */
  target: string
  /** 0..100 with two decimals; null without a target */
  percent: number | null
  people: number
  canGive: boolean
  noReason: string
  canCancel: boolean
  /** sponsor and slogan wait for review (docs/decisions/042): only the sponsor sees the page, and it is not shared */
  held: boolean
}

export function shareView(d: TogetherDetail, resolveUrl: (u: string) => string = (x) => x): ShareView {
  const hasTarget = d.isTarget === 1 && d.progress !== null
  return {
    id: d.id,
    itemsId: d.itemsId,
    sponsor: d.sponsor,
    avatar: d.avatar ? resolveUrl(d.avatar) : '',
    slogan: d.slogan,
    projectName: d.itemsName,
    projectIntro: d.intro,
    thumb: d.thumbnailImg ? resolveUrl(d.thumbnailImg) : '',
    raised: formatMoney(d.completeMoney),
    target: hasTarget ? formatMoney(d.targetMoney) : '',
    percent: hasTarget ? d.progress : null,
    people: d.participants,
    canGive: d.isDonate === 1,
    noReason: d.noReason,
    canCancel: d.canCancel === 1,
    held: d.contentHeld === 1
  }
}

export interface DonorView {
  id: number
  name: string
  avatar: string
  /** '¥1,234.50', or '3 件' for goods */
  amount: { money: string } | { n: number; unit: string }
  time: string
}

export function donorView(r: DonationRecord, resolveUrl: (u: string) => string = (x) => x): DonorView {
  return {
    id: r.id,
    name: r.name,
    avatar: r.avatar ? resolveUrl(r.avatar) : '',
    amount:
      r.crowdType === 2 && r.donateMaterialNumber > 0
        ? { n: r.donateMaterialNumber, unit: r.materialUnit }
        : { money: formatMoney(r.donateMoney) },
    time: cutMinute(r.donateTime)
  }
}
