/**
 * Share cards (docs/product §2 Sharing): every page a donor would share answers onShareAppMessage with its own title, path and
 * image, built from its own data, and never the card of the page opened before it (the old pages read a global
 * "last card", so a detail page still loading shared the directory). Mini-programs call the page's
 * onShareAppMessage / onShareTimeline; those are what is called here (Taro keeps a page's hooks on its instance).
 * H5 hands the same card to the JS-SDK (platform.share.setCard).
 */
import { render, screen } from '@testing-library/react'
import { HOOKS_APP_ID, getPageInstance } from '@tarojs/runtime'
import type { SuccessData } from '@contract'
import HomePage from '@/pages/home'
import JzmlPage from '@/pages/jzml'
import DetailPage from '@/pkg-project/detail/index'
import SuccessPage from '@/pkg-donate/success/index'
import { platform } from '@/platform'
import { useSession } from '@/store/session'
import { configureWechatSdk } from '@/lib/wechat-sdk'
import { bootSession, ok, page, project, setQuery, stubApi, summary } from './project-fixtures'

// WeChat's JS-SDK as WeChat's browser runs it: config, then ready; the share calls are recorded
const mockWx = {
  config: jest.fn(),
  ready: (f: () => void) => f(),
  error: jest.fn(),
  updateAppMessageShareData: jest.fn(),
  updateTimelineShareData: jest.fn()
}
jest.mock('weixin-js-sdk', () => ({ __esModule: true, default: mockWx }))

type Answer = { title: string; path: string; imageUrl?: string }

/** What the mini-program asks the page for when the donor taps share (the last registered handler wins). */
function share(): Answer {
  const handlers = (getPageInstance(HOOKS_APP_ID) as any)?.onShareAppMessage || []
  const list = Array.isArray(handlers) ? handlers : [handlers]
  expect(list.length).toBeGreaterThan(0)
  return list[list.length - 1]({ from: 'menu' })
}
function timeline(): { title: string; query: string } {
  const handlers = (getPageInstance(HOOKS_APP_ID) as any)?.onShareTimeline || []
  const list = Array.isArray(handlers) ? handlers : [handlers]
  return list[list.length - 1]()
}

const BASE = {
  title: '示范大学教育发展基金会',
  shareTitle: '一起支持母校',
  shareDesc: '每一份心意都被记住',
  shareImg: '/files/seed/share.png'
}

function success(over: Partial<SuccessData> = {}): SuccessData {
  return {
    name: '张赟喆',
    avatar: '',
    itemsName: '示范大学励志奖学金',
    itemsId: 7,
    itemsIntro: '资助家庭经济困难的学生',
    itemsThumbnailImg: '/files/seed/project-7.png',
    successWord: '感谢您',
    certificateImg: '',
    certificateExpected: 0,
    ...over
  }
}

beforeEach(() => {
  jest.restoreAllMocks()
  bootSession()
  useSession.setState({ baseConfig: BASE as any, school: 'demo' })
})

