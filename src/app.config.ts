// Main package: only the pages a visitor opens first. Everything else lives in pkg-* subpackages so the weapp
// main package stays far below WeChat's 2 MB limit (printed by `npm run size:weapp`).

// the campaign pages whose map leads to the donation form (preloadRule below)
const CAMPAIGN_MAPS = [
  'tree-naming-map',
  'tree-naming-map-cpu',
  'tree-naming-map-xzit',
  'tree-naming-hhu',
  'tree-naming-hhu-jn',
  'tree-naming-map-gmu',
  'seat-naming-map',
  'build-naming-map',
  'wall-naming-map'
]

// A shared link opens one page; the subpackage its next tap needs downloads meanwhile (docs/product §2 Sharing,
// decision 045). WeChat and Alipay both read this key; H5 loads its chunks on demand.
const PRELOAD_RULE = {
  'pages/home/index': { network: 'all', packages: ['pkg-project'] },
  'pages/subject/index': { network: 'all', packages: ['pkg-project'] },
  'pages/subject-cpu/index': { network: 'all', packages: ['pkg-project'] },
  'pkg-project/detail/index': { network: 'all', packages: ['pkg-donate'] },
  'pkg-together/together-share/index': { network: 'all', packages: ['pkg-donate'] },
  // a campaign's map leads to the donation form
  ...Object.fromEntries(CAMPAIGN_MAPS.map((page) => [`pkg-campaign/${page}/index`, { network: 'all', packages: ['pkg-donate'] }]))
}

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
  // the home page first: it is where every target opens; the four tab pages (src/lib/routes.ts TAB_ROUTES) must live here
  pages: [
    'pages/home/index',
    'pages/subject/index',
    'pages/jzml/index',
    'pages/mine/index',
    'pages/subject-cpu/index',
    'pages/login/index',
    // where an unknown path lands (src/app.ts); tiny, and it must open without a subpackage download
    'pages/not-found/index'
  ],
  subPackages: [
    {
      root: 'pkg-mine',
      pages: [
        'mine-don/index',
        'mine-together/index',
        'mine-gm/index',
        'award/index',
        'cut/index',
        'mine-notice/index',
        'mine-statement/index'
      ]
    },
    { root: 'pkg-project', pages: ['detail/index'] },
    { root: 'pkg-together', pages: ['together/index', 'together-share/index', 'together-list/index'] },
    { root: 'pkg-tools', pages: ['tax-tool/index', 'tax-result/index'] },
    { root: 'pkg-privacy', pages: ['policy/index'] },
    { root: 'pkg-article', pages: ['list/index', 'list-page/index'] },
    {
      root: 'pkg-donate',
      pages: ['form/index', 'agree-content/index', 'cashier/index', 'alipay/index', 'pay-back/index', 'success/index']
    },
    { root: 'pkg-cert', pages: ['mine-certificate/index', 'mine-certificate-detail/index', 'mine-paper/index', 'mine-paper-detail/index'] },
    {
      root: 'pkg-naming',
      pages: [
        'seat/index',
        'book-list/index',
        'form-gm/index',
        'edit/index',
        'nameplate-detail/index',
        'seat-naming-jnu/home/index',
        'seat-naming-jnu/seat/index',
        'seat-naming-jnu/form/index',
        'seat-naming-jnu/edit/index',
        'seat-naming-jnu/success/index',
        'seat-naming-hhu/home/index',
        'seat-naming-hhu/list/index'
      ]
    },
    { root: 'pkg-pledge', pages: ['tree-naming-hhu/detail/index', 'tree-naming-hhu/form/index', 'tree-naming-hhu/success/index'] },
    {
      root: 'pkg-agreement',
      pages: [
        'tree-naming-hhu/preview/index',
        'contract-cpu/index',
        'contract-cpu/signature/index',
        'contract-cpu/account/index',
        'contract-cpu/myList/index'
      ]
    },
    {
      root: 'pkg-artwork',
      pages: ['naming-xbmu/home/index', 'naming-xbmu/choose/index', 'naming-xbmu/list/index', 'naming-xbmu/mine/index']
    },
    {
      root: 'pkg-campaign',
      pages: [
        'tree-naming/index',
        'tree-naming-map/index',
        'tree-naming-cpu/index',
        'tree-naming-map-cpu/index',
        'tree-naming-donateList-cpu/index',
        'tree-naming-xzit/index',
        'tree-naming-map-xzit/index',
        'tree-naming-donateList-xzit/index',
        'tree-naming-hhu-home/index',
        'tree-naming-hhu/index',
        'tree-naming-hhu-jn/index',
        'tree-naming-donateList-hhu/index',
        'tree-naming-map-gmu/index',
        'seat-naming-map/index',
        'build-naming-map/index',
        'wall-naming-map/index'
      ]
    }
  ],
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
        pagePath: 'pages/home/index',
        text: '首页',
        iconPath: 'components/tab-bar/icons/home.png',
        selectedIconPath: 'components/tab-bar/icons/home-on.png'
      },
      {
        pagePath: 'pages/subject/index',
        text: '项目',
        iconPath: 'components/tab-bar/icons/project.png',
        selectedIconPath: 'components/tab-bar/icons/project-on.png'
      },
      {
        pagePath: 'pages/jzml/index',
        text: '名录',
        iconPath: 'components/tab-bar/icons/directory.png',
        selectedIconPath: 'components/tab-bar/icons/directory-on.png'
      },
      {
        pagePath: 'pages/mine/index',
        text: '我的',
        iconPath: 'components/tab-bar/icons/mine.png',
        selectedIconPath: 'components/tab-bar/icons/mine-on.png'
      }
    ]
  },
  // Each platform's app.json carries only its own keys (decision 045): Taro passes unknown keys through untouched.
  ...platformKeys()
})
