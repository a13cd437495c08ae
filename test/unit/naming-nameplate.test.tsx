/**
 * Nameplates and the naming form (docs/product §5 Naming): the rules as pure functions (donor name required,
 * message required and at most 20 characters, a seat's identity always alumnus, the namelate=0 defaults), the POST
 * donate body, then the editor, form-gm, nameplate-detail and mine-gm's review states against a stubbed HTTP boundary.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { NameplateShowData, PersonalNamingRecord } from '@contract'
import EditPage from '@/pkg-naming/edit/index'
import FormGmPage from '@/pkg-naming/form-gm/index'
import JnuFormPage from '@/pkg-naming/seat-naming-jnu/form/index'
import JnuSuccessPage from '@/pkg-naming/seat-naming-jnu/success/index'
import DetailPage from '@/pkg-naming/nameplate-detail/index'
import MineGmPage from '@/pkg-mine/mine-gm/index'
import { runPayment } from '@/features/payment'
import { defaultPlate, nameplateProblem, normalisePlate } from '@/features/naming/model/nameplate'
import { placeElements } from '@/features/naming/model/plate-layout'
import { buildNamingSubmission, validateNaming, type NamingFormContext } from '@/features/naming/model/submission'
import { emptySelection } from '@/features/naming/model/selection'
import { store, type GmSelection } from '@/platform/storage-keys'
import { useSession } from '@/store/session'
import { bootSession, ok, page, setQuery, stubApi, toastSpy, typeInto, type Call } from './project-fixtures'
import { bookProject, example, NAMING_FIELDS, namingForm, PRICES, seatProject } from './naming-fixtures'

// The payment module is another engineer's seam: the form only awaits runPayment (its HTTP is theirs to test).
// the real status card (PayState), the payment run itself stubbed
jest.mock('@/features/payment', () => ({ ...jest.requireActual('@/features/payment'), runPayment: jest.fn(async () => 'paid') }))
const pay = runPayment as jest.MockedFunction<typeof runPayment>

const titles = (spy: jest.SpyInstance) => spy.mock.calls.map((c) => c[0].title)
const plate = (donorName: string, donationMessage: string, donorIdentity = '校友') => ({ donorName, donorIdentity, donationMessage })
const CTX: NamingFormContext = { formId: 7, fields: NAMING_FIELDS, nameplateShown: true, anonymousLabel: '匿名', noneLabel: '无' }
const DONOR = { values: { name: '张赟喆', mobile: '13800138000', gradYear: '' }, codes: { mobile: '86' } }

function seatSelection(over: Partial<GmSelection> = {}): GmSelection {
  return {
    ...emptySelection(1, 1),
    seats: [
      { seatId: 101, areaId: 11, areaTitle: '一楼大厅', seat: '1排1座', priceList: PRICES, termYear: 10 },
      { seatId: 106, areaId: 11, areaTitle: '一楼大厅', seat: '2排3座', priceList: [PRICES[0]], termYear: 5 }
    ],
    ...over
  }
}

function bookSelection(over: Partial<GmSelection> = {}): GmSelection {
  return {
    ...emptySelection(30, 2),
    books: [{ bookId: 501, title: '平凡的世界', author: '路遥', imgUrl: '', unitPrice: '0.10', stock: 3, namingCount: 3 }],
    ...over
  }
}

beforeEach(() => {
  jest.restoreAllMocks()
  pay.mockClear()
  Taro.clearStorageSync()
  bootSession()
  useSession.setState({ token: 'tok-9' })
})

describe('nameplate rules (pure)', () => {
  it('needs a donor name and a message of at most 20 characters (code points)', () => {
    expect(nameplateProblem(plate('  ', '好'), 1)).toBe('naming.err.donorName')
    expect(nameplateProblem(plate('张赟喆', ' '), 1)).toBe('naming.err.message')
    expect(nameplateProblem(plate('张赟喆', '䶮'.repeat(20)), 1)).toBeNull()
    expect(nameplateProblem(plate('张赟喆', '𠀀'.repeat(20)), 1)).toBeNull()
    expect(nameplateProblem(plate('张赟喆', '䶮'.repeat(21)), 1)).toBe('naming.err.messageLong')
    // a book's identity is the donor's to write, and required
    expect(nameplateProblem(plate('张赟喆', '好', ''), 2)).toBe('naming.err.identity')
    expect(nameplateProblem(plate('张赟喆', '好', ''), 1)).toBeNull()
  })

  it('engraves alumnus on every seat plate whatever was typed; defaults anonymous / alumnus / none', () => {
    expect(normalisePlate(plate(' 张赟喆 ', ' 饮水思源 ', '教师'), 1)).toEqual(plate('张赟喆', '饮水思源', '校友'))
    expect(normalisePlate(plate('张赟喆', '读书', '教师'), 2)).toEqual(plate('张赟喆', '读书', '教师'))
    expect(defaultPlate('匿名', '无')).toEqual(plate('匿名', '无', '校友'))
  })

  it('places the words on the example by its x, y and scales pixel sizes to the drawn width', () => {
    const placed = placeElements(example(), plate('张赟喆', ''), 300)
    expect(placed.map((p) => p.text)).toEqual(['张赟喆', '校友', '寄语'])
    expect(placed[0].style).toMatchObject({ left: '50.000%', top: '30.000%', fontSize: '20.0px', color: '#5a3e1b' })
    expect(placed[0].style.transform).toBeUndefined()
  })

  it("fills a placeholder template's slot, keeps fixed text, and anchors centred lines on their middle", () => {
    const ex = example({
      configData: [
        { key: 'text', text: '藏书票', x: 300, y: 60, style: { fontSize: 28, textAlign: 'center' } },
        { key: 'donorName', text: '{捐赠人} 惠赠', x: 300, y: 140, style: { textAlign: 'center' } },
        { key: 'donationMessage', text: '{寄语}', x: 300, y: 240, style: { textAlign: 'right' } }
      ]
    })
    expect(placeElements(ex, plate('张赟喆', '书香致远'), 600).map((p) => p.text)).toEqual(['藏书票', '张赟喆 惠赠', '书香致远'])
    // nothing written yet: the example's placeholders
    expect(placeElements(ex, plate('', ''), 600).map((p) => p.text)).toEqual(['藏书票', '{捐赠人} 惠赠', '{寄语}'])
    // an English page names the empty slots in English; the school's fixed words stay
    const english = (k: string) => ({ donorName: 'Donor', donorIdentity: 'Identity', donationMessage: 'Message' })[k]!
    expect(placeElements(ex, plate('', ''), 600, english).map((p) => p.text)).toEqual(['藏书票', '{Donor} 惠赠', '{Message}'])
    // a name with a "$&" is engraved as typed, not as a replacement pattern
    expect(placeElements(ex, plate('$&', '好'), 600)[1].text).toBe('$& 惠赠')
    expect(placeElements(ex, plate('a', 'b'), 600).map((p) => p.style.transform)).toEqual([
      'translateX(-50%)',
      'translateX(-50%)',
      'translateX(-100%)'
    ])
  })

  it('checks in docs/product order and builds the seat body: periods, one plate per seat, total, namingType "1"', () => {
    const form = { payType: 1 as const, agreed: true, isAnonymous: false, ...DONOR }
    const key = (...a: Parameters<typeof validateNaming>) => validateNaming(...a)?.key ?? null
    expect(key(emptySelection(1, 1), form, CTX)).toBe('naming.err.noObject')
    expect(validateNaming(emptySelection(30, 2), form, CTX)).toEqual({ key: 'naming.err.noBook', duration: 1000 })
    const sel = seatSelection({ nameplate: plate('张赟喆', '饮水思源', '教师') })
    expect(key({ ...sel, seats: [{ ...sel.seats[0], termYear: null }] }, form, CTX)).toBe('naming.err.period')
    expect(key({ ...sel, nameplate: plate('', '好') }, form, CTX)).toBe('naming.err.donorName')
    // with the nameplate block hidden (namelate=0) nothing needs writing
    expect(key({ ...sel, nameplate: plate('', '') }, form, { ...CTX, nameplateShown: false })).toBeNull()
    // the donor's required details, as on every gift (the first missing one's placeholder); none when anonymous
    expect(validateNaming(sel, { ...form, values: { ...DONOR.values, name: ' ' } }, CTX)).toMatchObject({ text: '请输入您的姓名' })
    expect(key(sel, { ...form, values: { ...DONOR.values, mobile: '1380013' } }, CTX)).toBe('donate.field.mobileInvalid')
    expect(key(sel, { ...form, isAnonymous: true, values: {} }, CTX)).toBeNull()
    expect(key(sel, { ...form, payType: null }, CTX)).toBe('naming.err.payType')
    expect(key(sel, { ...form, agreed: false }, CTX)).toBe('naming.err.agree')
    expect(key(sel, form, CTX)).toBeNull()

    const each = { ...sel, mode: 'each' as const, nameplates: { 'seat-106': plate('李䶮', '读书明理') } }
    const body = buildNamingSubmission(each, form, CTX, 'U1')
    expect(body).toMatchObject({
      itemsType: 2,
      namingType: '1',
      itemsId: 1,
      formId: 7,
      currencyMoney: '13800.50',
      payType: 1,
      isAgree: 1,
      isAnonymous: 0
    })
    expect(body.formDataMap).toEqual({ name: '张赟喆', mobile: '86-13800138000' })
    expect(body.seatList).toEqual([
      { seatId: 101, areaId: 11, itemsId: 1, termYear: 10, donorName: '张赟喆', donorIdentity: '校友', donationMessage: '饮水思源' },
      { seatId: 106, areaId: 11, itemsId: 1, termYear: 5, donorName: '李䶮', donorIdentity: '校友', donationMessage: '读书明理' }
    ])
    expect(body.bookList).toBeUndefined()
  })

  it('builds the book body: copies, unit price, one plate for the copies, total in fixed-point, namingType "2"', () => {
    const sel = bookSelection({ nameplate: plate('张赟喆', '书香致远', '1998级校友') })
    const body = buildNamingSubmission(sel, { payType: 1, agreed: true, isAnonymous: true, ...DONOR }, CTX, 'U6')
    expect(body).toMatchObject({ namingType: '2', currencyMoney: '0.30', isAnonymous: 1, donateFrom: 'U6' })
    // an anonymous gift sends no donor details
    expect(body.formDataMap).toEqual({})
    expect(body.bookList).toEqual([
      {
        bookId: 501,
        itemsId: 30,
        namingCount: 3,
        title: '平凡的世界',
        unitPrice: '0.10',
        nameplateList: [plate('张赟喆', '书香致远', '1998级校友')]
      }
    ])
  })
})

function stubForm(extra: Record<string, (c: Call) => any> = {}) {
  return stubApi({
    itemsDetail: (c) => ok(c.query.get('id') === '30' ? bookProject() : seatProject()),
    // the campus card has its own test below: here the single cashier method is preselected
    formDetail: () => ok(namingForm({ payPlatformList: [1, 99] })),
    nameplateExample: () => ok([example(), example({ id: 2, title: '木牌样式' })]),
    checkPermission: () => ok({ errorCode: '' }),
    donate: () =>
      ok({
        orderPayRequestDTO: { billNo: 'D20260601000000ABCDEFGHIJ' },
        data: { provider: 'sandbox', url: '/cashier?billNo=D1' },
        payToken: 'pt'
      }),
    ...extra
  })
}

const submit = () => fireEvent.click(screen.getByTestId('form-gm-submit').querySelector('.at-button')!)

describe('edit (nameplate editor)', () => {
  async function openEditor(sel: GmSelection, query: Record<string, string>) {
    store.set('gm', sel)
    setQuery('/pkg-naming/edit/index', query)
    stubForm()
    render(<EditPage />)
    await screen.findByTestId('nameplate-editor')
  }
  const type = (id: string, v: string) => act(() => typeInto(screen.getByTestId(id), v))
  const confirm = () => fireEvent.click(screen.getByTestId('plate-confirm').querySelector('.at-button')!)

  const plateError = (field: string) => screen.queryByTestId(`error-${field}`)?.textContent ?? null

  it('refuses an empty donor name and a 21-character message under their inputs; keeps a valid plate and goes back', async () => {
    const toast = toastSpy()
    const back = jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'ok' } as any)
    await openEditor(seatSelection(), { id: '1', namingType: '1' })
    expect(screen.getByTestId('plate-identity-fixed').textContent).toBe('校友')
    confirm()
    expect(plateError('donorName')).toBe('铭牌捐赠人不能为空')
    expect((screen.getByTestId('plate-donor') as any).nativeProps).toEqual(
      expect.objectContaining({ 'aria-invalid': 'true', 'aria-describedby': 'fe-donorName' })
    )
    type('plate-donor', '张赟喆')
    expect(plateError('donorName')).toBeNull()
    type('plate-message', '䶮'.repeat(21))
    expect(screen.getByTestId('plate-message-left').textContent).toBe('超出 1 字')
    confirm()
    expect(plateError('donationMessage')).toBe('寄语不能超过20个字')
    expect(toast).not.toHaveBeenCalled()
    expect(back).not.toHaveBeenCalled()
    type('plate-message', '饮水思源')
    confirm()
    expect(back).toHaveBeenCalled()
    expect(store.get('gm')!.nameplate).toEqual(plate('张赟喆', '饮水思源'))
  })

  it('one by one: each object needs its own plate; the first missing one is shown', async () => {
    const toast = toastSpy()
    jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'ok' } as any)
    await openEditor(seatSelection(), { id: '1', namingType: '1', name: '张赟喆' })
    expect((screen.getByTestId('plate-donor') as any).value).toBe('张赟喆')
    fireEvent.click(screen.getByTestId('plate-mode-each'))
    fireEvent.click(screen.getByTestId('plate-object-seat-106'))
    type('plate-donor', '李䶮')
    type('plate-message', '读书明理')
    fireEvent.click(screen.getByTestId('plate-object-seat-101'))
    type('plate-message', '')
    confirm()
    expect(plateError('donationMessage')).toBe('寄语不能为空')
    expect(toast).not.toHaveBeenCalled()
    type('plate-message', '饮水思源')
    confirm()
    const gm = store.get('gm')!
    expect(gm.mode).toBe('each')
    expect(gm.nameplates['seat-106']).toEqual(plate('李䶮', '读书明理'))
    expect(gm.nameplates['seat-101']).toEqual(plate('张赟喆', '饮水思源'))
  })

  it('books: the identity is written by the donor and required', async () => {
    const toast = toastSpy()
    await openEditor(bookSelection(), { id: '30', namingType: '2' })
    type('plate-donor', '张赟喆')
    type('plate-identity', '')
    type('plate-message', '书香致远')
    confirm()
    expect(plateError('donorIdentity')).toBe('请填写捐赠人身份')
    expect(toast).not.toHaveBeenCalled()
  })

  it('English: the problem under its input', async () => {
    useSession.setState({ lang: 'en' })
    await openEditor(seatSelection(), { id: '1', namingType: '1' })
    confirm()
    expect(plateError('donorName')).toBeTruthy()
    expect(plateError('donorName')).not.toMatch(/[\u4e00-\u9fff]/)
  })
})

describe('form-gm', () => {
  async function openForm(sel: GmSelection, query: Record<string, string>, Page = FormGmPage, extra = {}) {
    store.set('gm', sel)
    setQuery('/pkg-naming/form-gm/index', query)
    const calls = stubForm(extra)
    render(<Page />)
    await screen.findByTestId('form-gm')
    return calls
  }
  const donates = (calls: Call[]) => calls.filter((c) => c.path.endsWith('/donate'))
  const error = (field: string) => screen.queryByTestId(`error-${field}`)?.textContent ?? null

  it('lists the seats with their amounts; only cashier-only pay types are offered; asks for the plate, then the agreement; pays', async () => {
    const toast = toastSpy()
    const calls = await openForm(seatSelection(), { id: '1', namingType: '1' })
    expect(screen.getByTestId('naming-total').textContent).toBe('¥13,800.50')
    expect(screen.getByTestId('naming-objects').textContent).toContain('一楼大厅 · 1排1座')
    expect(screen.getByTestId('naming-objects').textContent).toContain('¥8,800.50')
    // 99 (bank app) is not offered; the single remaining one is preselected
    expect(screen.queryByTestId('naming-pay-99')).toBeNull()
    expect(screen.getByTestId('naming-pay-1').getAttribute('data-selected')).toBe('1')
    expect(screen.getByTestId('nameplate-prompt')).toBeTruthy()
    submit()
    await waitFor(() => expect(error('nameplate')).toBe('铭牌捐赠人不能为空'), { timeout: 10000 })
    expect(toast).not.toHaveBeenCalled()
    act(() => store.set('gm', seatSelection({ nameplate: plate('张赟喆', '饮水思源', '教师') })))
    // back from the editor: the page reads the choice again when it shows
    cleanupAndReopen()
    await screen.findByTestId('nameplate-previews')
    submit()
    await waitFor(() => expect(titles(toast)).toContain('请阅读并同意捐赠协议'), { timeout: 10000 })
    expect(donates(calls)).toHaveLength(0)
    fireEvent.click(screen.getByTestId('naming-agree'))
    submit()
    await waitFor(() => expect(pay).toHaveBeenCalled(), { timeout: 10000 })
    const body = donates(calls).pop()!.data
    expect(body).toMatchObject({ itemsType: 2, namingType: '1', currencyMoney: '13800.50', payType: 1, formId: 7 })
    // the donor's details as on every gift, prefilled from their earlier answers
    expect(body.formDataMap).toEqual({ name: '张赟喆', mobile: '86-13800138000' })
    expect(body.seatList.map((s: any) => [s.seatId, s.termYear, s.donorName, s.donorIdentity])).toEqual([
      [101, 10, '张赟喆', '校友'],
      [106, 5, '张赟喆', '校友']
    ])
    expect(pay).toHaveBeenCalledWith(
      expect.objectContaining({ billNo: 'D20260601000000ABCDEFGHIJ', payType: 1, itemsId: 1, payToken: 'pt' })
    )
    // paid: the choice is spent; not the jnu flow: no 'home' mark
    expect(store.get('gm')).toBeUndefined()
    expect(store.get('home')).toBeUndefined()
  })

  function cleanupAndReopen() {
    document.body.innerHTML = ''
    render(<FormGmPage />)
  }

  it("the donor's details: prefilled from earlier answers; a cleared required one stops the order with its placeholder", async () => {
    const toast = toastSpy()
    const calls = await openForm(seatSelection({ nameplate: plate('张赟喆', '饮水思源') }), { id: '1', namingType: '1' })
    const donor = screen.getByTestId('naming-donor')
    expect((within(donor).getByTestId('field-name') as any).value).toBe('张赟喆')
    act(() => typeInto(within(donor).getByTestId('field-name'), ''))
    fireEvent.click(screen.getByTestId('naming-agree'))
    submit()
    await waitFor(() => expect(error('name')).toBe('请输入您的姓名'), { timeout: 10000 })
    expect((within(donor).getByTestId('field-name') as any).nativeProps).toEqual(
      expect.objectContaining({ 'aria-invalid': 'true', 'aria-describedby': 'fe-name' })
    )
    expect(toast).not.toHaveBeenCalled()
    expect(donates(calls)).toHaveLength(0)
    expect(pay).not.toHaveBeenCalled()
  })

  it('namelate=0 hides the nameplate block and engraves anonymous / alumnus / none', async () => {
    const calls = await openForm(seatSelection(), { id: '1', namingType: '1', namelate: '0' })
    expect(screen.queryByTestId('nameplate-card')).toBeNull()
    fireEvent.click(screen.getByTestId('naming-agree'))
    submit()
    await waitFor(() => expect(pay).toHaveBeenCalled(), { timeout: 10000 })
    const body = donates(calls).pop()!.data
    expect(body.seatList[0]).toMatchObject({ donorName: '匿名', donorIdentity: '校友', donationMessage: '无' })
  })

  it('books: copies, subtotal and the anonymous switch go into the body', async () => {
    const calls = await openForm(bookSelection({ nameplate: plate('张赟喆', '书香致远', '1998级校友') }), { id: '30', namingType: '2' })
    expect(screen.getByTestId('naming-total').textContent).toBe('¥0.30')
    expect(screen.getByTestId('naming-objects').textContent).toContain('3 本')
    fireEvent.click(screen.getByTestId('naming-agree'))
    act(() => {
      screen
        .getByTestId('naming-anonymous')
        .querySelector('taro-switch-core')!
        .dispatchEvent(new CustomEvent('change', { detail: { value: true }, bubbles: true }))
    })
    submit()
    await waitFor(() => expect(pay).toHaveBeenCalled(), { timeout: 10000 })
    const body = donates(calls).pop()!.data
    expect(body).toMatchObject({ namingType: '2', currencyMoney: '0.30', isAnonymous: 1 })
    expect(body.bookList[0]).toMatchObject({ bookId: 501, namingCount: 3, nameplateList: [plate('张赟喆', '书香致远', '1998级校友')] })
  })

  it("a seat taken meanwhile: the server's -1 is toasted, no payment starts, the choice stays", async () => {
    const toast = toastSpy()
    await openForm(seatSelection({ nameplate: plate('张赟喆', '饮水思源') }), { id: '1', namingType: '1' }, FormGmPage, {
      donate: () => ({ code: -1, message: '座位 1排1座 已被他人选择', data: null })
    })
    fireEvent.click(screen.getByTestId('naming-agree'))
    submit()
    await waitFor(() => expect(titles(toast)).toContain('座位 1排1座 已被他人选择'), { timeout: 10000 })
    expect(pay).not.toHaveBeenCalled()
    expect(store.get('gm')!.seats).toHaveLength(2)
  })

  it("a refusal naming a field (the server's donor-field rules) shows under that field, in English too; no payment", async () => {
    useSession.setState({ lang: 'en' })
    const toast = toastSpy()
    const calls = await openForm(seatSelection({ nameplate: plate('张赟喆', '饮水思源') }), { id: '1', namingType: '1' }, FormGmPage, {
      donate: () => ({ code: -1, message: 'Please enter a valid mobile number', data: { field: 'mobile' } })
    })
    fireEvent.click(screen.getByTestId('naming-pay-1'))
    fireEvent.click(screen.getByTestId('naming-agree'))
    submit()
    await waitFor(() => expect(error('mobile')).toBe('Please enter a valid mobile number'), { timeout: 10000 })
    expect(donates(calls)).toHaveLength(1)
    expect(toast).not.toHaveBeenCalled()
    expect(pay).not.toHaveBeenCalled()
  })

  it('English: a missing nameplate is said in English under the nameplates', async () => {
    useSession.setState({ lang: 'en' })
    const toast = toastSpy()
    await openForm(seatSelection(), { id: '1', namingType: '1' })
    submit()
    await waitFor(() => expect(error('nameplate')).toBeTruthy(), { timeout: 10000 })
    expect(error('nameplate')).not.toMatch(/[\u4e00-\u9fff]/)
    expect(toast).not.toHaveBeenCalled()
  })

  it("the donation form's certificate, receipt and mailing sections (docs/decisions/048): an e-receipt by e-mail, checked, then sent", async () => {
    const toast = toastSpy()
    const fire = (el: Element, type: string, value: unknown) =>
      act(() => {
        el.dispatchEvent(new CustomEvent(type, { detail: { value }, bubbles: true }))
      })
    const chip = (groupId: string, value: string | number) =>
      fireEvent.click(within(screen.getByTestId(groupId)).getByTestId(`chip-${value}`))
    const calls = await openForm(seatSelection({ nameplate: plate('张赟喆', '饮水思源') }), { id: '1', namingType: '1' })
    fireEvent.click(screen.getByTestId('naming-agree'))
    // the total 13,800.50 reaches both minimums: the certificate and receipt sections show, the name copied from the donor
    expect((screen.getByTestId('certificate-name') as any).value).toBe('张赟喆')
    fire(screen.getByTestId('receipt-switch').querySelector('taro-switch-core')!, 'change', true)
    expect((screen.getByTestId('receipt-name') as any).value).toBe('张赟喆')
    // electronic by e-mail is the default for a person; an empty e-mail stops the order with the donation form's message
    expect(within(screen.getByTestId('receipt-way')).getByTestId('chip-3').className).toMatch(/chip--on/)
    // this form asks for the ID number (isCreditCode 1), then the e-mail
    submit()
    await waitFor(() => expect(error('creditCode')).toBe('请输入身份证号'), { timeout: 10000 })
    act(() => typeInto(screen.getByTestId('receipt-code'), '32010219900101123X'))
    submit()
    await waitFor(() => expect(error('postalEmail')).toBe('请输入正确的电子邮箱'), { timeout: 10000 })
    expect(donates(calls)).toHaveLength(0)
    act(() => typeInto(screen.getByTestId('receipt-email'), 'zhang@example.com'))
    // a paper certificate by post asks for the postal address
    fire(screen.getByTestId('paper-switch').querySelector('taro-switch-core')!, 'change', true)
    chip('certificate-way', 2)
    expect(screen.getByTestId('postal-section')).toBeTruthy()
    submit()
    await waitFor(() => expect(error('region')).toBe('请选择所在地区'), { timeout: 10000 })
    expect(toast).not.toHaveBeenCalled()
    fire(screen.getByTestId('paper-switch').querySelector('taro-switch-core')!, 'change', false)
    expect(screen.queryByTestId('postal-section')).toBeNull()
    submit()
    await waitFor(() => expect(pay).toHaveBeenCalled(), { timeout: 10000 })
    const body = donates(calls).pop()!.data
    expect(body).toMatchObject({
      itemsType: 2,
      isNeedPaper: 0,
      isNeedReceipt: 1,
      receiptDonorType: 1,
      receiptDonorName: '张赟喆',
      receiptType: 2,
      receiptWay: 3,
      creditCode: '32010219900101123X',
      postalEmail: 'zhang@example.com',
      certificateDonorName: '张赟喆'
    })
    expect(body.postalAddress).toBeUndefined()
  })

  it('campus card where the form offers it: number and password required, the balance must cover the total, sent in formDataMap', async () => {
    const toast = toastSpy()
    let balance = '100.00'
    const calls = await openForm(seatSelection({ nameplate: plate('张赟喆', '饮水思源') }), { id: '1', namingType: '1' }, FormGmPage, {
      formDetail: () => ok(namingForm({ payPlatformList: [1, 9, 99] })),
      getCardBlance: () => ok({ balance })
    })
    expect(screen.queryByTestId('naming-pay-99')).toBeNull()
    fireEvent.click(screen.getByTestId('naming-pay-9'))
    fireEvent.click(screen.getByTestId('naming-agree'))
    submit()
    await waitFor(() => expect(error('stuWorkNo')).toBe('请输入学号/工号'), { timeout: 10000 })
    act(() => typeInto(screen.getByTestId('card-no'), '2020123'))
    act(() => typeInto(screen.getByTestId('card-password'), '123451'))
    submit()
    await waitFor(() => expect(titles(toast)).toContain('一卡通余额不足'), { timeout: 10000 })
    expect(donates(calls)).toHaveLength(0)
    balance = '20000.00'
    submit()
    await waitFor(() => expect(pay).toHaveBeenCalled(), { timeout: 10000 })
    const body = donates(calls).pop()!.data
    expect(body).toMatchObject({ payType: 9, itemsType: 2 })
    expect(body.formDataMap).toMatchObject({ stuWorkNo: '2020123', passwork: '123451' })
  })

  it('anonymous naming hides the certificate and receipt sections and sends none of them', async () => {
    const calls = await openForm(seatSelection({ nameplate: plate('张赟喆', '饮水思源') }), { id: '1', namingType: '1' })
    expect(screen.getByTestId('receipt-section')).toBeTruthy()
    act(() => {
      screen
        .getByTestId('naming-anonymous')
        .querySelector('taro-switch-core')!
        .dispatchEvent(new CustomEvent('change', { detail: { value: true }, bubbles: true }))
    })
    expect(screen.queryByTestId('receipt-section')).toBeNull()
    expect(screen.queryByTestId('certificate-section')).toBeNull()
    fireEvent.click(screen.getByTestId('naming-agree'))
    submit()
    await waitFor(() => expect(pay).toHaveBeenCalled(), { timeout: 10000 })
    expect(donates(calls).pop()!.data).toMatchObject({ isAnonymous: 1, isNeedReceipt: 0, isNeedPaper: 0, certificateDonorName: '' })
  })

  it("the jnu form marks local storage home so payment lands on the campaign's thank-you page", async () => {
    pay.mockResolvedValueOnce('cancelled')
    setQuery('/pkg-naming/seat-naming-jnu/form/index', { id: '1' })
    store.set('gm', seatSelection({ nameplate: plate('张赟喆', '饮水思源') }))
    stubForm()
    render(<JnuFormPage />)
    await screen.findByTestId('form-gm')
    fireEvent.click(screen.getByTestId('naming-agree'))
    submit()
    await waitFor(() => expect(pay).toHaveBeenCalled(), { timeout: 10000 })
    expect(store.get('home')).toBe('seat-naming-jnu')
    // not paid: the choice is kept for another try
    expect(store.get('gm')!.seats).toHaveLength(2)
  })
})

function showData(over: Partial<NameplateShowData> = {}): NameplateShowData {
  return {
    id: 9001,
    namingType: 1,
    itemsId: 1,
    itemsName: '礼堂座椅冠名',
    objectName: '一楼大厅 1排2座',
    donorName: '王**',
    donateTime: '2026-05-01 10:00:00',
    nameplateStatus: 2,
    nameplate: plate('王赟喆', '饮水思源'),
    rowList: [
      { fieldTitle: '冠名说明', fieldValue: '<p>座椅铭牌<img src="/files/naming/a.png"></p><script>alert(1)</script>', uiType: 'richText' }
    ],
    ...over
  }
}

describe('nameplate-detail', () => {
  async function openDetail(data: NameplateShowData) {
    setQuery('/pkg-naming/nameplate-detail/index', { type: '1', id: '9001' })
    const calls = stubApi({
      getSeatShowData: () => ok(data),
      getNameplateDetailConfig: () => ok({ bg_img: '', bg_word: '饮水思源', bottom_img: '', bg_color: 'javascript:alert(1)' }),
      list: () => ok([{ settingKey: 'school_logo', settingValue: '/files/logo.png' }])
    })
    render(<DetailPage />)
    await screen.findByTestId('nameplate-detail')
    return calls
  }

  it('shows the approved words, the logo and the rows (rich text sanitised; its images preview)', async () => {
    const preview = jest.spyOn(Taro, 'previewImage').mockResolvedValue({ errMsg: 'ok' } as any)
    const calls = await openDetail(showData())
    expect(screen.getByTestId('plate-donor-name').textContent).toBe('王赟喆')
    expect(screen.getByTestId('plate-message-text').textContent).toBe('饮水思源')
    expect(screen.queryByTestId('plate-review')).toBeNull()
    expect(screen.getByTestId('plate-logo')).toBeTruthy()
    expect(screen.getByTestId('plate-rows').innerHTML).not.toContain('<script')
    fireEvent.click(screen.getByTestId('plate-rows').querySelector('.nm-pd__thumb')!)
    expect(preview).toHaveBeenCalledWith(expect.objectContaining({ current: '/files/naming/a.png' }))
    // the colour from the config is not a colour: not applied
    expect(screen.getByTestId('nameplate-detail').innerHTML).not.toContain('javascript')
    expect(calls.find((c) => c.path.endsWith('/getSeatShowData'))!.query.get('id')).toBe('9001')
  })

  it("English: the platform's identity in English, the person's words marked as content (decision 073)", async () => {
    useSession.setState({ lang: 'en' })
    await openDetail(showData({ rowList: [{ fieldTitle: 'Donor', fieldValue: '王**', uiType: 'text' }] }))
    const identity = screen.getByTestId('plate-words').querySelector('.nm-pd__identity')!
    expect(identity.textContent).toBe('Alumnus or alumna')
    expect(identity.hasAttribute('data-content')).toBe(false)
    expect(screen.getByTestId('plate-donor-name').hasAttribute('data-content')).toBe(true)
    expect(screen.getByTestId('plate-message-text').hasAttribute('data-content')).toBe(true)
    expect(screen.getByTestId('plate-object').hasAttribute('data-content')).toBe(true)
    // a row whose value is the donor's name holds content; a donor's own identity stays as written, marked
    expect(screen.getByTestId('plate-rows').querySelector('.nm-pd__row-value')!.hasAttribute('data-content')).toBe(true)
  })

  it("a donor's own identity is shown as written, marked as content", async () => {
    useSession.setState({ lang: 'en' })
    await openDetail(showData({ nameplate: plate('王赟喆', '饮水思源', '教师') }))
    const identity = screen.getByTestId('plate-words').querySelector('.nm-pd__identity')!
    expect(identity.textContent).toBe('教师')
    expect(identity.hasAttribute('data-content')).toBe(true)
  })

  it('waiting for review: the state, and no words for others', async () => {
    await openDetail(showData({ nameplateStatus: 1, nameplate: null }))
    expect(screen.getByTestId('plate-waiting').textContent).toBe('铭牌内容审核中')
    expect(screen.getByTestId('plate-review').textContent).toBe('审核中')
  })
})

function namingRecord(): PersonalNamingRecord {
  const base = { termName: '10年', termMoney: '8800.50', expireDate: '2036-06-01', quantity: 1, reviewReason: '' }
  return {
    id: 1,
    itemsId: 1,
    itemsName: '礼堂座椅冠名',
    donateTime: '2026-06-01 10:00:00',
    donateMoney: '13800.50',
    namingType: 1,
    donateSeatList: [
      { ...base, seat: '1排1座', namingId: 11, namingType: 1, nameplate: plate('张赟喆', '饮水思源'), nameplateStatus: 1 },
      { ...base, seat: '2排3座', namingId: 12, namingType: 1, nameplate: plate('张赟喆', '饮水思源'), nameplateStatus: 2 },
      {
        ...base,
        seat: '2排4座',
        namingId: 13,
        namingType: 1,
        nameplate: plate('张赟喆', '不当内容'),
        nameplateStatus: 3,
        reviewReason: '寄语不宜公开'
      }
    ]
  }
}

describe('mine-gm', () => {
  it("shows each nameplate's review state; a returned one shows the reason and is corrected and sent back", async () => {
    const toast = toastSpy()
    let listed = 0
    const calls = stubApi({
      namingList: () => {
        listed += 1
        return ok(page([namingRecord()]))
      },
      nameplateUpdate: (c) =>
        c.data.donorName === '坏' ? { code: -1, message: '铭牌捐赠人不能为空', data: { field: 'donorName' } } : ok(null)
    })
    setQuery('/pkg-mine/mine-gm/index', {})
    render(<MineGmPage />)
    await screen.findByTestId('named-1-11')
    expect(screen.getByTestId('review-1-11').textContent).toBe('审核中')
    expect(screen.getByTestId('review-1-12').textContent).toBe('已通过')
    expect(screen.getByTestId('review-1-13').textContent).toBe('已退回')
    expect(screen.getByTestId('named-1-13').textContent).toContain('退回原因：寄语不宜公开')
    // an approved plate is final
    expect(screen.queryByTestId('plate-correct-1-12')).toBeNull()
    fireEvent.click(screen.getByTestId('plate-correct-1-13'))
    const sheet = await screen.findByTestId('plate-correct')
    act(() => typeInto(within(sheet).getByTestId('correct-message'), '䶮'.repeat(21)))
    fireEvent.click(within(sheet).getByTestId('correct-save').querySelector('.at-button')!)
    expect(within(sheet).getByTestId('error-donationMessage').textContent).toBe('寄语不能超过20个字')
    act(() => typeInto(within(sheet).getByTestId('correct-message'), '薪火相传'))
    expect(within(sheet).queryByTestId('error-donationMessage')).toBeNull()
    // the server's refusal naming an input shows under it
    act(() => typeInto(within(sheet).getByTestId('correct-donor'), '坏'))
    fireEvent.click(within(sheet).getByTestId('correct-save').querySelector('.at-button')!)
    expect((await within(sheet).findByTestId('error-donorName')).textContent).toBe('铭牌捐赠人不能为空')
    expect(toast).not.toHaveBeenCalled()
    act(() => typeInto(within(sheet).getByTestId('correct-donor'), '张赟喆'))
    fireEvent.click(within(sheet).getByTestId('correct-save').querySelector('.at-button')!)
    await waitFor(() => expect(listed).toBe(2), { timeout: 10000 })
    const post = calls.filter((c) => c.path.endsWith('/nameplateUpdate')).pop()!
    expect(post.data).toEqual({ namingType: 1, namingId: 13, donorName: '张赟喆', donorIdentity: '校友', donationMessage: '薪火相传' })
  })
})

describe('seat-naming-jnu/success', () => {
  it('says "naming succeeded" only for an order the server confirms; a bare URL says the order is missing', async () => {
    setQuery('/pkg-naming/seat-naming-jnu/success/index', {})
    const none = stubApi({})
    const { unmount } = render(<JnuSuccessPage />)
    await waitFor(() => expect(screen.getByText('订单信息不完整，请返回重新发起捐赠')).toBeTruthy())
    expect(screen.queryByTestId('jnu-success')).toBeNull()
    expect(none.length).toBe(0)
    unmount()

    setQuery('/pkg-naming/seat-naming-jnu/success/index', { billNo: 'D404' })
    stubApi({ success: () => ({ code: -1, message: '订单未支付', data: null }) })
    render(<JnuSuccessPage />)
    await waitFor(() => expect(screen.getByTestId('jnu-success-error').textContent).toContain('订单未支付'))
    expect(screen.queryByTestId('jnu-success')).toBeNull()
  })
})
