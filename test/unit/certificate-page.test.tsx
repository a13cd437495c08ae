import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { CertificateConfig, CertificateRecord } from '@contract'
import CertificatePage from '@/pkg-cert/mine-certificate/index'
import DetailPage from '@/pkg-cert/mine-certificate-detail/index'
import { useSession } from '@/store/session'
import { bootSession, ok, page, setQuery, stubApi, toastSpy, typeInto, type Call } from './project-fixtures'
import { certConfig, certificate, paperCertificate, stay } from './certificate-fixtures'

const ELECTRONIC = [
  certificate({ id: 11, itemsName: '图书馆修缮基金', certificateImg: '/files/certificates/c-301.jpg' }),
  certificate({ id: 12, itemsName: '励志奖学金', certificateImg: '', donateId: 302 })
]
const PAPER = [
  paperCertificate({ id: 21, status: 1, itemsName: '图书馆修缮基金' }),
  paperCertificate({
    id: 22,
    status: 4,
    itemsName: '校友林',
    certificateWay: 1,
    expressCompanyTitle: '顺丰速运',
    expressOrderNo: 'SF1234567890'
  })
]

function stubCert(cfg: CertificateConfig = certConfig(), extra: Record<string, (c: Call) => any> = {}) {
  return stubApi({
    detail: (c) => (c.path.endsWith('/certificate/config/detail') ? ok(cfg) : ok(PAPER.find((p) => String(p.id) === c.query.get('id')))),
    page: (c) => {
      if (c.path.endsWith('/stay/page'))
        return ok(page([stay({ id: 301 }), stay({ id: 302, itemsName: '励志奖学金', donateMoney: '520.00' })]))
      if (c.query.get('isNeedPaper') === '0') return ok(page(ELECTRONIC))
      const status = c.query.get('status')
      const rows = PAPER.filter((p) => status === '0' || (status === '1' ? p.status === 1 : p.status !== 1))
      return ok(page(rows))
    },
    getAreaList4sort: () =>
      ok([
        { area: '中国大陆', areaCode: '+86' },
        { area: '中国香港', areaCode: '+852' }
      ]),
    insert: () => ok({ ids: [31, 32] }),
    ...extra
  })
}

const pageCalls = (calls: Call[], isNeedPaper: string) =>
  calls.filter((c) => c.path.endsWith('/certificate/page') && c.query.get('isNeedPaper') === isNeedPaper)
const inserts = (calls: Call[]) => calls.filter((c) => c.path.endsWith('/certificate/insert'))
const tap = (id: string) => fireEvent.click(screen.getByTestId(id))
const type = (id: string, v: string) => act(() => typeInto(screen.getByTestId(id), v))
const toasts = (spy: jest.SpyInstance) => spy.mock.calls.map((c) => c[0].title)
/** The problem shown under a field (form-kit FieldErrorText), or null. */
const under = (field: string) => screen.queryByTestId(`error-${field}`)?.textContent ?? null

async function open(cfg?: CertificateConfig, extra?: Record<string, (c: Call) => any>) {
  setQuery('/pkg-cert/mine-certificate/index', {})
  const calls = stubCert(cfg, extra)
  render(<CertificatePage />)
  await screen.findByTestId('cert-screen')
  return calls
}

async function toApplyForm(calls: Call[]) {
  tap('cert-tab-paper')
  await screen.findByTestId('cert-paper-21')
  tap('cert-apply')
  await screen.findByTestId('cert-pick-301')
  return calls
}

beforeEach(() => {
  jest.restoreAllMocks()
  window.localStorage.clear()
  bootSession()
  useSession.setState({ token: 'tok-1' })
})
afterEach(cleanup)

describe('mine-certificate tabs', () => {
  it('shows no tab bar and only electronic certificates when isOpenPaper is 0, even with paper stored', async () => {
    Taro.setStorageSync('cerTab', 'paper')
    const calls = await open(certConfig({ isOpenPaper: 0 }))
    await screen.findByTestId('cert-item-11')
    expect(screen.queryByTestId('cert-tabs')).toBeNull()
    expect(screen.queryByTestId('cert-apply')).toBeNull()
    expect(pageCalls(calls, '1')).toHaveLength(0)
    expect(pageCalls(calls, '0')[0].query.get('limit')).toBe('10')
  })

  it('shows the electronic and paper tabs when isOpenPaper is 1 and keeps the chosen tab in cerTab', async () => {
    const calls = await open()
    expect(screen.getByTestId('cert-tab-electronic').dataset.active).toBe('1')
    expect(screen.getByText('电子证书')).toBeTruthy()
    expect(screen.getByText('纸质证书')).toBeTruthy()
    tap('cert-tab-paper')
    expect(Taro.getStorageSync('cerTab')).toBe('paper')
    await screen.findByTestId('cert-paper-21')
    expect(pageCalls(calls, '1')[0].query.get('status')).toBe('0')

    // a second visit opens on the stored tab
    cleanup()
    const again = await open()
    expect(screen.getByTestId('cert-screen').dataset.tab).toBe('paper')
    await screen.findByTestId('cert-paper-22')
    expect(pageCalls(again, '0')).toHaveLength(0)
    tap('cert-tab-electronic')
    expect(Taro.getStorageSync('cerTab')).toBe('electronic')
    await screen.findByTestId('cert-item-11')
  })
})

