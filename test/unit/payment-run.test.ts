/**
 * runPayment's navigation (docs/product §4 Donation flow, §9): paid -> payback -> success?billNo after 250 ms; cancel or
 * failure -> the toast, GET cancel with the order, back; campus card -> success at once; pay type 99 -> nothing.
 * HTTP is stubbed at Taro.request; navigation is observed on platform.nav.
 */
import Taro from '@tarojs/taro'
import type { PaymentParams } from '@contract'
import { runPayment } from '@/features/payment'
import { settleCashier } from '@/features/payment/model/cashier-registry'
import { platform } from '@/platform'
import { paymentAdapter } from '@/platform/payment'
import { useSession } from '@/store/session'
import { bootSession, ok, stubApi, toastSpy, type Call } from './project-fixtures'

const BILL = 'D20261122093015ABCDEFGHIJ'
const PAY_TOKEN = '1764001000.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ'
const sandbox: PaymentParams = {
  provider: 'sandbox',
  url: `/cashier?billNo=${BILL}&amount=1234.56&school=demo&payType=1&subject=${encodeURIComponent('示范大学励志奖学金')}&payToken=${encodeURIComponent(PAY_TOKEN)}`
}

let nav: { to: jest.SpyInstance; redirect: jest.SpyInstance; back: jest.SpyInstance }
let calls: Call[]
let paid: boolean[]

function stubOrders(paybackAnswers: number[] = [1]) {
  paid = []
  let i = 0
  calls = stubApi({
    payback: () => {
      const v = paybackAnswers[Math.min(i++, paybackAnswers.length - 1)]
      paid.push(v === 1)
      return ok(v)
    },
    cancel: () => ({ code: 0, message: '取消成功', data: null })
  })
}
const pathsOf = (name: string) => calls.filter((c) => c.path.endsWith(`/${name}`))

beforeEach(() => {
  jest.restoreAllMocks()
  jest.useFakeTimers()
  bootSession()
  useSession.setState({ token: 'tok-1' })
  nav = {
    to: jest.spyOn(platform.nav, 'to').mockImplementation(() => undefined),
    redirect: jest.spyOn(platform.nav, 'redirect').mockImplementation(() => undefined),
    back: jest.spyOn(platform.nav, 'back').mockImplementation(() => undefined)
  }
  platform.storage.remove('home')
})
afterEach(() => {
  jest.useRealTimers()
})

