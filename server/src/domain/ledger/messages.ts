/** Messages of the staff console's money side (ledger, exports, offline gifts, review); spread into i18n.ts. */
import type { Lang } from '../../../../types'

export const staffMoneyMessages = {
  moneyAmountInvalid: { zh_CN: '金额须大于0且最多两位小数', en: 'Amount must be greater than 0 with at most 2 decimals' },
  priceInvalid: { zh_CN: '价格须为大于0且最多两位小数的金额', en: 'Prices must be amounts greater than 0 with at most 2 decimals' },
  priceTooLarge: { zh_CN: '价格不能超过{max}元', en: 'A price cannot exceed {max} yuan' },
  offlineAmountTooLarge: {
    zh_CN: '单笔线下捐赠不能超过{max}元（与线上单笔上限相同）',
    en: 'An offline gift cannot exceed {max} yuan (the same limit as one online gift)'
  },
  offlineProjectTotalTooLarge: {
    zh_CN: '录入后该项目累计金额将超过系统上限{max}元，请核对金额',
    en: 'With this gift the project total would pass the system limit of {max} yuan: please check the amount'
  },
  offlineSchoolTotalTooLarge: {
    zh_CN: '录入后本校累计金额将超过系统上限{max}元，请核对金额',
    en: 'With this gift the school total would pass the system limit of {max} yuan: please check the amount'
  },
  offlineReasonEmpty: { zh_CN: '请填写更正或作废的原因', en: 'Please give the reason for the correction or void' },
  offlineReasonTooLong: { zh_CN: '原因不能超过500个字', en: 'Reason: at most 500 characters' },
  offlineNotFound: { zh_CN: '线下捐赠不存在或已作废', en: 'This offline gift does not exist or was voided' },
  offlineNothingChanged: { zh_CN: '没有需要更正的内容', en: 'Nothing to correct: every field is as stored' },
  moneyRangeInvalid: { zh_CN: '金额范围须为最多两位小数的数字', en: 'Amount range must be numbers with at most 2 decimals' },
  moneyDateInvalid: { zh_CN: '日期须为 YYYY-MM-DD 格式', en: 'Dates must be YYYY-MM-DD' },
  offlineDateFuture: { zh_CN: '捐赠日期不能晚于今天', en: 'The gift date cannot be in the future' },
  offlineNameInvalid: { zh_CN: '捐赠人姓名不能为空且不超过32个字', en: 'Donor name is required, at most 32 characters' },
  offlineGoodsProject: {
    zh_CN: '物资类项目不能录入线下资金捐赠',
    en: 'A goods project counts goods, not money: an offline money gift cannot be entered for it'
  },
  offlineNoteTooLong: { zh_CN: '备注不能超过500个字', en: 'Note: at most 500 characters' },
  exportNotReady: { zh_CN: '导出尚未完成', en: 'The export is not finished yet' },
  exportExpired: { zh_CN: '导出文件已过期删除，请重新导出', en: 'The export file has expired and was deleted; please export again' },
  reviewReasonEmpty: { zh_CN: '请填写处理原因', en: 'Please give a reason' },
  reviewNotOpen: { zh_CN: '该订单已不在待处理列表中', en: 'This order is no longer in review' },
  reviewLateNotPayable: {
    zh_CN: '已关闭的订单不会重新变为已支付：请退款后选择“关闭”，或将这笔款项录入为线下捐赠',
    en: 'A closed order is never reopened as paid: refund it and choose "closed", or enter the money as an offline gift'
  }
} as const satisfies Record<string, Record<Lang, string>>
