/**
 * Payment methods of the naming form (docs/product §4 Pay types): the ones the form offers that need nothing more than the
 * provider's cashier, and the campus card (9) with its number and password as on the donation form
 * (docs/decisions/048-naming-forms-whole.md). The bank-app option (99) creates no order and is not offered. A single
 * method is preselected.
 */
import { PayTypes, type PayTypeCode } from '@contract'
import type { MessageKey } from '@/lib/i18n'

const LABELS: Partial<Record<PayTypeCode, MessageKey>> = {
  [PayTypes.WECHAT]: 'naming.pay.wechat',
  [PayTypes.ALIPAY]: 'naming.pay.alipay',
  [PayTypes.THIRD_PARTY]: 'naming.pay.third',
  [PayTypes.CAMPUS_CARD]: 'donate.pay.campus',
  [PayTypes.WECHAT_OTHER]: 'naming.pay.wechat'
}

export interface NamingPayOption {
  code: PayTypeCode
  labelKey: MessageKey
}

export function namingPayOptions(list: PayTypeCode[] | null | undefined): NamingPayOption[] {
  return (list || []).filter((c) => LABELS[c]).map((code) => ({ code, labelKey: LABELS[code] as MessageKey }))
}

export function initialPayType(options: NamingPayOption[]): PayTypeCode | null {
  return options.length === 1 ? options[0].code : null
}