describe('electronic certificates', () => {
  it('opens the viewer for one with an image and toasts 证书生成中 for 1 s without', async () => {
    const preview = jest.spyOn(Taro, 'previewImage').mockResolvedValue({ errMsg: 'ok' } as any)
    const toast = toastSpy()
    await open()
    await screen.findByTestId('cert-item-12')
    expect(screen.getByTestId('cert-item-11').textContent).toContain('¥1,000.00')
    expect(screen.getByTestId('cert-item-11').textContent).toContain('2025-05-01 10:20')
    tap('cert-item-11')
    expect(preview).toHaveBeenCalledWith({ urls: ['/files/certificates/c-301.jpg'], current: '/files/certificates/c-301.jpg' })
    expect(toast).not.toHaveBeenCalled()
    tap('cert-item-12')
    expect(preview).toHaveBeenCalledTimes(1)
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '证书生成中', duration: 1000 }))
  })
})

describe('paper certificates', () => {
  it('filters by sub-tab, shows the status wording in green or yellow, and opens the detail', async () => {
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    Taro.setStorageSync('cerTab', 'paper')
    const calls = await open()
    await screen.findByTestId('cert-paper-22')
    expect(screen.getByTestId('cert-status-21').textContent).toBe('未制作')
    expect(screen.getByTestId('cert-status-21').dataset.tone).toBe('green')
    expect(screen.getByTestId('cert-status-22').textContent).toBe('已邮寄')
    expect(screen.getByTestId('cert-status-22').dataset.tone).toBe('yellow')
    tap('cert-filter-2')
    await screen.findByTestId('cert-paper-22')
    expect(screen.queryByTestId('cert-paper-21')).toBeNull()
    expect(pageCalls(calls, '1').map((c) => c.query.get('status'))).toEqual(['0', '2'])
    tap('cert-paper-22')
    expect(nav).toHaveBeenCalledWith({ url: '/pkg-cert/mine-certificate-detail/index?id=22&tab=2' })
  })
})