describe('sandbox cashier', () => {
  it('opens the cashier page; paid -> payback -> success?billNo after 250 ms', async () => {
    stubOrders([1])
    const toast = toastSpy()
    const result = runPayment({ billNo: BILL, params: sandbox, payType: 1, itemsId: 7 })
    expect(nav.to).toHaveBeenCalledTimes(1)
    const url = new URL(nav.to.mock.calls[0][0], 'http://x')
    expect(url.pathname).toBe('/pkg-donate/cashier/index')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      billNo: BILL,
      amount: '1234.56',
      payType: '1',
      subject: '示范大学励志奖学金',
      payToken: PAY_TOKEN,
      itemsId: '7'
    })
    // runPayment awaits this bill: settling it reaches the waiter
    expect(settleCashier(BILL, { outcome: 'paid', pageOpen: true })).toBe(true)
    await jest.advanceTimersByTimeAsync(0)
    expect(pathsOf('payback')).toHaveLength(1)
    expect(pathsOf('payback')[0].query.get('donatePlatOrder')).toBe(BILL)
    await jest.advanceTimersByTimeAsync(249)
    expect(nav.redirect).not.toHaveBeenCalled()
    await jest.advanceTimersByTimeAsync(1)
    expect(nav.redirect).toHaveBeenCalledWith(`/pkg-donate/success/index?billNo=${BILL}`)
    await expect(result).resolves.toBe('paid')
    expect(toast.mock.calls.map((c) => c[0]?.title)).toEqual(['支付成功'])
    expect(pathsOf('cancel')).toHaveLength(0)
  })

  it('asks payback again while the notification is on its way', async () => {
    stubOrders([0, 0, 1])
    toastSpy()
    const result = runPayment({ billNo: BILL, params: sandbox, payType: 1, itemsId: 7 })
    settleCashier(BILL, { outcome: 'paid', pageOpen: true })
    await jest.advanceTimersByTimeAsync(2000)
    expect(paid).toEqual([false, false, true])
    expect(nav.redirect).not.toHaveBeenCalled()
    await jest.advanceTimersByTimeAsync(250)
    expect(nav.redirect).toHaveBeenCalledWith(`/pkg-donate/success/index?billNo=${BILL}`)
    await expect(result).resolves.toBe('paid')
  })

  it('payback never 1: the pay-back page takes over (which goes back to the form)', async () => {
    stubOrders([0])
    toastSpy()
    const result = runPayment({ billNo: BILL, params: sandbox, payType: 1, itemsId: 7 })
    settleCashier(BILL, { outcome: 'paid', pageOpen: true })
    await jest.advanceTimersByTimeAsync(10_000)
    await expect(result).resolves.toBe('paid')
    expect(nav.redirect).toHaveBeenCalledWith(`/pkg-donate/pay-back/index?id=${BILL}&itemsId=7`)
  })

  it('Cancel: the cancel toast (1 s), GET cancel with the order, back past the cashier and the form', async () => {
    stubOrders()
    const toast = toastSpy()
    const result = runPayment({ billNo: BILL, params: sandbox, payType: 1, itemsId: 7 })
    settleCashier(BILL, { outcome: 'cancelled', pageOpen: true })
    await expect(result).resolves.toBe('cancelled')
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '已取消支付', duration: 1000 }))
    expect(pathsOf('cancel').map((c) => c.query.get('donatePlatOrder'))).toEqual([BILL])
    expect(nav.back).toHaveBeenCalledWith(2)
    expect(nav.redirect).not.toHaveBeenCalled()
    expect(pathsOf('payback')).toHaveLength(0)
  })

  it('leaving the cashier by back: cancelled, no further navigation', async () => {
    stubOrders()
    toastSpy()
    const result = runPayment({ billNo: BILL, params: sandbox, payType: 1, itemsId: 7 })
    settleCashier(BILL, { outcome: 'cancelled', pageOpen: false })
    await expect(result).resolves.toBe('cancelled')
    expect(pathsOf('cancel')).toHaveLength(1)
    expect(nav.back).not.toHaveBeenCalled()
  })

  it('a simulated failure: the failure toast, cancel, back', async () => {
    stubOrders()
    const toast = toastSpy()
    const result = runPayment({ billNo: BILL, params: sandbox, payType: 1, itemsId: 7 })
    settleCashier(BILL, { outcome: 'failed', pageOpen: true })
    await expect(result).resolves.toBe('failed')
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '支付失败', duration: 1000 }))
    expect(pathsOf('cancel')).toHaveLength(1)
    expect(nav.back).toHaveBeenCalledWith(2)
  })
})

