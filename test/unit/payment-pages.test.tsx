/**
 * The payment pages rendered as H5 against a stubbed Taro.request: the sandbox cashier (confirm posts the sandbox
 * notification and hands the result to runPayment, or finishes by itself), the Alipay page (WeChat instructions with
 * the pay link, the auto-submitted form elsewhere, payback polling), pay-back, and the thank-you page with its
 * certificate (image, full-screen preview, 证书生成中 placeholder and polling).
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { SuccessData } from '@contract'
import CashierPage from '@/pkg-donate/cashier/index'
import AlipayPage from '@/pkg-donate/alipay/index'
import PayBackPage from '@/pkg-donate/pay-back/index'
import SuccessPage from '@/pkg-donate/success/index'
import { awaitCashier } from '@/features/payment/model/cashier-registry'
import { CERTIFICATE_POLL_MS } from '@/features/payment/model/success'
import { PAYBACK_POLL_MS } from '@/features/payment/hooks/use-payback-poll'
import { PAYBACK_CHECKS, PAYBACK_CHECK_GAP_MS } from '@/features/payment/components/pay-back-screen'
import { SUCCESS_REDIRECT_MS } from '@/features/payment/run-payment'
import { platform } from '@/platform'
import { store, type StorageSchema } from '@/platform/storage-keys'
import { useSession } from '@/store/session'
import { bootSession, ok, setQuery, stubApi, toastSpy, type Call } from './project-fixtures'

const BILL = 'D20261122093015ABCDEFGHIJ'
const PAY_TOKEN = '1764001000.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ'
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.50 NetType/WIFI Language/zh_CN'

function successData(over: Partial<SuccessData> = {}): SuccessData {
  return {
    name: '张赟喆',
    avatar: '/files/seed/avatar-3.png',
    itemsName: '示范大学励志奖学金',
    itemsId: 7,
    itemsIntro: '资助家庭经济困难、品学兼优的在校学生',
    itemsThumbnailImg: '/files/seed/project-7.png',
    successWord: '感谢您对母校的支持，您的善意将帮助更多学子成长。',
    certificateImg: '/files/certificates/demo/DEMO2026000012-k3j9.jpg',
    certificateExpected: 1,
    ...over
  }
}

let nav: { to: jest.SpyInstance; redirect: jest.SpyInstance; back: jest.SpyInstance }
const tap = (testId: string) => fireEvent.click(screen.getByTestId(testId).querySelector('.at-button') || screen.getByTestId(testId))
const named = (calls: Call[], name: string) => calls.filter((c) => c.path.endsWith(`/${name}`))
/** The polling tests run on jest's fake clock: an interval passes when the test says so, not in real seconds. */
const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms))
afterEach(() => jest.useRealTimers())

beforeEach(() => {
  jest.restoreAllMocks()
  bootSession()
  useSession.setState({ token: 'tok-1', school: 'demo' })
  nav = {
    to: jest.spyOn(platform.nav, 'to').mockImplementation(() => undefined),
    redirect: jest.spyOn(platform.nav, 'redirect').mockImplementation(() => undefined),
    back: jest.spyOn(platform.nav, 'back').mockImplementation(() => undefined)
  }
})

