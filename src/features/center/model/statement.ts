/** The caller's statement years for mine-statement: wire (types/statement.ts) to what each card shows. */
import type { StatementYears } from '@contract'
import type { Translate } from '@/lib/i18n'
import { formatCurrency, formatMoney, toDecimal } from '@/lib/money'

export interface StatementYearView {
  year: number
  title: string
  /** "4 笔捐赠 · 捐赠 ¥237.00 · 退款 ¥80.00" (the refund part only when there was one) */
  detail: string
  /** "¥157.00": paid less refunded, as the PDF's total */
  total: string
}

export function statementYearViews(data: StatementYears, t: Translate): StatementYearView[] {
  return data.years.map((y) => {
    const parts = [t('statement.gifts', { count: y.giftCount }), t('statement.paid', { paid: formatMoney(y.paidMoney) })]
    if (toDecimal(y.refundMoney).gt(0)) parts.push(t('statement.refunded', { refunded: formatMoney(y.refundMoney) }))
    return {
      year: y.year,
      title: t('statement.year', { year: y.year }),
      detail: parts.join(' · '),
      total: formatCurrency(y.totalMoney)
    }
  })
}

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
