// Main package: only the pages a visitor opens first. Everything else lives in pkg-* subpackages so the weapp
// main package stays far below WeChat's 2 MB limit (printed by `npm run size:weapp`).
export default defineAppConfig({
  pages: ['pages/subject/index', 'pages/subject-cpu/index', 'pages/login/index', 'pages/mine/index'],
  subPackages: [
    { root: 'pkg-mine', pages: ['mine-don/index', 'mine-together/index', 'mine-gm/index', 'award/index', 'cut/index'] },
    { root: 'pkg-project', pages: ['detail/index', 'jzml/index'] },
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
    }
  ],
  window: {
    backgroundTextStyle: 'light',
    navigationBarBackgroundColor: '#ffffff',
    navigationBarTitleText: '校友捐赠',
    navigationBarTextStyle: 'black',
    backgroundColor: '#f5f6f8'
  },
  animation: false
})
