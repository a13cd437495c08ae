/**
 * Invite page (`together-share?id`), docs/product §2 Joint donation, §4: raised and
 * target with thousands separators and the capped percent, the donors' avatars (one 9999 call), 'give to this' into the
 * form with togetherId, its own share card, cancel only when the server says the caller may (its sponsor, nothing
 * raised) and 取消成功; a cancelled one says so. Only Taro.request is stubbed.
 */
import Taro from '@tarojs/taro'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import SharePage from '@/pkg-together/together-share/index'
import { platform } from '@/platform'
import { useSession } from '@/store/session'
import { bootSession, ok, page, setQuery, stubApi, toastSpy, type Call } from './project-fixtures'
import { detail, donor } from './together-fixtures'

const titles = (spy: jest.SpyInstance) => spy.mock.calls.map((c) => c[0].title)
const named = (calls: Call[], name: string) => calls.filter((c) => c.path.endsWith(`/${name}`))
const tap = (testId: string) => fireEvent.click(screen.getByTestId(testId).querySelector('.at-button') || screen.getByTestId(testId))

let nav: { to: jest.SpyInstance; redirect: jest.SpyInstance }
beforeEach(() => {
  jest.restoreAllMocks()
  bootSession()
  useSession.setState({ token: 'tok-1', school: 'demo' })
  setQuery('/pkg-together/together-share/index', { id: '31' })
  nav = {
    to: jest.spyOn(platform.nav, 'to').mockImplementation(() => undefined),
    redirect: jest.spyOn(platform.nav, 'redirect').mockImplementation(() => undefined)
  }
})
afterEach(() => jest.useRealTimers())

describe('invite page', () => {
  it('shows raised and target with separators, the percent, the donors and the slogan; no cancel for a friend', async () => {
    const calls = stubApi({
      togetherDetail: () => ok(detail()),
      donateRecordPage: () => ok(page([donor({ id: 1, name: '李同学' }), donor({ id: 2, name: '匿名爱心人士' })], 3))
    })
    render(<SharePage />)
    await screen.findByTestId('together-share')
    expect(screen.getByTestId('share-raised').textContent).toBe('¥1,234,567.50')
    expect(screen.getByTestId('share-target').textContent).toBe('¥5,000,000.00')
    expect(screen.getByTestId('share-people').textContent).toBe('3 人')
    expect(screen.getByTestId('share-percent').textContent).toBe('已完成 24.69%')
    expect(screen.getByTestId('share-slogan').textContent).toBe('“同窗情深，一起捐！”')
    expect(screen.getByTestId('share-sponsor').textContent).toBe('王赟喆 发起的一起捐')
    await waitFor(() => expect(screen.getAllByTestId('share-donor').map((d) => d.textContent)).toEqual(['李李同学', '匿匿名爱心人士']))
    const avatars = named(calls, 'donateRecordPage')[0].query
    expect([avatars.get('donateTogetherId'), avatars.get('limit')]).toEqual(['31', '9999'])
    expect(screen.queryByTestId('share-cancel')).toBeNull()

    tap('share-give')
    expect(nav.to).toHaveBeenCalledWith('/pkg-donate/form/index?id=5&togetherId=31')
    fireEvent.click(screen.getByTestId('share-donors-all'))
    expect(nav.to).toHaveBeenCalledWith('/pkg-together/together-list/index?id=31')
    // its own share card, not the project's
    expect(platform.share.currentCard()).toMatchObject({
      title: '王赟喆邀请你一起捐：校园林荫大道改造',
      path: '/pkg-together/together-share/index?id=31&school=demo'
    })
  })

  it('without a target: no bar, 不设目标; progress capped at 100 shows 100.00%', async () => {
    stubApi({
      togetherDetail: () => ok(detail({ isTarget: 0, targetMoney: '0.00', progress: null })),
      donateRecordPage: () => ok(page([]))
    })
    const { unmount } = render(<SharePage />)
    await screen.findByTestId('together-share')
    expect(screen.getByTestId('share-target').textContent).toBe('不设目标')
    expect(screen.queryByTestId('share-percent')).toBeNull()
    await waitFor(() => expect(screen.getByTestId('share-no-donors').textContent).toBe('还没有人参与，快来成为第一位吧'))
    unmount()
    stubApi({ togetherDetail: () => ok(detail({ progress: 100, completeMoney: '6000000' })), donateRecordPage: () => ok(page([])) })
    render(<SharePage />)
    expect((await screen.findByTestId('share-percent')).textContent).toBe('已完成 100.00%')
  })

  it('its sponsor cancels while nothing is raised: confirm, 取消成功, then back to mine-together', async () => {
    const toast = toastSpy()
    jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false } as any)
    const calls = stubApi({
      togetherDetail: () => ok(detail({ isSponsor: 1, canCancel: 1, completeMoney: '0.00', participants: 0, progress: 0 })),
      donateRecordPage: () => ok(page([])),
      delete: () => ok(null)
    })
    render(<SharePage />)
    await screen.findByTestId('share-cancel')
    tap('share-cancel')
    await waitFor(() => expect(named(calls, 'delete')).toHaveLength(1))
    expect(named(calls, 'delete')[0].query.get('id')).toBe('31')
    await waitFor(() => expect(titles(toast)).toEqual(['取消成功']))
    await waitFor(() => expect(nav.redirect).toHaveBeenCalledWith('/pkg-mine/mine-together/index'), { timeout: 10000 })
  })

  it('invites friends from the page: the system share sheet where there is one, else the link copied', async () => {
    stubApi({ togetherDetail: () => ok(detail()), donateRecordPage: () => ok(page([])) })
    const copy = jest.spyOn(Taro, 'setClipboardData').mockResolvedValue({ errMsg: 'ok' } as any)
    const toast = toastSpy()
    render(<SharePage />)
    await screen.findByTestId('together-share')
    fireEvent.click(screen.getByTestId('share-invite'))
    expect(copy).toHaveBeenCalledWith({ data: window.location.href })
    await waitFor(() => expect(titles(toast)).toContain('邀请链接已复制，发给好友即可'))
    const share = jest.fn(async () => undefined)
    Object.defineProperty(navigator, 'share', { value: share, configurable: true })
    try {
      fireEvent.click(screen.getByTestId('share-invite'))
      expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: window.location.href, text: '同窗情深，一起捐！' }))
      expect(copy).toHaveBeenCalledTimes(1)
    } finally {
      delete (navigator as any).share
    }
  })

  it('held for review (docs/decisions/042): the sponsor is told, and the share card carries no donor text', async () => {
    stubApi({ togetherDetail: () => ok(detail({ isSponsor: 1, contentHeld: 1 })), donateRecordPage: () => ok(page([])) })
    render(<SharePage />)
    await screen.findByTestId('together-share')
    // nothing to invite anyone to while it waits
    expect(screen.queryByTestId('share-invite')).toBeNull()
    expect(screen.getByTestId('share-hint').textContent).toContain('正在审核')
    const card = platform.share.currentCard()
    expect(card?.title ?? '').not.toContain('王赟喆')
    expect(card?.desc ?? '').toBe('')
  })

  it('the sponsor sees no cancel once something is raised', async () => {
    stubApi({ togetherDetail: () => ok(detail({ isSponsor: 1, canCancel: 0 })), donateRecordPage: () => ok(page([donor()])) })
    render(<SharePage />)
    await screen.findByTestId('together-share')
    expect(screen.queryByTestId('share-cancel')).toBeNull()
  })

  it('a cancelled one says so, in English too', async () => {
    useSession.setState({ lang: 'en' })
    stubApi({ togetherDetail: () => ({ code: -1, message: 'The joint donation does not exist or was cancelled', data: null }) })
    render(<SharePage />)
    await waitFor(() => expect(screen.getByTestId('share-state').textContent).toBe('The joint donation does not exist or was cancelled'))
  })

  it('a project closed for donation greys the give button with its reason', async () => {
    stubApi({ togetherDetail: () => ok(detail({ isDonate: 0, noReason: '项目已完成募集' })), donateRecordPage: () => ok(page([])) })
    render(<SharePage />)
    await screen.findByTestId('together-share')
    expect(screen.getByTestId('share-give').textContent).toBe('项目已完成募集')
    tap('share-give')
    expect(nav.to).not.toHaveBeenCalled()
  })
})

