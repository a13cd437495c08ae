/**
 * The giving form (decision 025): presets in plain yuan, the first pay type this target can complete preselected,
 * optional details folded, the form kept through a cancelled or failed payment (and restored from the typed storage
 * when it is opened again), one currency format, receipt defaults and the directory's totals line.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import FormPage from '@/pkg-donate/form/index'
import { runPayment } from '@/features/payment'
import { restoreDraft, draftOf, DRAFT_TTL_MS } from '@/features/donate/model/draft'
import { initialState } from '@/features/donate/model/form-state'
import { totalsText } from '@/features/directory/model/donor-row'
import { formatCurrency } from '@/lib/money'
import { translate } from '@/lib/i18n'
import { offeredPayTypes } from '@/platform/payment/capability'
import { useSession } from '@/store/session'
import { store } from '@/platform/storage-keys'
import { bootSession, ok, setQuery, stubApi, toastSpy, typeInto, type Call } from './project-fixtures'
import { ctxOf, formConfig, moneyProject, SUB_PRICES } from './donate-fixtures'
import type { FormConfig, Project } from '@contract'

// the payment module's own journey is tested in payment-run; the form awaits its outcome
// the real status card (PayState), the payment run itself stubbed
jest.mock('@/features/payment', () => ({ ...jest.requireActual('@/features/payment'), runPayment: jest.fn(async () => 'paid') }))
const pay = runPayment as jest.MockedFunction<typeof runPayment>

function stubForm(p: Project, form: FormConfig): Call[] {
  return stubApi({
    itemsDetail: () => ok(p),
    formDetail: () => ok(form),
    itemsSubPrice: () => ok(SUB_PRICES),
    checkPermission: () => ok({ errorCode: '' }),
    // a donor who agreed to the privacy policy already (decision 041); the first-gift consent has its own test
    status: () => ok({ version: 1, consented: 1, consentedAt: '2026-01-01 08:00:00' }),
    getAreaList4sort: () => ok([{ area: '中国大陆', areaCode: '+86' }]),
    donate: () => ok({ orderPayRequestDTO: { billNo: 'D2026' }, data: { provider: 'sandbox', url: '/sandbox/cashier?billNo=D2026' } })
  })
}

async function openForm(p: Project = moneyProject({ isSub: 0 }), form: FormConfig = formConfig()) {
  setQuery('/pkg-donate/form/index', { id: String(p.id) })
  const calls = stubForm(p, form)
  const view = render(<FormPage />)
  await screen.findByTestId('donate-form')
  return { calls, view }
}

const chip = (group: string, value: string | number) => fireEvent.click(within(screen.getByTestId(group)).getByTestId(`chip-${value}`))
const type = (testId: string, value: string) => act(() => typeInto(screen.getByTestId(testId), value))
const submit = () => fireEvent.click(screen.getByTestId('submit').querySelector('.at-button')!)
const donates = (calls: Call[]) => calls.filter((c) => c.path.endsWith('/donate'))
const chipOn = (group: string, value: string | number) =>
  within(screen.getByTestId(group)).getByTestId(`chip-${value}`).className.includes('dn-chip--on')
const payOn = (code: number) => !!screen.getByTestId(`pay-${code}`).querySelector('.dn-radio--on')

// whole-form renders on a loaded 2-core machine
jest.setTimeout(30000)

beforeEach(() => {
  jest.restoreAllMocks()
  pay.mockReset()
  pay.mockImplementation(async () => 'paid')
  window.localStorage.clear()
  bootSession()
  useSession.setState({ token: 'tok-1' })
})

describe('the giving form', () => {
  it('shows presets in plain yuan with their captions and preselects the first offered pay type', async () => {
    await openForm(moneyProject({ isSub: 0 }), formConfig({ payPlatformList: [2, 1] }))
    const chips = within(screen.getByTestId('amount-chips'))
    expect(chips.getByTestId('chip-100.00').textContent).toBe('¥100一份心意')
    expect(chips.getByTestId('chip-1000.00').textContent).toBe('¥1,000一个月生活费')
    expect(payOn(2)).toBe(true)
    expect(payOn(1)).toBe(false)
    // the amount placeholder and the bar use the same format
    expect(screen.getByTestId('amount-input').getAttribute('placeholder')).toBe('最低 ¥1')
    chip('amount-chips', '500.00')
    expect(screen.getByTestId('bar-total').textContent).toBe('¥500.00')
  })

  it('offers only what this target can complete: no dead options', () => {
    expect(offeredPayTypes([2, 14, 1, 9], 'weapp')).toEqual([1, 9])
    expect(offeredPayTypes([2, 14, 1, 9], 'alipay')).toEqual([2, 9])
    expect(offeredPayTypes([14, 99], 'weapp')).toEqual([99])
  })

  it('folds optional fields, the certificate and the receipt under "Add details"; required fields stay', async () => {
    await openForm()
    chip('amount-chips', '1000.00')
    expect(screen.getByTestId('field-name')).toBeTruthy()
    expect(screen.getByTestId('field-mobile')).toBeTruthy()
    expect(screen.queryByTestId('field-children')).toBeNull()
    expect(screen.queryByTestId('field-message')).toBeNull()
    expect(screen.queryByTestId('certificate-section')).toBeNull()
    expect(screen.queryByTestId('receipt-section')).toBeNull()
    expect(screen.getByTestId('details-toggle').textContent).toContain('填写更多信息')
    expect(screen.getByTestId('details-toggle').getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(screen.getByTestId('details-toggle'))
    expect(screen.getByTestId('field-children')).toBeTruthy()
    expect(screen.getByTestId('certificate-section')).toBeTruthy()
    expect(screen.getByTestId('receipt-section')).toBeTruthy()
    expect(screen.getByTestId('details-toggle').getAttribute('aria-expanded')).toBe('true')
  })

  it('a typical gift: a preset, the required answers, the agreement and one tap posts with the preselected pay type', async () => {
    const { calls } = await openForm(moneyProject({ isSub: 0 }), formConfig({ payPlatformList: [1, 2] }))
    chip('amount-chips', '100.00')
    type('field-name', '张赟喆')
    type('field-mobile', '13800138000')
    chip('field-isAlumnus', 0)
    submit()
    await waitFor(() => expect(donates(calls)).toHaveLength(1), { timeout: 10000 })
    expect(donates(calls)[0].data).toEqual(
      expect.objectContaining({ currencyMoney: '100.00', payType: 1, isNeedReceipt: 0, isNeedPaper: 0 })
    )
  })

  it('a problem in a folded field opens "Add details"', async () => {
    const toast = toastSpy()
    await openForm()
    chip('amount-chips', '100.00')
    type('field-name', '张赟喆')
    type('field-mobile', '13800138000')
    chip('field-isAlumnus', 0)
    fireEvent.click(screen.getByTestId('details-toggle'))
    type('field-children', '0')
    fireEvent.click(screen.getByTestId('details-toggle'))
    expect(screen.queryByTestId('field-children')).toBeNull()
    submit()
    await waitFor(() => expect(screen.getByTestId('details-toggle').getAttribute('aria-expanded')).toBe('true'), { timeout: 10000 })
    // the problem is said under the field (decision 061), not in a toast
    expect(screen.getByTestId('error-children').textContent).toBe('同行人数必须为正整数')
    expect(toast).not.toHaveBeenCalled()
    expect((screen.getByTestId('field-children') as any).value).toBe('0')
    expect(pay).not.toHaveBeenCalled()
  })

  it('a failed payment keeps the form as it was, says so and retries; reopening restores the draft; paid clears it', async () => {
    pay.mockImplementationOnce(async () => 'failed')
    const { calls, view } = await openForm()
    chip('amount-chips', '500.00')
    type('field-name', '张赟喆')
    type('field-mobile', '13800138000')
    chip('field-isAlumnus', 0)
    fireEvent.click(screen.getByTestId('details-toggle'))
    type('field-children', '2')
    fireEvent.click(screen.getByTestId('pay-2'))
    submit()
    await screen.findByTestId('pay-outcome', {}, { timeout: 10000 })
    expect(screen.getByTestId('pay-outcome').getAttribute('data-outcome')).toBe('failed')
    expect(screen.getByTestId('pay-outcome').textContent).toContain('支付未成功')
    expect(screen.getByTestId('pay-outcome').textContent).toContain('您填写的内容都已保留')
    // as it was left
    expect(chipOn('amount-chips', '500.00')).toBe(true)
    expect((screen.getByTestId('field-name') as any).value).toBe('张赟喆')
    expect((screen.getByTestId('field-children') as any).value).toBe('2')
    expect(payOn(2)).toBe(true)
    const stored = JSON.parse(window.localStorage.getItem('donateDraft')!)
    expect(JSON.stringify(stored)).toContain('张赟喆')

    // the form opened again (a provider's page, a reload): the draft comes back with its banner
    view.unmount()
    await openForm()
    expect(screen.getByTestId('pay-outcome').getAttribute('data-outcome')).toBe('restored')
    expect(chipOn('amount-chips', '500.00')).toBe(true)
    expect((screen.getByTestId('field-mobile') as any).value).toBe('13800138000')
    expect(chipOn('field-isAlumnus', 0)).toBe(true)
    expect((screen.getByTestId('field-children') as any).value).toBe('2')
    expect(payOn(2)).toBe(true)

    // retry pays with the same answers; paid: the draft is gone
    fireEvent.click(screen.getByTestId('pay-retry').querySelector('.at-button')!)
    await waitFor(() => expect(pay).toHaveBeenCalledTimes(2), { timeout: 10000 })
    expect(pay.mock.calls[1][0]).toEqual(expect.objectContaining({ payType: 2, keepForm: true }))
    const bodies = donates(calls).map((c) => c.data as Record<string, unknown>)
    expect(bodies.at(-1)).toEqual(expect.objectContaining({ currencyMoney: '500.00', payType: 2 }))
    expect(bodies.at(-1)!.formDataMap).toEqual(expect.objectContaining({ name: '张赟喆', children: '2', isAlumnus: '0' }))
    await waitFor(() => expect(window.localStorage.getItem('donateDraft')).toBeNull())
  })

  it('consent: stated beside the pay button with the agreement linked, given by that button alone (decision 025)', async () => {
    useSession.setState({ baseConfig: { ...useSession.getState().baseConfig!, agreeTitle: '捐赠协议书' } as any })
    const { calls } = await openForm(moneyProject({ isSub: 0 }), formConfig({ fieldList: [], payPlatformList: [1] }))
    // no tick to find: the sentence and the link sit in the bar, right above the button whose words give consent
    expect(screen.queryByTestId('agree-check')).toBeNull()
    const bar = screen.getByTestId('submit').parentElement!.parentElement!
    expect(within(bar).getByTestId('agreement').textContent).toBe('点击“同意并捐赠”即表示您已阅读并同意《捐赠协议书》和《隐私政策》')
    expect(screen.getByTestId('submit').textContent).toBe('同意并捐赠')
    fireEvent.click(screen.getByTestId('agree-link'))
    // one tap for a typical gift: ¥100 starts chosen (decision 061), then the button
    submit()
    await waitFor(() => expect(donates(calls)).toHaveLength(1), { timeout: 10000 })
    expect(donates(calls)[0].data).toEqual(expect.objectContaining({ isAgree: 1, currencyMoney: '100.00', payType: 1 }))
  })

  it('"Pay again" never supplies a consent the donor did not give: a draft without it is refused with the agreement message', async () => {
    const toast = toastSpy()
    const ctx = ctxOf({ project: moneyProject({ isSub: 0 }), form: formConfig({ fieldList: [], payPlatformList: [1] }) })
    const d = draftOf(ctx, { ...initialState(ctx), fixedMoney: '100.00', agreed: false })
    store.set('donateDraft', d)
    const { calls } = await openForm(moneyProject({ isSub: 0 }), formConfig({ fieldList: [], payPlatformList: [1] }))
    expect(screen.getByTestId('pay-outcome').getAttribute('data-outcome')).toBe('restored')
    fireEvent.click(screen.getByTestId('pay-retry').querySelector('.at-button')!)
    await waitFor(() => expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: '请先阅读并同意捐赠协议' })), {
      timeout: 10000
    })
    expect(donates(calls)).toHaveLength(0)
    // the button that states the consent sends it
    submit()
    await waitFor(() => expect(donates(calls)).toHaveLength(1), { timeout: 10000 })
    expect(donates(calls)[0].data).toEqual(expect.objectContaining({ isAgree: 1 }))
  })

  it('in English the consent sentence is English and an English agreement title has no book-title marks', async () => {
    bootSession({}, 'en')
    useSession.setState({ token: 'tok-1', baseConfig: { ...useSession.getState().baseConfig!, agreeTitle: 'Donation Agreement' } as any })
    await openForm(moneyProject({ isSub: 0 }), formConfig({ fieldList: [], payPlatformList: [1] }))
    expect(screen.getByTestId('agreement').textContent).toBe(
      'By tapping “Agree and give” you accept Donation Agreement and the Privacy policy'
    )
    expect(screen.getByTestId('submit').textContent).toBe('Agree and give')
  })

  it('a cancelled payment: the banner says cancelled', async () => {
    pay.mockImplementationOnce(async () => 'cancelled')
    await openForm()
    chip('amount-chips', '100.00')
    type('field-name', '张赟喆')
    type('field-mobile', '13800138000')
    chip('field-isAlumnus', 0)
    submit()
    await screen.findByTestId('pay-outcome', {}, { timeout: 10000 })
    expect(screen.getByTestId('pay-outcome').getAttribute('data-outcome')).toBe('cancelled')
    expect(chipOn('amount-chips', '100.00')).toBe(true)
  })
})

describe('the draft', () => {
  const ctx = ctxOf({ project: moneyProject({ isSub: 0 }), form: formConfig({ payPlatformList: [1, 2] }) })
  const fresh = initialState(ctx)
  it('is for one project and one visit, and drops what is no longer offered', () => {
    const s = {
      ...fresh,
      fixedMoney: '500.00',
      payType: 2 as const,
      values: { ...fresh.values, name: '张', secret: 'pw-field-9x' },
      passwork: 'pw-card-7y'
    }
    const now = Date.now()
    const d = draftOf(ctx, s, now)
    expect(JSON.stringify(d)).not.toContain('pw-card-7y')
    expect(JSON.stringify(d)).not.toContain('pw-field-9x')
    expect(restoreDraft(d, ctx, fresh, now)).toEqual(expect.objectContaining({ fixedMoney: '500.00', payType: 2, passwork: '' }))
    expect(restoreDraft({ ...d, itemsId: 99 }, ctx, fresh, now)).toBeNull()
    expect(restoreDraft(d, ctx, fresh, now + DRAFT_TTL_MS + 1)).toBeNull()
    const other = ctxOf({
      project: moneyProject({ isSub: 0, fixMoney: [{ title: 'x', money: '50.00' }] }),
      form: formConfig({ payPlatformList: [1] })
    })
    const r = restoreDraft(d, other, initialState(other), now)!
    expect([r.fixedMoney, r.payType, r.values.name]).toEqual([null, 1, '张'])
    expect(restoreDraft({ ...d, state: { fixedMoney: 5, agreed: 'yes' } }, ctx, fresh, now)).toEqual(fresh)
  })
})

describe('one currency format', () => {
  it('¥ with thousands separators and two decimals; presets without .00', () => {
    expect(formatCurrency('1234.5')).toBe('¥1,234.50')
    expect(formatCurrency('1234567.891')).toBe('¥1,234,567.89')
    expect(formatCurrency('200.00', { whole: true })).toBe('¥200')
    expect(formatCurrency('200.50', { whole: true })).toBe('¥200.50')
    expect(formatCurrency('10000', { whole: true })).toBe('¥10,000')
    expect(formatCurrency('-12.3')).toBe('-¥12.30')
    expect(formatCurrency('')).toBe('¥0.00')
  })
  it('the directory totals line: same format, unlisted and offline money said apart, in both languages', () => {
    const zh = (k: any, p?: any) => translate('zh_CN', k, p)
    const en = (k: any, p?: any) => translate('en', k, p)
    expect(totalsText({ totalCount: 3, totalMoney: '1234.50' }, zh)).toBe('共 3 笔捐赠，合计 ¥1,234.50')
    expect(totalsText({ totalCount: 3, totalMoney: '1234.50', unlistedCount: 1, offlineMoney: '50000.00' }, zh)).toBe(
      '共 3 笔捐赠，合计 ¥1,234.50；其中 1 笔应捐赠人要求未列出；另有线下捐赠 ¥50,000.00'
    )
    expect(totalsText({ totalCount: 3, totalMoney: '1234.50', offlineMoney: '50000.00' }, en)).toBe(
      '3 gifts, ¥1,234.50 in total; plus ¥50,000.00 given offline'
    )
  })
})
