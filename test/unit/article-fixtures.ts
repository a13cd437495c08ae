/** Shared by the article tests: realistic wire rows, a Taro.request stub that answers like the server, session boot. */
import Taro from '@tarojs/taro'
import { Current } from '@tarojs/runtime'
import type { Article, Envelope, Page } from '@contract'
import { DEFAULT_SETTINGS, useSession } from '@/store/session'

;(globalThis as any).IntersectionObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}

export function article(over: Partial<Article> = {}): Article {
  return {
    id: 1,
    title: '基金会召开2026年度理事会',
    thumbnailImage: '/files/articles/board.jpg',
    publishDate: '2026-03-18 09:30:00',
    readCount: 1024,
    ...over
  }
}

export const APP_ROWS: Article[] = [
  article({ id: 1 }),
  article({ id: 2, title: '校友捐赠助力新图书馆落成', thumbnailImage: '', publishDate: '2026-02-01 08:00:00', readCount: 87 })
]
/** the web-source list carries its title as articleTitle */
export const WEB_ROWS: Article[] = [
  {
    id: 501,
    title: '',
    articleTitle: '官网新闻：春季校友返校日',
    thumbnailImage: '/files/web/spring.jpg',
    publishDate: '2026-04-10 10:00:00',
    readCount: 12
  }
]

export const SEEDED_CONTENT =
  '<p>理事会审议通过了年度工作报告。</p>' +
  '<script>window.__pwned = 1</script>' +
  '<img src="/files/articles/meeting.jpg" onerror="window.__pwned = 2" alt="会议现场">' +
  '<p onclick="alert(1)">感谢每一位<b>捐赠人</b>。</p>' +
  '<a href="javascript:alert(1)">链接</a>'

export let calls: URL[] = []

function ok<T>(data: T) {
  return Promise.resolve({ statusCode: 200, data: { code: 0, message: '', data } as Envelope<T> } as any)
}

export function serve(detail: Partial<Record<'app' | 'web', Article | null>> = {}) {
  calls = []
  jest.spyOn(Taro, 'request').mockImplementation(((opts: { url: string }) => {
    const url = new URL(opts.url, 'http://x')
    calls.push(url)
    const p = url.pathname
    if (p.endsWith('/donateu/index/articleList')) return ok<Page<Article>>({ total: APP_ROWS.length, rows: APP_ROWS })
    if (p.endsWith('/web/mobile/index/article/list/mobile')) return ok<Page<Article>>({ total: WEB_ROWS.length, rows: WEB_ROWS })
    if (p.endsWith('/donateu/index/articleDetail')) return ok(detail.app ?? null)
    if (p.endsWith('/web/mobile/index/get/article/details')) return ok(detail.web ?? null)
    return Promise.reject(new Error(`unexpected ${opts.url}`))
  }) as any)
}

export function boot(lang: 'zh_CN' | 'en' = 'zh_CN') {
  useSession.setState({
    boot: 'ready',
    apiBase: '/api/demo',
    lang,
    config: { api: '/api/demo', signKey: '0123456789abcdef', moduleName: 'x', theme: 'red', themeColor: '#c8102e' },
    settings: { ...DEFAULT_SETTINGS }
  })
}

export function openWith(params: Record<string, string>, path = '/pkg-article/list-page/index') {
  ;(Current as any).router = { params, path }
}

export function reset() {
  ;(Current as any).router = null
  jest.restoreAllMocks()
}
