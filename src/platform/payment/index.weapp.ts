/**
 * WeChat mini-program: WeChat Pay through wx.requestPayment (Taro.requestPayment) with the JSAPI parameters the
 * server signed. Alipay cannot run in WeChat: its pay type goes to the Alipay page, which shows how to copy the link.
 */
import Taro from '@tarojs/taro'
import { rejectionField } from '@/lib/quiet'
import type { PaymentParams } from '@contract'
import type { PaymentAdapter, PayStep } from './types'

declare const API_ORIGIN: string

/** requestPayment's errMsg for a donor who closed the cashier. */
export const WEAPP_CANCEL = 'requestPayment:fail cancel'

async function requestPayment(p: PaymentParams): Promise<PayStep> {
  if (!p.timeStamp || !p.nonceStr || !p.packageValue || !p.paySign) return 'failed'
  try {
    await Taro.requestPayment({
      timeStamp: p.timeStamp,
      nonceStr: p.nonceStr,
      package: p.packageValue,
      signType: (p.signType || 'RSA') as keyof Taro.requestPayment.SignType,
      paySign: p.paySign
    })
    return 'paid'
  } catch (e: unknown) {
    return String(rejectionField(e, 'errMsg') || '').includes(WEAPP_CANCEL) ? 'cancelled' : 'failed'
  }
}

export const paymentAdapter = {
  async pay(params) {
    if (params.provider === 'wechatpay') return requestPayment(params)
    if (params.provider === 'alipay') return 'alipay-page'
    // a third-party URL cannot be opened by a mini-program (no web-view domain for it)
    return 'failed'
  },
  mustLeaveForAlipay: () => true,
  submitPaymentForm: (_html: string) => false,
  webOrigin: () => API_ORIGIN || ''
} satisfies PaymentAdapter

export default paymentAdapter
