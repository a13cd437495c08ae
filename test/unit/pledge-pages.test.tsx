/**
 * The hhu tree pledge (docs/product §2 tree-naming-hhu/detail and form, §5 'Tree form: must sign agreement
 * first; certificate title required'): the detail page for a free and a named tree, the notice only when not from a map,
 * the pledge button's target per `from`; the form refusing to pay before signing, keeping what the donor typed across
 * the trip to the agreement preview and back, and sending the signed link as formDataMap.sign_agreement_file.
 * Only Taro.request is stubbed (and the payment run, another engineer's seam).
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { MapSeat } from '@contract'
import DetailPage from '@/pkg-pledge/tree-naming-hhu/detail/index'
import FormPage from '@/pkg-pledge/tree-naming-hhu/form/index'
import SuccessPage from '@/pkg-pledge/tree-naming-hhu/success/index'
import { runPayment } from '@/features/payment'
import { formItemOf, introLines, noticeShown, pledgeOf } from '@/features/pledge/model/detail'
import { blankForm, validAgreement } from '@/features/pledge/model/form'
import { successUrl, unpaidFormUrl } from '@/features/payment/model/links'
import { store } from '@/platform/storage-keys'
import { useSession } from '@/store/session'
import { bootSession, ok, project, setQuery, stubApi, toastSpy, typeInto, type Call } from './project-fixtures'
import { namingForm } from './naming-fixtures'

// the real status card (PayState), the payment run itself stubbed
jest.mock('@/features/payment', () => ({ ...jest.requireActual('@/features/payment'), runPayment: jest.fn(async () => 'paid') }))
const pay = runPayment as jest.MockedFunction<typeof runPayment>

const titles = (spy: jest.SpyInstance) => spy.mock.calls.map((c) => c[0].title)

function tree(over: Partial<MapSeat> = {}): MapSeat {
  return {
    seatId: 3101,
    seatName: '银杏 No.12',
    seatImg: '/files/trees/ginkgo.png',
    seatIntro: '银杏科 银杏属\n落叶乔木，喜光，耐寒\n江宁校区 图书馆东侧',
    status: 1,
    termMoney: '5000.00',
    donorName: '',
    donateTime: '',
    donationMessage: '',
    itemsId: 8,
    areaId: 81,
    ...over
  }
}
const NAMED = tree({
  seatId: 3102,
  seatName: '香樟 No.3',
  status: 2,
  donorName: '王**',
  donateTime: '2026-04-12 09:30:00',
  donationMessage: '十年树木，百年树人'
})

function stub(seat: MapSeat = tree(), extra: Record<string, (c: Call) => any> = {}) {
  return stubApi({
    getSeatDetail: () => ok(seat),
    itemsDetail: (c) =>
      ok(
        project({
          id: Number(c.query.get('id')),
          name: '河海大学校友林',
          content: '<p>认捐须知：树木认捐后<b>不可退款</b></p><script>alert(1)</script>'
        })
      ),
    formDetail: () => ok(namingForm({ payPlatformList: [1] })),
    checkPermission: () => ok({ errorCode: '' }),
    donate: () =>
      ok({
        orderPayRequestDTO: { billNo: 'D20261123000000TREE00001' },
        data: { provider: 'sandbox', url: '/cashier?billNo=D1' },
        payToken: 'pt'
      }),
    ...extra
  })
}

beforeEach(() => {
  jest.restoreAllMocks()
  pay.mockClear()
  Taro.clearStorageSync()
  bootSession()
  useSession.setState({ token: 'tok-9' })
  document.body.innerHTML = ''
})

describe('detail (pure)', () => {
  it('splits the intro into family, habit and location; targets 7, 8 from the map, 10 from the jn map', () => {
    expect(introLines(tree().seatIntro)).toEqual({
      family: '银杏科 银杏属',
      habit: '落叶乔木，喜光，耐寒',
      location: '江宁校区 图书馆东侧'
    })
    expect(introLines('只有一行')).toEqual({ family: '只有一行', habit: '', location: '' })
    expect([formItemOf(''), formItemOf('map'), formItemOf('mapJn')]).toEqual([7, 8, 10])
    // a school's own item ids (settings.campaignItems) take their place
    const items = { hhuTreeDefault: 31, hhuTreeYc: 32, hhuTreeJn: 34 }
    expect([formItemOf('', items), formItemOf('map', items), formItemOf('mapJn', items)]).toEqual([31, 32, 34])
    expect(noticeShown('', 1)).toBe(true)
    expect(noticeShown('map', 1)).toBe(false)
    expect(noticeShown('', 2)).toBe(false)
    expect(pledgeOf(NAMED)).toEqual({ donor: '王**', date: '2026-04-12', message: '十年树木，百年树人' })
    expect(pledgeOf(tree())).toBeNull()
  })

  it('an agreement pays only for the project, name, mobile and amount it was signed for', () => {
    const a = { url: '/files/agreements/x.pdf', name: '张赟喆', mobile: '13800138000', donationAmount: '5000.00', itemsId: 8, signedAt: '' }
    const who = { name: '张赟喆', mobile: '13800138000' }
    expect(validAgreement(a, 8, who, '5000')).toBe(a)
    expect(validAgreement(a, 10, who, '5000.00')).toBeNull()
    expect(validAgreement(a, 8, { ...who, name: '李䶮' }, '5000.00')).toBeNull()
    expect(validAgreement(a, 8, who, '5001.00')).toBeNull()
    expect(validAgreement(undefined, 8, who, '5000.00')).toBeNull()
    expect(blankForm().agreed).toBe(false)
  })
})

describe('tree-naming-hhu/detail', () => {
  async function open(query: Record<string, string>, seat = tree()) {
    setQuery('/pkg-pledge/tree-naming-hhu/detail/index', query)
    const calls = stub(seat)
    render(<DetailPage />)
    await screen.findByTestId('tree-detail')
    return calls
  }

  it('a free tree: name, location, family, habit; the notice of item 7 (sanitised) first; pledge goes to form?id=7', async () => {
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    const calls = await open({ id: '3101' })
    expect(calls[0].query.get('seatId')).toBe('3101')
    expect(screen.getByTestId('tree-name').textContent).toBe('银杏 No.12')
    expect(screen.getByTestId('tree-location').textContent).toBe('江宁校区 图书馆东侧')
    expect(screen.getByTestId('tree-family').textContent).toBe('银杏科 银杏属')
    expect(screen.getByTestId('tree-habit').textContent).toBe('落叶乔木，喜光，耐寒')
    expect(screen.queryByTestId('tree-stamp')).toBeNull()
    expect(screen.queryByTestId('tree-pledge')).toBeNull()
    const notice = await screen.findByTestId('tree-notice')
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/itemsDetail') && c.query.get('id') === '7')).toBe(true))
    await waitFor(() => expect(notice.innerHTML).toContain('不可退款'))
    expect(notice.innerHTML).not.toContain('<script')
    fireEvent.click(screen.getByTestId('tree-notice-ok'))
    expect(screen.queryByTestId('tree-notice')).toBeNull()
    fireEvent.click(screen.getByTestId('tree-pledge-go'))
    expect(nav.mock.calls[0][0].url).toBe('/pkg-pledge/tree-naming-hhu/form/index?id=7&seatId=3101')
  })

  it('from the map: no notice, the button opens form?id=8; from the jn map: id=10', async () => {
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    await open({ id: '3101', from: 'map' })
    expect(screen.queryByTestId('tree-notice')).toBeNull()
    fireEvent.click(screen.getByTestId('tree-pledge-go'))
    expect(nav.mock.calls[0][0].url).toBe('/pkg-pledge/tree-naming-hhu/form/index?id=8&seatId=3101')
    document.body.innerHTML = ''
    await open({ id: '3101', from: 'mapJn' })
    expect(screen.queryByTestId('tree-notice')).toBeNull()
    fireEvent.click(screen.getByTestId('tree-pledge-go'))
    expect(nav.mock.calls[1][0].url).toBe('/pkg-pledge/tree-naming-hhu/form/index?id=10&seatId=3101')
  })

  it('a named tree: the pledge block (donor, date cut to the day, message) and the stamp; no button, no notice', async () => {
    await open({ id: '3102' }, NAMED)
    const block = screen.getByTestId('tree-pledge')
    expect(within(block).getByTestId('tree-donor').textContent).toBe('王**')
    expect(within(block).getByTestId('tree-date').textContent).toBe('2026-04-12')
    expect(within(block).getByTestId('tree-message').textContent).toBe('十年树木，百年树人')
    expect(screen.getByTestId('tree-stamp').textContent).toBe('已认捐')
    expect(screen.queryByTestId('tree-pledge-go')).toBeNull()
    expect(screen.queryByTestId('tree-notice')).toBeNull()
  })

  it('English', async () => {
    bootSession({}, 'en')
    await open({ id: '3102', from: 'map' }, NAMED)
    expect(screen.getByTestId('tree-stamp').textContent).toBe('Pledged')
    expect(screen.getByTestId('tree-detail').textContent).toContain('Family and genus')
  })
})

describe('tree-naming-hhu/form', () => {
  const route = '/pkg-pledge/tree-naming-hhu/form/index'
  async function open(seat = tree(), query: Record<string, string> = { id: '8', seatId: '3101' }) {
    setQuery(route, query)
    const calls = stub(seat)
    render(<FormPage />)
    await screen.findByTestId('pledge-form')
    return calls
  }
  const submit = () => fireEvent.click(screen.getByTestId('pledge-submit'))
  const donates = (calls: Call[]) => calls.filter((c) => c.path.endsWith('/donate'))
  const type = (id: string, v: string) => act(() => typeInto(screen.getByTestId(id), v))
  const error = (name: string) => screen.queryByTestId(`error-${name}`)?.textContent ?? null
  const field = (name: string) => within(screen.getByTestId('pledge-donor')).getByTestId(`field-${name}`) as HTMLInputElement

  it('shows the tree and its amount; refuses to pay before signing, under the agreement; nothing is sent', async () => {
    const toast = toastSpy()
    const calls = await open()
    expect(screen.getByTestId('pledge-object-3101').textContent).toContain('银杏 No.12')
    expect(screen.getByTestId('pledge-total').textContent).toBe('¥5,000.00')
    // prefilled from the donor's earlier answers
    expect(field('name').value).toBe('张赟喆')
    expect(screen.getByTestId('pledge-sign-todo').textContent).toBe('未签署')
    fireEvent.click(screen.getByTestId('pledge-agree'))
    submit()
    await waitFor(() => expect(error('agreement')).toBe('请先签署认捐协议'), { timeout: 10000 })
    // the certificate title comes first when it is empty; the agreement's problem goes as the form changes
    type('pledge-certificate-name', '')
    expect(error('agreement')).toBeNull()
    submit()
    await waitFor(() => expect(error('certificateDonorName')).toBe('请填写证书抬头'), { timeout: 10000 })
    expect((screen.getByTestId('pledge-certificate-name') as any).nativeProps).toEqual(
      expect.objectContaining({ 'aria-invalid': 'true', 'aria-describedby': 'fe-certificateDonorName' })
    )
    expect(toast).not.toHaveBeenCalled()
    expect(donates(calls)).toHaveLength(0)
    expect(pay).not.toHaveBeenCalled()
  })

  it('keeps what the donor typed across the preview round trip; signed, it pays with sign_agreement_file', async () => {
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    const toast = toastSpy()
    // each test pledges its own tree: the kept drafts live for the app's session
    await open(tree({ seatId: 3105 }), { id: '8', seatId: '3105' })
    type('pledge-message', '愿母校枝繁叶茂')
    act(() => typeInto(field('name'), '李䶮'))
    type('pledge-certificate-name', '李䶮')
    fireEvent.click(screen.getByTestId('pledge-sign-go'))
    const url: string = nav.mock.calls[0]?.[0]?.url
    if (url) {
      // H4's preview route is registered: it generates the agreement for this name, mobile and amount
      expect(url).toContain('name=%E6%9D%8E%E4%B6%AE')
      expect(url).toContain('mobile=13800138000')
      expect(url).toContain('donationAmount=5000.00')
      expect(url).toContain('itemsId=8')
    } else {
      expect(titles(toast)).toEqual(['即将开放'])
    }
    // the preview stores the signed link; the platform may have rebuilt the form page meanwhile
    store.set('treeAgreement', {
      url: '/files/agreements/signed-abc.pdf',
      name: '李䶮',
      mobile: '13800138000',
      donationAmount: '5000.00',
      itemsId: 8,
      signedAt: '2026-11-23T10:00:00.000Z'
    })
    document.body.innerHTML = ''
    setQuery(route, { id: '8', seatId: '3105' })
    const calls = stub(tree({ seatId: 3105 }))
    render(<FormPage />)
    await screen.findByTestId('pledge-form')
    expect((screen.getByTestId('pledge-message') as HTMLInputElement).value).toBe('愿母校枝繁叶茂')
    expect(field('name').value).toBe('李䶮')
    expect((screen.getByTestId('pledge-certificate-name') as HTMLInputElement).value).toBe('李䶮')
    expect(screen.getByTestId('pledge-sign-done').textContent).toContain('已签署')
    submit()
    await waitFor(() => expect(titles(toast)).toContain('请阅读并同意捐赠协议'), { timeout: 10000 })
    fireEvent.click(screen.getByTestId('pledge-agree'))
    submit()
    await waitFor(() => expect(pay).toHaveBeenCalled(), { timeout: 10000 })
    const body = donates(calls).pop()!.data
    expect(body).toMatchObject({
      itemsId: 8,
      itemsType: 2,
      namingType: '1',
      currencyMoney: '5000.00',
      payType: 1,
      certificateDonorName: '李䶮'
    })
    expect(body.formDataMap).toEqual({ name: '李䶮', mobile: '86-13800138000', sign_agreement_file: '/files/agreements/signed-abc.pdf' })
    expect(body.seatList).toEqual([
      { donorName: '李䶮', donorIdentity: '校友', donationMessage: '愿母校枝繁叶茂', seatId: 3105, areaId: 81, itemsId: 8, termYear: 0 }
    ])
    expect(pay).toHaveBeenCalledWith(expect.objectContaining({ billNo: 'D20261123000000TREE00001', itemsId: 8 }))
    // paid: the agreement is spent, and the thank-you redirect goes to the tree campaign's page
    expect(store.get('treeAgreement')).toBeUndefined()
    expect(store.get('home')).toBe('tree-naming-hhu')
  })

  it("the donation form's receipt and mailing sections (docs/decisions/048): a paper receipt by post, checked, then sent", async () => {
    const toast = toastSpy()
    store.set('treeAgreement', {
      url: '/f/r.pdf',
      name: '张赟喆',
      mobile: '13800138000',
      donationAmount: '5000.00',
      itemsId: 8,
      signedAt: ''
    })
    const calls = await open(tree({ seatId: 3107 }), { id: '8', seatId: '3107' })
    type('pledge-certificate-name', '张赟喆')
    // no paper certificate on the tree form: its own certificate title only
    expect(screen.queryByTestId('paper-switch')).toBeNull()
    act(() => {
      screen
        .getByTestId('receipt-switch')
        .querySelector('taro-switch-core')!
        .dispatchEvent(new CustomEvent('change', { detail: { value: true }, bubbles: true }))
    })
    expect((screen.getByTestId('receipt-name') as HTMLInputElement).value).toBe('张赟喆')
    type('receipt-code', '32010219900101123X')
    fireEvent.click(within(screen.getByTestId('receipt-type')).getByTestId('chip-1'))
    fireEvent.click(within(screen.getByTestId('receipt-way')).getByTestId('chip-2'))
    fireEvent.click(screen.getByTestId('pledge-agree'))
    submit()
    await waitFor(() => expect(error('region')).toBe('请选择所在地区'), { timeout: 10000 })
    expect(toast).not.toHaveBeenCalled()
    expect(donates(calls)).toHaveLength(0)
    // the e-mail way instead: no address needed
    fireEvent.click(within(screen.getByTestId('receipt-type')).getByTestId('chip-2'))
    type('receipt-email', 'zhang@example.com')
    submit()
    await waitFor(() => expect(pay).toHaveBeenCalled(), { timeout: 10000 })
    expect(donates(calls).pop()!.data).toMatchObject({
      isNeedReceipt: 1,
      receiptType: 2,
      receiptWay: 3,
      receiptDonorName: '张赟喆',
      creditCode: '32010219900101123X',
      postalEmail: 'zhang@example.com',
      isNeedPaper: 0,
      certificateDonorName: '张赟喆'
    })
  })

  it('a name changed after signing needs a new signature', async () => {
    const toast = toastSpy()
    store.set('treeAgreement', {
      url: '/f/s.pdf',
      name: '张赟喆',
      mobile: '13800138000',
      donationAmount: '5000.00',
      itemsId: 8,
      signedAt: ''
    })
    const calls = await open(tree({ seatId: 3106 }), { id: '8', seatId: '3106' })
    act(() => typeInto(field('name'), '张赟喆二'))
    expect(screen.getByTestId('pledge-sign-todo').textContent).toBe('认捐信息已修改，请重新签署')
    fireEvent.click(screen.getByTestId('pledge-agree'))
    submit()
    await waitFor(() => expect(error('agreement')).toBe('请先签署认捐协议'), { timeout: 10000 })
    expect(toast).not.toHaveBeenCalled()
    expect(donates(calls)).toHaveLength(0)
  })

  it("a donor field left empty shows under it, in English too; the server's refusal of a field shows under that field", async () => {
    useSession.setState({ lang: 'en' })
    const toast = toastSpy()
    store.set('treeAgreement', {
      url: '/f/t.pdf',
      name: '张赟喆',
      mobile: '13800138000',
      donationAmount: '5000.00',
      itemsId: 8,
      signedAt: ''
    })
    setQuery(route, { id: '8', seatId: '3108' })
    const calls = stub(tree({ seatId: 3108 }), {
      donate: () => ({ code: -1, message: 'Please enter a valid mobile number', data: { field: 'mobile' } })
    })
    render(<FormPage />)
    await screen.findByTestId('pledge-form')
    act(() => typeInto(field('name'), ''))
    fireEvent.click(screen.getByTestId('pledge-sign-go'))
    // a required donor field's problem is its own placeholder, as the school wrote it in its form
    expect(error('name')).toBe('请输入您的姓名')
    act(() => typeInto(field('name'), '张赟喆'))
    expect(error('name')).toBeNull()
    type('pledge-certificate-name', ' ')
    submit()
    await waitFor(() => expect(error('certificateDonorName')).toBe('Please enter the certificate title'), { timeout: 10000 })
    type('pledge-certificate-name', 'Zhang')
    fireEvent.click(screen.getByTestId('pledge-agree'))
    submit()
    await waitFor(() => expect(error('mobile')).toBe('Please enter a valid mobile number'), { timeout: 10000 })
    expect(donates(calls)).toHaveLength(1)
    expect(toast).not.toHaveBeenCalled()
    expect(pay).not.toHaveBeenCalled()
  })

  it('type 2: the seats chosen on seat?id=9 with the project info; signed, they are paid with their periods', async () => {
    const toast = toastSpy()
    store.set('gm', {
      itemsId: 9,
      namingType: 1,
      seats: [
        {
          seatId: 901,
          areaId: 91,
          areaTitle: '大礼堂',
          seat: '3排5座',
          priceList: [{ termName: '10年', termMoney: '2000.00', termYear: 10 }],
          termYear: 10
        },
        {
          seatId: 902,
          areaId: 91,
          areaTitle: '大礼堂',
          seat: '3排6座',
          priceList: [{ termName: '永久', termMoney: '5000.50', termYear: 0 }],
          termYear: 0
        }
      ],
      books: [],
      mode: 'all',
      nameplate: { donorName: '', donorIdentity: '校友', donationMessage: '' },
      nameplates: {}
    })
    store.set('treeAgreement', {
      url: '/f/seat.pdf',
      name: '张赟喆',
      mobile: '13800138000',
      donationAmount: '7000.50',
      itemsId: 9,
      signedAt: ''
    })
    const calls = await open(tree(), { id: '9', type: '2' })
    expect(screen.getByTestId('pledge-project').textContent).toContain('河海大学校友林')
    expect(screen.getByTestId('pledge-object-901').textContent).toContain('大礼堂 · 3排5座')
    expect(screen.getByTestId('pledge-total').textContent).toBe('¥7,000.50')
    expect(calls.some((c) => c.path.endsWith('/getSeatDetail'))).toBe(false)
    fireEvent.click(screen.getByTestId('pledge-agree'))
    submit()
    await waitFor(() => expect(pay).toHaveBeenCalled(), { timeout: 10000 })
    expect(titles(toast)).toEqual([])
    const body = donates(calls).pop()!.data
    expect(body).toMatchObject({ itemsId: 9, currencyMoney: '7000.50' })
    expect(body.seatList.map((x: any) => [x.seatId, x.areaId, x.termYear])).toEqual([
      [901, 91, 10],
      [902, 91, 0]
    ])
    expect(store.get('gm')).toBeUndefined()
  })

  it('a tree pledged meanwhile cannot be pledged', async () => {
    const toast = toastSpy()
    const calls = await open(NAMED, { id: '8', seatId: '3102' })
    expect(screen.getByTestId('pledge-tree-none').textContent).toContain('已被认捐')
    submit()
    await waitFor(() => expect(titles(toast)).toEqual(['请选择要认捐的树木']), { timeout: 10000 })
    expect(donates(calls)).toHaveLength(0)
  })
})

describe('tree-naming-hhu/success', () => {
  it("is where the payment flow lands when local storage 'home' marks the tree pledge", () => {
    expect(successUrl('D1', 'tree-naming-hhu')).toBe('/pkg-pledge/tree-naming-hhu/success/index?billNo=D1')
    expect(successUrl('D1', undefined)).toBe('/pkg-donate/success/index?billNo=D1')
    expect(successUrl('D1', 'toString')).toBe('/pkg-donate/success/index?billNo=D1')
  })

  it('an unpaid pledge order goes back to the tree form it came from, not to the donation form', () => {
    const pledge = { itemsId: 32, query: { id: '32', seatId: '3767' } }
    expect(unpaidFormUrl(32, undefined, 'tree-naming-hhu', pledge)).toBe('/pkg-pledge/tree-naming-hhu/form/index?id=32&seatId=3767')
    expect(unpaidFormUrl(31, undefined, 'tree-naming-hhu', pledge)).toBe('/pkg-donate/form/index?id=31')
    expect(unpaidFormUrl(32, undefined, undefined, pledge)).toBe('/pkg-donate/form/index?id=32')
  })

  it('says the order is missing instead of thanking anyone when opened without one', async () => {
    setQuery('/pkg-pledge/tree-naming-hhu/success/index', {})
    const calls = stubApi({})
    render(<SuccessPage />)
    await waitFor(() => expect(screen.getByText('订单信息不完整，请返回重新发起捐赠')).toBeTruthy())
    expect(screen.queryByTestId('pledge-success')).toBeNull()
    expect(calls.length).toBe(0)
  })

  it('shows the refusal, not "pledged", for an order the server does not confirm as paid', async () => {
    setQuery('/pkg-pledge/tree-naming-hhu/success/index', { billNo: 'D404' })
    stubApi({ success: () => ({ code: -1, message: '订单未支付', data: null }) })
    render(<SuccessPage />)
    await waitFor(() => expect(screen.getByTestId('pledge-success-error')).toBeTruthy())
    expect(screen.getByTestId('pledge-success-error').textContent).toContain('订单未支付')
    expect(screen.queryByTestId('pledge-success')).toBeNull()
  })

  it('thanks the donor for the project and goes back to the campaign', async () => {
    setQuery('/pkg-pledge/tree-naming-hhu/success/index', { billNo: 'D1' })
    stubApi({
      success: () =>
        ok({
          name: '李䶮',
          avatar: '',
          itemsName: '河海大学校友林',
          itemsId: 8,
          itemsIntro: '',
          itemsThumbnailImg: '',
          successWord: '',
          certificateImg: '',
          certificateExpected: 1
        })
    })
    const redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' } as any)
    store.set('home', 'tree-naming-hhu')
    render(<SuccessPage />)
    await waitFor(() => expect(screen.getByTestId('pledge-success-item').textContent).toContain('河海大学校友林'))
    fireEvent.click(screen.getByTestId('pledge-success-home'))
    expect(redirect).toHaveBeenCalled()
    expect(store.get('home')).toBeUndefined()
  })
})
