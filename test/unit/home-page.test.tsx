/**
 * The home page (docs/product §2 root and home): the school's name, total raised and gifts in the header
 * (none when the school hides statistics), featured projects, the campaigns the school has (settings.campaignItems,
 * a campaign without its page yet says "coming soon"), the news, each link going where it says; English complete.
 * Also: the tab bar of src/app.config.ts is the TAB_ROUTES the navigation switches to, and the home button shows
 * only where there is no other way back. Only Taro.request is stubbed (project-fixtures stubApi).
 */
import Taro from '@tarojs/taro'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { needsHomeButton } from '@/components/home-button'
import HomePage from '@/pages/home'
import { campaignLinks } from '@/features/home'
import { openOrSoon } from '@/features/home/navigation'
import { ROUTES, TAB_ROUTES, isTabPath } from '@/lib/routes'
import { useSession } from '@/store/session'
import { bootSession, ok, page, stubApi, summary, toastSpy } from './project-fixtures'

const ARTICLE = { id: 41, title: '校友返校日活动回顾', thumbnailImage: '', publishDate: '2026-10-01 09:00:00', readCount: 12 }

function serve(over: { total?: () => any; items?: () => any; news?: () => any } = {}) {
  return stubApi({
    total: over.total || (() => ok({ totalCount: 1288, totalMoney: '3456789.10' })),
    itemsList: over.items || (() => ok(page([summary({ id: 3, name: '图书馆修缮基金' }), summary({ id: 5, name: '助学金', isLimit: 0 })]))),
    articleList: over.news || (() => ok(page([ARTICLE])))
  })
}

afterEach(() => jest.restoreAllMocks())

describe('home page', () => {
  it('shows the school, its totals, featured projects and the news, and links each to its page', async () => {
    bootSession({ campaignItems: {} })
    useSession.setState({ baseConfig: { title: '某某大学教育发展基金会', shareTitle: '', shareDesc: '', shareImg: '' } as any })
    const calls = serve()
    const to = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    const tab = jest.spyOn(Taro, 'switchTab').mockResolvedValue({ errMsg: 'ok' } as any)
    render(<HomePage />)
    await screen.findByText('图书馆修缮基金')
    expect(screen.getByTestId('home-school').textContent).toBe('x')
    expect(screen.getByText('某某大学教育发展基金会')).toBeTruthy()
    expect(screen.getByTestId('home-raised').textContent).toBe('3,456,789.10')
    expect(screen.getByTestId('home-donors').textContent).toBe('1288')
    await screen.findByText('校友返校日活动回顾')
    expect(screen.getByText('2026-10-01')).toBeTruthy()
    // every call public: no token asked for, and the featured list is the first page of four
    const items = calls.find((c) => c.path.endsWith('/items/itemsList'))!
    expect([items.query.get('limit'), items.query.get('offset')]).toEqual(['4', '0'])
    // no campaigns section when the school has none
    expect(screen.queryByTestId('home-campaigns')).toBeNull()

    fireEvent.click(screen.getByTestId('home-project-3'))
    expect(to).toHaveBeenLastCalledWith({ url: '/pkg-project/detail/index?id=3' })
    fireEvent.click(screen.getByTestId('home-article-41'))
    expect(to).toHaveBeenLastCalledWith({ url: '/pkg-article/list-page/index?id=41' })
    fireEvent.click(screen.getByTestId('home-news-more'))
    expect(to.mock.calls.at(-1)![0].url).toBe(`/pkg-article/list-page/index?style=1&title=${encodeURIComponent('新闻资讯')}`)
    fireEvent.click(screen.getByTestId('home-to-gifts'))
    expect(to).toHaveBeenLastCalledWith({ url: '/pkg-mine/mine-don/index' })
    fireEvent.click(screen.getByTestId('home-to-tax'))
    expect(to).toHaveBeenLastCalledWith({ url: '/pkg-tools/tax-tool/index' })
    // tab pages open with switchTab (navigateTo cannot open them in the mini-programs)
    const before = to.mock.calls.length
    fireEvent.click(screen.getByTestId('home-to-directory'))
    fireEvent.click(screen.getByTestId('home-projects-more'))
    expect(tab.mock.calls.map((c) => (c[0] as any).url)).toEqual(['/pages/jzml/index', '/pages/subject/index'])
    expect(to.mock.calls.length).toBe(before)
    // the shortcuts are links a keyboard and a screen reader reach (docs/decisions/028): a role, a tab stop, Enter opens
    for (const id of ['home-to-directory', 'home-to-gifts', 'home-to-tax']) {
      expect(screen.getByTestId(id).getAttribute('role')).toBe('link')
      expect(screen.getByTestId(id).getAttribute('tabindex')).toBe('0')
    }
    fireEvent.keyDown(screen.getByTestId('home-to-gifts'), { key: 'Enter' })
    expect(to).toHaveBeenLastCalledWith({ url: '/pkg-mine/mine-don/index' })
    expect(to.mock.calls.length).toBe(before + 1)
    // so are the projects, the news and the sections' "more" links: Enter opens each as a tap does
    for (const id of ['home-project-3', 'home-article-41', 'home-news-more', 'home-projects-more']) {
      expect(screen.getByTestId(id).getAttribute('role')).toBe('link')
      expect(screen.getByTestId(id).getAttribute('tabindex')).toBe('0')
    }
    fireEvent.keyDown(screen.getByTestId('home-project-3'), { key: 'Enter' })
    expect(to).toHaveBeenLastCalledWith({ url: '/pkg-project/detail/index?id=3' })
    fireEvent.keyDown(screen.getByTestId('home-article-41'), { key: 'Enter' })
    expect(to).toHaveBeenLastCalledWith({ url: '/pkg-article/list-page/index?id=41' })
  })

  it('hides the statistics of a school that hides them, and never asks for the total', async () => {
    bootSession({ hideStatistics: true })
    const calls = serve()
    render(<HomePage />)
    await screen.findByText('图书馆修缮基金')
    expect(screen.queryByTestId('home-stats')).toBeNull()
    expect(calls.some((c) => c.path.endsWith('/index/total'))).toBe(false)
  })

  it("lists the school's campaigns from settings; a built one opens, one not built yet says coming soon", async () => {
    bootSession({ campaignItems: { jnuSeat: 7, hhuTreeYc: 8, hhuTreeJn: 10, treeNamingXzit: 13 } })
    serve()
    const to = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    const toast = toastSpy()
    render(<HomePage />)
    await screen.findByTestId('home-campaigns')
    const shown = screen.getAllByTestId(/^home-campaign-/).map((n) => n.getAttribute('data-testid'))
    // the two hhu tree items share one campaign home
    expect(shown).toEqual(['home-campaign-seat-naming-jnu', 'home-campaign-tree-naming-xzit', 'home-campaign-tree-naming-hhu-home'])
    fireEvent.click(screen.getByTestId('home-campaign-seat-naming-jnu'))
    expect(to).toHaveBeenLastCalledWith({ url: ROUTES['seat-naming-jnu'] })
    // a campaign is a link a keyboard reaches too
    expect(screen.getByTestId('home-campaign-tree-naming-xzit').getAttribute('role')).toBe('link')
    fireEvent.keyDown(screen.getByTestId('home-campaign-tree-naming-xzit'), { key: 'Enter' })
    expect(to).toHaveBeenLastCalledWith({ url: ROUTES['tree-naming-xzit'] })
    const unbuilt = campaignLinks({ artworkNaming: 99 })[0]
    expect(unbuilt.route).toBe('naming-xbmu')
    // a campaign whose home is not part of the app: a toast, no navigation
    const before = to.mock.calls.length
    openOrSoon('tree-naming-nowhere')
    expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: '即将上线' }))
    expect(to.mock.calls.length).toBe(before)
  })

  it('says so when a section fails or is empty, and retries it', async () => {
    bootSession()
    let fail = true
    serve({
      items: () => (fail ? { code: -1, message: 'boom', data: null } : ok(page([summary({ id: 9, name: '重试后的项目' })]))),
      news: () => ok(page([]))
    })
    render(<HomePage />)
    await screen.findByText('加载失败')
    expect(await screen.findByText('暂无资讯')).toBeTruthy()
    fail = false
    // the retry is a button a keyboard reaches: Enter retries as a tap does
    expect(screen.getByText('重新加载').getAttribute('role')).toBe('button')
    fireEvent.keyDown(screen.getByText('重新加载'), { key: 'Enter' })
    expect(await screen.findByText('重试后的项目')).toBeTruthy()
  })

  it('speaks English', async () => {
    bootSession({}, 'en')
    serve()
    render(<HomePage />)
    await screen.findByText('图书馆修缮基金')
    for (const text of ['Raised (yuan)', 'Gifts', 'Featured projects', 'News', 'Donor directory', 'My gifts']) {
      expect(screen.getAllByText(text).length).toBeGreaterThan(0)
    }
    await waitFor(() => expect(document.body.textContent).not.toMatch(/精选项目|新闻资讯|捐赠名录/))
  })
})