describe('share cards', () => {
  it('project detail shares the project: its name, its path, its thumbnail', async () => {
    setQuery('/pkg-project/detail/index', { id: '3' })
    stubApi({
      itemsDetail: () => ok(project({ id: 3, name: '图书馆修缮基金', thumbnailImg: '/files/p3.jpg' })),
      donateRecordPage: () => ok(page([]))
    })
    const { unmount } = render(<DetailPage />)
    await screen.findByTestId('project-title')
    expect(share()).toEqual({ title: '图书馆修缮基金', path: '/pkg-project/detail/index?id=3&school=demo', imageUrl: '/files/p3.jpg' })
    expect(timeline()).toEqual(expect.objectContaining({ title: '图书馆修缮基金', query: 'id=3&school=demo' }))
    // H5: the same card went to the JS-SDK adapter
    expect(platform.share.currentCard()).toEqual(
      expect.objectContaining({ title: '图书馆修缮基金', path: '/pkg-project/detail/index?id=3&school=demo' })
    )
    unmount()
  })

  it('the directory shares the directory (scoped to its project when it is), with the school card', async () => {
    setQuery('/pages/jzml/index', { itemsId: '7' })
    stubApi({ total: () => ok({ totalCount: 1, totalMoney: '1.00' }), donateRecordPage: () => ok(page([])) })
    const { unmount } = render(<JzmlPage />)
    expect(share()).toEqual({ title: '一起支持母校', path: '/pages/jzml/index?itemsId=7&school=demo', imageUrl: '/files/seed/share.png' })
    unmount()
  })

  it('the thank-you page shares the project given to, never its own link (which carries the payToken)', async () => {
    setQuery('/pkg-donate/success/index', { billNo: 'DEMO1', payToken: 'secret-token' })
    stubApi({ success: () => ok(success()) })
    const { unmount } = render(<SuccessPage />)
    await screen.findByTestId('success-title')
    const card = share()
    expect(card.path).toBe('/pkg-project/detail/index?id=7&school=demo')
    expect(card.title).toContain('示范大学励志奖学金')
    expect(card.imageUrl).toBe('/files/seed/project-7.png')
    expect(JSON.stringify(card)).not.toContain('secret-token')
    unmount()
  })

  it('home shares the school', async () => {
    stubApi({
      total: () => ok({ totalCount: 0, totalMoney: '0.00' }),
      itemsList: () => ok(page([summary()])),
      articleList: () => ok(page([]))
    })
    const { unmount } = render(<HomePage />)
    await screen.findByTestId('home')
    expect(share()).toEqual({ title: '一起支持母校', path: '/pages/home/index?school=demo', imageUrl: '/files/seed/share.png' })
    unmount()
  })

  it("a detail page still loading shares itself with the school's card, not the page opened before", async () => {
    setQuery('/pages/jzml/index', {})
    stubApi({ total: () => ok({ totalCount: 1, totalMoney: '1.00' }), donateRecordPage: () => ok(page([])) })
    const first = render(<JzmlPage />)
    expect(share().path).toBe('/pages/jzml/index?school=demo')
    first.unmount()

    setQuery('/pkg-project/detail/index', { id: '5' })
    // the detail never answers while the donor taps share
    stubApi({ itemsDetail: () => new Promise(() => undefined) })
    const second = render(<DetailPage />)
    const card = share()
    expect(card.path).toBe('/pkg-project/detail/index?id=5&school=demo')
    expect(card.title).toBe('一起支持母校')
    expect(platform.share.currentCard()?.path).toBe('/pkg-project/detail/index?id=5&school=demo')
    second.unmount()
  })

  it('switching from one project to another shares the second', async () => {
    for (const [id, name] of [
      [11, '第一个项目'],
      [12, '第二个项目']
    ] as const) {
      setQuery('/pkg-project/detail/index', { id: String(id) })
      stubApi({ itemsDetail: () => ok(project({ id, name })), donateRecordPage: () => ok(page([])) })
      const r = render(<DetailPage />)
      await screen.findByText(name)
      expect(share()).toEqual(expect.objectContaining({ title: name, path: `/pkg-project/detail/index?id=${id}&school=demo` }))
      r.unmount()
      jest.restoreAllMocks()
    }
  })

  it("in WeChat's browser the JS-SDK is configured with getWechatShare's signature and takes each page's card", async () => {
    const WECHAT_UA = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Mobile Safari/537.36 MicroMessenger/8.0.50'
    jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA)
    const sign = { appId: 'wx0123456789abcdef', timestamp: 1763900000, nonceStr: 'n0nce', signature: 'a'.repeat(40) }
    setQuery('/pkg-project/detail/index', { id: '3' })
    const calls = stubApi({
      getWechatShare: () => ok(sign),
      itemsDetail: () => ok(project({ id: 3, name: '图书馆修缮基金', thumbnailImg: '/files/p3.jpg' })),
      donateRecordPage: () => ok(page([]))
    })
    const r = render(<DetailPage />)
    await screen.findByTestId('project-title')
    expect(await configureWechatSdk()).toBe(true)
    const asked = calls.find((c) => c.path.endsWith('/getWechatShare'))!
    expect(asked.query.get('url')).toBe(window.location.href.split('#')[0])
    expect(mockWx.config).toHaveBeenCalledWith(
      expect.objectContaining({
        ...sign,
        jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'],
        openTagList: ['wx-open-launch-weapp']
      })
    )
    // the page's card went to WeChat's menu, linking to the project's own page
    expect(mockWx.updateAppMessageShareData).toHaveBeenLastCalledWith(
      expect.objectContaining({
        title: '图书馆修缮基金',
        link: `${window.location.origin}/subject-detail?id=3&school=demo`,
        imgUrl: '/files/p3.jpg'
      })
    )
    r.unmount()
    delete (window as any).wx
  })
})