describe('sandbox cashier', () => {
  const query = { billNo: BILL, amount: '1234.56', payType: '1', subject: '示范大学励志奖学金', itemsId: '7' }

  it('shows the sandbox banner, the amount with separators and the project', async () => {
    setQuery('/pkg-donate/cashier/index', query)
    stubApi({})
    render(<CashierPage />)
    const banner = await screen.findByTestId('sandbox-banner')
    expect(banner.textContent).toContain('沙箱收银台')
    expect(banner.textContent).toContain('不会产生真实扣款')
    expect(screen.getByTestId('cashier-amount').textContent).toBe('¥1,234.56')
    expect(screen.getByTestId('cashier-project').textContent).toBe('示范大学励志奖学金')
    expect(screen.getByTestId('cashier').textContent).toContain('微信支付')
    expect(screen.getByTestId('cashier').textContent).toContain(BILL)
  })

  it('Pay posts the sandbox notification with the order\'s pay token and hands "paid" to the waiting runPayment', async () => {
    const payToken = `1790000000.${'a'.repeat(43)}`
    setQuery('/pkg-donate/cashier/index', { ...query, payToken })
    const calls = stubApi({ notify: () => ok({ status: 'applied' }) })
    const result = awaitCashier(BILL)
    render(<CashierPage />)
    tap('cashier-pay')
    await expect(result).resolves.toEqual({ outcome: 'paid', pageOpen: true })
    const notify = named(calls, 'notify')
    expect(notify).toHaveLength(1)
    expect(notify[0].path).toBe('/api/demo/sandbox/notify')
    expect(notify[0].method).toBe('POST')
    // the server pays or closes an order only for the holder of its pay token (the cashier URL carries it)
    expect(notify[0].data).toEqual({ billNo: BILL, outcome: 'paid', payToken })
    // runPayment navigates from here: the page itself does not
    expect(named(calls, 'payback')).toHaveLength(0)
    expect(nav.redirect).not.toHaveBeenCalled()
  })

  it('with nobody waiting (reload, a link) the page finishes: payback, then the thank-you page with the pay link token', async () => {
    setQuery('/pkg-donate/cashier/index', { ...query, payToken: PAY_TOKEN })
    const calls = stubApi({ notify: () => ok({ status: 'applied' }), payback: () => ok(1) })
    toastSpy()
    render(<CashierPage />)
    tap('cashier-pay')
    await waitFor(() => expect(nav.redirect).toHaveBeenCalled(), { timeout: 10000 })
    expect(nav.redirect).toHaveBeenCalledWith(`/pkg-donate/success/index?billNo=${BILL}&payToken=${encodeURIComponent(PAY_TOKEN)}`)
    const payback = named(calls, 'payback')[0]
    expect(payback.query.get('payToken')).toBe(PAY_TOKEN)
  })

  it('Cancel hands "cancelled" over; leaving by back without choosing is a cancel too', async () => {
    setQuery('/pkg-donate/cashier/index', query)
    const calls = stubApi({})
    const first = awaitCashier(BILL)
    const view = render(<CashierPage />)
    tap('cashier-cancel')
    await expect(first).resolves.toEqual({ outcome: 'cancelled', pageOpen: true })
    expect(named(calls, 'notify')).toHaveLength(0)
    view.unmount()

    const second = awaitCashier(BILL)
    const again = render(<CashierPage />)
    again.unmount()
    await expect(second).resolves.toEqual({ outcome: 'cancelled', pageOpen: false })
  })

  it('a refused notification (sandbox off) shows the server message and keeps the cashier open', async () => {
    setQuery('/pkg-donate/cashier/index', query)
    stubApi({ notify: () => ({ code: -1, message: '该学校未开启沙箱支付', data: null }) })
    const toast = toastSpy()
    let settled = false
    awaitCashier(BILL).then(() => {
      settled = true
    })
    render(<CashierPage />)
    tap('cashier-pay')
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '该学校未开启沙箱支付' })))
    // the handler's last step re-enables Pay; by then a wrongly settled cashier would have told runPayment
    await waitFor(() => expect(screen.getByTestId('cashier-pay').querySelector('.at-button--disabled')).toBeNull())
    expect(settled).toBe(false)
  })

  it('English', async () => {
    useSession.setState({ lang: 'en' })
    setQuery('/pkg-donate/cashier/index', query)
    stubApi({})
    render(<CashierPage />)
    expect((await screen.findByTestId('sandbox-banner')).textContent).toContain('no real money is charged')
    expect(screen.getByTestId('cashier-pay').textContent).toBe('Pay')
    expect(screen.getByTestId('cashier-cancel').textContent).toBe('Cancel')
  })
})

