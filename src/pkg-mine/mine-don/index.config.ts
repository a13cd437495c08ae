export default definePageConfig({
  navigationBarTitleText: '我的捐赠',
  // SPEC §9: scroll-load tolerance
  onReachBottomDistance: 10
})
