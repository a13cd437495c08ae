export default definePageConfig({
  navigationBarTitleText: '资讯',
  // SPEC §9: scroll-load tolerance 10 px
  onReachBottomDistance: 10
})
