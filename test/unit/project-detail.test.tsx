import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { Project } from '@contract'
import DetailPage from '@/pkg-project/detail/index'
import { platform } from '@/platform'
import { store } from '@/platform/storage-keys'
import { useSession } from '@/store/session'
import { bootSession, ok, page, project, setQuery, stubApi, toastSpy, typeInto } from './project-fixtures'

const RECORDS = [
  {
    id: 11,
    name: '张**',
    avatar: '',
    donateMoney: '1000.00',
    donateMaterialNumber: 0,
    materialUnit: '',
    crowdType: 1,
    donateTime: '2025-03-01 10:20:30',
    itemsName: '图书馆修缮基金',
    subItemsName: '',
    seats: ''
  },
  {
    id: 12,
    name: '匿名',
    avatar: '',
    donateMoney: '88.80',
    donateMaterialNumber: 0,
    materialUnit: '',
    crowdType: 1,
    donateTime: '2025-02-11 08:00:00',
    itemsName: '图书馆修缮基金',
    subItemsName: '',
    seats: ''
  }
]
const MESSAGES = [
  { id: 31, avatar: '', nickname: '校友小王', createDate: '2025-04-02 09:15:44', content: '母校加油！', replyContent: '感谢支持' },
  { id: 32, avatar: '', nickname: '李同学', createDate: '2025-04-01 20:00:00', content: '祝图书馆越来越好', replyContent: '' }
]

function stubDetail(p: Project, extra: Record<string, any> = {}) {
  return stubApi({
    itemsDetail: () => ok(p),
    donateRecordPage: () => ok(page(RECORDS)),
    donateSeatList: () =>
      ok(page([{ id: 41, name: '王**', seat: 'A区3排5座', donateTime: '2025-01-02 12:00:00', donateMoney: '2000.00' }])),
    donateBookList: () => ok(page([{ id: 51, name: '陈**', seat: '《史记》', donateTime: '2025-01-03 12:00:00', donateMoney: '300.00' }])),
    togetherList: () =>
      ok(
        page([
          {
            id: 61,
            itemsId: p.id,
            avatar: '',
            sponsor: '2008级校友',
            slogan: '一起为母校添砖加瓦',
            participants: 18,
            targetMoney: '10000.00',
            completeMoney: '2500.00',
            completeMaterialNumber: 0,
            materialName: '',
            materialUnit: '',
            createDate: '2025-01-01 00:00:00',
            isTarget: 1,
            isDonate: 1,
            noReason: ''
          }
        ])
      ),
    progressList: () =>
      ok(
        page([
          {
            id: 71,
            progressDate: '2025-05-20 00:00:00',
            content: '第一批书架已安装',
            attachmentList: [{ fileUrl: '/files/p/1.jpg' }, { fileUrl: '/files/p/2.jpg' }]
          }
        ])
      ),
    leavewordList: () => ok(page(MESSAGES)),
    instructionList: () => ok(page([{ id: 81, useDate: '2025-06-01 00:00:00', useTitle: '采购阅览桌椅', useMoney: '45678.90' }])),
    ...extra
  })
}

const tabTitles = () => Array.from(screen.getByTestId('detail-tabs').querySelectorAll('[data-testid^="tab-"]')).map((x) => x.textContent)
const countCalls = (calls: { path: string }[], name: string) => calls.filter((c) => c.path.endsWith(`/${name}`)).length

beforeEach(() => {
  jest.restoreAllMocks()
  store.remove('leaveMessageDraft')
  setQuery('/pkg-project/detail/index', { id: '1' })
  bootSession()
})