describe('other pay types', () => {
  it('campus card paid inside donate: straight to success, no cashier, no payback', async () => {
    stubOrders()
    await expect(runPayment({ billNo: BILL, params: { provider: 'campus', paid: true }, payType: 9, itemsId: 7 })).resolves.toBe('paid')
    expect(nav.redirect).toHaveBeenCalledWith(`/pkg-donate/success/index?billNo=${BILL}`)
    expect(nav.to).not.toHaveBeenCalled()
    expect(calls).toHaveLength(0)
  })

  it('pay type 99 and an answer without parameters do nothing', async () => {
    stubOrders()
    const pay = jest.spyOn(paymentAdapter, 'pay')
    await expect(runPayment({ billNo: '', params: null, payType: 99, itemsId: 7 })).resolves.toBe('none')
    await expect(runPayment({ billNo: BILL, params: null, payType: 1, itemsId: 7 })).resolves.toBe('none')
    expect(pay).not.toHaveBeenCalled()
    expect(calls).toHaveLength(0)
    expect(nav.to).not.toHaveBeenCalled()
    expect(nav.redirect).not.toHaveBeenCalled()
    expect(nav.back).not.toHaveBeenCalled()
  })

  it('a platform cashier that says paid: payback, then success after 250 ms', async () => {
    stubOrders([1])
    toastSpy()
    const pay = jest.spyOn(paymentAdapter, 'pay').mockResolvedValue('paid')
    const params: PaymentParams = {
      provider: 'wechatpay',
      appId: 'wx1',
      timeStamp: '1',
      nonceStr: 'n',
      packageValue: 'prepay_id=1',
      signType: 'RSA',
      paySign: 's'
    }
    const result = runPayment({ billNo: BILL, params, payType: 1, itemsId: 7 })
    await jest.advanceTimersByTimeAsync(0)
    expect(pay).toHaveBeenCalledWith(params)
    await jest.advanceTimersByTimeAsync(250)
    await expect(result).resolves.toBe('paid')
    expect(nav.redirect).toHaveBeenCalledWith(`/pkg-donate/success/index?billNo=${BILL}`)
  })

  it('a platform cashier cancelled: toast, cancel call, one page back (the form)', async () => {
    stubOrders()
    const toast = toastSpy()
    jest.spyOn(paymentAdapter, 'pay').mockResolvedValue('cancelled')
    await expect(runPayment({ billNo: BILL, params: { provider: 'wechatpay' }, payType: 1, itemsId: 7 })).resolves.toBe('cancelled')
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '已取消支付' }))
    expect(pathsOf('cancel')).toHaveLength(1)
    expect(nav.back).toHaveBeenCalledWith(1)
  })

  it('Alipay on this target goes to the Alipay page with the pay-link token; an uncertain answer to pay-back', async () => {
    stubOrders()
    jest.spyOn(paymentAdapter, 'pay').mockResolvedValueOnce('alipay-page').mockResolvedValueOnce('unknown')
    await expect(runPayment({ billNo: BILL, params: { provider: 'alipay' }, payType: 2, itemsId: 7, payToken: PAY_TOKEN })).resolves.toBe(
      'none'
    )
    expect(nav.to).toHaveBeenCalledWith(`/pkg-donate/alipay/index?billNo=${BILL}&payToken=${encodeURIComponent(PAY_TOKEN)}&itemsId=7`)
    await expect(runPayment({ billNo: BILL, params: { provider: 'alipay', tradeNo: 'T' }, payType: 2, itemsId: 7 })).resolves.toBe('none')
    expect(nav.redirect).toHaveBeenCalledWith(`/pkg-donate/pay-back/index?id=${BILL}&itemsId=7`)
    expect(pathsOf('cancel')).toHaveLength(0)
  })

  it("home = seat-naming-jnu lands on the jnu campaign's thank-you page; otherwise the usual one", async () => {
    stubOrders()
    platform.storage.set('home', 'seat-naming-jnu')
    await runPayment({ billNo: BILL, params: { provider: 'campus', paid: true }, payType: 9, itemsId: 7 })
    expect(nav.redirect).toHaveBeenLastCalledWith(`/pkg-naming/seat-naming-jnu/success/index?billNo=${BILL}`)
    platform.storage.remove('home')
    await runPayment({ billNo: BILL, params: { provider: 'campus', paid: true }, payType: 9, itemsId: 7 })
    expect(nav.redirect).toHaveBeenLastCalledWith(`/pkg-donate/success/index?billNo=${BILL}`)
  })
})

it('without a session (a pay link in another browser) no cancel call is made: no sign-in is started for it', async () => {
  stubOrders()
  toastSpy()
  useSession.setState({ token: '' })
  const request = Taro.request as unknown as jest.SpyInstance
  const result = runPayment({ billNo: BILL, params: sandbox, payType: 1, itemsId: 7 })
  settleCashier(BILL, { outcome: 'cancelled', pageOpen: true })
  await expect(result).resolves.toBe('cancelled')
  expect(request).not.toHaveBeenCalled()
})
