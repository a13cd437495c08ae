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
  shareUnavailable: { zh_CN: '微信分享暂时不可用，请稍后再试', en: 'WeChat sharing is unavailable, please try again later' },
  settingsSecretEnv: {
    zh_CN: '{field} 不能引用 env:{name}：只能引用以 UPLUS_SECRET_ 开头或列在 SECRET_ENV_ALLOW 中的环境变量',
    en: '{field} may not name env:{name}: only environment variables starting with UPLUS_SECRET_ or listed in SECRET_ENV_ALLOW'
  },
  settingsOutboundUrl: {
    zh_CN: '{field} 须为 https 地址，主机为平台自己的或列在 OUTBOUND_HOSTS 中，且不能是内网或本机地址',
    en: "{field} must be an https URL on the platform's own host or one listed in OUTBOUND_HOSTS, never a private or local address"
  }
} as const satisfies Record<string, Record<Lang, string>>