describe('project detail', () => {
  it('shows summary, statistics and all six tabs when every flag is on; sets the share card', async () => {
    stubDetail(project())
    render(<DetailPage />)
    expect((await screen.findByTestId('project-title')).textContent).toBe('图书馆修缮基金')
    expect(screen.getByTestId('status-badge').textContent).toBe('进行中')
    expect(screen.getByTestId('progress-percent').textContent).toBe('24.69%')
    expect(screen.getByTestId('stat-raised').textContent).toContain('¥123,456.78')
    expect(screen.getByTestId('stat-donors').textContent).toContain('321')
    expect(screen.getByTestId('stat-target').textContent).toContain('¥500,000.00')
    expect(tabTitles()).toEqual(['项目详情', '捐赠名录', '一起捐', '项目进展', '项目留言', '善款使用'])
    // sanitised rich text
    expect(screen.getByTestId('pane-detail').innerHTML).toContain('项目介绍正文')
    expect(screen.getByTestId('pane-detail').innerHTML).not.toContain('<script')
    expect(platform.share.currentCard()).toEqual(
      expect.objectContaining({ title: '图书馆修缮基金', desc: project().intro, path: '/pkg-project/detail/index?id=1' })
    )
  })

  it('shows only the tabs its flags allow; the school setting hides the donor directory', async () => {
    stubDetail(project({ isRecord: 1, isDonateTogether: 0, isProgress: 0, isLeaveMessage: 1, isInstruction: 0 }))
    const { unmount } = render(<DetailPage />)
    await screen.findByTestId('project-title')
    expect(tabTitles()).toEqual(['项目详情', '捐赠名录', '项目留言'])
    unmount()

    bootSession({ hideProjectDirectory: true })
    stubDetail(project({ isRecord: 1, isDonateTogether: 0, isProgress: 1, isLeaveMessage: 0, isInstruction: 0 }))
    render(<DetailPage />)
    await screen.findByTestId('project-title')
    expect(tabTitles()).toEqual(['项目详情', '项目进展'])
  })

  it('hides statistics when the school hides them', async () => {
    bootSession({ hideStatistics: true })
    stubDetail(project())
    render(<DetailPage />)
    await screen.findByTestId('project-title')
    expect(screen.queryByTestId('detail-stats')).toBeNull()
    expect(screen.queryByText(/123,456\.78/)).toBeNull()
    expect(screen.getByTestId('progress-percent').textContent).toBe('24.69%')
  })

  it('sub-projects: their totals (subItemsStatistics) under the summary, as a ranking when the project ranks them; none when statistics are hidden', async () => {
    const subs = [
      { id: 7, name: '本科生奖学金', completeMoney: '12345.60' },
      { id: 8, name: '研究生奖学金', completeMoney: '800.00' }
    ]
    const calls = stubDetail(project({ isSub: 1, isSubRank: 1, subItemsList: subs.map((x) => ({ id: x.id, name: x.name })) }), {
      subItemsStatistics: () => ok(subs)
    })
    render(<DetailPage />)
    await screen.findByTestId('sub-totals')
    expect(screen.getByTestId('sub-totals').textContent).toContain('子项目排行')
    expect(screen.getByTestId('sub-total-7').textContent).toBe('1本科生奖学金¥12,345.60')
    expect(screen.getByTestId('sub-total-8').textContent).toBe('2研究生奖学金¥800.00')
    expect(calls.find((c) => c.path.endsWith('/subItemsStatistics'))!.query.get('itemsId')).toBe('1')

    document.body.innerHTML = ''
    bootSession({ hideStatistics: true })
    const hidden = stubDetail(project({ isSub: 1, isSubRank: 1 }), { subItemsStatistics: () => ok(subs) })
    render(<DetailPage />)
    await screen.findByTestId('project-title')
    expect(screen.queryByTestId('sub-totals')).toBeNull()
    expect(countCalls(hidden, 'subItemsStatistics')).toBe(0)
  })

  it('loads each tab on first open only: the donor directory with itemsId and 20 per page', async () => {
    const calls = stubDetail(project())
    render(<DetailPage />)
    await screen.findByTestId('project-title')
    expect(countCalls(calls, 'donateRecordPage')).toBe(0)
    expect(countCalls(calls, 'leavewordList')).toBe(0)

    fireEvent.click(screen.getByTestId('tab-directory'))
    await screen.findByText('张**')
    const call = calls.find((c) => c.path.endsWith('/donateRecordPage'))!
    expect(call.query.get('itemsId')).toBe('1')
    expect(call.query.get('limit')).toBe('20')
    expect(screen.getByText('¥88.80')).toBeTruthy()
    expect(screen.getByText('2025-03-01 10:20')).toBeTruthy()

    fireEvent.click(screen.getByTestId('tab-publicity'))
    await screen.findByText('采购阅览桌椅')
    expect(screen.getByText('¥45,678.90')).toBeTruthy()
    fireEvent.click(screen.getByTestId('tab-directory'))
    expect(countCalls(calls, 'donateRecordPage')).toBe(1)
  })

  it('naming projects list named books (namingType 2) with the detail naming page size', async () => {
    const calls = stubDetail(project({ itemsType: 2, namingType: 2 }))
    render(<DetailPage />)
    await screen.findByTestId('project-title')
    fireEvent.click(screen.getByTestId('tab-directory'))
    await screen.findByText('《史记》')
    expect(calls.find((c) => c.path.endsWith('/donateBookList'))!.query.get('limit')).toBe('50')
    expect(countCalls(calls, 'donateRecordPage')).toBe(0)
    expect(within(screen.getByTestId('donate-button')).getByText('我要冠名')).toBeTruthy()
  })

  it('shows together entries and previews progress images', async () => {
    const preview = jest.spyOn(Taro, 'previewImage').mockResolvedValue({ errMsg: 'ok' } as any)
    stubDetail(project())
    render(<DetailPage />)
    await screen.findByTestId('project-title')
    fireEvent.click(screen.getByTestId('tab-together'))
    const row = await screen.findByTestId('together-row')
    expect(row.textContent).toContain('2008级校友')
    expect(row.textContent).toContain('一起为母校添砖加瓦')
    expect(within(row).getByTestId('progress-percent').textContent).toBe('25%')

    fireEvent.click(screen.getByTestId('tab-progress'))
    await screen.findByText('第一批书架已安装')
    fireEvent.click(screen.getAllByTestId('progress-image')[1])
    expect(preview).toHaveBeenCalledWith({ current: '/files/p/2.jpg', urls: ['/files/p/1.jpg', '/files/p/2.jpg'] })
  })

  it('greys the donate button with noReason when the project is closed, and tapping does nothing', async () => {
    const toast = toastSpy()
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    stubDetail(project({ isDonate: 0, noReason: '项目已结束，感谢关注' }))
    render(<DetailPage />)
    await screen.findByTestId('project-title')
    const donate = screen.getByTestId('donate-button')
    expect(donate.textContent).toBe('项目已结束，感谢关注')
    expect(donate.querySelector('.at-button--disabled')).toBeTruthy()
    // joint donation needs an open project too
    expect(screen.getByTestId('invite-button').querySelector('.at-button--disabled')).toBeTruthy()
    fireEvent.click(donate.querySelector('.at-button')!)
    expect(toast).not.toHaveBeenCalled()
    expect(nav).not.toHaveBeenCalled()
  })

  it('an open project has an enabled donate button that opens the donation form', async () => {
    const toast = toastSpy()
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    stubDetail(project())
    render(<DetailPage />)
    await screen.findByTestId('project-title')
    const donate = screen.getByTestId('donate-button')
    expect(donate.textContent).toBe('我要捐赠')
    expect(donate.querySelector('.at-button--disabled')).toBeNull()
    expect(screen.getByTestId('invite-button').querySelector('.at-button--disabled')).toBeNull()
    fireEvent.click(donate.querySelector('.at-button')!)
    expect(nav).toHaveBeenCalledWith({ url: '/pkg-donate/form/index?id=1' })
    expect(toast).not.toHaveBeenCalled()
  })

  it('shows the offline contact notice instead of the donate button when online donation is disabled', async () => {
    bootSession({ disableOnlineDonation: true, offlineContactInfo: '请联系基金会 025-12345678' })
    stubDetail(project())
    render(<DetailPage />)
    await screen.findByTestId('project-title')
    expect(screen.getByTestId('offline-notice').textContent).toContain('请联系基金会 025-12345678')
    expect(screen.queryByTestId('donate-button')).toBeNull()
    expect(screen.queryByTestId('invite-button')).toBeNull()
  })

  it('an unknown id shows the server message with a way back, without a toast', async () => {
    const toast = toastSpy()
    setQuery('/pkg-project/detail/index', { id: '999' })
    stubApi({ itemsDetail: () => ({ code: -1, message: '项目不存在或已下架', data: null }) })
    render(<DetailPage />)
    const err = await screen.findByTestId('detail-error')
    expect(err.textContent).toContain('项目不存在或已下架')
    expect(screen.getByTestId('detail-back').textContent).toBe('返回')
    expect(toast).not.toHaveBeenCalled()
  })
})

