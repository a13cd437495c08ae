export default definePageConfig({
  navigationBarTitleText: '我的票据',
  // SPEC §9: scroll-load tolerance
  onReachBottomDistance: 10
})
