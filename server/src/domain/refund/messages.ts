/** Messages of refunds (docs/decisions/032-refunds.md); spread into i18n.ts. */
import type { Lang } from '../../../../types'

export const refundMessages = {
  refundOrderNotPaid: { zh_CN: '只有已支付的捐赠可以退款', en: 'Only a paid gift can be refunded' },
  refundTooMuch: {
    zh_CN: '退款金额超出可退金额（最多 ¥{max}）',
    en: 'The refund is more than can be given back (at most ¥{max})'
  },
  refundReasonEmpty: { zh_CN: '请填写退款原因（不超过200字）', en: 'Please give a reason for the refund (at most 200 characters)' },
  refundNoInvalid: {
    zh_CN: '退款单号须为1到64位字母、数字或 _-|*@',
    en: 'The refund number must be 1 to 64 letters, digits or _-|*@'
  },
  refundNoTaken: { zh_CN: '该退款单号已用于另一笔退款', en: 'This refund number belongs to another refund' },
  refundNotFound: { zh_CN: '退款不存在', en: 'Refund not found' },
  refundNotAwaitingApproval: { zh_CN: '该退款不在待审批状态', en: 'This refund is not waiting for approval' },
  refundSelfApproval: {
    zh_CN: '超过审批金额的退款须由另一位财务或管理员审批',
    en: 'A refund above the approval amount must be approved by another member of finance or an admin'
  },
  refundNamingNotInReview: { zh_CN: '该冠名不在退款待处理状态', en: 'This naming is not waiting for a decision after a refund' },
  refundProviderUnavailable: {
    zh_CN: '支付渠道暂时无法退款，请稍后再试',
    en: 'The payment provider cannot take the refund right now; please try again later'
  }
} as const satisfies Record<string, Record<Lang, string>>
