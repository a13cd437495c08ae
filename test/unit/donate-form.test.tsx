import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { FormConfig, Project } from '@contract'
import FormPage from '@/pkg-donate/form/index'
import AgreePage from '@/pkg-donate/agree-content/index'
import DetailPage from '@/pkg-project/detail/index'
import { runPayment } from '@/features/payment'
import { platform } from '@/platform'
import { useSession } from '@/store/session'
import { bootSession, ok, page, setQuery, stubApi, toastSpy, typeInto, type Call } from './project-fixtures'
import { formConfig, goodsProject, moneyProject, SUB_PRICES } from './donate-fixtures'

// The payment module is another engineer's seam: the form only awaits runPayment (its HTTP is theirs to test).
// the real status card (PayState), the payment run itself stubbed
jest.mock('@/features/payment', () => ({ ...jest.requireActual('@/features/payment'), runPayment: jest.fn(async () => 'paid') }))
const pay = runPayment as jest.MockedFunction<typeof runPayment>

const AREAS: Record<string, { id: string; title: string; isLeaf: 0 | 1; parentId: string }[]> = {
  '0': [
    { id: '32', title: '江苏省', isLeaf: 0, parentId: '0' },
    { id: '11', title: '北京市', isLeaf: 0, parentId: '0' }
  ],
  '32': [{ id: '3201', title: '南京市', isLeaf: 0, parentId: '32' }],
  '3201': [
    { id: '320102', title: '玄武区', isLeaf: 1, parentId: '3201' },
    { id: '320104', title: '秦淮区', isLeaf: 1, parentId: '3201' }
  ]
}

function stubForm(p: Project, form: FormConfig, extra: Record<string, (c: Call) => any> = {}) {
  return stubApi({
    itemsDetail: () => ok(p),
    formDetail: () => ok(form),
    itemsSubPrice: () => ok(SUB_PRICES),
    checkPermission: () => ok({ errorCode: '' }),
    // a donor who agreed to the privacy policy already (decision 041); the first-gift consent has its own test
    status: () => ok({ version: 1, consented: 1, consentedAt: '2026-01-01 08:00:00' }),
    getAreaList4sort: () =>
      ok([
        { area: '中国大陆', areaCode: '+86' },
        { area: '中国香港', areaCode: '+852' }
      ]),
    getAreaDictionaryByParentId: (c) => ok(AREAS[c.query.get('parentId') || '0'] || []),
    donate: () =>
      ok({ orderPayRequestDTO: { billNo: 'D202506010001' }, data: { provider: 'sandbox', url: '/sandbox/cashier?billNo=D202506010001' } }),
    ...extra
  })
}

const fire = (el: Element, type: string, value: unknown) =>
  act(() => {
    el.dispatchEvent(new CustomEvent(type, { detail: { value }, bubbles: true }))
  })
const type = (testId: string, value: string) => act(() => typeInto(screen.getByTestId(testId), value))
const blur = (testId: string, value: string) => fire(screen.getByTestId(testId), 'blur', value)
const toggle = (testId: string, on = true) => fire(screen.getByTestId(testId).querySelector('taro-switch-core')!, 'change', on)
const chip = (groupId: string, value: string | number) => fireEvent.click(within(screen.getByTestId(groupId)).getByTestId(`chip-${value}`))
const submit = () => fireEvent.click(screen.getByTestId('submit').querySelector('.at-button')!)
const donateCalls = (calls: Call[]) => calls.filter((c) => c.path.endsWith('/donate'))
/** AtModal stays in the DOM when closed: wait for the open one. */
const remindShown = () =>
  waitFor(
    () => {
      const el = document.querySelector('.at-modal--active [data-testid="large-remind"]')
      expect(el).toBeTruthy()
      return el as HTMLElement
    },
    { timeout: 10000 }
  )
const toastTitles = (spy: jest.SpyInstance) => spy.mock.calls.map((c) => c[0].title)
/** optional fields, certificate and receipt wait under "Add details" */
const openDetails = () => fireEvent.click(screen.getByTestId('details-toggle'))

async function openForm(
  p: Project = moneyProject(),
  form: FormConfig = formConfig(),
  extra = {},
  query: Record<string, string> = { id: String(p.id) }
) {
  setQuery('/pkg-donate/form/index', query)
  const calls = stubForm(p, form, extra)
  render(<FormPage />)
  await screen.findByTestId('donate-form')
  return calls
}

