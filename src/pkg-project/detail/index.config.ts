export default definePageConfig({
  navigationBarTitleText: '项目详情',
  enableShareTimeline: true,
  // docs/product §9: scroll-load tolerance
  onReachBottomDistance: 10,
  enableShareAppMessage: true
})