describe('Alipay page', () => {
  it('in WeChat: open-in-browser instructions, the pay link (payToken, never the session token) to copy, polling until paid', async () => {
    jest.useFakeTimers()
    jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA)
    setQuery('/pkg-donate/alipay/index', { billNo: BILL, payToken: PAY_TOKEN, itemsId: '7' })
    let paid = false
    const calls = stubApi({ payback: () => ok(paid ? 1 : 0) })
    const clip = jest.spyOn(Taro, 'setClipboardData').mockResolvedValue({ errMsg: 'setClipboardData:ok', data: '' } as any)
    const toast = toastSpy()
    render(<AlipayPage />)
    const box = await screen.findByTestId('alipay-instructions')
    expect(box.textContent).toContain('点击右上角的「···」按钮')
    expect(box.textContent).toContain('在浏览器打开')
    const link = screen.getByTestId('alipay-link').textContent || ''
    const u = new URL(link)
    expect(u.pathname).toBe('/alipay')
    expect(Object.fromEntries(u.searchParams)).toEqual({ billNo: BILL, payToken: PAY_TOKEN, school: 'demo' })
    expect(link).not.toContain('tok-1')
    tap('alipay-copy')
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '复制成功', duration: 1000 })))
    expect(clip).toHaveBeenCalledWith({ data: link })
    expect(named(calls, 'donate4ali')).toHaveLength(0)

    // one payback per interval while unpaid, and no move
    const polled = named(calls, 'payback').length
    await advance(PAYBACK_POLL_MS)
    expect(named(calls, 'payback')).toHaveLength(polled + 1)
    await advance(PAYBACK_POLL_MS)
    expect(named(calls, 'payback')).toHaveLength(polled + 2)
    expect(nav.redirect).not.toHaveBeenCalled()
    // paid: the next poll sees it, confirmPaid checks once more and moves on after its redirect delay
    paid = true
    await advance(PAYBACK_POLL_MS + SUCCESS_REDIRECT_MS)
    expect(nav.redirect).toHaveBeenCalledWith(`/pkg-donate/success/index?billNo=${BILL}&payToken=${encodeURIComponent(PAY_TOKEN)}`)
    expect(named(calls, 'payback').every((c) => c.query.get('payToken') === PAY_TOKEN)).toBe(true)
  })

  it('elsewhere: loads donate4ali with the pay link token and submits the form', async () => {
    setQuery('/pkg-donate/alipay/index', { billNo: BILL, payToken: PAY_TOKEN })
    const submit = jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined)
    const calls = stubApi({
      donate4ali: () =>
        ok({
          data: `<form id="paysubmit" action="/cashier" method="get"><input type="hidden" name="billNo" value="${BILL}"></form><script>document.forms['paysubmit'].submit();</script>`
        }),
      payback: () => ok(0)
    })
    render(<AlipayPage />)
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1))
    const ali = named(calls, 'donate4ali')[0]
    expect(ali.query.get('donatePlatOrder')).toBe(BILL)
    expect(ali.query.get('payToken')).toBe(PAY_TOKEN)
    const form = [...document.querySelectorAll('[data-testid="pay-form"]')].pop() as HTMLFormElement
    expect(form.getAttribute('action')).toBe('/cashier')
    expect(screen.getByTestId('alipay-redirecting').textContent).toContain('正在前往支付宝')
  })

  it("an expired link shows the server's message", async () => {
    setQuery('/pkg-donate/alipay/index', { billNo: BILL, payToken: PAY_TOKEN })
    stubApi({ donate4ali: () => ({ code: -1, message: '支付链接已失效，请回到捐赠页面重新发起', data: null }) })
    render(<AlipayPage />)
    expect((await screen.findByTestId('alipay-error')).textContent).toContain('支付链接已失效')
  })
})

