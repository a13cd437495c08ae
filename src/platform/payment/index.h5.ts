/**
 * H5. Inside WeChat's browser WeChat Pay is JSAPI through WeixinJSBridge 'getBrandWCPayRequest'; elsewhere WeChat
 * Pay (H5 payment) and third-party payment are pages the browser is sent to, returning to pay-back. Alipay goes
 * through the app's Alipay page: in WeChat it explains how to open the system browser, elsewhere it submits the
 * wap form from donate4ali.
 */
import type { PaymentParams } from '@contract'
import type { PaymentAdapter, PayStep } from './types'

const inWechat = () => typeof navigator !== 'undefined' && /MicroMessenger/i.test(navigator.userAgent)

/** Only our own pages or a provider's https page: never javascript: or data: URLs from an answer. */
export function safePaymentUrl(url: string | undefined): string | null {
  if (!url) return null
  if (/^https:\/\//i.test(url)) return url
  if (/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//i.test(url)) return url
  if (url.startsWith('/') && !url.startsWith('//')) return url
  return null
}

/** WeixinJSBridge is injected asynchronously: wait for WeixinJSBridgeReady (at most `ms`). */
function bridge(ms = 5000): Promise<any | null> {
  const w = window as any
  if (w.WeixinJSBridge) return Promise.resolve(w.WeixinJSBridge)
  return new Promise((resolve) => {
    const done = () => {
      document.removeEventListener('WeixinJSBridgeReady', done)
      clearTimeout(timer)
      resolve(w.WeixinJSBridge || null)
    }
    const timer = setTimeout(done, ms)
    document.addEventListener('WeixinJSBridgeReady', done, false)
  })
}

/** err_msg of getBrandWCPayRequest: get_brand_wcpay_request:ok | :cancel | :fail (and variants). */
export function bridgeOutcome(errMsg: unknown): PayStep {
  const m = String(errMsg || '')
  if (m === 'get_brand_wcpay_request:ok') return 'paid'
  if (/:cancel$/.test(m)) return 'cancelled'
  return 'failed'
}

async function payInWechat(p: PaymentParams): Promise<PayStep> {
  if (!p.appId || !p.timeStamp || !p.nonceStr || !p.packageValue || !p.paySign) return 'failed'
  const jsBridge = await bridge()
  if (!jsBridge) return 'failed'
  return new Promise((resolve) => {
    jsBridge.invoke(
      'getBrandWCPayRequest',
      {
        appId: p.appId,
        timeStamp: p.timeStamp,
        nonceStr: p.nonceStr,
        package: p.packageValue,
        signType: p.signType || 'RSA',
        paySign: p.paySign
      },
      (res: { err_msg?: string }) => resolve(bridgeOutcome(res?.err_msg))
    )
  })
}

function leaveFor(url: string | undefined): PayStep {
  const safe = safePaymentUrl(url)
  if (!safe) return 'failed'
  window.location.href = safe
  return 'left'
}

export const paymentAdapter = {
  async pay(params) {
    if (params.provider === 'alipay') return 'alipay-page'
    if (params.provider === 'wechatpay') {
      if (params.packageValue) return inWechat() ? payInWechat(params) : 'failed'
      return leaveFor(params.url)
    }
    if (params.provider === 'thirdparty') return leaveFor(params.url)
    return 'failed'
  },
  mustLeaveForAlipay: inWechat,
  submitPaymentForm(html) {
    const doc = new DOMParser().parseFromString(html, 'text/html')
    const parsed = doc.querySelector('form')
    if (!parsed) return false
    const action = parsed.getAttribute('action') || ''
    if (!safePaymentUrl(action)) return false
    // Rebuild the form from its fields only: the server's <script> does not run when inserted, and nothing else
    // from the answer reaches the document.
    const form = document.createElement('form')
    form.action = action
    form.method = (parsed.getAttribute('method') || 'post').toLowerCase() === 'get' ? 'get' : 'post'
    form.acceptCharset = parsed.getAttribute('accept-charset') || 'utf-8'
    form.style.display = 'none'
    form.setAttribute('data-testid', 'pay-form')
    parsed.querySelectorAll('input').forEach((src) => {
      const input = document.createElement('input')
      input.type = 'hidden'
      input.name = src.getAttribute('name') || ''
      input.value = src.getAttribute('value') || ''
      if (input.name) form.appendChild(input)
    })
    document.body.appendChild(form)
    form.submit()
    return true
  },
  webOrigin: () => (typeof window !== 'undefined' ? window.location.origin : '')
} satisfies PaymentAdapter

export default paymentAdapter
