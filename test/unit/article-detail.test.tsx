/**
 * list-page with id = the article (docs/product §2 Articles): title in the page and the navigation bar, date, reads, and
 * the server's HTML with scripts, event handlers and javascript: links removed and /files/ images kept.
 */
import Taro from '@tarojs/taro'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import ListPage from '@/pkg-article/list-page'
import { SEEDED_CONTENT, article, boot, calls, openWith, reset, serve } from './article-fixtures'

afterEach(reset)

async function content(): Promise<HTMLElement> {
  const el = await screen.findByTestId('article-content')
  // RichText renders its nodes once the web component has loaded
  await waitFor(() => expect(el.textContent).toContain('理事会审议通过'))
  return el
}

describe('article detail', () => {
  it('shows title, date, reads and the sanitised content, and titles the page with the article', async () => {
    boot()
    serve({ app: article({ id: 7, content: SEEDED_CONTENT }) })
    const title = jest.spyOn(Taro, 'setNavigationBarTitle')
    openWith({ id: '7', style: '1', title: '新闻' })
    render(<ListPage />)
    expect((await screen.findByTestId('article-detail-title')).textContent).toBe('基金会召开2026年度理事会')
    expect(screen.getByTestId('article-date').textContent).toBe('2026-03-18')
    expect(screen.getByTestId('article-reads').textContent).toBe('阅读 1024')
    await waitFor(() => expect(title).toHaveBeenLastCalledWith({ title: '基金会召开2026年度理事会' }))

    const sent = calls.find((u) => u.pathname.endsWith('/donateu/index/articleDetail'))!
    expect(sent.searchParams.get('id')).toBe('7')

    const el = await content()
    expect(el.textContent).toContain('感谢每一位捐赠人。')
    // what the renderer was given and what ended up in the page: no script, no handlers, no javascript: link
    for (const html of [el.getAttribute('nodes') || '', el.innerHTML]) {
      expect(html).not.toMatch(/<script/i)
      expect(html).not.toContain('__pwned')
      expect(html).not.toMatch(/\son\w+=/i)
      expect(html).not.toMatch(/javascript:/i)
    }
    expect(el.querySelector('script')).toBeNull()
    const img = el.querySelector('img')!
    expect(img.getAttribute('src')).toBe('/files/articles/meeting.jpg')
    expect(img.getAttribute('onerror')).toBeNull()
    expect(el.querySelector('p[onclick]')).toBeNull()
    expect((window as any).__pwned).toBeUndefined()
  })

  it('from=web reads the web-source detail with articleId', async () => {
    boot('en')
    serve({ web: article({ id: 501, title: '', articleTitle: 'Spring alumni day', readCount: 3, content: SEEDED_CONTENT }) })
    openWith({ id: '501', from: 'web', websiteId: '1' })
    render(<ListPage />)
    expect((await screen.findByTestId('article-detail-title')).textContent).toBe('Spring alumni day')
    expect(screen.getByTestId('article-reads').textContent).toBe('3 reads')
    expect(calls.some((u) => u.pathname.endsWith('/donateu/index/articleDetail'))).toBe(false)
    const web = calls.find((u) => u.pathname.endsWith('/uplus-operateu/api/v1/web/mobile/index/get/article/details'))!
    expect(web.searchParams.get('articleId')).toBe('501')
    const el = await content()
    expect(el.querySelector('script')).toBeNull()
  })

  it('says so when the article does not exist, and retries', async () => {
    boot()
    serve({ app: null })
    openWith({ id: '404' })
    render(<ListPage />)
    expect((await screen.findByTestId('article-error')).textContent).toContain('文章不存在或已下线')
    const before = calls.length
    fireEvent.click(screen.getByText('重新加载'))
    await waitFor(() => expect(calls.length).toBe(before + 1))
  })

  it('shows the server’s message for a business error', async () => {
    boot()
    jest.spyOn(Taro, 'request').mockResolvedValue({ statusCode: 200, data: { code: -1, message: '文章不存在', data: null } } as any)
    openWith({ id: '999' })
    render(<ListPage />)
    expect((await screen.findByTestId('article-error')).textContent).toContain('文章不存在')
  })

  it('shows a retry when the call fails', async () => {
    boot()
    jest.spyOn(Taro, 'request').mockRejectedValue(new Error('offline'))
    jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as any)
    openWith({ id: '7' })
    render(<ListPage />)
    expect((await screen.findByTestId('article-error')).textContent).toContain('文章加载失败')
  })
})