describe('pay-back', () => {
  it('payback 1 goes to success?billNo', async () => {
    setQuery('/pkg-donate/pay-back/index', { id: BILL, itemsId: '7' })
    const calls = stubApi({ payback: () => ok(1) })
    render(<PayBackPage />)
    await waitFor(() => expect(nav.redirect).toHaveBeenCalledWith(`/pkg-donate/success/index?billNo=${BILL}`))
    expect(named(calls, 'payback')[0].query.get('donatePlatOrder')).toBe(BILL)
  })

  it('not paid after a few checks goes back to form?id', async () => {
    jest.useFakeTimers()
    setQuery('/pkg-donate/pay-back/index', { id: BILL, itemsId: '7' })
    const calls = stubApi({ payback: () => ok(0) })
    const toast = toastSpy()
    render(<PayBackPage />)
    expect(await screen.findByTestId('payback-checking')).toBeTruthy()
    // a check, then one more per gap; it keeps checking until the last one
    for (let n = 1; n < PAYBACK_CHECKS; n++) {
      expect(named(calls, 'payback')).toHaveLength(n)
      expect(nav.redirect).not.toHaveBeenCalled()
      await advance(PAYBACK_CHECK_GAP_MS)
    }
    expect(named(calls, 'payback')).toHaveLength(PAYBACK_CHECKS)
    expect(nav.redirect).toHaveBeenCalledWith('/pkg-donate/form/index?id=7')
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '暂未查询到支付结果', duration: 1000 }))
  })

  it('a naming order that was not paid goes back to form-gm, where the chosen seats and nameplates wait in storage', async () => {
    jest.useFakeTimers()
    const gm = { itemsId: 7, namingType: 1, seats: [], books: [], mode: 'all', nameplate: {}, nameplates: {} }
    store.set('gm', gm as unknown as StorageSchema['gm'])
    try {
      setQuery('/pkg-donate/pay-back/index', { id: BILL, itemsId: '7' })
      stubApi({ payback: () => ok(0) })
      render(<PayBackPage />)
      expect(await screen.findByTestId('payback-checking')).toBeTruthy()
      for (let n = 1; n < PAYBACK_CHECKS; n++) await advance(PAYBACK_CHECK_GAP_MS)
      await waitFor(() => expect(nav.redirect).toHaveBeenCalledWith('/pkg-naming/form-gm/index?id=7&namingType=1'))
      // the choice is still there for the form to show
      expect(store.get('gm')?.itemsId).toBe(7)
    } finally {
      store.remove('gm')
    }
  })
})

