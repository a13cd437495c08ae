/** Messages of notifications (docs/decisions/044-notifications.md); spread into i18n.ts. */
import type { Lang } from '../../../../types'

export const notifyMessages = {
  noticeChoiceInvalid: { zh_CN: '通知类型或渠道无效', en: 'Unknown kind of news or channel' },
  noticeTemplateInvalid: {
    zh_CN: '消息模板无效：请填写模板 ID，并为每个字段选择要填入的内容（微信字段如 thing1、amount2，支付宝字段如 keyword1）',
    en: 'Invalid message template: give the template ID and pick what goes into each field (WeChat fields like thing1, amount2; Alipay fields like keyword1)'
  },
  unsubscribeInvalid: { zh_CN: '退订链接无效', en: 'This unsubscribe link is not valid' },
  unsubscribeAsk: { zh_CN: '确定不再通过邮件接收“{kind}”通知吗？', en: 'Stop receiving “{kind}” news by e-mail?' },
  unsubscribeButton: { zh_CN: '确认退订', en: 'Unsubscribe' },
  unsubscribeDone: {
    zh_CN: '已退订：您将不再通过邮件收到“{kind}”通知。可随时在个人中心重新开启。',
    en: 'Done: you will no longer receive “{kind}” news by e-mail. You can turn it back on in your personal centre.'
  },
  noticeKindPaid: { zh_CN: '捐赠到账', en: 'Gift received' },
  noticeKindCertificate: { zh_CN: '证书生成', en: 'Certificate ready' },
  noticeKindReceipt: { zh_CN: '电子票据', en: 'Electronic receipt' },
  noticeKindNameplate: { zh_CN: '铭牌审核', en: 'Nameplate review' },
  noticeKindTogether: { zh_CN: '一起捐达成目标', en: 'Joint donation target reached' },
  noticeKindRefund: { zh_CN: '退款', en: 'Refund' },
  noticeNotRetryable: { zh_CN: '该通知不在失败或重试状态', en: 'This message is neither failed nor waiting to retry' }
} satisfies Record<string, Record<Lang, string>>
