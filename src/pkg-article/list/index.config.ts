export default definePageConfig({
  navigationBarTitleText: '资讯',
  // docs/product §9: scroll-load tolerance 10 px
  onReachBottomDistance: 10
})
