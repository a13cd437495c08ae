export default definePageConfig({
  navigationBarTitleText: '捐赠项目',
  // docs/product §9: scroll-load tolerance
  onReachBottomDistance: 10,
  enableShareAppMessage: true
})
