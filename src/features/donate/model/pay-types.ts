/** Payment methods offered by the form (docs/product §4 Pay types): labels and icons' colours per code. */
import { PayTypes, type PayTypeCode } from '@contract'
import type { MessageKey } from '@/lib/i18n'

export interface PayOption {
  code: PayTypeCode
  labelKey: MessageKey
  /** a short mark drawn in the option's badge */
  mark: string
  color: string
}

const OPTIONS: Record<number, Omit<PayOption, 'code'>> = {
  [PayTypes.WECHAT]: { labelKey: 'donate.pay.wechat', mark: '微', color: '#09bb07' },
  [PayTypes.ALIPAY]: { labelKey: 'donate.pay.alipay', mark: '支', color: '#1677ff' },
  [PayTypes.CAMPUS_CARD]: { labelKey: 'donate.pay.campus', mark: '卡', color: '#fa8c16' },
  [PayTypes.THIRD_PARTY]: { labelKey: 'donate.pay.third', mark: '付', color: '#722ed1' },
  [PayTypes.WECHAT_OTHER]: { labelKey: 'donate.pay.wechat', mark: '微', color: '#09bb07' },
  [PayTypes.BANK_APP]: { labelKey: 'donate.pay.bank', mark: '银', color: '#c41d7f' }
}

export function payOptions(list: PayTypeCode[] | null | undefined): PayOption[] {
  return (list || []).filter((c) => OPTIONS[c]).map((code) => ({ code, ...OPTIONS[code] }))
}
