import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { ReceiptConfig, ReceiptLastUserInfo, ReceiptRecord } from '@contract'
import PaperPage from '@/pkg-cert/mine-paper/index'
import PaperDetailPage from '@/pkg-cert/mine-paper-detail/index'
import { useSession } from '@/store/session'
import { bootSession, ok, page, setQuery, stubApi, toastSpy, typeInto, type Call } from './project-fixtures'
import { receipt, receiptConfig, stay } from './certificate-fixtures'

const ROWS = [receipt({ id: 41, status: 1 }), receipt({ id: 42, status: 7, itemsName: '励志奖学金', fileUrl: '/files/receipts/r-42.pdf' })]

function stubReceipt(cfg: ReceiptConfig = receiptConfig(), last: ReceiptLastUserInfo = null, extra: Record<string, (c: Call) => any> = {}) {
  return stubApi({
    detail: (c) => (c.path.endsWith('/config/detail') ? ok(cfg) : ok(ROWS.find((r) => String(r.id) === c.query.get('id')))),
    page: (c) => {
      if (c.path.endsWith('/stay/page')) return ok(page([stay({ id: 301 }), stay({ id: 302, itemsName: '励志奖学金' })]))
      const status = c.query.get('status')
      return ok(page(ROWS.filter((r) => status === '0' || (status === '1' ? r.status === 1 : r.status !== 1))))
    },
    lastUserInfo: () => ok(last),
    getAreaList4sort: () => ok([{ area: '中国大陆', areaCode: '+86' }]),
    insert: () => ok({ ids: [51] }),
    ...extra
  })
}

const tap = (id: string) => fireEvent.click(screen.getByTestId(id))
const type = (id: string, v: string) => act(() => typeInto(screen.getByTestId(id), v))
const toasts = (spy: jest.SpyInstance) => spy.mock.calls.map((c) => c[0].title)
/** The problem shown under a field (form-kit FieldErrorText), or null. */
const under = (field: string) => screen.queryByTestId(`error-${field}`)?.textContent ?? null
const inserts = (calls: Call[]) => calls.filter((c) => c.path.endsWith('/receipt/insert'))
const listCalls = (calls: Call[]) => calls.filter((c) => c.path.endsWith('/receipt/page'))

async function open(cfg?: ReceiptConfig, last: ReceiptLastUserInfo = null, extra?: Record<string, (c: Call) => any>) {
  setQuery('/pkg-cert/mine-paper/index', {})
  const calls = stubReceipt(cfg, last, extra)
  render(<PaperPage />)
  await screen.findByTestId('receipt-screen')
  await screen.findByTestId('receipt-item-42')
  return calls
}

async function toForm(ids: number[] = [301]) {
  tap('receipt-apply')
  await screen.findByTestId('receipt-pick-301')
  ids.forEach((id) => tap(`receipt-pick-${id}`))
  tap('receipt-next')
  await screen.findByTestId('receipt-donor')
}

beforeEach(() => {
  jest.restoreAllMocks()
  bootSession()
  useSession.setState({ token: 'tok-1' })
})
afterEach(cleanup)

describe('mine-paper list', () => {
  it('has tabs All / Making out invoice / Invoiced sending status 0/1/2 and status chips', async () => {
    const calls = await open()
    expect(screen.getByTestId('receipt-tab-0').textContent).toBe('全部')
    expect(screen.getByTestId('receipt-tab-1').textContent).toBe('开票中')
    expect(screen.getByTestId('receipt-tab-2').textContent).toBe('已开票')
    expect(screen.getByTestId('receipt-status-41').textContent).toBe('开票中')
    expect(screen.getByTestId('receipt-status-41').dataset.tone).toBe('green')
    expect(screen.getByTestId('receipt-status-42').textContent).toBe('已发送')
    expect(screen.getByTestId('receipt-status-42').dataset.tone).toBe('yellow')
    tap('receipt-tab-1')
    await screen.findByTestId('receipt-item-41')
    expect(screen.queryByTestId('receipt-item-42')).toBeNull()
    expect(listCalls(calls).map((c) => c.query.get('status'))).toEqual(['0', '1'])
    expect(listCalls(calls)[0].query.get('limit')).toBe('10')
  })

  it('offers the apply button only when validType is not 0', async () => {
    await open(receiptConfig({ validType: 0 }))
    expect(screen.queryByTestId('receipt-apply')).toBeNull()
    cleanup()
    await open(receiptConfig({ validType: 2 }))
    expect(screen.getByTestId('receipt-apply')).toBeTruthy()
  })
})

