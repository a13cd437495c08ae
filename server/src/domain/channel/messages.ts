/** Messages of channels and SMS, in both languages; spread into i18n.ts. */
import type { Lang } from '../../../../types'

export const channelMessages = {
  payTypeNotOnChannel: {
    zh_CN: '当前环境不支持该支付方式，请选择其他支付方式',
    en: 'This payment method is not available here, please choose another one'
  },
  wechatSignInRequired: {
    zh_CN: '请先使用微信登录后再进行微信支付',
    en: 'Please sign in with WeChat before paying with WeChat Pay'
  },
  alipaySignInRequired: {
    zh_CN: '请先使用支付宝登录后再进行支付宝支付',
    en: 'Please sign in with Alipay before paying with Alipay'
  },
  smsNotConfigured: { zh_CN: '短信服务未配置，请使用其他方式登录', en: 'SMS is not configured, please sign in another way' },
  shareUrlRefused: { zh_CN: '该页面地址不能用于分享签名', en: 'This page address cannot be signed for sharing' },
  shareUnavailable: { zh_CN: '微信分享暂时不可用，请稍后再试', en: 'WeChat sharing is unavailable, please try again later' }
} as const satisfies Record<string, Record<Lang, string>>
