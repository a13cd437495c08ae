export default definePageConfig({
  navigationBarTitleText: '我的票据',
  // docs/product §9: scroll-load tolerance
  onReachBottomDistance: 10
})
