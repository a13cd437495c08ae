/**
 * The payment adapter of each target against that platform's API shape: wx.requestPayment through
 * Taro.requestPayment (weapp), my.tradePay / Taro.tradePay (alipay), WeixinJSBridge getBrandWCPayRequest and page
 * redirects (H5). Each stub records the exact arguments and answers the way the platform does.
 */
import Taro from '@tarojs/taro'
import type { PaymentParams } from '@contract'
import weapp, { WEAPP_CANCEL } from '@/platform/payment/index.weapp'
import alipay, { tradePayOutcome } from '@/platform/payment/index.alipay'
import h5, { bridgeOutcome, safePaymentUrl } from '@/platform/payment/index.h5'

const jsapi: PaymentParams = {
  provider: 'wechatpay',
  appId: 'wx8888888888888888',
  timeStamp: '1764000000',
  nonceStr: 'Zq8Kc3N1bV9mT2pLd0xxUk9wYkVGWmZu',
  packageValue: 'prepay_id=wx2211223344556677889900aabbccddee',
  signType: 'RSA',
  paySign: 'oR9d8PwKrFq2c5QyHh0bX3vM1sLz7tN6uJ4eA=='
}

afterEach(() => {
  jest.restoreAllMocks()
  delete (globalThis as any).my
  delete (window as any).WeixinJSBridge
  delete (Taro as any).tradePay
})

describe('weapp: Taro.requestPayment', () => {
  function stubRequestPayment(answer: 'ok' | 'cancel' | 'fail') {
    return jest.spyOn(Taro as any, 'requestPayment').mockImplementation((async () => {
      if (answer === 'ok') return { errMsg: 'requestPayment:ok' }
      // wx rejects with {errMsg}; a closed cashier is exactly "requestPayment:fail cancel"
      throw { errMsg: answer === 'cancel' ? WEAPP_CANCEL : 'requestPayment:fail (detail message)' }
    }) as any)
  }

  it('passes timeStamp, nonceStr, package = packageValue, signType and paySign, and maps ok to paid', async () => {
    const spy = stubRequestPayment('ok')
    await expect(weapp.pay(jsapi)).resolves.toBe('paid')
    expect(spy).toHaveBeenCalledTimes(1)
    expect(spy.mock.calls[0][0]).toEqual({
      timeStamp: '1764000000',
      nonceStr: 'Zq8Kc3N1bV9mT2pLd0xxUk9wYkVGWmZu',
      package: 'prepay_id=wx2211223344556677889900aabbccddee',
      signType: 'RSA',
      paySign: 'oR9d8PwKrFq2c5QyHh0bX3vM1sLz7tN6uJ4eA=='
    })
  })
  it('"requestPayment:fail cancel" is cancelled, any other failure is failed', async () => {
    stubRequestPayment('cancel')
    await expect(weapp.pay(jsapi)).resolves.toBe('cancelled')
    jest.restoreAllMocks()
    stubRequestPayment('fail')
    await expect(weapp.pay(jsapi)).resolves.toBe('failed')
  })
  it('incomplete parameters never open the cashier; Alipay goes to the Alipay page; a URL cannot be paid here', async () => {
    const spy = stubRequestPayment('ok')
    await expect(weapp.pay({ ...jsapi, paySign: undefined })).resolves.toBe('failed')
    await expect(weapp.pay({ provider: 'alipay', url: 'https://openapi.alipay.com/gateway.do?x=1' })).resolves.toBe('alipay-page')
    await expect(weapp.pay({ provider: 'thirdparty', url: 'https://pay.school.edu.cn/cashier' })).resolves.toBe('failed')
    expect(spy).not.toHaveBeenCalled()
    expect(weapp.mustLeaveForAlipay()).toBe(true)
    expect(weapp.submitPaymentForm('<form action="/cashier"></form>')).toBe(false)
  })
})

describe('alipay: my.tradePay / Taro.tradePay', () => {
  function stubMy(resultCode: string) {
    const tradePay = jest.fn((opts: any) => opts.success({ resultCode }))
    ;(globalThis as any).my = { tradePay }
    return tradePay
  }

  it('calls my.tradePay({tradeNO}) and maps 9000 to paid', async () => {
    const tradePay = stubMy('9000')
    await expect(alipay.pay({ provider: 'alipay', tradeNo: '2026112222001400000000000001' })).resolves.toBe('paid')
    expect(tradePay).toHaveBeenCalledTimes(1)
    expect(tradePay.mock.calls[0][0].tradeNO).toBe('2026112222001400000000000001')
  })
  it('6001 cancelled, 8000/6004 unknown (ask the server), 4000 and others failed', async () => {
    for (const [code, step] of [
      ['6001', 'cancelled'],
      ['8000', 'unknown'],
      ['6004', 'unknown'],
      ['4000', 'failed'],
      ['6002', 'failed']
    ]) {
      stubMy(code)
      await expect(alipay.pay({ provider: 'alipay', tradeNo: 'T1' })).resolves.toBe(step)
    }
    expect(tradePayOutcome(9000)).toBe('paid')
  })
  it('prefers Taro.tradePay when Taro exposes it', async () => {
    const taroTradePay = jest.fn(async () => ({ resultCode: '9000' }))
    ;(Taro as any).tradePay = taroTradePay
    const my = stubMy('6001')
    await expect(alipay.pay({ provider: 'alipay', tradeNo: 'T2' })).resolves.toBe('paid')
    expect(taroTradePay).toHaveBeenCalledWith({ tradeNO: 'T2' })
    expect(my).not.toHaveBeenCalled()
  })
  it('a failing tradePay, a missing trade number and WeChat parameters are failed', async () => {
    ;(globalThis as any).my = { tradePay: (opts: any) => opts.fail({ error: 4, errorMessage: 'no permission' }) }
    await expect(alipay.pay({ provider: 'alipay', tradeNo: 'T3' })).resolves.toBe('failed')
    await expect(alipay.pay({ provider: 'alipay' })).resolves.toBe('failed')
    await expect(alipay.pay(jsapi)).resolves.toBe('failed')
    expect(alipay.mustLeaveForAlipay()).toBe(false)
  })
})

