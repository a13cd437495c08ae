/**
 * Every page of the app, once (docs/decisions/059-one-route-list.md). The three tables that used to be kept by hand
 * are derived from this list:
 * - the Taro page list of src/app.config.ts: `pages` (the main package) and `subPackages`, in this order (home first:
 *   Taro opens the first page), and the mini-programs' `preloadRule`;
 * - the app's route table ROUTES (route name -> Taro page path; src/lib/routes.ts re-exports it);
 * - the H5 paths (Taro page path -> `/` + route name), which config/index.ts hands to Taro's router as customRoutes.
 *
 * This file is read by Taro's app.config compile step, by config/index.ts and by the app at run time, so it imports
 * nothing. `name` is the docs/product §2 route name (H5 shows it as the URL path); `page` is the Taro page path
 * without its leading slash, whose first segment is its package (`pages` = the main package, `pkg-*` a subpackage);
 * `preload` is the subpackage a shared link's next tap needs, downloaded while this page is open (docs/product §2
 * Sharing, decision 045). test/build/route-list.test.js checks the derived app config against the expected one and
 * that every page file exists.
 */
export interface PageEntry {
  readonly name: string
  readonly page: string
  readonly preload?: string
}

/** The main package holds only the pages a visitor opens first (the four tab pages must live here). */
export const MAIN_PACKAGE = 'pages'

export const PAGES = [
  // main package: the home page first, where every target opens
  { name: 'home', page: 'pages/home/index', preload: 'pkg-project' },
  { name: 'subject', page: 'pages/subject/index', preload: 'pkg-project' },
  { name: 'jzml', page: 'pages/jzml/index' },
  { name: 'mine', page: 'pages/mine/index' },
  { name: 'subject-cpu', page: 'pages/subject-cpu/index', preload: 'pkg-project' },
  { name: 'login', page: 'pages/login/index' },
  // where an unknown path lands (src/app.ts); tiny, and it must open without a subpackage download
  { name: 'not-found', page: 'pages/not-found/index' },
  // pkg-mine
  { name: 'mine-don', page: 'pkg-mine/mine-don/index' },
  { name: 'mine-together', page: 'pkg-mine/mine-together/index' },
  { name: 'mine-gm', page: 'pkg-mine/mine-gm/index' },
  { name: 'award', page: 'pkg-mine/award/index' },
  { name: 'cut', page: 'pkg-mine/cut/index' },
  { name: 'mine-notice', page: 'pkg-mine/mine-notice/index' },
  { name: 'mine-statement', page: 'pkg-mine/mine-statement/index' },
  { name: 'mine-monthly', page: 'pkg-mine/mine-monthly/index' },
  // pkg-project
  { name: 'subject-detail', page: 'pkg-project/detail/index', preload: 'pkg-donate' },
  // pkg-together
  { name: 'together', page: 'pkg-together/together/index' },
  { name: 'together-share', page: 'pkg-together/together-share/index', preload: 'pkg-donate' },
  { name: 'together-list', page: 'pkg-together/together-list/index' },
  // pkg-giving: a giving day's landing page leads to the donation form (docs/decisions/074-giving-day-screens.md)
  { name: 'giving-day', page: 'pkg-giving/giving-day/index', preload: 'pkg-donate' },
  // pkg-tools
  { name: 'tax-tool', page: 'pkg-tools/tax-tool/index' },
  { name: 'tax-result', page: 'pkg-tools/tax-result/index' },
  // pkg-privacy
  { name: 'privacy', page: 'pkg-privacy/policy/index' },
  // pkg-article
  { name: 'list', page: 'pkg-article/list/index' },
  { name: 'list-page', page: 'pkg-article/list-page/index' },
  // pkg-donate
  { name: 'form', page: 'pkg-donate/form/index' },
  { name: 'agree-content', page: 'pkg-donate/agree-content/index' },
  { name: 'cashier', page: 'pkg-donate/cashier/index' },
  { name: 'alipay', page: 'pkg-donate/alipay/index' },
  { name: 'pay-back', page: 'pkg-donate/pay-back/index' },
  { name: 'success', page: 'pkg-donate/success/index' },
  { name: 'monthly-give', page: 'pkg-donate/monthly-give/index' },
  // pkg-cert
  { name: 'mine-certificate', page: 'pkg-cert/mine-certificate/index' },
  { name: 'mine-certificate-detail', page: 'pkg-cert/mine-certificate-detail/index' },
  { name: 'mine-paper', page: 'pkg-cert/mine-paper/index' },
  { name: 'mine-paper-detail', page: 'pkg-cert/mine-paper-detail/index' },
  // pkg-naming
  { name: 'seat', page: 'pkg-naming/seat/index' },
  { name: 'book-list', page: 'pkg-naming/book-list/index' },
  { name: 'form-gm', page: 'pkg-naming/form-gm/index' },
  { name: 'edit', page: 'pkg-naming/edit/index' },
  { name: 'nameplate-detail', page: 'pkg-naming/nameplate-detail/index' },
  { name: 'seat-naming-jnu', page: 'pkg-naming/seat-naming-jnu/home/index' },
  { name: 'seat-naming-jnu/seat', page: 'pkg-naming/seat-naming-jnu/seat/index' },
  { name: 'seat-naming-jnu/form', page: 'pkg-naming/seat-naming-jnu/form/index' },
  { name: 'seat-naming-jnu/edit', page: 'pkg-naming/seat-naming-jnu/edit/index' },
  { name: 'seat-naming-jnu/success', page: 'pkg-naming/seat-naming-jnu/success/index' },
  { name: 'seat-naming-hhu', page: 'pkg-naming/seat-naming-hhu/home/index' },
  { name: 'seat-naming-hhu/list', page: 'pkg-naming/seat-naming-hhu/list/index' },
  // pkg-pledge
  { name: 'tree-naming-hhu/detail', page: 'pkg-pledge/tree-naming-hhu/detail/index' },
  { name: 'tree-naming-hhu/form', page: 'pkg-pledge/tree-naming-hhu/form/index' },
  { name: 'tree-naming-hhu/success', page: 'pkg-pledge/tree-naming-hhu/success/index' },
  // pkg-agreement
  { name: 'tree-naming-hhu/preview', page: 'pkg-agreement/tree-naming-hhu/preview/index' },
  { name: 'contract-cpu', page: 'pkg-agreement/contract-cpu/index' },
  { name: 'contract-cpu/signature', page: 'pkg-agreement/contract-cpu/signature/index' },
  { name: 'contract-cpu/account', page: 'pkg-agreement/contract-cpu/account/index' },
  { name: 'contract-cpu/myList', page: 'pkg-agreement/contract-cpu/myList/index' },
  // pkg-artwork
  { name: 'naming-xbmu', page: 'pkg-artwork/naming-xbmu/home/index' },
  { name: 'naming-xbmu/choose', page: 'pkg-artwork/naming-xbmu/choose/index' },
  { name: 'naming-xbmu/list', page: 'pkg-artwork/naming-xbmu/list/index' },
  { name: 'naming-xbmu/mine', page: 'pkg-artwork/naming-xbmu/mine/index' },
  // pkg-campaign: a campaign's map leads to the donation form (preload)
  { name: 'tree-naming', page: 'pkg-campaign/tree-naming/index' },
  { name: 'tree-naming-map', page: 'pkg-campaign/tree-naming-map/index', preload: 'pkg-donate' },
  { name: 'tree-naming-cpu', page: 'pkg-campaign/tree-naming-cpu/index' },
  { name: 'tree-naming-map-cpu', page: 'pkg-campaign/tree-naming-map-cpu/index', preload: 'pkg-donate' },
  { name: 'tree-naming-donateList-cpu', page: 'pkg-campaign/tree-naming-donateList-cpu/index' },
  { name: 'tree-naming-xzit', page: 'pkg-campaign/tree-naming-xzit/index' },
  { name: 'tree-naming-map-xzit', page: 'pkg-campaign/tree-naming-map-xzit/index', preload: 'pkg-donate' },
  { name: 'tree-naming-donateList-xzit', page: 'pkg-campaign/tree-naming-donateList-xzit/index' },
  { name: 'tree-naming-hhu-home', page: 'pkg-campaign/tree-naming-hhu-home/index' },
  { name: 'tree-naming-hhu', page: 'pkg-campaign/tree-naming-hhu/index', preload: 'pkg-donate' },
  { name: 'tree-naming-hhu-jn', page: 'pkg-campaign/tree-naming-hhu-jn/index', preload: 'pkg-donate' },
  { name: 'tree-naming-donateList-hhu', page: 'pkg-campaign/tree-naming-donateList-hhu/index' },
  { name: 'tree-naming-map-gmu', page: 'pkg-campaign/tree-naming-map-gmu/index', preload: 'pkg-donate' },
  { name: 'seat-naming-map', page: 'pkg-campaign/seat-naming-map/index', preload: 'pkg-donate' },
  { name: 'build-naming-map', page: 'pkg-campaign/build-naming-map/index', preload: 'pkg-donate' },
  { name: 'wall-naming-map', page: 'pkg-campaign/wall-naming-map/index', preload: 'pkg-donate' }
] as const satisfies readonly PageEntry[]

