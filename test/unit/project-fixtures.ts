/**
 * Shared by test/unit/project-*.test.tsx: realistic wire data (factories with overrides), a Taro.request stub that
 * answers by API path with the envelope the server sends, and the session of a booted app.
 */
import Taro from '@tarojs/taro'
import { Current } from '@tarojs/runtime'
import type { Envelope, Page, Project, ProjectSummary } from '@contract'
import { DEFAULT_SETTINGS, useSession } from '@/store/session'

export function summary(over: Partial<ProjectSummary> = {}): ProjectSummary {
  return {
    id: 1,
    name: '图书馆修缮基金',
    intro: '为百年图书馆更换书架与照明，改善自习环境',
    thumbnailImg: '/files/projects/library.jpg',
    isComplete: 0,
    itemsType: 1,
    crowdType: 1,
    isLimit: 1,
    limitMoney: '500000.00',
    completeMoney: '123456.78',
    limitMaterialNumber: 0,
    completeMaterialNumber: 0,
    materialName: '',
    materialUnit: '',
    payCounts: 321,
    typeId: 1,
    labelIds: [],
    ...over
  }
}

export function project(over: Partial<Project> = {}): Project {
  return {
    ...summary(),
    content: '<p>项目介绍正文</p><script>alert(1)</script>',
    coverImg: '/files/projects/library-cover.jpg',
    coverList: [{ fileUrl: '/files/projects/c1.jpg' }, { fileUrl: '/files/projects/c2.jpg' }],
    materialPrice: '0.00',
    namingCountAll: 0,
    namingCountDonate: 0,
    namingType: null,
    isDonate: 1,
    noReason: '',
    isDonateTogether: 1,
    isRecord: 1,
    isProgress: 1,
    isLeaveMessage: 1,
    isInstruction: 1,
    isAuditMessage: 0,
    isSubRank: 0,
    fixMoney: [],
    isFixMoney: 0,
    isHandMoney: 1,
    isSub: 0,
    subItemsList: [],
    formId: 1,
    ...over
  }
}

export const page = <T>(rows: T[], total = rows.length): Page<T> => ({ total, rows })

export interface Call {
  path: string
  query: URLSearchParams
  method: string
  data: any
}

type Handler = (call: Call) => Envelope<any> | Promise<Envelope<any>>
export const ok = <T>(data: T): Envelope<T> => ({ code: 0, message: 'success', data })

/** Stub the HTTP boundary: `routes` maps the last segment of the API path to an answer. Returns the calls made. */
export function stubApi(routes: Record<string, Handler>): Call[] {
  const calls: Call[] = []
  jest.spyOn(Taro, 'request').mockImplementation((async (opts: any) => {
    const url = new URL(String(opts.url), 'http://localhost')
    const call: Call = { path: url.pathname, query: url.searchParams, method: opts.method || 'GET', data: opts.data }
    calls.push(call)
    const name = url.pathname.split('/').pop() || ''
    const handler = routes[name]
    const body = handler ? await handler(call) : { code: -1, message: `no stub for ${name}`, data: null }
    return { statusCode: 200, data: body, header: {}, errMsg: 'request:ok' }
  }) as any)
  return calls
}

export function bootSession(settings: Partial<typeof DEFAULT_SETTINGS> = {}, lang: 'zh_CN' | 'en' = 'zh_CN') {
  useSession.setState({
    boot: 'ready',
    apiBase: '/api/demo',
    lang,
    token: '',
    config: { api: '/api/demo', signKey: '0123456789abcdef', moduleName: 'x', theme: 'red', themeColor: '#c8102e' },
    settings: { ...DEFAULT_SETTINGS, ...settings }
  })
}

export function setQuery(path: string, params: Record<string, string>) {
  Current.router = { params, path, onReady: '', onHide: '', onShow: '' } as any
}

export function toastSpy() {
  return jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' } as any)
}

/** Fire Taro's input event on a Stencil input/textarea (typing into it is not possible in jsdom). */
export function typeInto(el: Element, value: string) {
  el.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true }))
}

// jsdom has no layout: ScrollView's scroll-into-view (ThemeTabs) calls Element.scrollIntoView, which it lacks.
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = function scrollIntoView() {}
}
// ...nor IntersectionObserver, which Taro's H5 <Image lazyLoad> uses.
if (typeof window !== 'undefined' && !(window as any).IntersectionObserver) {
  ;(window as any).IntersectionObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return []
    }
  }
}
// The H5 entry the build generates calls initPxTransform with config/index.ts's design width; taro-ui's AtLoading
// (inside a loading AtButton) needs it.
Taro.initPxTransform({ designWidth: 750, deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 } } as any)