describe('tab bar and the way home', () => {
  it('app.config tabBar lists the TAB_ROUTES pages, in order, all in the main package, with 81x81 icons', () => {
    ;(globalThis as any).defineAppConfig = (c: unknown) => c
    const cfg: any = require('@/app.config').default
    const list = cfg.tabBar.list as { pagePath: string; iconPath: string; selectedIconPath: string; text: string }[]
    expect(list.map((i) => '/' + i.pagePath)).toEqual(TAB_ROUTES.map((r) => ROUTES[r]))
    expect(list.map((i) => i.text)).toEqual(['首页', '项目', '名录', '我的'])
    for (const item of list) expect(cfg.pages).toContain(item.pagePath)
    expect(cfg.pages[0]).toBe('pages/home/index')
    const fs = require('node:fs')
    const path = require('node:path')
    for (const item of list) {
      for (const icon of [item.iconPath, item.selectedIconPath]) {
        const png: Buffer = fs.readFileSync(path.join(__dirname, '..', '..', 'src', icon))
        expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([81, 81])
      }
    }
    expect(isTabPath('/pages/jzml/index?itemsId=3')).toBe(true)
    expect(isTabPath('pages/mine/index')).toBe(true)
    expect(isTabPath('/pkg-mine/mine-don/index')).toBe(false)
  })

  it('shows the home button only on a non-tab page that is alone on the stack', () => {
    expect(needsHomeButton('subject-detail', 1)).toBe(true)
    expect(needsHomeButton('subject-detail', 2)).toBe(false)
    expect(needsHomeButton('jzml', 1)).toBe(false)
    expect(needsHomeButton('home', 1)).toBe(false)
  })
})