beforeEach(() => {
  jest.restoreAllMocks()
  pay.mockClear()
  pay.mockImplementation(async () => 'paid')
  bootSession()
  useSession.setState({ token: 'tok-1' })
})

describe('donation form', () => {
  it('fills a money gift with certificate, express receipt and conditional fields, and posts the submission', async () => {
    const toast = toastSpy()
    const calls = await openForm(moneyProject(), formConfig(), {}, { id: '3', subItemsId: '32', togetherId: '12' })
    openDetails()
    expect(screen.getByTestId('project-name').textContent).toBe('励志奖学金')
    // sub-project 32 preselected: its chips replace the project's
    expect(within(screen.getByTestId('sub-chips')).getByTestId('chip-32').className).toContain('dn-chip--on')
    expect(within(screen.getByTestId('amount-chips')).queryByTestId('chip-1000.00')).toBeNull()
    // the ¥100 gift starts chosen (decision 061)
    expect(within(screen.getByTestId('amount-chips')).getByTestId('chip-100.00').getAttribute('data-selected')).toBe('1')
    expect(screen.getByTestId('bar-total').textContent).toBe('¥100.00')

    type('amount-input', '1234.56')
    expect(screen.getByTestId('bar-total').textContent).toBe('¥1,234.56')
    expect(screen.getByTestId('certificate-section')).toBeTruthy()
    expect(screen.getByTestId('receipt-section')).toBeTruthy()

    type('field-name', '张赟喆')
    // the donor name is copied to the certificate
    expect((screen.getByTestId('certificate-name') as any).value).toBe('张赟喆')
    type('field-mobile', '13800138000')
    // conditional: college appears for alumni, className for colleges c1/c2 only
    expect(screen.queryByTestId('field-college')).toBeNull()
    chip('field-isAlumnus', 1)
    fire(screen.getByTestId('field-college'), 'change', 1)
    expect(screen.getByTestId('field-college').textContent).toContain('理学院')
    type('field-className', '2008级数学1班')
    fire(screen.getByTestId('field-gradYear'), 'change', 10)
    chip('field-interests', 'c')
    chip('field-interests', 'a')
    type('field-children', '2')

    toggle('paper-switch')
    chip('certificate-way', 1)
    expect(screen.getByTestId('certificate-pickup').textContent).toContain('行政楼 201 室')

    toggle('receipt-switch')
    chip('receipt-donor-type', 1)
    expect(within(screen.getByTestId('receipt-section')).getByText('身份证号')).toBeTruthy()
    expect((screen.getByTestId('receipt-name') as any).value).toBe('张赟喆')
    type('receipt-code', '32010219900101123x')
    chip('receipt-type', 1)
    chip('receipt-way', 2)
    expect(screen.getByTestId('postal-section')).toBeTruthy()
    expect((screen.getByTestId('postal-contact') as any).value).toBe('张赟喆')

    fireEvent.click(screen.getByTestId('postal-region'))
    fireEvent.click(await screen.findByText('江苏省'))
    fireEvent.click(await screen.findByText('南京市'))
    fireEvent.click(await screen.findByText('玄武区'))
    await waitFor(() => expect(screen.getByTestId('postal-region').textContent).toContain('江苏省 南京市 玄武区'))
    type('postal-address', '北京东路 41 号')
    type('postal-mobile', '13900139000')

    fireEvent.click(screen.getByTestId('pay-2'))
    submit()
    await waitFor(() => expect(donateCalls(calls)).toHaveLength(1), { timeout: 10000 })
    const body = donateCalls(calls)[0].data
    const year = String(new Date().getFullYear() + 10 - 10)
    expect(body).toEqual(
      expect.objectContaining({
        formId: 7,
        currency: 'CNY',
        payType: 2,
        currencyMoney: '1234.56',
        itemsId: 3,
        subItemsId: 32,
        isDonateTogether: 1,
        donateTogetherId: 12,
        itemsType: 1,
        isAnonymous: 0,
        donateFrom: 'U1',
        isAgree: 1,
        isNeedPaper: 1,
        certificateDonorName: '张赟喆',
        certificateWay: 1,
        isNeedReceipt: 1,
        receiptDonorType: 1,
        receiptDonorName: '张赟喆',
        creditCode: '32010219900101123X',
        receiptType: 1,
        receiptWay: 2,
        postalProvince: '江苏省',
        postalCity: '南京市',
        postalDistrict: '玄武区',
        postalAddress: '北京东路 41 号',
        postalContact: '张赟喆',
        postalMobile: '86-13900139000'
      })
    )
    expect(body.formDataMap).toEqual({
      name: '张赟喆',
      mobile: '86-13800138000',
      isAlumnus: '1',
      college: 'c2',
      className: '2008级数学1班',
      gradYear: year,
      interests: 'a,c',
      children: '2',
      wantNews: '0'
    })
    await waitFor(() =>
      expect(pay).toHaveBeenCalledWith({
        billNo: 'D202506010001',
        params: { provider: 'sandbox', url: '/sandbox/cashier?billNo=D202506010001' },
        payType: 2,
        payToken: undefined,
        keepForm: true,
        itemsId: 3
      })
    )
    expect(toast).not.toHaveBeenCalled()
    // entry permission check went out with the project id
    expect(calls.find((c) => c.path.endsWith('/checkPermission'))!.query.get('itemsId')).toBe('3')
  })

  it('shows every problem under its field (decision 061), no toast; each goes when fixed; the form complete, the order goes', async () => {
    const toast = toastSpy()
    const scroll = jest.spyOn(Taro, 'pageScrollTo').mockResolvedValue({ errMsg: 'pageScrollTo:ok' } as any)
    // no ¥100 chip here: nothing starts chosen
    const chips = [
      { title: '一学期书本费', money: '500.00' },
      { title: '一个月生活费', money: '1000.00' }
    ]
    const calls = await openForm(moneyProject({ isSub: 0, fixMoney: chips }), formConfig({ payPlatformList: [1, 2] }))
    const errorOf = (field: string) => screen.queryByTestId(`error-${field}`)?.textContent ?? null
    // nothing is said before the first submit
    expect(errorOf('name')).toBeNull()
    submit()
    await waitFor(() => expect(errorOf('amount')).toBe('请选择或输入捐赠金额'), { timeout: 10000 })
    expect(errorOf('name')).toBe('请输入您的姓名')
    expect(errorOf('mobile')).toBe('请输入手机号码')
    // the input says it is invalid and which line says why
    const nameInput = screen.getByTestId('field-name') as any
    expect(nameInput.nativeProps).toEqual(expect.objectContaining({ 'aria-invalid': 'true', 'aria-describedby': 'fe-name' }))
    expect(document.getElementById('fe-name')!.textContent).toBe('请输入您的姓名')
    // the page is taken to the first problem
    await waitFor(() => expect(scroll).toHaveBeenCalledWith(expect.objectContaining({ selector: '#fr-amount' })), { timeout: 10000 })
    chip('amount-chips', '500.00')
    expect(errorOf('amount')).toBeNull()
    type('field-name', '张')
    expect(errorOf('name')).toBe('姓名长度不得小于2')
    type('field-name', '张三')
    expect(errorOf('name')).toBeNull()
    expect(nameInput.nativeProps['aria-invalid']).toBeUndefined()
    type('field-mobile', '1380013800')
    expect(errorOf('mobile')).toBe('请输入合法的手机号')
    type('field-mobile', '13800138000')
    chip('field-isAlumnus', 0)
    expect(errorOf('isAlumnus')).toBeNull()
    fireEvent.click(screen.getByTestId('pay-1'))
    expect(donateCalls(calls)).toHaveLength(0)
    // "Agree and give" is the consent (decision 025): no tick left to toast about
    submit()
    await waitFor(() => expect(donateCalls(calls)).toHaveLength(1), { timeout: 10000 })
    expect(donateCalls(calls)[0].data).toEqual(expect.objectContaining({ isAgree: 1 }))
    expect(toastTitles(toast)).toEqual([])
  })

  it("the server's refusal naming a field shows under that field, not in a toast; one naming none is toasted", async () => {
    const toast = toastSpy()
    let answer: any = { code: -1, message: '姓名含有不允许的字符', data: { field: 'name' } }
    const calls = await openForm(moneyProject({ isSub: 0 }), formConfig({ payPlatformList: [1] }), { donate: () => answer })
    type('field-name', '张三')
    type('field-mobile', '13800138000')
    chip('field-isAlumnus', 0)
    submit()
    await waitFor(() => expect(screen.getByTestId('error-name').textContent).toBe('姓名含有不允许的字符'), { timeout: 10000 })
    expect(toast).not.toHaveBeenCalled()
    // gone once the donor changes the field
    type('field-name', '张三丰')
    expect(screen.queryByTestId('error-name')).toBeNull()
    answer = { code: -1, message: '项目已结束', data: null }
    submit()
    await waitFor(() => expect(toastTitles(toast)).toEqual(['项目已结束']), { timeout: 10000 })
    expect(donateCalls(calls)).toHaveLength(2)
  })

  it('a first gift: ¥100 chosen, the privacy consent given by "Agree and give" itself (no dialog), then the order', async () => {
    const modal = jest.spyOn(Taro, 'showModal')
    const calls = await openForm(moneyProject({ isSub: 0 }), formConfig({ fieldList: [], payPlatformList: [1] }), {
      status: () => ok({ version: 3, consented: 0, consentedAt: '' }),
      consent: () => ok({ version: 3, consented: 1, consentedAt: '2026-11-28 10:00:00' })
    })
    expect(screen.getByTestId('agreement').textContent).toContain('《隐私政策》')
    submit()
    await waitFor(() => expect(donateCalls(calls)).toHaveLength(1), { timeout: 10000 })
    const consent = calls.filter((c) => c.path.endsWith('/privacy/consent'))
    expect(consent.map((c) => c.data)).toEqual([expect.objectContaining({ version: 3 })])
    // recorded before the order that carries personal data
    expect(calls.indexOf(consent[0])).toBeLessThan(calls.indexOf(donateCalls(calls)[0]))
    expect(donateCalls(calls)[0].data).toEqual(expect.objectContaining({ currencyMoney: '100.00', isAgree: 1 }))
    expect(modal).not.toHaveBeenCalled()
  })

  it('debounces submit: three quick taps make one order; the button is busy until payment returns', async () => {
    let finish: (v: 'paid') => void = () => undefined
    pay.mockImplementation(() => new Promise((r) => (finish = r)))
    const calls = await openForm(moneyProject({ isSub: 0 }), formConfig({ fieldList: [], payPlatformList: [1] }))
    chip('amount-chips', '100.00')
    submit()
    submit()
    submit()
    await waitFor(() => expect(pay).toHaveBeenCalledTimes(1), { timeout: 10000 })
    expect(donateCalls(calls)).toHaveLength(1)
    expect(screen.getByTestId('submit').textContent).toBe('提交中…')
    act(() => finish('paid'))
    await waitFor(() => expect(screen.getByTestId('submit').textContent).toBe('同意并捐赠'))
  })

  it('anonymous hides the donor fields, certificate and receipt and sends none of them', async () => {
    const calls = await openForm(moneyProject({ isSub: 0 }), formConfig({ payPlatformList: [1] }))
    chip('amount-chips', '1000.00')
    openDetails()
    expect(screen.getByTestId('receipt-section')).toBeTruthy()
    toggle('anonymous-switch')
    expect(screen.queryByTestId('field-name')).toBeNull()
    expect(screen.queryByTestId('certificate-section')).toBeNull()
    expect(screen.queryByTestId('receipt-section')).toBeNull()
    submit()
    await waitFor(() => expect(donateCalls(calls)).toHaveLength(1), { timeout: 10000 })
    expect(donateCalls(calls)[0].data).toEqual(
      expect.objectContaining({ isAnonymous: 1, formDataMap: {}, isNeedReceipt: 0, isNeedPaper: 0, currencyMoney: '1000.00' })
    )
  })

  it('receipt: electronic type switches to the first electronic way and asks for the e-mail or the SMS mobile', async () => {
    await openForm(moneyProject({ isSub: 0 }))
    chip('amount-chips', '1000.00')
    openDetails()
    toggle('receipt-switch')
    // defaults that fit an individual donor: a person, electronic, the first electronic way
    expect(within(screen.getByTestId('receipt-donor-type')).getByTestId('chip-1').className).toContain('dn-chip--on')
    expect(within(screen.getByTestId('receipt-way')).getByTestId('chip-3').className).toContain('dn-chip--on')
    chip('receipt-donor-type', 2)
    expect(within(screen.getByTestId('receipt-section')).getByText('统一社会信用代码')).toBeTruthy()
    chip('receipt-type', 1)
    expect(screen.getByTestId('receipt-pickup').textContent).toContain('财务处 105 室')
    chip('receipt-type', 2)
    expect(within(screen.getByTestId('receipt-way')).getByTestId('chip-3').className).toContain('dn-chip--on')
    expect(screen.getByTestId('receipt-email')).toBeTruthy()
    chip('receipt-way', 4)
    expect(screen.queryByTestId('receipt-email')).toBeNull()
    expect(screen.getByTestId('receipt-sms')).toBeTruthy()
  })

  it('receipt links: the tax tool always, the donation agreement only where the school set its bank account; a tap opens each', async () => {
    const to = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    const calls = await openForm(moneyProject({ isSub: 0 }))
    chip('amount-chips', '1000.00')
    openDetails()
    const links = await screen.findByTestId('receipt-links')
    expect(within(screen.getByTestId('receipt-section')).getByTestId('receipt-links')).toBe(links)
    // the setting was asked for (and not answered): no agreement link
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/getSettingValue'))).toBe(true))
    expect(screen.getByTestId('receipt-to-tax').textContent).toBeTruthy()
    expect(screen.queryByTestId('receipt-to-contract')).toBeNull()
    fireEvent.click(screen.getByTestId('receipt-to-tax'))
    expect(to).toHaveBeenLastCalledWith({ url: '/pkg-tools/tax-tool/index' })

    document.body.innerHTML = ''
    const asked = await openForm(moneyProject({ isSub: 0 }), formConfig(), {
      getSettingValue: (c: Call) => ok(c.query.get('key') === 'agreement_bank_account' ? '中国银行 6217 0000 0000 0000' : '')
    })
    chip('amount-chips', '1000.00')
    openDetails()
    const contract = await screen.findByTestId('receipt-to-contract')
    expect(asked.find((c) => c.path.endsWith('/getSettingValue'))!.query.get('key')).toBe('agreement_bank_account')
    expect(screen.getByTestId('receipt-to-tax')).toBeTruthy()
    fireEvent.click(contract)
    expect(to).toHaveBeenLastCalledWith({ url: '/pkg-agreement/contract-cpu/index' })
    // a link a keyboard reaches: Enter opens it too
    fireEvent.keyDown(screen.getByTestId('receipt-to-tax'), { key: 'Enter' })
    expect(to).toHaveBeenLastCalledWith({ url: '/pkg-tools/tax-tool/index' })
  })

  it('hand amount: integer-only forms clear a decimal; below the minimum and too large say so under the amount', async () => {
    const toast = toastSpy()
    await openForm(moneyProject({ isSub: 0 }), formConfig({ isIntegerMoney: 1, minMoney: '10.00' }))
    const amountError = () => screen.queryByTestId('error-amount')?.textContent ?? null
    type('amount-input', '12.5')
    blur('amount-input', '12.5')
    expect(amountError()).toBe('请输入整数金额')
    expect((screen.getByTestId('amount-input') as any).value).toBe('')
    type('amount-input', '5')
    expect(amountError()).toBeNull()
    blur('amount-input', '5')
    expect(amountError()).toBe('捐赠金额不能低于¥10.00')
    type('amount-input', '20000000')
    blur('amount-input', '20000000')
    expect(amountError()).toBe('捐赠金额不合法，单笔不能超过¥10,000,000')
    expect(toast).not.toHaveBeenCalled()
  })

  it('number fields clear anything but a positive integer on blur and say why under the field', async () => {
    const toast = toastSpy()
    await openForm(moneyProject({ isSub: 0 }))
    openDetails()
    type('field-children', '1.5')
    blur('field-children', '1.5')
    expect(screen.getByTestId('error-children').textContent).toBe('同行人数必须为正整数')
    expect((screen.getByTestId('field-children') as any).value).toBe('')
    type('field-children', '2')
    expect(screen.queryByTestId('error-children')).toBeNull()
    expect(toast).not.toHaveBeenCalled()
  })

  it('a switch controls its dependant field', async () => {
    await openForm(moneyProject({ isSub: 0 }))
    openDetails()
    expect(screen.queryByTestId('field-newsEmail')).toBeNull()
    toggle('field-wantNews')
    expect(screen.getByTestId('field-newsEmail')).toBeTruthy()
    toggle('field-wantNews', false)
    expect(screen.queryByTestId('field-newsEmail')).toBeNull()
  })

  it('a goods gift: the stepper sets the quantity, the total is quantity × price, the body carries the units', async () => {
    const calls = await openForm(goodsProject(), formConfig({ fieldList: [], payPlatformList: [1], isShowAnonymous: 0 }))
    expect(screen.queryByTestId('amount-section')).toBeNull()
    expect(screen.getByTestId('goods-total').textContent).toBe('¥1,500.50')
    fireEvent.click(screen.getByTestId('qty-plus'))
    fireEvent.click(screen.getByTestId('qty-plus'))
    expect(screen.getByTestId('goods-total').textContent).toBe('¥4,501.50')
    expect(screen.getByTestId('bar-total').textContent).toBe('¥4,501.50')
    submit()
    await waitFor(() => expect(donateCalls(calls)).toHaveLength(1), { timeout: 10000 })
    expect(donateCalls(calls)[0].data).toEqual(
      expect.objectContaining({ donateMaterialNumber: 3, currencyMoney: '4501.50', itemsId: 8, payType: 1 })
    )
  })

  it('goods quantity: not a positive integer toasts and clears', async () => {
    const toast = toastSpy()
    await openForm(goodsProject(), formConfig({ fieldList: [] }))
    type('qty-input', '0')
    blur('qty-input', '0')
    expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: '捐赠数量必须为正整数', duration: 1000 }))
    expect(screen.getByTestId('goods-total').textContent).toBe('—')
  })

  it('large amounts ask first: cancel creates no order, confirm does', async () => {
    const calls = await openForm(moneyProject({ isSub: 0 }), formConfig({ fieldList: [], payPlatformList: [1] }))
    type('amount-input', '50000')
    submit()
    const dialog = await remindShown()
    expect(dialog.innerHTML).toContain('基金会将与您联系签订捐赠协议')
    fireEvent.click(screen.getByTestId('large-cancel'))
    await waitFor(() => expect(screen.getByTestId('submit').textContent).toBe('同意并捐赠'))
    expect(donateCalls(calls)).toHaveLength(0)
    submit()
    await remindShown()
    fireEvent.click(screen.getByTestId('large-confirm'))
    await waitFor(() => expect(donateCalls(calls)).toHaveLength(1))
    expect(donateCalls(calls)[0].data.currencyMoney).toBe('50000.00')
  })

  it('a -1 from donate shows the server message and starts no payment', async () => {
    const toast = toastSpy()
    const calls = await openForm(moneyProject({ isSub: 0 }), formConfig({ fieldList: [], payPlatformList: [1] }), {
      donate: () => ({ code: -1, message: '项目已暂停捐赠', data: null })
    })
    chip('amount-chips', '100.00')
    submit()
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '项目已暂停捐赠' })), { timeout: 10000 })
    expect(donateCalls(calls)).toHaveLength(1)
    expect(pay).not.toHaveBeenCalled()
    expect(screen.getByTestId('submit').textContent).toBe('同意并捐赠')
  })

  it('campus card: shows the balance, refuses an amount above it and sends the card fields', async () => {
    const toast = toastSpy()
    const calls = await openForm(moneyProject({ isSub: 0 }), formConfig({ fieldList: [], payPlatformList: [9] }), {
      getCardBlance: () => ok({ balance: '150.00' })
    })
    chip('amount-chips', '500.00')
    type('card-no', '2019010203')
    blur('card-no', '2019010203')
    await waitFor(() => expect(screen.getByTestId('card-balance').textContent).toContain('¥150.00'))
    type('card-password', '123451')
    submit()
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '一卡通余额不足' })), { timeout: 10000 })
    expect(donateCalls(calls)).toHaveLength(0)
    // the number alone when the field is left; with the password (in the body, never the URL) before submitting
    const balanceCalls = calls.filter((c) => c.path.endsWith('/getCardBlance'))
    expect(balanceCalls.map((c) => [c.method, c.query.get('password'), c.data?.password ?? null])).toEqual([
      ['GET', null, null],
      ['POST', null, '123451']
    ])
    chip('amount-chips', '100.00')
    submit()
    await waitFor(() => expect(donateCalls(calls)).toHaveLength(1), { timeout: 10000 })
    expect(donateCalls(calls)[0].data.formDataMap).toEqual({ stuWorkNo: '2019010203', passwork: '123451' })
  })

  it('campus card balance that cannot be read: 读取余额失败', async () => {
    const toast = toastSpy()
    await openForm(moneyProject({ isSub: 0 }), formConfig({ fieldList: [], payPlatformList: [9] }), {
      getCardBlance: () => ({ code: -1, message: '一卡通服务不可用', data: null })
    })
    chip('amount-chips', '100.00')
    type('card-no', '2019010203')
    type('card-password', '123451')
    submit()
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '读取余额失败' })), { timeout: 10000 })
  })

  it('alumni-only project (0201): the reminder opens on entry and closes', async () => {
    await openForm(moneyProject(), formConfig(), {
      checkPermission: () => ({ code: -998, message: '仅限校友', data: { errorCode: '0201' } })
    })
    const dialog = await screen.findByTestId('alumni-dialog')
    expect(dialog.textContent).toBe('该项目仅面向校友筹款，请完成校友认证后再捐赠。')
    // the token is kept (docs/product §4: -998 with 0201 does not sign out)
    expect(useSession.getState().token).toBe('tok-1')
    fireEvent.click(screen.getByTestId('alumni-close'))
    await waitFor(() => expect(document.querySelector('.at-modal--active')).toBeNull())
  })

  it('alumni-only project (0201) in a mini-program: goes to the login page, not the reminder', async () => {
    jest.spyOn(platform, 'env').mockReturnValue({ target: 'weapp', inWechatBrowser: false, inMiniProgram: true, isMobile: true })
    const to = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    await openForm(moneyProject(), formConfig(), {
      checkPermission: () => ({ code: -998, message: '仅限校友', data: { errorCode: '0201' } })
    })
    await waitFor(() => expect(to).toHaveBeenCalled())
    expect((to.mock.calls[0][0] as { url: string }).url.split('?')[0]).toBe('/pages/login/index')
    // not the browser's reminder
    expect(document.querySelector('.at-modal--active [data-testid="alumni-dialog"]')).toBeNull()
  })

  it('no authorisation (0101): asks for sign-in', async () => {
    useSession.setState({ token: '' })
    const calls = await openForm(moneyProject(), formConfig(), {
      checkPermission: () => ({ code: -1, message: '请先登录', data: { errorCode: '0101' } }),
      getAuthUrl: () => ok('/sandbox/login')
    })
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/getAuthUrl'))).toBe(true))
  })

  it('shows the offline contact notice instead of the form when the school takes no online gifts', async () => {
    setQuery('/pkg-donate/form/index', { id: '3' })
    const calls = stubForm(moneyProject(), formConfig({ isOnlineDisabled: 1, offlineContactInfo: '请联系基金会 025-83592222' }))
    render(<FormPage />)
    expect((await screen.findByTestId('offline-notice')).textContent).toContain('请联系基金会 025-83592222')
    expect(screen.queryByTestId('donate-form')).toBeNull()
    expect(calls.some((c) => c.path.endsWith('/checkPermission'))).toBe(false)
  })

  it('renders in English', async () => {
    bootSession({}, 'en')
    await openForm(moneyProject({ isSub: 0 }))
    expect(screen.getByTestId('amount-section').textContent).toContain('Amount')
    expect(screen.getByTestId('submit').textContent).toBe('Agree and give')
    expect(screen.getByTestId('agreement').textContent).toContain('By tapping “Agree and give” you accept')
  })
})

