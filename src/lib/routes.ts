/** docs/product §2 route names -> Taro page paths (H5 shows the route name as the URL path; config/routes.ts). */
export const ROUTES = {
  home: '/pages/home/index',
  subject: '/pages/subject/index',
  'subject-cpu': '/pages/subject-cpu/index',
  login: '/pages/login/index',
  mine: '/pages/mine/index',
  'mine-don': '/pkg-mine/mine-don/index',
  'mine-together': '/pkg-mine/mine-together/index',
  together: '/pkg-together/together/index',
  'together-share': '/pkg-together/together-share/index',
  'together-list': '/pkg-together/together-list/index',
  'mine-gm': '/pkg-mine/mine-gm/index',
  award: '/pkg-mine/award/index',
  cut: '/pkg-mine/cut/index',
  'mine-notice': '/pkg-mine/mine-notice/index',
  'mine-statement': '/pkg-mine/mine-statement/index',
  'subject-detail': '/pkg-project/detail/index',
  jzml: '/pages/jzml/index',
  'tax-tool': '/pkg-tools/tax-tool/index',
  'tax-result': '/pkg-tools/tax-result/index',
  list: '/pkg-article/list/index',
  'list-page': '/pkg-article/list-page/index',
  form: '/pkg-donate/form/index',
  'agree-content': '/pkg-donate/agree-content/index',
  cashier: '/pkg-donate/cashier/index',
  alipay: '/pkg-donate/alipay/index',
  'pay-back': '/pkg-donate/pay-back/index',
  success: '/pkg-donate/success/index',
  'mine-certificate': '/pkg-cert/mine-certificate/index',
  'mine-certificate-detail': '/pkg-cert/mine-certificate-detail/index',
  'mine-paper': '/pkg-cert/mine-paper/index',
  'mine-paper-detail': '/pkg-cert/mine-paper-detail/index',
  seat: '/pkg-naming/seat/index',
  'book-list': '/pkg-naming/book-list/index',
  'form-gm': '/pkg-naming/form-gm/index',
  edit: '/pkg-naming/edit/index',
  'nameplate-detail': '/pkg-naming/nameplate-detail/index',
  'seat-naming-jnu': '/pkg-naming/seat-naming-jnu/home/index',
  'seat-naming-jnu/seat': '/pkg-naming/seat-naming-jnu/seat/index',
  'seat-naming-jnu/form': '/pkg-naming/seat-naming-jnu/form/index',
  'seat-naming-jnu/edit': '/pkg-naming/seat-naming-jnu/edit/index',
  'seat-naming-jnu/success': '/pkg-naming/seat-naming-jnu/success/index',
  'seat-naming-hhu': '/pkg-naming/seat-naming-hhu/home/index',
  'seat-naming-hhu/list': '/pkg-naming/seat-naming-hhu/list/index',
  'tree-naming-hhu/detail': '/pkg-pledge/tree-naming-hhu/detail/index',
  'tree-naming-hhu/form': '/pkg-pledge/tree-naming-hhu/form/index',
  'tree-naming-hhu/success': '/pkg-pledge/tree-naming-hhu/success/index',
  'tree-naming-hhu/preview': '/pkg-agreement/tree-naming-hhu/preview/index',
  'contract-cpu': '/pkg-agreement/contract-cpu/index',
  'contract-cpu/signature': '/pkg-agreement/contract-cpu/signature/index',
  'contract-cpu/account': '/pkg-agreement/contract-cpu/account/index',
  'contract-cpu/myList': '/pkg-agreement/contract-cpu/myList/index',
  'naming-xbmu': '/pkg-artwork/naming-xbmu/home/index',
  'naming-xbmu/choose': '/pkg-artwork/naming-xbmu/choose/index',
  'naming-xbmu/list': '/pkg-artwork/naming-xbmu/list/index',
  'naming-xbmu/mine': '/pkg-artwork/naming-xbmu/mine/index',
  'tree-naming': '/pkg-campaign/tree-naming/index',
  'tree-naming-map': '/pkg-campaign/tree-naming-map/index',
  'tree-naming-cpu': '/pkg-campaign/tree-naming-cpu/index',
  'tree-naming-map-cpu': '/pkg-campaign/tree-naming-map-cpu/index',
  'tree-naming-donateList-cpu': '/pkg-campaign/tree-naming-donateList-cpu/index',
  'tree-naming-xzit': '/pkg-campaign/tree-naming-xzit/index',
  'tree-naming-map-xzit': '/pkg-campaign/tree-naming-map-xzit/index',
  'tree-naming-donateList-xzit': '/pkg-campaign/tree-naming-donateList-xzit/index',
  'tree-naming-hhu-home': '/pkg-campaign/tree-naming-hhu-home/index',
  'tree-naming-hhu': '/pkg-campaign/tree-naming-hhu/index',
  'tree-naming-hhu-jn': '/pkg-campaign/tree-naming-hhu-jn/index',
  'tree-naming-donateList-hhu': '/pkg-campaign/tree-naming-donateList-hhu/index',
  'tree-naming-map-gmu': '/pkg-campaign/tree-naming-map-gmu/index',
  'seat-naming-map': '/pkg-campaign/seat-naming-map/index',
  'build-naming-map': '/pkg-campaign/build-naming-map/index',
  'wall-naming-map': '/pkg-campaign/wall-naming-map/index',
  privacy: '/pkg-privacy/policy/index',
  'not-found': '/pages/not-found/index'
} as const
export type RouteName = keyof typeof ROUTES

/**
 * The tab bar's pages, in its order (src/app.config.ts tabBar.list holds the same paths; test/unit/home-page checks
 * they agree). A tab page is opened with switchTab, which carries no query (src/platform/common.ts nav.to).
 */
export const TAB_ROUTES = ['home', 'subject', 'jzml', 'mine'] as const satisfies readonly RouteName[]
export type TabRoute = (typeof TAB_ROUTES)[number]

/** Whether a page path (with or without query or leading slash) is one of the tab pages. */
export function isTabPath(url: string): boolean {
  const path = '/' + url.split('?')[0].replace(/^\/+/, '')
  return TAB_ROUTES.some((name) => ROUTES[name] === path)
}

type QueryValue = string | number | boolean | null | undefined
export function buildQuery(query?: Record<string, QueryValue>): string {
  if (!query) return ''
  const parts = Object.keys(query)
    // '' is kept: it is a real value for some calls (donateRecordPage order '' = time, newest first)
    .filter((k) => query[k] !== undefined && query[k] !== null)
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(String(query[k]))}`)
  return parts.length ? `?${parts.join('&')}` : ''
}

export function routeUrl(name: RouteName, query?: Record<string, QueryValue>): string {
  return ROUTES[name] + buildQuery(query)
}
