/**
 * Which pay types can work where the app runs, in one place. The form's payPlatformList is what the
 * school configured; a donor sees only the options this target can complete: the WeChat mini-program WeChat Pay
 * (and the campus card, debited by the server), the Alipay mini-program Alipay, WeChat's browser WeChat Pay by JSAPI
 * and nothing that sends the donor to pay outside WeChat, a plain browser WeChat H5 pay and the Alipay wap page. The
 * table is the server's (types/donate.ts PAY_TYPES_BY_CHANNEL), so both sides refuse the same things; the channel
 * travels in the donate body as `payChannel`, which tells the server whose credentials (AppID, merchant) to use.
 */
import { PAY_TYPES_BY_CHANNEL, type FormConfig, type PayChannelCode, type PayTypeCode } from '@contract'
import type { EnvInfo } from '../types'

export function payChannelOf(env: Pick<EnvInfo, 'target' | 'inWechatBrowser'>): PayChannelCode {
  if (env.target === 'weapp') return 'weapp'
  if (env.target === 'alipay') return 'alipay'
  // a web-view inside the WeChat mini-program is WeChat's browser too (its agent says MicroMessenger)
  return env.inWechatBrowser ? 'wechat-h5' : 'h5'
}

/** The configured pay types this channel can complete, in the school's order. */
export function offeredPayTypes(list: readonly PayTypeCode[] | null | undefined, channel: PayChannelCode): PayTypeCode[] {
  const allowed = PAY_TYPES_BY_CHANNEL[channel]
  return (list || []).filter((code) => allowed.includes(code))
}

/** A formDetail answer with its payPlatformList narrowed to what `channel` can complete (every form screen's source). */
export function withOfferedPayTypes<T extends Pick<FormConfig, 'payPlatformList'>>(form: T, channel: PayChannelCode): T {
  return form ? { ...form, payPlatformList: offeredPayTypes(form.payPlatformList, channel) } : form
}
