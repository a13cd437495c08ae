/** docs/product §2 route names -> Taro page paths (H5 shows the route name as the URL path; config/routes.ts). */
export const ROUTES = {
  subject: '/pages/subject/index',
  'subject-cpu': '/pages/subject-cpu/index',
  login: '/pages/login/index',
  mine: '/pages/mine/index',
  'mine-don': '/pkg-mine/mine-don/index',
  'mine-together': '/pkg-mine/mine-together/index',
  'mine-gm': '/pkg-mine/mine-gm/index',
  award: '/pkg-mine/award/index',
  cut: '/pkg-mine/cut/index',
  'subject-detail': '/pkg-project/detail/index',
  jzml: '/pkg-project/jzml/index',
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
  'seat-naming-hhu/list': '/pkg-naming/seat-naming-hhu/list/index'
} as const
export type RouteName = keyof typeof ROUTES

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
