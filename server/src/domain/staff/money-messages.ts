/** Messages of the staff console's money side (issue 15: ledger, exports, offline gifts, review); spread into i18n.ts. */
import type { Lang } from '../../../../types'

export const staffMoneyMessages = {
  moneyAmountInvalid: { zh_CN: '金额须大于0且最多两位小数', en: 'Amount must be greater than 0 with at most 2 decimals' },
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
