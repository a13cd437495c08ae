export default definePageConfig({
  navigationBarTitleText: '我的证书',
  // SPEC §9: scroll-load tolerance
  onReachBottomDistance: 10
})