describe('paper certificate application', () => {
  it('picks projects, mails to an address, validates, submits once and reloads the lists on Confirm', async () => {
    const toast = toastSpy()
    const scroll = jest.spyOn(Taro, 'pageScrollTo')
    const calls = await toApplyForm(await open())
    tap('cert-next')
    expect(toasts(toast)).toEqual(['请选择项目'])
    expect(screen.getByTestId('cert-apply-flow').dataset.step).toBe('1')
    tap('cert-pick-302')
    tap('cert-pick-301')
    tap('cert-next')
    expect(screen.getByTestId('cert-apply-flow').dataset.step).toBe('2')
    expect(screen.getByTestId('apply-chosen').textContent).toContain('励志奖学金')
    // two ways offered: none preselected; each problem shows under its own field, not in a toast (decision 077)
    const shown = toasts(toast).length
    tap('cert-submit')
    expect(under('certificateWay')).toBe('请选择领取方式')
    tap('cert-way-2')
    // a change to the form takes the problem away
    expect(under('certificateWay')).toBeNull()
    tap('cert-submit')
    expect(under('postalAddress')).toBe('请输入收件地址')
    expect((screen.getByTestId('cert-address') as any).nativeProps).toEqual(
      expect.objectContaining({ 'aria-invalid': 'true', 'aria-describedby': 'fe-postalAddress' })
    )
    await waitFor(() => expect(scroll).toHaveBeenCalledWith(expect.objectContaining({ selector: '#fr-postalAddress' })))
    type('cert-address', '江苏省南京市玄武区北京东路 41 号')
    expect((screen.getByTestId('cert-address') as any).nativeProps['aria-invalid']).toBeUndefined()
    tap('cert-submit')
    expect(under('postalContact')).toBe('请输入收件人')
    type('cert-contact', '张赟喆')
    tap('cert-submit')
    expect(under('postalMobile')).toBe('请输入联系电话')
    type('cert-mobile', '1390013900')
    tap('cert-submit')
    expect(under('postalMobile')).toBe('请输入合法的联系电话')
    expect(toasts(toast).length).toBe(shown)
    expect(inserts(calls)).toHaveLength(0)
    type('cert-mobile', '13900139000')
    const before = pageCalls(calls, '1').length
    tap('cert-submit')
    tap('cert-submit')
    await screen.findByTestId('cert-success')
    expect(inserts(calls)).toHaveLength(1)
    expect(inserts(calls)[0].data).toEqual({
      certificateWay: 2,
      donateIds: [301, 302],
      postalAddress: '江苏省南京市玄武区北京东路 41 号',
      postalContact: '张赟喆',
      postalMobile: '86-13900139000',
      area: '86'
    })
    expect(screen.getByTestId('cert-success').textContent).toContain('申请成功')
    tap('cert-success-confirm')
    await screen.findByTestId('cert-paper-21')
    expect(pageCalls(calls, '1').length).toBe(before + 1)
  })

  it("pick-up shows the school's details read-only; mail clears them; pick-up again restores them", async () => {
    await toApplyForm(await open())
    tap('cert-pick-301')
    tap('cert-next')
    tap('cert-way-1')
    expect(screen.getByTestId('cert-pickup-address').textContent).toBe('鼓楼校区行政楼 201 室')
    expect(screen.getByTestId('cert-pickup-name').textContent).toBe('王老师')
    expect(screen.getByTestId('cert-pickup-mobile').textContent).toBe('025-83592000')
    expect(screen.queryByTestId('cert-address')).toBeNull()
    tap('cert-way-2')
    expect((screen.getByTestId('cert-address') as any).value).toBe('')
    expect((screen.getByTestId('cert-contact') as any).value).toBe('')
    type('cert-contact', '张赟喆')
    tap('cert-way-1')
    expect(screen.getByTestId('cert-pickup-name').textContent).toBe('王老师')
  })

  it("preselects a single way, and shows the server's message when insert answers code -1; throttles repeats for 1.5 s", async () => {
    let now = 1_000_000
    jest.spyOn(Date, 'now').mockImplementation(() => now)
    const toast = toastSpy()
    const calls = await toApplyForm(
      await open(certConfig({ certificateWayPaperList: [1] }), {
        insert: () => ({ code: -1, message: '该捐赠已申请过纸质证书', data: null })
      })
    )
    tap('cert-pick-301')
    tap('cert-next')
    expect(screen.getByTestId('cert-way-1').dataset.selected).toBe('1')
    tap('cert-submit')
    await waitFor(() => expect(toasts(toast)).toContain('该捐赠已申请过纸质证书'))
    tap('cert-submit')
    await act(async () => undefined)
    expect(inserts(calls)).toHaveLength(1)
    // still inside the 1.5 s window at 1499 ms; through at 1500
    now += 1499
    tap('cert-submit')
    await act(async () => undefined)
    expect(inserts(calls)).toHaveLength(1)
    now += 1
    tap('cert-submit')
    await waitFor(() => expect(inserts(calls)).toHaveLength(2))
    expect(inserts(calls)[0].data).toEqual({ certificateWay: 1, donateIds: [301] })
    expect(screen.queryByTestId('cert-success')).toBeNull()
  })
  it('shows a refusal naming a field (data.field) under that field, without a toast, until the form changes', async () => {
    const toast = toastSpy()
    const calls = await toApplyForm(
      await open(certConfig(), {
        insert: () => ({ code: -1, message: '收件地址需写到门牌号', data: { field: 'postalAddress' } })
      })
    )
    tap('cert-pick-301')
    tap('cert-next')
    tap('cert-way-2')
    type('cert-address', '南京')
    type('cert-contact', '张赟喆')
    type('cert-mobile', '13900139000')
    tap('cert-submit')
    await waitFor(() => expect(under('postalAddress')).toBe('收件地址需写到门牌号'))
    expect(inserts(calls)).toHaveLength(1)
    expect((screen.getByTestId('cert-address') as any).nativeProps['aria-invalid']).toBe('true')
    expect(toasts(toast)).not.toContain('收件地址需写到门牌号')
    type('cert-address', '江苏省南京市玄武区北京东路 41 号')
    expect(under('postalAddress')).toBeNull()
  })
})

describe('mine-certificate-detail', () => {
  async function openDetail(row: CertificateRecord, lang: 'zh_CN' | 'en' = 'zh_CN') {
    if (lang === 'en') useSession.setState({ lang })
    setQuery('/pkg-cert/mine-certificate-detail/index', { id: String(row.id), tab: '0' })
    const calls = stubApi({ detail: () => ok(row) })
    render(<DetailPage />)
    await screen.findByTestId('cert-detail')
    return calls
  }

  it('shows status, project, applicant and the courier when present', async () => {
    const calls = await openDetail(PAPER[1])
    expect(calls[0].query.get('id')).toBe('22')
    expect(screen.getByTestId('cert-detail-status').textContent).toBe('已邮寄')
    expect(screen.getByTestId('detail-project-name').textContent).toBe('校友林')
    expect(screen.getByTestId('cert-detail-amount').textContent).toBe('¥1,000.00')
    expect(screen.getByTestId('cert-detail-time').textContent).toBe('2025-05-01 10:20')
    expect(screen.getByTestId('cert-detail-way').textContent).toBe('到校自取')
    expect(screen.getByTestId('cert-detail-mobile').textContent).toBe('+86 13900139000')
    expect(screen.getByTestId('cert-courier-company').textContent).toBe('顺丰速运')
    expect(screen.getByTestId('cert-courier').textContent).toBe('SF1234567890')
  })

  it('has no courier block without courier data, in English too', async () => {
    await openDetail(PAPER[0], 'en')
    expect(screen.getByTestId('cert-detail-status').textContent).toBe('Not made')
    expect(screen.queryByTestId('cert-courier-card')).toBeNull()
    expect(screen.getByTestId('cert-detail-way').textContent).toBe('By mail')
  })
})