describe('h5: WeixinJSBridge in WeChat, redirects elsewhere', () => {
  const ua = { mockReturnValue: (v: string) => jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(v) }
  const wechatUa =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.50(0x1800322c) NetType/WIFI Language/zh_CN'
  const safariUa =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'

  function stubBridge(errMsg: string) {
    const invoke = jest.fn((_name: string, _args: any, cb: (r: any) => void) => cb({ err_msg: errMsg }))
    ;(window as any).WeixinJSBridge = { invoke }
    return invoke
  }

  it('invokes getBrandWCPayRequest with appId, timeStamp, nonceStr, package, signType, paySign', async () => {
    ua.mockReturnValue(wechatUa)
    const invoke = stubBridge('get_brand_wcpay_request:ok')
    await expect(h5.pay(jsapi)).resolves.toBe('paid')
    expect(invoke).toHaveBeenCalledTimes(1)
    expect(invoke.mock.calls[0][0]).toBe('getBrandWCPayRequest')
    expect(invoke.mock.calls[0][1]).toEqual({
      appId: 'wx8888888888888888',
      timeStamp: '1764000000',
      nonceStr: 'Zq8Kc3N1bV9mT2pLd0xxUk9wYkVGWmZu',
      package: 'prepay_id=wx2211223344556677889900aabbccddee',
      signType: 'RSA',
      paySign: 'oR9d8PwKrFq2c5QyHh0bX3vM1sLz7tN6uJ4eA=='
    })
  })
  it('err_msg cancel is cancelled, fail is failed', async () => {
    ua.mockReturnValue(wechatUa)
    stubBridge('get_brand_wcpay_request:cancel')
    await expect(h5.pay(jsapi)).resolves.toBe('cancelled')
    stubBridge('get_brand_wcpay_request:fail')
    await expect(h5.pay(jsapi)).resolves.toBe('failed')
    expect(bridgeOutcome('get_brand_wcpay_request:fail_invalid appid')).toBe('failed')
  })
  it('waits for WeixinJSBridgeReady when the bridge is injected late', async () => {
    ua.mockReturnValue(wechatUa)
    const paying = h5.pay(jsapi)
    const invoke = jest.fn((_n: string, _a: any, cb: (r: any) => void) => cb({ err_msg: 'get_brand_wcpay_request:ok' }))
    ;(window as any).WeixinJSBridge = { invoke }
    document.dispatchEvent(new Event('WeixinJSBridgeReady'))
    await expect(paying).resolves.toBe('paid')
    expect(invoke).toHaveBeenCalledTimes(1)
  })
  it('JSAPI parameters outside WeChat cannot be paid; Alipay goes to the Alipay page', async () => {
    ua.mockReturnValue(safariUa)
    const invoke = stubBridge('get_brand_wcpay_request:ok')
    await expect(h5.pay(jsapi)).resolves.toBe('failed')
    expect(invoke).not.toHaveBeenCalled()
    await expect(h5.pay({ provider: 'alipay', url: 'https://openapi.alipay.com/gateway.do' })).resolves.toBe('alipay-page')
    expect(h5.mustLeaveForAlipay()).toBe(false)
    ua.mockReturnValue(wechatUa)
    expect(h5.mustLeaveForAlipay()).toBe(true)
  })
  it('only https provider pages or our own paths are followed', () => {
    expect(safePaymentUrl('https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=1')).toBeTruthy()
    expect(safePaymentUrl('/cashier?billNo=1')).toBe('/cashier?billNo=1')
    expect(safePaymentUrl('javascript:alert(1)')).toBeNull()
    expect(safePaymentUrl('//evil.example/x')).toBeNull()
    expect(safePaymentUrl('data:text/html,<b>x</b>')).toBeNull()
  })
  it("submits only the server form's fields, never its script", () => {
    const submit = jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined)
    ;(window as any).pwned = false
    const html =
      '<form id="paysubmit" name="paysubmit" action="/cashier" method="get"><input type="hidden" name="billNo" value="D1">' +
      '<input type="hidden" name="payToken" value="1764000000.abc"><img src=x onerror="window.pwned=true"></form><script>window.pwned=true</script>'
    expect(h5.submitPaymentForm(html)).toBe(true)
    expect(submit).toHaveBeenCalledTimes(1)
    const form = document.querySelector('[data-testid="pay-form"]') as HTMLFormElement
    expect(form.getAttribute('action')).toBe('/cashier')
    expect(form.method).toBe('get')
    expect([...form.querySelectorAll('input')].map((i) => [i.name, i.value])).toEqual([
      ['billNo', 'D1'],
      ['payToken', '1764000000.abc']
    ])
    expect(form.querySelector('img')).toBeNull()
    expect((window as any).pwned).toBe(false)
    expect(h5.submitPaymentForm('<form action="javascript:alert(1)"></form>')).toBe(false)
    expect(h5.submitPaymentForm('<p>no form</p>')).toBe(false)
  })
})