describe('the invite poster (docs/decisions/084-joint-invite-poster-and-link.md)', () => {
  it('draws the poster on the server, shows it with save and copy-link, and closes', async () => {
    const calls = stubApi({
      togetherDetail: () => ok(detail()),
      donateRecordPage: () => ok(page([])),
      poster: () =>
        ok({ fileName: 'together-31.png', png: 'iVBORw0KGgo=', url: 'https://give.example.edu.cn/together-share?id=31&school=demo' })
    })
    const save = jest.spyOn(platform.media, 'savePng').mockResolvedValue('saved')
    const copy = jest.spyOn(Taro, 'setClipboardData').mockResolvedValue({ errMsg: 'ok' } as any)
    const toast = toastSpy()
    render(<SharePage />)
    await screen.findByTestId('together-share')
    expect(screen.queryByTestId('poster-dialog')).toBeNull()
    fireEvent.click(screen.getByTestId('share-poster'))
    const dialog = await screen.findByTestId('poster-dialog')
    expect(named(calls, 'poster')[0].query.get('id')).toBe('31')
    expect(screen.getByTestId('poster-image').getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=')
    expect(dialog.textContent).toContain('长按图片可保存或发送给好友')
    fireEvent.click(screen.getByTestId('poster-save'))
    await waitFor(() => expect(save).toHaveBeenCalledWith('together-31.png', 'iVBORw0KGgo='))
    await waitFor(() => expect(titles(toast)).toContain('图片已保存'))
    fireEvent.click(screen.getByTestId('poster-copy'))
    await waitFor(() => expect(copy).toHaveBeenCalledWith({ data: 'https://give.example.edu.cn/together-share?id=31&school=demo' }))
    fireEvent.click(screen.getByTestId('poster-close'))
    expect(screen.queryByTestId('poster-dialog')).toBeNull()
  })

  it('a held joint donation offers no poster', async () => {
    stubApi({ togetherDetail: () => ok(detail({ contentHeld: 1, isSponsor: 1 })), donateRecordPage: () => ok(page([])) })
    render(<SharePage />)
    await screen.findByTestId('together-share')
    expect(screen.queryByTestId('share-poster')).toBeNull()
  })
})
