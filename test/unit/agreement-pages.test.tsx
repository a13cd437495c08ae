/**
 * The cpu agreement pages (docs/product §2 contract-cpu, §5 Contract form, §8): the form prefilled from base info and
 * disabled, each missing field shown under it in the donor's language with nothing sent (decision 081), generate -> signature page, a failed
 * generation says 'request failed, please try again later'; the alumni box for a donor without certification; the
 * signature page wants 'I agree' first; the account page copies the number; myList cards and their views. Only
 * Taro.request (and the clipboard) are stubbed.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { CpuAgreement, Envelope, UserBaseInfo } from '@contract'
import ContractPage from '@/pkg-agreement/contract-cpu/index'
import SignaturePage from '@/pkg-agreement/contract-cpu/signature/index'
import AccountPage from '@/pkg-agreement/contract-cpu/account/index'
import ListPage from '@/pkg-agreement/contract-cpu/myList/index'
import { contractProblem, prefill, toCards } from '@/features/agreement/model/contract'
import { platform } from '@/platform'
import { useSession } from '@/store/session'
import { bootSession, ok, setQuery, stubApi, toastSpy, typeInto, type Call } from './project-fixtures'

const titles = (spy: jest.SpyInstance) => spy.mock.calls.map((c) => c[0].title)
const posts = (calls: Call[]) => calls.filter((c) => c.path.endsWith('/cpu/sign/agreement/generation'))
const PROJECTS = [
  { id: 11, name: '药学创新奖学金' },
  { id: 12, name: '校园图书馆建设' }
]
const ME: UserBaseInfo = { name: '张赟喆', mobile: '+86-13800138000', idNo: '11010519491231002X', nickname: '', avatar: '' }
const PDF = '/files/agreements/cpu/0123456789abcdef0123456789abcdef/agreement-CPU2026112300000001.pdf'

function row(over: Partial<CpuAgreement> = {}): CpuAgreement {
  return {
    id: 7,
    name: '张赟喆',
    donateItemTitle: '药学创新奖学金',
    donationAmount: '123456.78',
    signTime: '2026-11-23 14:05:59',
    unilateralAgreementUrl: '/files/agreements/cpu/ab/agreement-CPU1-signed.pdf',
    mutualAgreementUrl: '',
    donationReceiptsUrl: '',
    ...over
  }
}

let nav: jest.SpyInstance
let redirect: jest.SpyInstance
beforeEach(() => {
  jest.restoreAllMocks()
  bootSession()
  useSession.setState({ token: 'tok-1', school: 'cpu' })
  nav = jest.spyOn(platform.nav, 'to').mockImplementation(() => undefined)
  redirect = jest.spyOn(platform.nav, 'redirect').mockImplementation(() => undefined)
})

describe('contract model', () => {
  const d = { name: '张', mobile: '13800138000', idNo: '11010519491231002X', donateItemId: 11, donationAmount: '100' }
  it.each([
    [{ name: ' ' }, 'contract.err.name'],
    [{ mobile: '' }, 'contract.err.mobile'],
    [{ idNo: '' }, 'contract.err.idNo'],
    [{ donateItemId: null }, 'contract.err.project'],
    [{ donationAmount: '' }, 'contract.err.amount'],
    [{ donationAmount: '0' }, 'contract.err.amountPositive'],
    [{ donationAmount: '0.00' }, 'contract.err.amountPositive'],
    [{ donationAmount: '-3' }, 'contract.err.amountPositive'],
    [{ donationAmount: '1.234' }, 'contract.err.amountPositive'],
    [{ donationAmount: '0.01' }, null]
  ])('%j -> %s', (over, key) => {
    expect(contractProblem({ ...d, ...over })).toBe(key)
  })
  it('prefills without the dialling code and knows an uncertified donor', () => {
    expect(prefill(ME)).toEqual({ name: '张赟喆', mobile: '13800138000', idNo: '11010519491231002X', certified: true })
    expect(prefill({ ...ME, idNo: '' }).certified).toBe(false)
    expect(prefill(null).certified).toBe(false)
  })
  it('cards: time to the minute, money with separators, the countersigned file first', () => {
    expect(toCards([row(), row({ id: 8, mutualAgreementUrl: '/files/m.pdf', donationReceiptsUrl: '/files/r.jpg' })])).toEqual([
      {
        id: 7,
        time: '2026-11-23 14:05',
        title: '药学创新奖学金',
        amount: '123,456.78',
        agreementUrl: row().unilateralAgreementUrl,
        receiptUrl: '',
        countersigned: false
      },
      {
        id: 8,
        time: '2026-11-23 14:05',
        title: '药学创新奖学金',
        amount: '123,456.78',
        agreementUrl: '/files/m.pdf',
        receiptUrl: '/files/r.jpg',
        countersigned: true
      }
    ])
  })
})

async function openForm(
  over: Partial<UserBaseInfo> = {},
  generation: () => Envelope<unknown> = () => ok({ id: 41, unilateralAgreementUrl: PDF, status: 'ready' })
) {
  setQuery('/pkg-agreement/contract-cpu/index', {})
  const calls = stubApi({ baseInfo: () => ok({ ...ME, ...over }), getList: () => ok(PROJECTS), generation })
  render(<ContractPage />)
  return calls
}

describe('contract-cpu', () => {
  const error = (field: string) => screen.queryByTestId(`error-${field}`)?.textContent ?? null

  it('prefills name, mobile and the masked ID number, disabled; each missing field under it in turn; generates and opens the signature page', async () => {
    const toast = toastSpy()
    const calls = await openForm()
    await screen.findByTestId('contract-form')
    const name = screen.getByTestId('contract-name') as HTMLInputElement
    expect(name.value).toBe('张赟喆')
    expect(name.disabled).toBe(true)
    expect((screen.getByTestId('contract-mobile') as HTMLInputElement).value).toBe('13800138000')
    expect((screen.getByTestId('contract-idno') as HTMLInputElement).value).toBe('110105********002X')

    fireEvent.click(screen.getByTestId('contract-generate'))
    expect(error('donateItemId')).toBe('请选择捐赠项目')
    fireEvent.click(screen.getByTestId('contract-project-value'))
    fireEvent.click(await screen.findByTestId('contract-project-option-11'))
    expect(screen.getByTestId('contract-project-value').textContent).toContain('药学创新奖学金')
    expect(error('donateItemId')).toBeNull()
    fireEvent.click(screen.getByTestId('contract-generate'))
    expect(error('donationAmount')).toBe('请输入捐赠金额')
    act(() => typeInto(screen.getByTestId('contract-amount'), '0'))
    fireEvent.click(screen.getByTestId('contract-generate'))
    expect(error('donationAmount')).toBe('捐赠金额必须为正数')
    expect((screen.getByTestId('contract-amount') as any).nativeProps).toEqual(
      expect.objectContaining({ 'aria-invalid': 'true', 'aria-describedby': 'fe-donationAmount' })
    )
    expect(toast).not.toHaveBeenCalled()
    expect(posts(calls)).toHaveLength(0)

    act(() => typeInto(screen.getByTestId('contract-amount'), '123456.78'))
    fireEvent.click(screen.getByTestId('contract-generate'))
    await waitFor(() => expect(posts(calls)).toHaveLength(1))
    expect(posts(calls)[0].data).toEqual({
      name: '张赟喆',
      mobile: '13800138000',
      idNo: '11010519491231002X',
      donateItemId: 11,
      donationAmount: '123456.78',
      canPoll: 1
    })
    await waitFor(() =>
      expect(nav).toHaveBeenCalledWith(`/pkg-agreement/contract-cpu/signature/index?id=41&pdf=${encodeURIComponent(PDF)}`)
    )
  })

  it('English problems under their fields; a failed generation toasts request failed and keeps the amount; a refusal naming a field shows there', async () => {
    useSession.setState({ lang: 'en' })
    const toast = toastSpy()
    let answer: Envelope<unknown> = { code: 500, message: 'x', data: null }
    await openForm({}, () => answer)
    await screen.findByTestId('contract-form')
    fireEvent.click(screen.getByTestId('contract-generate'))
    expect(error('donateItemId')).toBe('please select a project')
    fireEvent.click(screen.getByTestId('contract-project-value'))
    fireEvent.click(await screen.findByTestId('contract-project-option-12'))
    fireEvent.click(screen.getByTestId('contract-generate'))
    expect(error('donationAmount')).toBe('please enter the donation amount')
    expect(toast).not.toHaveBeenCalled()
    act(() => typeInto(screen.getByTestId('contract-amount'), '500'))
    fireEvent.click(screen.getByTestId('contract-generate'))
    await waitFor(() => expect(titles(toast)).toEqual(['request failed, please try again later']))
    expect(nav).not.toHaveBeenCalled()
    expect((screen.getByTestId('contract-amount') as HTMLInputElement).value).toBe('500')
    // a refusal (-1) is worded by the server in the donor's language
    answer = { code: -1, message: 'please enter a valid 18-character ID number', data: null }
    fireEvent.click(screen.getByTestId('contract-generate'))
    await waitFor(() => expect(titles(toast)[1]).toBe('please enter a valid 18-character ID number'))
    answer = { code: -1, message: 'the amount may not exceed 100000000', data: { field: 'donationAmount' } }
    fireEvent.click(screen.getByTestId('contract-generate'))
    await waitFor(() => expect(error('donationAmount')).toBe('the amount may not exceed 100000000'))
    expect(titles(toast)).toHaveLength(2)
  })

  it('a donor without a certified name or ID number sees the alumni box, not the form', async () => {
    await openForm({ idNo: '' })
    await screen.findByTestId('contract-alumni')
    expect(screen.getByTestId('contract-alumni').textContent).toContain('尚未完成校友认证')
    expect(screen.queryByTestId('contract-form')).toBeNull()
  })

  it('the icon leads to myList', async () => {
    await openForm()
    fireEvent.click(screen.getByTestId('contract-mylist'))
    expect(nav).toHaveBeenCalledWith('/pkg-agreement/contract-cpu/myList/index')
  })
})

describe('contract-cpu/signature', () => {
  it("shows the pages and asks for 'I agree' before the pad opens", async () => {
    const toast = toastSpy()
    setQuery('/pkg-agreement/contract-cpu/signature/index', { id: '41', pdf: PDF })
    const calls = stubApi({ pages: () => ok(['/files/agreements/cpu/x/page-1.jpg', '/files/agreements/cpu/x/page-2.jpg']) })
    render(<SignaturePage />)
    await waitFor(() => expect(screen.getAllByTestId('agreement-page')).toHaveLength(2))
    expect(calls.find((c) => c.path.endsWith('/sign/agreement/pages'))!.query.get('url')).toBe(PDF)
    fireEvent.click(screen.getByTestId('agreement-sign'))
    await waitFor(() => expect(titles(toast)).toEqual(['请先阅读协议并勾选同意']))
    expect(screen.queryByTestId('signature-sheet')).toBeNull()
    fireEvent.click(screen.getByTestId('agreement-agree'))
    fireEvent.click(screen.getByTestId('agreement-sign'))
    expect(screen.getByTestId('signature-sheet')).toBeTruthy()
    expect(screen.getByTestId('signature-clear').textContent).toBe('清除')
    // finishing an untouched pad: nothing is sent
    fireEvent.click(screen.getByTestId('signature-finish'))
    expect(calls.filter((c) => c.path.endsWith('/signature'))).toHaveLength(0)
  })
})

describe('contract-cpu/account', () => {
  it('shows the school’s bank account; copy toasts; close goes to myList', async () => {
    const toast = toastSpy()
    const copy = jest.spyOn(Taro, 'setClipboardData').mockResolvedValue({ errMsg: 'ok' } as any)
    stubApi({
      getSettingValue: () =>
        ok(
          JSON.stringify({
            bankName: '中国工商银行南京童家巷支行',
            accountName: '中国药科大学教育发展基金会',
            accountNo: '4301 0111 0910 0123 456'
          })
        )
    })
    render(<AccountPage />)
    await screen.findByTestId('contract-bank')
    expect(screen.getByTestId('bank-name').textContent).toBe('中国工商银行南京童家巷支行')
    expect(screen.getByTestId('bank-account-no').textContent).toBe('4301 0111 0910 0123 456')
    fireEvent.click(screen.getByTestId('bank-copy'))
    await waitFor(() => expect(copy).toHaveBeenCalledWith({ data: '4301011109100123456' }))
    await waitFor(() => expect(titles(toast)).toEqual(['账号已复制到剪贴板']))
    fireEvent.click(screen.getByTestId('account-close'))
    expect(redirect).toHaveBeenCalledWith('/pkg-agreement/contract-cpu/myList/index')
  })

  it('says so when the school has no account', async () => {
    stubApi({ getSettingValue: () => ok('') })
    render(<AccountPage />)
    expect((await screen.findByTestId('contract-bank-none')).textContent).toContain('尚未设置收款账户')
  })
})

describe('contract-cpu/myList', () => {
  it('cards with time to the minute, project and amount; no receipt yet; the agreement full screen as pages', async () => {
    const toast = toastSpy()
    stubApi({ getMySign: () => ok([row()]), pages: () => ok(['/files/agreements/cpu/ab/page-1.jpg']) })
    render(<ListPage />)
    const cards = await screen.findAllByTestId('agreement-card')
    expect(cards).toHaveLength(1)
    expect(screen.getByTestId('agreement-card-time').textContent).toBe('2026-11-23 14:05')
    expect(screen.getByTestId('agreement-card-title').textContent).toBe('药学创新奖学金')
    expect(screen.getByTestId('agreement-card-amount').textContent).toBe('¥123,456.78')
    fireEvent.click(screen.getByTestId('agreement-card-receipt'))
    await waitFor(() => expect(titles(toast)).toEqual(['暂无票据']))
    fireEvent.click(screen.getByTestId('agreement-card-view'))
    await screen.findByTestId('agreement-fullscreen')
    await waitFor(() => expect(screen.getAllByTestId('agreement-page')).toHaveLength(1))
    fireEvent.click(screen.getByTestId('fullscreen-close'))
    expect(screen.queryByTestId('agreement-fullscreen')).toBeNull()
  })

  it('a countersigned agreement says so, opens the countersigned pages, and its receipt image full screen', async () => {
    const calls = stubApi({
      getMySign: () =>
        ok([
          row(),
          row({
            id: 8,
            mutualAgreementUrl: '/files/agreements/cpu/cd/agreement-x-countersigned.pdf',
            donationReceiptsUrl: '/files/agreements/cpu/ef/receipt-x.png'
          })
        ]),
      pages: () => ok(['/files/agreements/cpu/cd/page-1.jpg', '/files/agreements/cpu/cd/page-2.jpg'])
    })
    render(<ListPage />)
    await screen.findAllByTestId('agreement-card')
    expect(screen.getAllByTestId('agreement-card-state').map((e) => e.textContent)).toEqual([
      '已签署，待基金会盖章会签',
      '基金会已盖章会签'
    ])
    fireEvent.click(screen.getAllByTestId('agreement-card-view')[1])
    await waitFor(() => expect(screen.getAllByTestId('agreement-page')).toHaveLength(2))
    expect(
      calls.some((c) => c.path.endsWith('/pages') && c.query.get('url') === '/files/agreements/cpu/cd/agreement-x-countersigned.pdf')
    ).toBe(true)
    fireEvent.click(screen.getByTestId('fullscreen-close'))
    fireEvent.click(screen.getAllByTestId('agreement-card-receipt')[1])
    expect((await screen.findByTestId('fullscreen-image')).getAttribute('src')).toContain('/files/agreements/cpu/ef/receipt-x.png')
  })

  it('an empty list says so, in English too', async () => {
    useSession.setState({ lang: 'en' })
    stubApi({ getMySign: () => ok([]) })
    render(<ListPage />)
    expect((await screen.findByTestId('mylist-empty')).textContent).toContain('No signed agreements yet')
  })
})
