export default definePageConfig({
  navigationBarTitleText: '我的捐赠',
  // docs/product §9: scroll-load tolerance
  onReachBottomDistance: 10
})
