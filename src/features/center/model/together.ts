/** mine-together rows (docs/product §3 Together donation). Progress only with a target (docs/product §4). */
import type { MyTogetherDonation } from '@contract'
import { cutDay } from '@/lib/dates'
import { formatMoney, progressPercent } from '@/lib/money'
import type { Translate } from '@/lib/i18n'
import { goodsText } from '@/lib/goods'

export type TogetherTab = 'launch' | 'join'

export interface TogetherRowView {
  id: number
  avatar: string
  sponsor: string
  /** the project it raises for */
  project: string
  slogan: string
  participants: number
  date: string
  raised: string
  /** '' without a target */
  target: string
  percent: number | null
}

type T = Translate

export function togetherRow(r: MyTogetherDonation, t: T, resolveUrl: (u: string) => string = (x) => x): TogetherRowView {
  const goods = !!r.materialUnit && Number(r.completeMoney) === 0 && r.completeMaterialNumber > 0
  const hasTarget = r.isTarget === 1 && Number(r.targetMoney) > 0
  return {
    id: r.id,
    avatar: r.avatar ? resolveUrl(r.avatar) : '',
    sponsor: r.sponsor,
    project: r.itemsName || '',
    slogan: r.slogan,
    participants: r.participants || 0,
    date: cutDay(r.createDate),
    raised: goods
      ? t('center.together.raisedGoods', { goods: goodsText(t, r.completeMaterialNumber, r.materialUnit) })
      : t('center.together.raised', { money: formatMoney(r.completeMoney) }),
    target: hasTarget ? formatMoney(r.targetMoney) : '',
    percent: hasTarget ? progressPercent(r.completeMoney, r.targetMoney) : null
  }
}
