/**
 * Alipay mini-program: my.tradePay({tradeNO}) with the trade number of alipay.trade.create (Taro.tradePay where
 * Taro exposes it). resultCode 9000 paid, 6001 cancelled, 8000 / 6004 unknown (ask the server), others failed.
 */
import Taro from '@tarojs/taro'
import { rejectionField } from '@/lib/quiet'
import type { PaymentParams } from '@contract'
import type { PaymentAdapter, PayStep } from './types'

declare const API_ORIGIN: string
declare const my: any

export function tradePayOutcome(resultCode: unknown): PayStep {
  const code = String(resultCode ?? '')
  if (code === '9000') return 'paid'
  if (code === '6001') return 'cancelled'
  if (code === '8000' || code === '6004') return 'unknown'
  return 'failed'
}

function tradePay(tradeNO: string): Promise<{ resultCode?: string | number }> {
  const api: any = (Taro as any).tradePay
  if (typeof api === 'function') return api({ tradeNO })
  return new Promise((resolve, reject) => {
    if (typeof my === 'undefined' || typeof my.tradePay !== 'function') return reject(new Error('my.tradePay missing'))
    my.tradePay({ tradeNO, success: resolve, fail: reject })
  })
}

async function payAlipay(p: PaymentParams): Promise<PayStep> {
  if (!p.tradeNo) return 'failed'
  try {
    const res = await tradePay(p.tradeNo)
    return tradePayOutcome(res?.resultCode)
  } catch (e: unknown) {
    // some base libraries reject with the result object itself
    const code = rejectionField(e, 'resultCode')
    return code !== undefined ? tradePayOutcome(code) : 'failed'
  }
}

export const paymentAdapter = {
  async pay(params) {
    if (params.provider === 'alipay') return payAlipay(params)
    // WeChat Pay and third-party URLs cannot be paid inside the Alipay app
    return 'failed'
  },
  mustLeaveForAlipay: () => false,
  submitPaymentForm: (_html: string) => false,
  webOrigin: () => API_ORIGIN || ''
} satisfies PaymentAdapter

export default paymentAdapter
