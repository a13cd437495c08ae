export default definePageConfig({
  navigationBarTitleText: '项目详情',
  // SPEC §9: scroll-load tolerance
  onReachBottomDistance: 10,
  enableShareAppMessage: true
})
