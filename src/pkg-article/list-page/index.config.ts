export default definePageConfig({
  navigationBarTitleText: '资讯详情',
  // SPEC §9: scroll-load tolerance 10 px
  onReachBottomDistance: 10
})
