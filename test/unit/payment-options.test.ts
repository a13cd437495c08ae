/**
 * Payment options per platform: the form offers only the pay types this target can complete
 * (src/platform/payment/capability.ts): the WeChat mini-program WeChat Pay and the campus card, the Alipay
 * mini-program Alipay and the campus card, WeChat's browser WeChat Pay (JSAPI) and nothing that sends the donor to
 * pay outside WeChat (no Alipay), a plain mobile browser everything the school configured. The donate body says
 * which channel it came from (`payChannel`), so the server can pick the school's credentials for it.
 */
import { PayTypes, type FormConfig, type PayTypeCode } from '@contract'
import { offeredPayTypes, payChannelOf, withOfferedPayTypes } from '@/platform/payment/capability'
import { fetchFormDetail as fetchDonateForm } from '@/features/donate/api/donate'
import { fetchFormDetail as fetchNamingForm } from '@/features/naming/api/naming'
import { bootSession, ok, stubApi } from './project-fixtures'

const { WECHAT, ALIPAY, CAMPUS_CARD, THIRD_PARTY, WECHAT_OTHER, BANK_APP } = PayTypes
const EVERYTHING: PayTypeCode[] = [WECHAT, ALIPAY, CAMPUS_CARD, THIRD_PARTY, WECHAT_OTHER, BANK_APP]
const WECHAT_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.50'
const SAFARI_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1'

describe('pay channel of the running app', () => {
  it('names the two mini-programs, the WeChat browser and any other browser apart', () => {
    expect(payChannelOf({ target: 'weapp', inWechatBrowser: false })).toBe('weapp')
    expect(payChannelOf({ target: 'alipay', inWechatBrowser: false })).toBe('alipay')
    expect(payChannelOf({ target: 'h5', inWechatBrowser: true })).toBe('wechat-h5')
    expect(payChannelOf({ target: 'h5', inWechatBrowser: false })).toBe('h5')
  })
})

describe('pay types offered per channel', () => {
  it('the WeChat mini-program: WeChat Pay and the campus card (and the bank-app notice), never Alipay or a third-party page', () => {
    expect(offeredPayTypes(EVERYTHING, 'weapp')).toEqual([WECHAT, CAMPUS_CARD, WECHAT_OTHER, BANK_APP])
  })
  it('the Alipay mini-program: Alipay and the campus card, never WeChat Pay', () => {
    expect(offeredPayTypes(EVERYTHING, 'alipay')).toEqual([ALIPAY, CAMPUS_CARD, BANK_APP])
  })
  it("WeChat's browser: WeChat Pay by JSAPI; no Alipay (it would steer the donor out of WeChat)", () => {
    const offered = offeredPayTypes(EVERYTHING, 'wechat-h5')
    expect(offered).toContain(WECHAT)
    expect(offered).not.toContain(ALIPAY)
  })
  it('a plain mobile browser: what the school has (WeChat H5 pay, the Alipay wap page, ...)', () => {
    expect(offeredPayTypes(EVERYTHING, 'h5')).toEqual(EVERYTHING)
  })
  it("keeps the school's order, and a school offering only Alipay shows nothing in the WeChat mini-program", () => {
    expect(offeredPayTypes([CAMPUS_CARD, WECHAT], 'weapp')).toEqual([CAMPUS_CARD, WECHAT])
    expect(offeredPayTypes([ALIPAY], 'weapp')).toEqual([])
    expect(offeredPayTypes(null, 'h5')).toEqual([])
  })
  it('narrows a formDetail answer without touching the rest of it', () => {
    const form = { id: 3, minMoney: '1.00', payPlatformList: [WECHAT, ALIPAY] } as FormConfig
    expect(withOfferedPayTypes(form, 'alipay')).toEqual({ id: 3, minMoney: '1.00', payPlatformList: [ALIPAY] })
    expect(form.payPlatformList).toEqual([WECHAT, ALIPAY])
  })
})

describe('the forms read formDetail through the filter', () => {
  afterEach(() => jest.restoreAllMocks())
  const serve = () => stubApi({ formDetail: () => ok({ id: 1, payPlatformList: [WECHAT, ALIPAY, THIRD_PARTY] }) })

  it("in WeChat's browser the donation and naming forms get no Alipay", async () => {
    bootSession()
    jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA)
    serve()
    expect((await fetchDonateForm(1)).payPlatformList).toEqual([WECHAT, THIRD_PARTY])
    expect((await fetchNamingForm(1)).payPlatformList).toEqual([WECHAT, THIRD_PARTY])
  })

  it('in a plain mobile browser they get all three', async () => {
    bootSession()
    jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(SAFARI_UA)
    serve()
    expect((await fetchDonateForm(1)).payPlatformList).toEqual([WECHAT, ALIPAY, THIRD_PARTY])
  })
})
