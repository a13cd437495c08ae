/** Wire donation record -> what one directory row shows. The server has already masked or anonymised `name`. */
import { CrowdType, type DirectoryTotal, type DonationRecord } from '@contract'
import { cutDay } from '@/lib/dates'
import { formatCurrency } from '@/lib/money'
import type { Translate } from '@/lib/i18n'
import { goodsText } from '@/lib/goods'

export interface DonorRowView {
  id: number
  name: string
  /** resolved image URL, '' for the drawn default avatar */
  avatarUrl: string
  date: string
  projectName: string
  subProjectName: string
  /** "1,000.00 元" / "1,000.00 CNY", or "20 箱" / "20 × box" for goods */
  amountText: string
}

export function toDonorRow(r: DonationRecord, t: Translate, assetUrl: (url: string) => string): DonorRowView {
  const isGoods = Number(r.crowdType) === CrowdType.GOODS
  return {
    id: r.id,
    name: r.name || '',
    avatarUrl: r.avatar ? assetUrl(r.avatar) : '',
    date: cutDay(r.donateTime),
    projectName: r.itemsName || '',
    subProjectName: r.subItemsName || '',
    amountText: isGoods ? goodsText(t, r.donateMaterialNumber, r.materialUnit) : formatCurrency(r.donateMoney)
  }
}

/**
 * The line above the rows: the gifts and money of the same filter as the rows (the server's total follows the
 * search), the gifts not listed at their donors' wish, and money raised offline, each said apart.
 */
export function totalsText(total: DirectoryTotal, t: Translate): string {
  const parts = [t('directory.totals', { count: Number(total.totalCount) || 0, money: formatCurrency(total.totalMoney) })]
  if (total.unlistedCount) parts.push(t('directory.unlisted', { count: total.unlistedCount }))
  if (total.offlineMoney) parts.push(t('directory.offline', { money: formatCurrency(total.offlineMoney) }))
  return parts.join(t('directory.separator'))
}
