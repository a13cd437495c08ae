/**
 * A count of goods in the project's unit, as every list shows it (the directory, my gifts, my joint donations, a
 * joint donation's donors): "30 箱" in Chinese, "30 × box" in English. The unit is what the project's editor wrote,
 * one word in the singular and often Chinese when no English unit was entered, so English joins count and unit with
 * a multiplication sign rather than guessing a plural ("7 book", "4 set" read wrong; "7 × book" does not). A project
 * without a unit shows the count alone.
 */
import type { Translate } from '@/lib/i18n'

export function goodsText(t: Translate, n: number | string | null | undefined, unit: string | null | undefined): string {
  const count = Number(n) || 0
  const u = (unit ?? '').trim()
  return u ? t('common.goods', { n: count, unit: u }) : String(count)
}
