/**
 * The agreement adapter of each target against that platform's API shape (docs/decisions/085): WeChat's signing
 * mini-program through Taro.navigateToMiniProgram and the app's next show (weapp), my.paySignCenter with the page.sign
 * request (alipay), and the browser sent to the provider's page with the plan's waiting page kept in history (H5).
 * Each stub records the exact arguments and answers the way the platform does.
 */
import Taro from '@tarojs/taro'
import type { MonthlySignPage } from '@contract'
import weapp, { WEAPP_NAV_CANCEL } from '@/platform/agreements/index.weapp'
import alipay, { paySignOutcome, signStrOf } from '@/platform/agreements/index.alipay'
import h5 from '@/platform/agreements/index.h5'

// what monthly/create answers for papay's mini-program pre-sign (server/src/providers/payment/wechatpay.ts)
const papayMini: MonthlySignPage = {
  kind: 'miniprogram',
  appId: 'wxbd687630cd02ce1d',
  path: 'pages/index/index',
  extraData: { pre_entrustweb_id: '5778aadY9nltAsZzXixCkFIGYnV2V' },
  url: ''
}
// what it answers for Alipay's 周期扣款: the signed alipay.user.agreement.page.sign request as a gateway URL
const pageSignQuery =
  'app_id=2021000000000001&method=alipay.user.agreement.page.sign&charset=utf-8&sign_type=RSA2&timestamp=2026-11-29%2010%3A00%3A00&version=1.0' +
  '&notify_url=https%3A%2F%2Fgive.school.edu.cn%2Fagreement-notify%2Fdemo%2Falipay%2F2&biz_content=%7B%22external_agreement_no%22%3A%22M2026112910000012345678%22%7D&sign=abc%2Bdef%3D'
const alipaySign: MonthlySignPage = {
  kind: 'url',
  appId: '',
  path: '',
  extraData: {},
  url: `https://openapi.alipay.com/gateway.do?${pageSignQuery}`
}
const papayH5: MonthlySignPage = {
  kind: 'url',
  appId: '',
  path: '',
  extraData: {},
  url: 'https://api.mch.weixin.qq.com/papay/entrustweb?session_id=abc123'
}

afterEach(() => {
  jest.restoreAllMocks()
  delete (globalThis as any).my
})

describe('weapp: Taro.navigateToMiniProgram and the next show', () => {
  let shows: Array<(res: any) => void>
  beforeEach(() => {
    shows = []
    ;(Taro as any).onAppShow = jest.fn((fn: any) => shows.push(fn))
    ;(Taro as any).offAppShow = jest.fn((fn: any) => {
      shows = shows.filter((f) => f !== fn)
    })
  })
  const show = (res: any) => [...shows].forEach((fn) => fn(res))

  it('opens the signing mini-program with appId, path and extraData, and resolves when the donor comes back', async () => {
    const nav = jest.fn(async () => ({ errMsg: 'navigateToMiniProgram:ok' }))
    ;(Taro as any).navigateToMiniProgram = nav
    let settled = false
    const step = weapp.signAgreement(papayMini).then((s) => {
      settled = true
      return s
    })
    await Promise.resolve()
    await Promise.resolve()
    expect(nav).toHaveBeenCalledTimes(1)
    expect((nav.mock.calls[0] as any[])[0]).toEqual({
      appId: 'wxbd687630cd02ce1d',
      path: 'pages/index/index',
      extraData: { pre_entrustweb_id: '5778aadY9nltAsZzXixCkFIGYnV2V' }
    })
    // a show from another mini-program is not the return from signing
    show({ referrerInfo: { appId: 'wx1111111111111111' } })
    await Promise.resolve()
    expect(settled).toBe(false)
    show({ referrerInfo: { appId: 'wxbd687630cd02ce1d', extraData: { return_code: 'SUCCESS' } } })
    await expect(step).resolves.toBe('returned')
    expect(shows).toHaveLength(0)
  })
  it('a declined confirmation is cancelled, another failure failed, and neither keeps listening', async () => {
    ;(Taro as any).navigateToMiniProgram = jest.fn(async () => {
      throw { errMsg: WEAPP_NAV_CANCEL }
    })
    await expect(weapp.signAgreement(papayMini)).resolves.toBe('cancelled')
    ;(Taro as any).navigateToMiniProgram = jest.fn(async () => {
      throw { errMsg: 'navigateToMiniProgram:fail invalid appid' }
    })
    await expect(weapp.signAgreement(papayMini)).resolves.toBe('failed')
    expect(shows).toHaveLength(0)
  })
  it('a URL cannot be signed in the WeChat mini-program', async () => {
    const nav = jest.fn()
    ;(Taro as any).navigateToMiniProgram = nav
    await expect(weapp.signAgreement(papayH5)).resolves.toBe('failed')
    expect(nav).not.toHaveBeenCalled()
  })
})

