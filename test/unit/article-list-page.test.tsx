/**
 * list-page without id (docs/product §2 Articles): six styles with distinct layouts, the title query, the web source,
 * and tapping an article to open it. The `list` route shares the list and is checked here too.
 */
import Taro from '@tarojs/taro'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import ListPage from '@/pkg-article/list-page'
import CategoryListPage from '@/pkg-article/list'
import { boot, calls, openWith, reset, serve } from './article-fixtures'

afterEach(reset)

async function renderStyle(style: number) {
  boot()
  serve()
  openWith({ style: String(style), categoryId: '3', title: '基金会新闻' })
  render(<ListPage />)
  await waitFor(() => expect(screen.getAllByTestId('article-item')).toHaveLength(2))
  const [first, second] = screen.getAllByTestId('article-item')
  const q = (el: HTMLElement, id: string) => el.querySelector(`[data-testid="${id}"]`)
  return { first, second, q }
}

describe('list-page styles', () => {
  it('1: title, date and reads beside a thumbnail on the right', async () => {
    const { first, second, q } = await renderStyle(1)
    expect(first.getAttribute('data-style')).toBe('1')
    expect(first.className).toContain('article-item--s1')
    expect(q(first, 'article-title')!.textContent).toBe('基金会召开2026年度理事会')
    expect(q(first, 'article-date')!.textContent).toBe('2026-03-18')
    expect(q(first, 'article-reads')!.textContent).toBe('阅读 1024')
    expect(q(first, 'article-thumb')!.getAttribute('src')).toBe('/files/articles/board.jpg')
    // thumbnail after the text
    expect(first.lastElementChild!.getAttribute('data-testid')).toBe('article-thumb')
    // no image: a placeholder, not a broken image
    expect(q(second, 'article-thumb')).toBeNull()
    expect(q(second, 'article-thumb-empty')).toBeTruthy()
  })

  it('2: the title only', async () => {
    const { first, q } = await renderStyle(2)
    expect(first.className).toContain('article-item--s2')
    expect(first.textContent).toBe('基金会召开2026年度理事会')
    for (const id of ['article-date', 'article-reads', 'article-thumb', 'article-arrow']) expect(q(first, id)).toBeNull()
  })

  it('3: the title with an arrow', async () => {
    const { first, q } = await renderStyle(3)
    expect(first.className).toContain('article-item--s3')
    expect(q(first, 'article-arrow')).toBeTruthy()
    expect(first.textContent).toBe('基金会召开2026年度理事会')
    for (const id of ['article-date', 'article-reads', 'article-thumb']) expect(q(first, id)).toBeNull()
  })

  it('4: a card with the thumbnail on the left, date and reads', async () => {
    const { first, q } = await renderStyle(4)
    expect(first.className).toContain('article-item--s4')
    expect(first.firstElementChild!.getAttribute('data-testid')).toBe('article-thumb')
    expect(first.firstElementChild!.className).toContain('article-item__thumb')
    expect(q(first, 'article-date')!.textContent).toBe('2026-03-18')
    expect(q(first, 'article-reads')!.textContent).toBe('阅读 1024')
  })

  it('5: a card with a large cover on top, then title, date and reads', async () => {
    const { first, q } = await renderStyle(5)
    expect(first.className).toContain('article-item--s5')
    expect(first.firstElementChild!.className).toContain('article-item__cover')
    expect(first.firstElementChild!.getAttribute('src')).toBe('/files/articles/board.jpg')
    expect(q(first, 'article-title')!.textContent).toBe('基金会召开2026年度理事会')
    expect(q(first, 'article-reads')!.textContent).toBe('阅读 1024')
  })

  it('6: the title and its date, nothing else', async () => {
    const { first, q } = await renderStyle(6)
    expect(first.className).toContain('article-item--s6')
    expect(q(first, 'article-date')!.textContent).toBe('182026.03')
    expect(q(first, 'article-title')!.textContent).toBe('基金会召开2026年度理事会')
    for (const id of ['article-reads', 'article-thumb', 'article-thumb-empty']) expect(q(first, id)).toBeNull()
  })

  it('an unknown style falls back to 1', async () => {
    const { first } = await renderStyle(9)
    expect(first.getAttribute('data-style')).toBe('1')
  })
})

describe('list-page list behaviour', () => {
  it('asks articleList for the category with page size 20 and sets the page title from `title`', async () => {
    const title = jest.spyOn(Taro, 'setNavigationBarTitle')
    await renderStyle(1)
    const sent = calls.find((u) => u.pathname.endsWith('/index/articleList'))!
    expect(sent.searchParams.get('categoryId')).toBe('3')
    expect(sent.searchParams.get('limit')).toBe('20')
    expect(sent.searchParams.get('offset')).toBe('0')
    expect(title).toHaveBeenLastCalledWith({ title: '基金会新闻' })
  })

  it('opens the tapped article in list-page with its id and from', async () => {
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    const { second } = await renderStyle(2)
    fireEvent.click(second)
    expect(nav).toHaveBeenCalledWith({ url: '/pkg-article/list-page/index?id=2' })
  })

  it('from=web lists through the web-source call (websiteId default 1) and passes from and websiteId on', async () => {
    boot('en')
    serve()
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    openWith({ style: '4', from: 'web', categoryId: '8' })
    render(<ListPage />)
    const item = await screen.findByTestId('article-item')
    expect(within(item).getByTestId('article-title').textContent).toBe('官网新闻：春季校友返校日')
    expect(within(item).getByTestId('article-reads').textContent).toBe('12 reads')
    expect(calls.some((u) => u.pathname.endsWith('/index/articleList'))).toBe(false)
    const web = calls.find((u) => u.pathname.endsWith('/uplus-operateu/api/v1/web/mobile/index/article/list/mobile'))!
    expect(web.searchParams.get('websiteId')).toBe('1')
    expect(web.searchParams.get('categoryId')).toBe('8')
    expect(web.searchParams.get('limit')).toBe('20')
    fireEvent.click(item)
    expect(nav).toHaveBeenCalledWith({ url: '/pkg-article/list-page/index?id=501&from=web&websiteId=1' })
  })

  it('from=web keeps a given websiteId', async () => {
    boot()
    serve()
    openWith({ from: 'web', websiteId: '4' })
    render(<ListPage />)
    await screen.findByTestId('article-item')
    const web = calls.find((u) => u.pathname.endsWith('/article/list/mobile'))!
    expect(web.searchParams.get('websiteId')).toBe('4')
  })

  it('shows the empty state when the category has no articles', async () => {
    boot()
    jest.spyOn(Taro, 'request').mockResolvedValue({ statusCode: 200, data: { code: 0, message: '', data: { total: 0, rows: [] } } } as any)
    openWith({ style: '1' })
    render(<ListPage />)
    await waitFor(() => expect(screen.getByTestId('empty-state').textContent).toContain('暂无资讯'))
  })
})

describe('list (category list)', () => {
  it('lists the category in the given style', async () => {
    boot()
    serve()
    openWith({ categoryId: '5', style: '3' }, '/pkg-article/list/index')
    render(<CategoryListPage />)
    await waitFor(() => expect(screen.getAllByTestId('article-item')).toHaveLength(2))
    expect(screen.getAllByTestId('article-item')[0].getAttribute('data-style')).toBe('3')
    expect(calls.find((u) => u.pathname.endsWith('/index/articleList'))!.searchParams.get('categoryId')).toBe('5')
  })
})
