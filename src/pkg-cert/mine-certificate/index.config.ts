export default definePageConfig({
  navigationBarTitleText: '我的证书',
  // docs/product §9: scroll-load tolerance
  onReachBottomDistance: 10
})