describe('alipay: my.paySignCenter', () => {
  it('passes the page.sign request as signStr (the query, URL-encoded whole) and asks the server after 7000', async () => {
    const paySignCenter = jest.fn((opts: any) => opts.success({ resultStatus: '7000' }))
    ;(globalThis as any).my = { paySignCenter }
    await expect(alipay.signAgreement(alipaySign)).resolves.toBe('returned')
    expect(paySignCenter).toHaveBeenCalledTimes(1)
    const { signStr } = (paySignCenter.mock.calls[0] as any[])[0]
    expect(signStr).toBe(encodeURIComponent(pageSignQuery))
    expect(decodeURIComponent(signStr)).toContain('method=alipay.user.agreement.page.sign')
  })
  it('6001 is cancelled, whether as success or fail; a failure without a result is failed', async () => {
    ;(globalThis as any).my = { paySignCenter: (o: any) => o.success({ resultStatus: '6001' }) }
    await expect(alipay.signAgreement(alipaySign)).resolves.toBe('cancelled')
    ;(globalThis as any).my = { paySignCenter: (o: any) => o.fail({ resultStatus: '6001' }) }
    await expect(alipay.signAgreement(alipaySign)).resolves.toBe('cancelled')
    ;(globalThis as any).my = { paySignCenter: (o: any) => o.fail({ error: 2, errorMessage: 'not supported' }) }
    await expect(alipay.signAgreement(alipaySign)).resolves.toBe('failed')
    expect(paySignOutcome('7001')).toBe('returned')
  })
  it('never hands anything but an https page.sign request to the signing', async () => {
    const paySignCenter = jest.fn()
    ;(globalThis as any).my = { paySignCenter }
    await expect(alipay.signAgreement(papayH5)).resolves.toBe('failed')
    await expect(alipay.signAgreement(papayMini)).resolves.toBe('failed')
    expect(signStrOf(`http://openapi.alipay.com/gateway.do?${pageSignQuery}`)).toBe('')
    expect(paySignCenter).not.toHaveBeenCalled()
    delete (globalThis as any).my
    await expect(alipay.signAgreement(alipaySign)).resolves.toBe('failed')
  })
})

describe('h5: the provider page, the waiting page kept in history', () => {
  const realLocation = window.location
  let assigned: string[]
  beforeEach(() => {
    assigned = []
    window.history.replaceState(null, '', '/monthly-give?itemsId=3')
    const loc = { ...realLocation }
    Object.defineProperty(loc, 'href', {
      get: () => realLocation.href,
      set: (v: string) => assigned.push(v)
    })
    Object.defineProperty(window, 'location', { value: loc, configurable: true, writable: true })
  })
  afterEach(() => {
    Object.defineProperty(window, 'location', { value: realLocation, configurable: true, writable: true })
  })

  it('replaces the current entry with the return path, then assigns the sign URL', async () => {
    const replace = jest.spyOn(window.history, 'replaceState')
    await expect(h5.signAgreement(alipaySign, { returnPath: '/monthly-give?itemsId=3&planId=7' })).resolves.toBe('left')
    expect(replace).toHaveBeenCalledWith(null, '', '/monthly-give?itemsId=3&planId=7')
    expect(assigned).toEqual([alipaySign.url])
    await expect(h5.signAgreement(papayH5)).resolves.toBe('left')
    expect(assigned[1]).toBe('https://api.mch.weixin.qq.com/papay/entrustweb?session_id=abc123')
  })
  it('opens no mini-program, no javascript: URL and keeps no foreign return path', async () => {
    const replace = jest.spyOn(window.history, 'replaceState')
    await expect(h5.signAgreement(papayMini)).resolves.toBe('failed')
    await expect(h5.signAgreement({ ...papayH5, url: 'javascript:alert(1)' })).resolves.toBe('failed')
    await expect(h5.signAgreement(papayH5, { returnPath: '//evil.example/x' })).resolves.toBe('left')
    expect(replace).not.toHaveBeenCalled()
    expect(assigned).toEqual([papayH5.url])
  })
})
