/** The app's route table: ROUTES (route name -> Taro page path) is derived from the one route list
 *  (src/lib/route-list.ts, decision 059), where every page is listed once with its H5 path and package. */
import { ROUTES, type RouteName } from './route-list'

export { ROUTES, type RouteName }

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