describe('receipt application', () => {
  it('an enterprise receipt by e-mail: picks, validates, submits once, success reloads the list', async () => {
    const toast = toastSpy()
    const calls = await open()
    tap('receipt-apply')
    await screen.findByTestId('receipt-pick-301')
    tap('receipt-next')
    expect(toasts(toast)).toEqual(['请至少选择一笔捐赠'])
    tap('receipt-pick-301')
    tap('receipt-next')
    await screen.findByTestId('receipt-donor')
    // defaults that fit an individual donor: a person, electronic, its first way
    expect(screen.getByTestId('receipt-donor-type-1').dataset.selected).toBe('1')
    expect(screen.getByTestId('receipt-type-2').dataset.selected).toBe('1')
    expect(screen.getByTestId('receipt-way-3').dataset.selected).toBe('1')
    tap('receipt-donor-type-2')
    tap('receipt-type-1')
    expect(screen.getByTestId('receipt-way-1').dataset.selected).toBe('1')
    expect(screen.getByTestId('receipt-pickup-address').textContent).toBe('鼓楼校区财务处 105 室')
    tap('receipt-type-2')
    expect(screen.getByTestId('receipt-way-3').dataset.selected).toBe('1')
    expect(screen.queryByTestId('receipt-way-1')).toBeNull()
    // each problem under its own field (decision 077): the input says it is invalid and which line says why
    const shown = toasts(toast).length
    tap('receipt-submit')
    expect(under('donorName')).toBe('请输入单位名称')
    expect((screen.getByTestId('receipt-name') as any).nativeProps).toEqual(
      expect.objectContaining({ 'aria-invalid': 'true', 'aria-describedby': 'fe-donorName' })
    )
    type('receipt-name', '南京赟喆科技有限公司')
    expect(under('donorName')).toBeNull()
    expect((screen.getByTestId('receipt-name') as any).nativeProps['aria-invalid']).toBeUndefined()
    tap('receipt-submit')
    expect(under('creditCode')).toBe('请输入统一社会信用代码')
    type('receipt-credit-code', '91320102MA1XXXXX0')
    tap('receipt-submit')
    expect(under('creditCode')).toBe('请输入合法的统一社会信用代码')
    type('receipt-credit-code', '91320102MA1XXXXX0Y')
    tap('receipt-submit')
    expect(under('postalEmail')).toBe('请输入电子邮箱')
    type('receipt-email', 'finance@example')
    tap('receipt-submit')
    expect(under('postalEmail')).toBe('请输入正确的电子邮箱')
    expect(toasts(toast).length).toBe(shown)
    type('receipt-email', 'finance@example.com')
    expect(inserts(calls)).toHaveLength(0)
    const before = listCalls(calls).length
    tap('receipt-submit')
    tap('receipt-submit')
    await screen.findByTestId('receipt-success')
    expect(inserts(calls)).toHaveLength(1)
    expect(inserts(calls)[0].data).toEqual({
      donorType: 2,
      donorName: '南京赟喆科技有限公司',
      creditCode: '91320102MA1XXXXX0Y',
      receiptType: 2,
      receiptWay: 3,
      postalEmail: 'finance@example.com',
      donateRecordIds: [301]
    })
    tap('receipt-success-confirm')
    await screen.findByTestId('receipt-item-42')
    expect(listCalls(calls).length).toBe(before + 1)
  })

  it('a personal receipt by SMS prefilled from lastUserInfo; the ID is optional without isCreditCode', async () => {
    const calls = await open(receiptConfig({ isCreditCode: 0 }), {
      donorType: 1,
      donorName: '张赟喆',
      creditCode: '',
      receiptType: 2,
      receiptWay: 4,
      postalMobileSms: '86-13900139000'
    })
    await toForm([301, 302])
    expect(screen.getByTestId('receipt-donor-type-1').dataset.selected).toBe('1')
    expect((screen.getByTestId('receipt-name') as any).value).toBe('张赟喆')
    expect(screen.getByTestId('receipt-credit-code').getAttribute('placeholder')).toBe('选填，18位身份证号')
    expect((screen.getByTestId('receipt-sms') as any).value).toBe('13900139000')
    tap('receipt-submit')
    await waitFor(() => expect(inserts(calls)).toHaveLength(1))
    expect(inserts(calls)[0].data).toEqual({
      donorType: 1,
      donorName: '张赟喆',
      receiptType: 2,
      receiptWay: 4,
      postalMobileSms: '86-13900139000',
      donateRecordIds: [301, 302]
    })
  })

  it("paper express asks for address, recipient and a valid mobile; the server's refusal is toasted", async () => {
    const toast = toastSpy()
    const calls = await open(receiptConfig(), null, { insert: () => ({ code: -1, message: '所选捐赠已申请过票据', data: null }) })
    await toForm()
    tap('receipt-donor-type-1')
    type('receipt-name', '张赟喆')
    type('receipt-credit-code', '32010219900101123X')
    tap('receipt-type-1')
    tap('receipt-way-2')
    tap('receipt-submit')
    expect(under('postalAddress')).toBe('请输入收件地址')
    type('receipt-address', '江苏省南京市玄武区北京东路 41 号')
    type('receipt-contact', '张赟喆')
    type('receipt-mobile', '139')
    tap('receipt-submit')
    expect(under('postalMobile')).toBe('请输入合法的联系电话')
    expect((screen.getByTestId('receipt-mobile') as any).nativeProps['aria-invalid']).toBe('true')
    type('receipt-mobile', '13900139000')
    tap('receipt-submit')
    await waitFor(() => expect(toasts(toast)).toContain('所选捐赠已申请过票据'))
    expect(inserts(calls)[0].data).toMatchObject({
      receiptType: 1,
      receiptWay: 2,
      postalMobile: '86-13900139000',
      creditCode: '32010219900101123X'
    })
    expect(screen.queryByTestId('receipt-success')).toBeNull()
  })

  it('shows a refusal naming a field (data.field) under that field in English, without a toast', async () => {
    useSession.setState({ lang: 'en' })
    const toast = toastSpy()
    const calls = await open(receiptConfig(), null, {
      insert: () => ({ code: -1, message: 'The credit code is not registered', data: { field: 'creditCode' } })
    })
    await toForm()
    type('receipt-name', 'Nanjing Yunzhe Technology Co., Ltd.')
    type('receipt-credit-code', '91320102MA1XXXXX0Y')
    type('receipt-email', 'finance@example.com')
    tap('receipt-submit')
    await waitFor(() => expect(under('creditCode')).toBe('The credit code is not registered'))
    expect(inserts(calls)).toHaveLength(1)
    expect((screen.getByTestId('receipt-credit-code') as any).nativeProps['aria-describedby']).toBe('fe-creditCode')
    expect(toasts(toast)).not.toContain('The credit code is not registered')
    // a local problem in English under its field too
    type('receipt-name', '')
    tap('receipt-submit')
    expect(under('creditCode')).toBeNull()
    expect(under('donorName')).toBe('Please enter the name')
  })

  it('shows no submit when isOpenReceipt is 0', async () => {
    await open(receiptConfig({ isOpenReceipt: 0 }))
    await toForm()
    expect(screen.queryByTestId('receipt-submit')).toBeNull()
    expect(screen.getByTestId('receipt-closed').textContent).toContain('暂未开放票据申请')
  })
})