describe('project messages', () => {
  async function openMessages() {
    render(<DetailPage />)
    await screen.findByTestId('project-title')
    fireEvent.click(screen.getByTestId('tab-messages'))
    await screen.findByText('母校加油！')
  }
  const input = () => screen.getByTestId('message-input')
  const send = () => fireEvent.click(screen.getByTestId('message-composer').querySelector('.at-button')!)

  it('lists messages with the admin reply, refuses an empty message under the box and counts up to 140', async () => {
    const toast = toastSpy()
    const calls = stubDetail(project())
    await openMessages()
    expect(screen.getByTestId('message-reply').textContent).toContain('感谢支持')
    expect(screen.getByText('2025-04-02 09:15')).toBeTruthy()

    expect(screen.getByTestId('message-count').textContent).toBe('0/140')
    act(() => typeInto(input(), '   '))
    send()
    expect(screen.getByTestId('error-content').textContent).toBe('留言内容不能为空')
    expect((input() as any).nativeProps).toEqual(expect.objectContaining({ 'aria-invalid': 'true', 'aria-describedby': 'fe-content' }))
    expect(toast).not.toHaveBeenCalled()
    expect(countCalls(calls, 'insertLeaveword')).toBe(0)

    act(() => typeInto(input(), '母校生日快乐'))
    expect(screen.queryByTestId('error-content')).toBeNull()
    expect(screen.getByTestId('message-count').textContent).toBe('6/140')
    act(() => typeInto(input(), '好'.repeat(150)))
    expect(screen.getByTestId('message-count').textContent).toBe('140/140')
    expect(input().getAttribute('maxlength')).toBe('140')
  })

  it('an audited message toasts success and reloads the list with it', async () => {
    useSession.setState({ token: 'tok-1' })
    const toast = toastSpy()
    let posted = false
    const calls = stubDetail(project(), {
      insertLeaveword: (c: any) => {
        posted = true
        expect(c.method).toBe('POST')
        expect(c.data).toEqual({ itemsId: 1, content: '感恩母校' })
        return ok({ id: 99, audited: true })
      },
      leavewordList: () =>
        ok(
          page(
            posted
              ? [
                  { id: 99, avatar: '', nickname: '我', createDate: '2025-06-01 10:00:00', content: '感恩母校', replyContent: '' },
                  ...MESSAGES
                ]
              : MESSAGES
          )
        )
    })
    await openMessages()
    act(() => typeInto(input(), '感恩母校'))
    send()
    await screen.findByText('感恩母校')
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '留言成功' }))
    expect(countCalls(calls, 'leavewordList')).toBe(2)
    expect(screen.getByTestId('message-count').textContent).toBe('0/140')
  })

  it("the server's refusal of the content shows under the box, not as a toast", async () => {
    useSession.setState({ token: 'tok-1' })
    const toast = toastSpy()
    const calls = stubDetail(project(), {
      insertLeaveword: () => ({ code: -1, message: '留言内容不能超过140个字', data: { field: 'content' } })
    })
    await openMessages()
    act(() => typeInto(input(), '母校加油'))
    send()
    expect((await screen.findByTestId('error-content')).textContent).toBe('留言内容不能超过140个字')
    expect(countCalls(calls, 'insertLeaveword')).toBe(1)
    expect(toast).not.toHaveBeenCalled()
    expect(input().getAttribute('value')).toBe('母校加油')
  })

  it('a message awaiting review toasts "waiting for admin review" and stays out of the list', async () => {
    useSession.setState({ token: 'tok-1' })
    const toast = toastSpy()
    const calls = stubDetail(project(), { insertLeaveword: () => ok({ id: 100, audited: false }) })
    await openMessages()
    act(() => typeInto(input(), '待审核的留言'))
    send()
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '留言已提交，等待管理员审核' })))
    expect(screen.queryByText('待审核的留言')).toBeNull()
    expect(countCalls(calls, 'leavewordList')).toBe(1)
    expect(screen.getAllByTestId('message-row')).toHaveLength(2)
  })

  it('keeps the draft when sign-in leaves the page, and restores it in the messages tab on return', async () => {
    jest.spyOn(platform.auth, 'obtainCode').mockResolvedValue(null)
    const calls = stubDetail(project())
    const { unmount } = render(<DetailPage />)
    await screen.findByTestId('project-title')
    fireEvent.click(screen.getByTestId('tab-messages'))
    await screen.findByText('母校加油！')
    act(() => typeInto(input(), '登录前写下的留言'))
    send()
    await waitFor(() => expect(store.get('leaveMessageDraft')).toEqual({ itemsId: 1, content: '登录前写下的留言' }))
    expect(countCalls(calls, 'insertLeaveword')).toBe(0)
    unmount()

    // back from authorisation: the page opens on the messages tab with the text restored
    render(<DetailPage />)
    await screen.findByText('母校加油！')
    expect(input().getAttribute('value')).toBe('登录前写下的留言')
    expect(screen.getByTestId('message-count').textContent).toBe('8/140')
    expect(store.get('leaveMessageDraft')).toBeUndefined()
  })

  it('speaks English', async () => {
    bootSession({}, 'en')
    const toast = toastSpy()
    stubDetail(project({ isDonate: 0, noReason: '' }))
    render(<DetailPage />)
    await screen.findByTestId('project-title')
    expect(tabTitles()).toEqual(['Details', 'Donors', 'Give together', 'Progress', 'Messages', 'Use of funds'])
    expect(screen.getByTestId('donate-button').textContent).toBe('Not open for donations')
    fireEvent.click(screen.getByTestId('tab-messages'))
    await screen.findByText('母校加油！')
    send()
    expect(screen.getByTestId('error-content').textContent).toBe('Message can not be empty')
    expect(toast).not.toHaveBeenCalled()
  })
})