describe('thank-you page', () => {
  it('shows the donor, the project, the thank-you words and the certificate; tap opens it full screen', async () => {
    setQuery('/pkg-donate/success/index', { billNo: BILL })
    const calls = stubApi({ success: () => ok(successData()) })
    const preview = jest.spyOn(Taro, 'previewImage').mockResolvedValue({ errMsg: 'previewImage:ok' } as any)
    render(<SuccessPage />)
    expect((await screen.findByTestId('success-title')).textContent).toBe('捐赠成功')
    expect(screen.getByTestId('success-name').textContent).toBe('张赟喆')
    expect(screen.getByTestId('success-word').textContent).toContain('感谢您对母校的支持')
    expect(screen.getByTestId('success-project').textContent).toContain('示范大学励志奖学金')
    const img = screen.getByTestId('certificate-img')
    expect(img.getAttribute('src')).toBe('/files/certificates/demo/DEMO2026000012-k3j9.jpg')
    fireEvent.click(img)
    expect(preview).toHaveBeenCalledWith({
      urls: ['/files/certificates/demo/DEMO2026000012-k3j9.jpg'],
      current: '/files/certificates/demo/DEMO2026000012-k3j9.jpg'
    })
    expect(named(calls, 'success')[0].query.get('donatePlatOrder')).toBe(BILL)
    expect(screen.getByTestId('certificate').textContent).toContain('长按图片可保存')

    tap('success-back-project')
    expect(nav.redirect).toHaveBeenCalledWith('/pkg-project/detail/index?id=7')
    tap('success-more')
    expect(nav.redirect).toHaveBeenLastCalledWith('/pages/subject/index')
  })

  it('without the certificate: 证书生成中 on tap (1 s), polling every 2 s until it appears', async () => {
    jest.useFakeTimers()
    setQuery('/pkg-donate/success/index', { billNo: BILL })
    let n = 0
    const calls = stubApi({ success: () => ok(successData({ certificateImg: ++n >= 2 ? '/files/certificates/demo/late.jpg' : '' })) })
    const toast = toastSpy()
    render(<SuccessPage />)
    const pending = await screen.findByTestId('certificate-pending')
    expect(pending.textContent).toContain('证书生成中')
    fireEvent.click(pending)
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '证书生成中', duration: 1000 }))
    expect(screen.queryByTestId('certificate-img')).toBeNull()
    expect(named(calls, 'success')).toHaveLength(1)
    await advance(CERTIFICATE_POLL_MS - 1)
    expect(named(calls, 'success')).toHaveLength(1)
    await advance(1)
    expect(named(calls, 'success')).toHaveLength(2)
    expect(screen.getByTestId('certificate-img').getAttribute('src')).toBe('/files/certificates/demo/late.jpg')
    // it stops once the image is there
    await advance(CERTIFICATE_POLL_MS * 3)
    expect(named(calls, 'success')).toHaveLength(2)
  })

  it('a gift that comes without a certificate says so and does not poll', async () => {
    jest.useFakeTimers()
    setQuery('/pkg-donate/success/index', { billNo: BILL })
    const calls = stubApi({ success: () => ok(successData({ certificateImg: '', certificateExpected: 0 })) })
    render(<SuccessPage />)
    expect((await screen.findByTestId('certificate-none')).textContent).toContain('未达到电子证书的发放标准')
    expect(screen.queryByTestId('certificate-pending')).toBeNull()
    // well past several polling intervals: still the one load
    await advance(CERTIFICATE_POLL_MS * 5)
    expect(named(calls, 'success')).toHaveLength(1)
  })

  it('a pay link token is used instead of the session; a failure offers retry', async () => {
    setQuery('/pkg-donate/success/index', { billNo: BILL, payToken: PAY_TOKEN })
    let fail = true
    const calls = stubApi({ success: () => (fail ? { code: -1, message: '订单不存在', data: null } : ok(successData())) })
    render(<SuccessPage />)
    expect((await screen.findByTestId('success-error')).textContent).toContain('订单不存在')
    const first = named(calls, 'success')[0]
    expect(first.query.get('payToken')).toBe(PAY_TOKEN)
    fail = false
    fireEvent.click(screen.getByTestId('success-error').querySelector('.at-button')!)
    expect(await screen.findByTestId('success-name')).toBeTruthy()
  })

  it('without a billNo (a link cut short): says the order details are incomplete, asks nothing, and leads to the projects', async () => {
    setQuery('/pkg-donate/success/index', {})
    const calls = stubApi({ success: () => ok(successData()) })
    render(<SuccessPage />)
    expect(screen.getByTestId('success-missing').textContent).toContain('订单信息不完整，请返回重新发起捐赠')
    expect(screen.getByTestId('success-missing-more').textContent).toBe('浏览更多项目')
    expect(screen.queryByTestId('success')).toBeNull()
    expect(screen.queryByTestId('success-loading')).toBeNull()
    tap('success-missing-more')
    expect(nav.redirect).toHaveBeenCalledWith('/pages/subject/index')
    expect(named(calls, 'success')).toHaveLength(0)
  })

  it('English', async () => {
    useSession.setState({ lang: 'en' })
    setQuery('/pkg-donate/success/index', { billNo: BILL })
    stubApi({ success: () => ok(successData({ certificateImg: '' })) })
    render(<SuccessPage />)
    expect((await screen.findByTestId('success-title')).textContent).toBe('Thank you for your gift')
    expect(screen.getByTestId('certificate-pending').textContent).toContain('Certificate being generated')
    expect(screen.getByTestId('success-back-project').textContent).toBe('Back to the project')
  })
})