describe('agree-content', () => {
  it('shows the sanitised agreement of baseConfig', () => {
    useSession.setState({
      baseConfig: {
        agreeTitle: '捐赠协议书',
        agreeContent: '<p>甲方自愿捐赠</p><script>alert(1)</script><img src="x" onerror="alert(2)">'
      } as any
    })
    render(<AgreePage />)
    const el = screen.getByTestId('agree-content')
    expect(el.textContent).toContain('捐赠协议书')
    expect(el.innerHTML).toContain('甲方自愿捐赠')
    expect(el.innerHTML).not.toContain('<script')
    expect(el.innerHTML).not.toContain('onerror')
  })
  it('says so when there is none', () => {
    useSession.setState({ baseConfig: { agreeTitle: '', agreeContent: '' } as any })
    render(<AgreePage />)
    expect(screen.getByTestId('agree-empty').textContent).toBe('暂无协议')
  })
})

describe('project detail hand-off', () => {
  it('the Donate button opens form?id', async () => {
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    setQuery('/pkg-project/detail/index', { id: '3' })
    stubApi({ itemsDetail: () => ok(moneyProject()), donateRecordPage: () => ok(page([])) })
    render(<DetailPage />)
    await screen.findByTestId('project-title')
    fireEvent.click(screen.getByTestId('donate-button').querySelector('.at-button')!)
    expect(nav).toHaveBeenCalledWith({ url: '/pkg-donate/form/index?id=3' })
  })
})
