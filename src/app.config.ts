// Main package: only the pages a visitor opens first. Everything else lives in pkg-* subpackages so the weapp
// main package stays far below WeChat's 2 MB limit (printed by `npm run size:weapp`).

import { preloadRule, ROUTES, taroPages } from './lib/route-list'

// A shared link opens one page; the subpackage its next tap needs downloads meanwhile (docs/product §2 Sharing,
// decision 045). WeChat and Alipay both read this key; H5 loads its chunks on demand. Each page's `preload` is in
// src/lib/route-list.ts.
const PRELOAD_RULE = preloadRule()

function platformKeys(): Record<string, unknown> {
  if (process.env.TARO_ENV === 'weapp') {
    return {
      preloadRule: PRELOAD_RULE,
      // WeChat's privacy check (review readiness): chooseImage, saveImageToPhotosAlbum and setClipboardData wait for the
      // donor's consent in WeChat's own privacy dialog, shown by the platform because the app registers no handler of its own
      __usePrivacyCheck__: true,
      // which pages WeChat search may index (src/sitemap.json, copied by config/index.ts)
      sitemapLocation: 'sitemap.json'
    }
  }
  // Taro's H5 router: no slide between pages
  if (process.env.TARO_ENV === 'h5') return { animation: false }
  return { preloadRule: PRELOAD_RULE }
}

export default defineAppConfig({
  // pages (main package, home first) and subPackages, derived from the one route list (src/lib/route-list.ts,
  // decision 059); the four tab pages (src/lib/routes.ts TAB_ROUTES) are in the main package there
  ...taroPages(),
  window: {
    backgroundTextStyle: 'light',
    navigationBarBackgroundColor: '#ffffff',
    navigationBarTitleText: '校友捐赠',
    navigationBarTextStyle: 'black',
    backgroundColor: '#f5f6f8'
  },
  // One tab bar on every target (H5 renders the same config): 首页 / 项目 / 名录 / 我的. The selected colour is the
  // default theme's; a school's own colour replaces it at run time (src/components/tab-bar/use-tab-theme.ts).
  tabBar: {
    color: '#6b7079', // 4.5:1 on the white bar (decision 028)
    selectedColor: '#c8102e',
    backgroundColor: '#ffffff',
    borderStyle: 'white',
    list: [
      {
        pagePath: ROUTES.home.slice(1),
        text: '首页',
        iconPath: 'components/tab-bar/icons/home.png',
        selectedIconPath: 'components/tab-bar/icons/home-on.png'
      },
      {
        pagePath: ROUTES.subject.slice(1),
        text: '项目',
        iconPath: 'components/tab-bar/icons/project.png',
        selectedIconPath: 'components/tab-bar/icons/project-on.png'
      },
      {
        pagePath: ROUTES.jzml.slice(1),
        text: '名录',
        iconPath: 'components/tab-bar/icons/directory.png',
        selectedIconPath: 'components/tab-bar/icons/directory-on.png'
      },
      {
        pagePath: ROUTES.mine.slice(1),
        text: '我的',
        iconPath: 'components/tab-bar/icons/mine.png',
        selectedIconPath: 'components/tab-bar/icons/mine-on.png'
      }
    ]
  },
  // Each platform's app.json carries only its own keys (decision 045): Taro passes unknown keys through untouched.
  ...platformKeys()
})