describe('mine-paper-detail', () => {
  async function openDetail(row: ReceiptRecord) {
    setQuery('/pkg-cert/mine-paper-detail/index', { id: String(row.id) })
    stubApi({ detail: () => ok(row) })
    render(<PaperDetailPage />)
    await screen.findByTestId('receipt-detail')
  }
  const full = { fileUrl: '/files/receipts/r-41.pdf', expressCompanyTitle: '顺丰速运', expressOrderNo: 'SF1234567890' }

  it.each([2, 4, 6, 7])('shows the invoice information for status %i', async (status) => {
    await openDetail(receipt({ status, ...full }))
    expect(screen.getByTestId('receipt-invoice')).toBeTruthy()
    expect(screen.getByTestId('receipt-file').dataset.href).toBe('/files/receipts/r-41.pdf')
    expect(screen.getByTestId('receipt-courier').textContent).toBe('SF1234567890')
  })

  it.each([1, 3, 5])('hides the invoice information for status %i', async (status) => {
    await openDetail(receipt({ status, ...full }))
    expect(screen.getByTestId('receipt-detail-status').textContent).toBeTruthy()
    expect(screen.queryByTestId('receipt-invoice')).toBeNull()
    expect(screen.queryByTestId('receipt-file')).toBeNull()
    expect(screen.queryByTestId('receipt-courier')).toBeNull()
  })

  it('opens an image receipt in the viewer', async () => {
    const preview = jest.spyOn(Taro, 'previewImage').mockResolvedValue({ errMsg: 'ok' } as any)
    await openDetail(receipt({ status: 7, fileUrl: '/files/receipts/r-41.png' }))
    expect(screen.getByTestId('receipt-detail-status').textContent).toBe('已发送')
    expect(screen.getByTestId('receipt-detail-email').textContent).toBe('finance@example.com')
    tap('receipt-file')
    expect(preview).toHaveBeenCalledWith({ urls: ['/files/receipts/r-41.png'], current: '/files/receipts/r-41.png' })
  })
})