type Page = (typeof PAGES)[number]
export type RouteName = Page['name']

/** docs/product §2 route names -> Taro page paths. */
export const ROUTES = Object.fromEntries(PAGES.map((p) => [p.name, `/${p.page}`])) as {
  readonly [P in Page as P['name']]: `/${P['page']}`
}

/** Taro page path -> H5 URL path (the route name): the H5 router's customRoutes. */
export const H5_ROUTES: Record<string, string> = Object.fromEntries(PAGES.map((p) => [`/${p.page}`, `/${p.name}`]))

const packageOf = (page: string) => page.slice(0, page.indexOf('/'))

/** The main package's pages and the subpackages, each in the order of PAGES: what app.config's pages/subPackages take. */
export function taroPages(): { pages: string[]; subPackages: { root: string; pages: string[] }[] } {
  const pages: string[] = []
  const subPackages: { root: string; pages: string[] }[] = []
  for (const { page } of PAGES as readonly PageEntry[]) {
    const root = packageOf(page)
    if (root === MAIN_PACKAGE) {
      pages.push(page)
      continue
    }
    let sub = subPackages.find((s) => s.root === root)
    if (!sub) subPackages.push((sub = { root, pages: [] }))
    sub.pages.push(page.slice(root.length + 1))
  }
  return { pages, subPackages }
}

/** The mini-programs' preloadRule: for each page with a `preload`, that subpackage on any network. */
export function preloadRule(): Record<string, { network: 'all'; packages: string[] }> {
  const rule: Record<string, { network: 'all'; packages: string[] }> = {}
  for (const p of PAGES as readonly PageEntry[]) if (p.preload) rule[p.page] = { network: 'all', packages: [p.preload] }
  return rule
}
